// `restoretrace diff A B`: what changed between two traces, and whether it is a regression
// (exit 1): objects no longer restored, new exclusions or discards, spans that never end,
// timings slower beyond the threshold.

import ArgumentParser
import RestoreTrace

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two traces: restored objects, locate steps, exclusions, discards, timings.",
        discussion: """
            A is the baseline, B the new run. A regression is an object no longer restored, a new \
            exclusion or discard, a span that never ends, or a kind's mean or an object's step slower \
            by more than --threshold percent and more than --min-change nanoseconds (timings are judged \
            only when both traces use the ns clock).

            Examples:
              restoretrace diff before.jsonl after.jsonl
              restoretrace diff before.jsonl after.jsonl --threshold 25 --format json

            """ + ExitStatus.help(success: "no regression", no: "a regression")
                + " A trace that cannot be read is trouble, never a regression, so CI can tell them apart."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The baseline trace (.jsonl), or - for standard input.")
    var a: String

    @Argument(help: "The trace to compare with the baseline.")
    var b: String

    @Option(parsing: .unconditional, help: "Percent change in a duration that counts.")
    var threshold: Double = 10

    @Option(parsing: .unconditional, help: "Smallest absolute change that counts, in nanoseconds (100000 = 100 µs).")
    var minChange: Int64 = 100_000

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @Flag(help: "Skip malformed lines (reported as warnings) instead of stopping at the first one.")
    var skipBadLines = false

    init() {}

    func run() throws {
        guard threshold >= 0, threshold.isFinite, minChange >= 0 else {
            throw CommandFailure.trouble("--threshold and --min-change must be 0 or more")
        }
        guard !(a == "-" && b == "-") else {
            throw CommandFailure.trouble("only one of A and B can be - (standard input)")
        }
        let diff: TraceDiff
        do {
            diff = TraceDiff(
                try DiffCommand.outcomes(path: a, skipBadLines: skipBadLines),
                try DiffCommand.outcomes(path: b, skipBadLines: skipBadLines),
                options: .init(thresholdPercent: threshold, minimumChange: minChange))
        } catch {
            throw CommandFailure.trouble(error.description)
        }
        let bytes = format == .json
            ? TraceDiffFormat.json(diff, nameA: a, nameB: b)
            : Array(TraceDiffFormat.text(diff, nameA: a, nameB: b).utf8)
        do {
            try StandardOutput().write(bytes)
        } catch {
            throw CommandFailure.trouble(error.description)
        }
        if diff.isRegression { throw ExitCode(ExitStatus.no) }
    }

    static func outcomes(path: String, skipBadLines: Bool) throws(TraceInputError) -> TraceOutcomes {
        if let outcomes = LeanTraceReader.read(path: path, makeConsumer: TraceOutcomes.init, add: { $0.add($1) }) {
            return outcomes
        }
        let input = try TraceInput(path: path, skipBadLines: skipBadLines)
        var outcomes = TraceOutcomes(header: input.header)
        while let record = try input.next() { outcomes.add(record) }
        // Lines skipped under --skip-bad-lines are said, as every command says them.
        let name = path == "-" ? "<stdin>" : path
        for warning in input.warnings {
            let location = warning.line.map { "\(name):\($0): " } ?? "\(name): "
            StandardError.report("\(location)warning: \(warning.message)")
        }
        return outcomes
    }
}
