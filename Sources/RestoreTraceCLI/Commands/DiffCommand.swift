// `restoretrace diff A B`: what changed between two traces, and whether it is a regression
// (exit 1): objects no longer restored, new exclusions or discards, spans that never end,
// timings slower beyond the threshold; for scene traces, sessions missing, restored less, or
// whose saves no longer keep their state.

import ArgumentParser
import RestoreTrace

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two traces: restored objects, locate steps, exclusions, discards, timings.",
        discussion: """
            A is the baseline, B the new run. A regression is an object no longer restored, a new \
            exclusion or discard, a span that never ends, a scene session missing from B, restored \
            less, or whose save no longer keeps its state (sessions are matched by persistent \
            identifier), or a kind's mean or an object's step slower by more than --threshold \
            percent and more than --min-change nanoseconds (timings are judged only when both \
            traces use the ns clock).

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
            let (outcomesA, sessionsA) = try DiffCommand.outcomes(path: a, skipBadLines: skipBadLines)
            let (outcomesB, sessionsB) = try DiffCommand.outcomes(path: b, skipBadLines: skipBadLines)
            diff = TraceDiff(
                outcomesA, outcomesB, sessionsA: sessionsA, sessionsB: sessionsB,
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

    /// The trace's outcomes and, for a scene trace (its header says so, or it has a scene
    /// session's spans), its sessions: read again with the full reader after the fast path,
    /// which skips the `session` field, or alongside TraceInput.
    static func outcomes(path: String, skipBadLines: Bool) throws(TraceInputError)
        -> (outcomes: TraceOutcomes, sessions: [SessionSummary]?)
    {
        func isScene(_ outcomes: TraceOutcomes) -> Bool {
            SceneTimeline.isSceneTrace(outcomes.header) || outcomes.hasSessionInstants
                || outcomes.kinds.keys.contains { RecordKind.sceneKinds.contains($0) && $0 != .processExit && $0 != .deviceLock }
        }
        if let outcomes = LeanTraceReader.read(path: path, makeConsumer: TraceOutcomes.init, add: { $0.add($1) }) {
            guard isScene(outcomes) else { return (outcomes, nil) }
            return (outcomes, try SceneSummaryBuilder.read(path: path).sessionSummaries)
        }
        let input = try TraceInput(path: path, skipBadLines: skipBadLines)
        var outcomes = TraceOutcomes(header: input.header)
        var scenes = SceneSummaryBuilder()
        while let record = try input.next() {
            outcomes.add(record)
            scenes.add(record)
        }
        // Lines skipped under --skip-bad-lines are said, as every command says them.
        let name = path == "-" ? "<stdin>" : path
        for warning in input.warnings {
            let location = warning.line.map { "\(name):\($0): " } ?? "\(name): "
            StandardError.report("\(location)warning: \(warning.message)")
        }
        return (outcomes, isScene(outcomes) ? scenes.sessionSummaries : nil)
    }
}
