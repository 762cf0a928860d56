// `restoretrace render INPUT...`: draws traces and scenarios as diagrams (flow, hierarchy,
// locate) through libgvc in-process, and writes each atomically beside its input or to -o.

import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import RestoreTrace

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a trace or a scenario as a diagram (SVG, PNG, PDF or DOT), in-process through libgvc.",
        discussion: """
            A trace (.jsonl) is drawn as its flow by default: preservation and restoration as they ran, \
            one row per object, exclusions, class mismatches, discards and unfinished spans marked in \
            words, shapes and colours. --view hierarchy draws the object tree with each object's outcome; \
            --view locate draws each object's relaunch search. A scenario (.json) is drawn as its \
            hierarchy, as described. A storyboard (.storyboard) is drawn as its scenes and segues, each \
            scene coloured by what state restoration would do with it, with its lint findings and, in \
            SVG, its file:line on hover; storyboards given together are read together (references \
            between them followed). Past --max-nodes (400) every view collapses what it cannot show into \
            summary nodes that count what they hold, failures first; --focus, --only problems and --depth \
            draw part of a trace, and combine with every view and with --max-nodes.

            The output goes beside the input (trace.jsonl -> trace.svg) unless -o is given; the format \
            follows -o's extension unless --format is given. With several inputs, -o must be a directory \
            (one ending in / is made when missing). \
            Standard input (-) is written to standard output unless -o is given.

            Examples:
              restoretrace render Traces/countries.jsonl
              restoretrace render Traces/countries.jsonl --view locate -o locate.png
              restoretrace render big.jsonl --only problems
              restoretrace render big.jsonl --focus Tabs/CountryNav --depth 2 --view hierarchy
              restoretrace render Traces/*.scenario.json -o docs/diagrams/
              restoretrace render Main.storyboard Settings.storyboard -o out/
              restoretrace simulate app.json -o - | restoretrace render - -o run.pdf

            """ + ExitStatus.help(success: "every input was drawn")
                + " With several inputs, each that can be drawn is, and any that cannot makes it 2."
    )

    @Argument(help: "Traces (.jsonl), scenarios (.json) and storyboards (.storyboard), or - for standard input.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "Output file (- for standard output), or a directory (ending in /, or existing) for several inputs.")
    var output: String?

    @Option(help: "flow (default for a trace), hierarchy (default for a scenario), or locate.")
    var view: DiagramView?

    @Option(help: "svg (default), png, pdf or dot. Defaults to -o's extension.")
    var format: OutputFormat?

    @Option(help: "auto (default: an SVG follows the reader's light or dark preference; other formats are light), light or dark.")
    var theme: DiagramTheme = .auto

    @Option(help: "used (default: the entries the drawing uses), full, or none.")
    var legend: LegendMode = .used

    @Flag(help: "Write DocC's pair of SVGs for each input: NAME.svg (light) and NAME~dark.svg (dark).")
    var doccVariants = false

    @Option(parsing: .unconditional, help: "Collapse rows, steps and subtrees into summary nodes past this many nodes (at least 20; 0 for no limit).")
    var maxNodes: Int = DiagramOptions.defaultMaximumNodes

    @Option(help: ArgumentHelp("Draw one object's subtree and the chain of its ancestors (a path as explain prints it: Tabs/CountryNav).", valueName: "path"))
    var focus: String?

    @Option(help: ArgumentHelp("problems: draw only what did not go right, with the ancestors that explain it.", valueName: "problems"))
    var only: RenderOnly?

    @Option(parsing: .unconditional, help: "Draw at most this many levels below --focus (or the roots).")
    var depth: Int?

    @Flag(help: "Colour the flow view's object steps by how long they took (darker = slower).")
    var heat = false

    @Flag(help: "Skip malformed trace lines (reported as warnings) instead of stopping.")
    var skipBadLines = false

    init() {}

    /// What `--focus`, `--only` and `--depth` choose.
    var focusChoice: DiagramFocus {
        let path = focus.flatMap { try? PathText.parse($0).get() }
        return DiagramFocus(path: path, onlyProblems: only == .problems, depth: depth)
    }

    /// One input and where its drawing goes (nil: standard output).
    struct RenderPlan {
        var input: String
        var output: String?
        var format: OutputFormat
    }

    struct RenderFailure: Error {
        var message: String
    }

    /// `trace.jsonl` -> `trace`, `app.scenario.json` -> `app.scenario`: only the last extension goes.
    static func stem(of path: String) -> String {
        let pathExtension = PathName.pathExtension(path)
        return pathExtension.isEmpty ? path : String(path.dropLast(pathExtension.count + 1))
    }

    /// DocC's pair for each drawing: NAME.svg drawn light and NAME~dark.svg drawn dark.
    static func doccPairs(_ plan: [RenderPlan]) -> [(plan: RenderPlan, theme: DiagramTheme)] {
        plan.flatMap { item -> [(plan: RenderPlan, theme: DiagramTheme)] in
            var dark = item
            dark.output = item.output.map { stem(of: $0) + "~dark." + item.format.fileExtension }
            return [(item, .light), (dark, .dark)]
        }
    }

    /// The largest `--max-nodes` accepted.
    static let maximumNodesLimit = 10_000

    static func printTimingLine(_ text: String) {
        StandardError.write(text + "\n")
    }
}

extension RenderCommand {
    func run() throws {
        let plan: [RenderPlan]
        do {
            plan = try makePlan()
        } catch {
            throw CommandFailure.trouble(error.message)
        }
        if let clash = OutputClash.problem(outputs: plan.compactMap { item in item.output.map { (item.input, $0) } }) {
            throw CommandFailure.trouble(clash)
        }
        let options = DiagramOptions(theme: theme, maximumNodes: maxNodes == 0 ? DiagramOptions.unlimited : maxNodes, heat: heat,
                                     legend: legend, focus: focusChoice)
        var failed = false
        var last: DiagramSource?
        let storyboards = StoryboardRendering(inputs: plan.map(\.input))
        for item in doccVariants ? RenderCommand.doccPairs(plan) : plan.map({ ($0, theme) }) {
            var options = options
            options.theme = item.theme
            do {
                if storyboards.handles(item.plan.input) {
                    guard focusChoice.drawsEverything else {
                        StandardError.report("\(item.plan.input): --focus, --only and --depth draw part of a trace; a storyboard is drawn whole")
                        failed = true
                        continue
                    }
                    try storyboards.render(item.plan, settings: self, options: options)
                } else {
                    last = try render(item.plan, options: options)
                }
            } catch {
                StandardError.report(error.message)
                failed = true
            }
        }
        // The last input is never released: freeing a big trace's records one by one costs 11 M
        // instructions at 5,000 objects (2.6 % of the work before the layout), for memory the
        // process's exit returns at once (as `dot` never frees its last graph). Each earlier
        // input is released when the next one is loaded.
        if let last { _ = Unmanaged.passRetained(KeptUntilExit(last)) }
        if failed { throw ExitCode(ExitStatus.trouble) }
    }

    private final class KeptUntilExit {
        let source: DiagramSource
        init(_ source: DiagramSource) { self.source = source }
    }

    /// Checks the options together and decides every output path.
    func makePlan() throws(RenderFailure) -> [RenderPlan] {
        guard maxNodes == 0 || maxNodes >= DiagramOptions.minimumNodes else {
            throw RenderFailure(message: "--max-nodes must be 20 or more (or 0 for no limit), got \(maxNodes)")
        }
        if let depth, depth < 0 { throw RenderFailure(message: "--depth must be 0 or more, got \(depth)") }
        if let focus, case .failure(let error) = PathText.parse(focus) {
            throw RenderFailure(message: "--focus \(focus): \(error)")
        }
        // Layout time grows about quadratically: 5,000 nodes take seconds, 20,000 minutes, and libgvc cannot be stopped.
        guard maxNodes <= RenderCommand.maximumNodesLimit else {
            throw RenderFailure(message: "--max-nodes must be at most \(RenderCommand.maximumNodesLimit), got \(maxNodes): "
                + "Graphviz layout of more nodes takes minutes and cannot be interrupted")
        }
        guard !inputs.isEmpty else { throw RenderFailure(message: "give at least one trace or scenario to render") }
        if doccVariants, (format ?? .svg) != .svg || output == "-" || (output == nil && inputs.contains("-")) {
            throw RenderFailure(message: "--docc-variants writes two SVG files per input (NAME.svg and NAME~dark.svg); "
                + "drop --format and -o -, or render without --docc-variants")
        }
        if inputs.filter({ $0 == "-" }).count > 1 {
            throw RenderFailure(message: "standard input (-) can be read only once")
        }
        var outputIsDirectory = false
        if let output {
            outputIsDirectory = output.hasSuffix("/") || PathName.isDirectory(output)
            if inputs.count > 1 && !outputIsDirectory {
                throw RenderFailure(message: "-o \(output) names one file but \(inputs.count) inputs were given; "
                    + "give a directory (ending in /) or render one input at a time")
            }
        }
        let fileFormat: OutputFormat?
        if let output, !outputIsDirectory, output != "-" {
            let pathExtension = PathName.pathExtension(output)
            fileFormat = OutputFormat(fileExtension: pathExtension)
            if fileFormat == nil && format == nil {
                throw RenderFailure(message: "cannot tell the format from -o \(output); "
                    + "use an .svg, .png, .pdf or .dot name, or --format")
            }
            if let fileFormat, let format, fileFormat.rawValue != format.rawValue {
                throw RenderFailure(message: "-o \(output) says \(fileFormat.rawValue) but --format says \(format.rawValue)")
            }
        } else {
            fileFormat = nil
        }
        let chosen = format ?? fileFormat ?? .svg
        return inputs.map { input in
            let destination: String?
            if let output {
                if outputIsDirectory {
                    let name = input == "-" ? "stdin" : RenderCommand.stem(of: PathName.lastComponent(input))
                    destination = PathName.appending(name + "." + chosen.fileExtension, to: output)
                } else {
                    destination = output == "-" ? nil : output
                }
            } else {
                destination = input == "-" ? nil : RenderCommand.stem(of: input) + "." + chosen.fileExtension
            }
            return RenderPlan(input: input, output: destination, format: chosen)
        }
    }

    /// Renders one input and returns what it loaded.
    @discardableResult
    private func render(_ plan: RenderPlan, options: DiagramOptions) throws(RenderFailure) -> DiagramSource {
        let displayName = plan.input == "-" ? "<stdin>" : plan.input
        // A trace's line limit holds while reading; a scenario is one JSON document, bounded by its loader.
        let isScenario = DiagramSource.Kind.fromFileName(displayName) == .scenario
        let input = try InputBytes.read(plan.input, lineLimit: isScenario ? .max : TraceReaderOptions.default.maxLineBytes,
                                        skipBadLines: skipBadLines)
        let loaded = input.bytes.withUnsafeBytes { bytes in
            Result { () throws(DiagramSource.LoadError) in
                try DiagramSource.load(buffer: bytes, name: displayName, skipBadLines: skipBadLines)
            }
        }
        let source: DiagramSource
        switch loaded {
        case .failure(let error): throw RenderFailure(message: error.description)
        case .success(let value): source = value
        }
        if case .trace(let trace) = source {
            for diagnostic in input.merged(trace.diagnostics) { StandardError.report(diagnostic.formatted(file: displayName)) }
        }
        if let problem = source.focusProblem(focusChoice) { throw RenderFailure(message: "\(displayName): \(problem)") }
        let chosenView = view ?? source.defaultView
        guard let graph = source.graph(view: chosenView, options: options) else {
            throw RenderFailure(message: "\(displayName): a scenario has not run, so it has no \(chosenView.rawValue) view; "
                + "draw --view hierarchy, or run `restoretrace simulate \(displayName)` and render the trace")
        }
        let nodeCount = graph.totalNodeCount
        let showsProgress = isatty(STDERR_FILENO) == 1 && nodeCount > 150 && plan.format != .dot
        let progress = showsProgress
            ? LayoutProgress("render: laying out \(nodeCount) nodes of \(displayName) (\(LayoutCost.estimateText(nodes: nodeCount)))…") : nil
        let rendering: Rendering
        do {
            rendering = try GraphvizRenderer.shared.render(graph, format: plan.format)
            progress?.finish()
        } catch {
            progress?.finish(failed: true)
            throw RenderFailure(message: "\(displayName): \(error.description)")
        }
        for warning in rendering.warnings { StandardError.report("\(displayName): warning: graphviz: \(warning)") }
        guard let output = plan.output else {
            do {
                try FileDescriptorWriting.writeAll(rendering.data, to: STDOUT_FILENO, name: "standard output")
            } catch {
                throw RenderFailure(message: "\(displayName): \(error.description)")
            }
            // The drawing is on standard output; the summary still goes to stderr.
            if case .trace(let trace) = source {
                RenderCommand.printTimingLine(TraceTimingLine.text(name: displayName, table: trace.table))
            }
            return source
        }
        // `-o docs/diagrams/` names a directory, made when missing (as `mkdir -p`) once there is a
        // drawing to put in it.
        if let directory = self.output, directory.hasSuffix("/"), !PathName.isDirectory(directory),
            let problem = PathName.makeDirectories(directory)
        {
            throw RenderFailure(message: "cannot create the output directory \(directory): \(problem)")
        }
        do {
            // Written to a temporary file and renamed: an error never leaves a partial drawing.
            // A device or pipe (`-o /dev/null`) is written into, never renamed over.
            let file = try AtomicOutputFile(path: output)
            // Written from the drawing's own bytes: an array copy would be a megabyte of fresh pages.
            try file.write(rendering.data)
            try file.commit()
        } catch {
            throw RenderFailure(message: "\(displayName): \(error.description)")
        }
        do {
            try StandardDescriptors.write("wrote \(output) (\(chosenView.rawValue) view, \(plan.format.rawValue), \(nodeCount) nodes)\n")
        } catch {
            throw RenderFailure(message: error.description)
        }
        if case .trace(let trace) = source {
            RenderCommand.printTimingLine(TraceTimingLine.text(name: displayName, table: trace.table))
        }
        return source
    }
}

/// The one-line timing summary `render` prints for a trace on stderr.
enum TraceTimingLine {
    static func text(name: String, table: TraceTable) -> String {
        let formatter = DurationFormatter(clock: table.header.clock)
        let restorationKind = table.number(ofKind: .restoration)
        let decodeKind = table.number(ofKind: .decode)
        var spans = 0
        var unfinished = 0
        var restoration: Int64?
        var slowestDecode: (duration: Int64, row: Int)?
        for row in 0..<table.count where table.rows[row].phase == .begin {
            spans += 1
            let end = Int(table.rows[row].partner)
            guard end >= 0 else {
                unfinished += 1
                continue
            }
            let duration = max(table.rows[end].ts - table.rows[row].ts, 0)
            let kind = table.rows[row].kind
            if kind == restorationKind { restoration = (restoration ?? 0).addingSaturating(duration) }
            if kind == decodeKind, duration > slowestDecode?.duration ?? -1 { slowestDecode = (duration, row) }
        }
        var parts = ["\(name): \(table.count) records", "\(spans) spans"]
        if unfinished > 0 { parts.append("\(unfinished) unfinished") }
        if let restoration { parts.append("restoration " + formatter.string(restoration)) }
        if let slowest = slowestDecode {
            let path = table.pathValue(slowest.row) ?? []
            let who = path.isEmpty ? "?" : PathText.display(path)
            parts.append("slowest decode \(who.count > 60 ? "…" + who.suffix(59) : Substring(who)) "
                + formatter.string(slowest.duration))
        }
        return parts.joined(separator: ", ")
    }
}

/// What `--only` draws.
enum RenderOnly: String, ExpressibleByArgument, CaseIterable {
    case problems
}
