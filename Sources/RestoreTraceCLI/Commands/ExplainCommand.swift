// `restoretrace explain TRACE`: for every object a trace preserved (or should have), the
// verdict — restored and how it was found, or not restored, the chain of causes and the fix.

import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import RestoreTrace

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Say, object by object, what restoration brought back, and why not where it did not.",
        discussion: """
            For every object the trace preserved, or should have: restored, and how it was found \
            (its restoration class, the app delegate, an object made at launch, the storyboard); or \
            not restored, with the chain of causes in plain words and the fix. Problems come first, \
            then objects only preserved, then restored ones; the first lines say what became of the \
            archive as a whole. Every verdict names the trace lines it rests on, and the source \
            location (file, line, Interface Builder id) when the trace carries one.

            --path narrows the report to one object and everything below it (children, presented \
            view controllers, views, and objects without a path of their own hanging there). Write \
            the path as the report does: identifiers joined by /, an identifier holding a / in \
            double quotes (Tabs/"a/b"), or a JSON array (["Tabs","a/b"]). A --path no object has is \
            trouble (exit 2).

            Examples:
              restoretrace explain Traces/countries.jsonl
              restoretrace explain run.jsonl --path Tabs/CountryNav/CountryDetail
              restoretrace explain run.jsonl --format json | jq '.verdicts[].summary'
              restoretrace explain run.jsonl --format markdown >> $GITHUB_STEP_SUMMARY
              restoretrace explain run.jsonl --fail-on-problems
              restoretrace simulate app.scenario.json -o - | restoretrace explain -
            """ + ExitStatus.help(success: "the trace was read (whatever the verdicts)",
                                  no: "with --fail-on-problems, an object was not restored")
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, markdown
    }

    @Argument(help: "The trace (.jsonl), or - for standard input.")
    var trace: String

    @Option(help: ArgumentHelp("Only this object and what is below it (Tabs/Nav/Detail, or a JSON array of identifiers).",
                               valueName: "path"))
    var path: String?

    @Option(help: "Output format: text, json (restoretrace-explain/1, documented in docs/explain.md) or markdown.")
    var format: Format = .text

    @Flag(help: "Exit 1 when an object (of --path's subtree, with --path) was not restored: for CI.")
    var failOnProblems = false

    @Flag(help: "Skip malformed lines (reported as warnings) instead of stopping at the first one.")
    var skipBadLines = false

    init() {}

    /// How deep and how big an object tree explain reads (the engine's own depth limit; a
    /// million objects eight deep fit).
    static let limits = TraceTableLimits(maximumPathDepth: 1_000, maximumPathComponents: 20_000_000)

    func run() throws {
        var selection: [String]?
        if let path {
            switch PathText.parse(path) {
            case .success(let components): selection = components
            case .failure(let error): throw Self.fail("--path " + error.description)
            }
        }
        let name = trace == "-" ? "<stdin>" : trace
        let loaded: LoadedTraceTable
        let input: InputBytes
        var lifecycle: LifecycleExplanation?
        do {
            input = try InputBytes.read(trace, skipBadLines: skipBadLines)
            lifecycle = Self.lifecycle(input.bytes, name: name)
            let result = input.bytes.withUnsafeBytes { buffer in
                Result { () throws(TraceTableLoadError) in
                    try TraceTable.load(buffer, name: name, keptAttributes: RestorationVerdicts.attributesRead,
                                        limits: Self.limits, skipBadLines: skipBadLines)
                }
            }
            switch result {
            case .success(let table): loaded = table
            case .failure(let error):
                throw Self.fail(error.description)
            }
        } catch let failure as RenderCommand.RenderFailure {
            throw Self.fail(failure.message)
        }
        let verdicts: RestorationVerdicts
        do {
            verdicts = try RestorationVerdicts(table: loaded.table, rowLines: loaded.rowLines, subtree: selection)
        } catch {
            throw Self.fail("\(name): " + error.description)
        }
        let warnings = input.merged(loaded.diagnostics).filter { $0.severity == .warning }
        for warning in warnings.prefix(20) { StandardError.report(warning.formatted(file: name)) }
        if warnings.count > 20 { StandardError.report("\(name): … and \(warnings.count - 20) more warnings") }

        do {
            let output = StandardOutput()
            switch format {
            case .text:
                let colour = TerminalColour.isWanted(on: STDOUT_FILENO)
                try ExplainTextFormat(style: .text, colour: colour).write(verdicts, name: name, lifecycle: lifecycle, to: output)
            case .markdown:
                try ExplainTextFormat(style: .markdown).write(verdicts, name: name, lifecycle: lifecycle, to: output)
            case .json:
                try ExplainJSONFormat.write(verdicts, name: name, warnings: warnings, lifecycle: lifecycle, to: output)
            }
        } catch {
            throw Self.fail(error.description)
        }
        if failOnProblems && verdicts.counts.notRestored > 0 { throw ExitCode(ExitStatus.no) }
    }

    /// The app life cycle's facts and a scene trace's sessions, nil when the trace has none
    /// (the trace is read a second time only when it names something they come from).
    static func lifecycle(_ bytes: [UInt8], name: String) -> LifecycleExplanation? {
        guard LifecycleExplanation.mayHaveFacts(bytes) else { return nil }
        let lifecycle = LifecycleExplanation.read(bytes, name: name)
        return lifecycle.isEmpty ? nil : lifecycle
    }

    /// Trouble (exit 2) with `message`, printed as every command prints its errors.
    static func fail(_ message: String) -> CommandFailure { .trouble(message) }
}
