// `restoretrace summary TRACE`: timing statistics of a trace per kind, phase, class or path;
// the slowest objects; locate steps, exclusions, discards; unfinished spans first; scene
// sessions and the app's life cycle when the trace has them.

import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import RestoreTrace

struct SummaryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Summarise a trace's timings: per kind and phase, the slowest objects, what was excluded.",
        discussion: """
            Reads the trace once, in constant memory (except --by path, which keeps one row per path). \
            Counts, totals and maxima are exact; percentiles (nearest rank) are within 0.4%. \
            Spans that never ended (the process stopped inside them) are listed first. A scene \
            trace ends with one row per session (connects, saves by result, reads, restores, \
            discards, time), and a trace that shows the app's own life cycle (process exits, \
            device locks, deferred restoration, secure-coding violations, …) with a section of its own; a file with \
            such records is read a second time for them.

            Examples:
              restoretrace summary Traces/countries.jsonl
              restoretrace summary run.jsonl --by class --top 5
              restoretrace summary run.jsonl --format json | jq .kinds.decode
              restoretrace simulate app.json -o - | restoretrace summary -

            """ + ExitStatus.help(success: "the summary was written")
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json, csv
    }

    @Argument(help: "The trace (.jsonl), or - for standard input.")
    var trace: String

    @Option(help: "Output format: text (aligned tables), markdown, json (documented in docs/profiling.md), csv.")
    var format: Format = .text

    @Option(parsing: .unconditional, help: "How many of the slowest encode, locate and decode spans to list.")
    var top: Int = 10

    @Option(help: "Group the per-kind table by kind, class, or path.")
    var by: SummaryGrouping = .kind

    @Flag(help: "Skip malformed lines (reported as warnings) instead of stopping at the first one.")
    var skipBadLines = false

    init() {}

    func run() throws {
        guard top >= 0 else {
            throw CommandFailure.trouble("--top must be 0 or more, got \(top)")
        }
        let grouping = by
        let summary: TraceSummary
        do {
            summary = try SummaryCommand.summarise(path: trace, top: top, grouping: grouping, skipBadLines: skipBadLines)
        } catch {
            throw CommandFailure.trouble(error.description)
        }
        let bytes: [UInt8]
        switch format {
        case .text:
            let colour = TerminalColour.isWanted(on: STDOUT_FILENO)
            bytes = Array(SummaryTextFormat(style: .text, colour: colour).render(summary).utf8)
        case .markdown:
            bytes = Array(SummaryTextFormat(style: .markdown).render(summary).utf8)
        case .json:
            bytes = SummaryJSONFormat.render(summary)
        case .csv:
            bytes = Array(SummaryCSVFormat.render(summary).utf8)
        }
        do {
            try StandardOutput().write(bytes)
        } catch {
            throw CommandFailure.trouble(error.description)
        }
    }

    /// Reads the trace at `path` and returns its statistics: through the fast reader when
    /// every line suits it, else (a problem to report, standard input) through TraceInput.
    static func summarise(
        path: String, top: Int, grouping: SummaryGrouping, skipBadLines: Bool
    ) throws(TraceInputError) -> TraceSummary {
        let options = TraceStatistics.Options(top: top, grouping: grouping)
        if let statistics = TraceStatisticsReader.read(path: path, options: options) {
            var summary = statistics.summary()
            // Scene sessions and the app's life cycle need fields the fast path skips: read
            // them again only when the statistics show such records.
            if SceneSummaryBuilder.wantsSessions(summary) || SceneSummaryBuilder.wantsAppLifecycle(summary) {
                try SceneSummaryBuilder.read(path: path).complete(&summary)
            }
            return summary
        }
        let input = try TraceInput(path: path, skipBadLines: skipBadLines)
        var statistics = TraceStatistics(header: input.header, options: .init(top: top, grouping: grouping))
        var scenes = SceneSummaryBuilder()
        while let record = try input.next() {
            statistics.add(record)
            scenes.add(record)
        }
        statistics.addWarnings(input.warnings, totalCount: input.warningCount)
        var summary = statistics.summary()
        scenes.complete(&summary)
        return summary
    }
}
