// `restoretrace render INPUT...`: draws traces and scenarios as diagrams (flow, hierarchy,
// locate) through libgvc in-process, and writes each atomically beside its input or to -o.

import ArgumentParser
import Foundation
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
            hierarchy, as described. Big inputs are collapsed past --max-nodes into summary nodes.

            The output goes beside the input (trace.jsonl -> trace.svg) unless -o is given; the format \
            follows -o's extension unless --format is given. With several inputs, -o must be a directory. \
            Standard input (-) is written to standard output unless -o is given.

            Examples:
              restoretrace render Traces/countries.jsonl
              restoretrace render Traces/countries.jsonl --view locate -o locate.png
              restoretrace render Traces/*.scenario.json -o docs/diagrams/
              restoretrace simulate app.json -o - | restoretrace render - --format pdf -o run.pdf
            """
    )

    enum View: String, ExpressibleByArgument, CaseIterable {
        case flow, hierarchy, locate
    }

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case svg, png, pdf, dot
    }

    enum Theme: String, ExpressibleByArgument, CaseIterable {
        case light, dark
    }

    @Argument(help: "Traces (.jsonl) and scenarios (.json), or - for standard input.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "Output file (- for standard output), or a directory (ending in /, or existing) for several inputs.")
    var output: String?

    @Option(help: "flow (default for a trace), hierarchy (default for a scenario), or locate.")
    var view: View?

    @Option(help: "svg (default), png, pdf or dot. Defaults to -o's extension.")
    var format: Format?

    @Option(help: "light (default) or dark.")
    var theme: Theme = .light

    @Option(parsing: .unconditional, help: "Collapse rows and subtrees into summary nodes past this many nodes (at least 20).")
    var maxNodes: Int = DiagramOptions.defaultMaximumNodes

    @Flag(help: "Colour the flow view's object steps by how long they took (darker = slower).")
    var heat = false

    @Flag(help: "Skip malformed trace lines (reported as warnings) instead of stopping.")
    var skipBadLines = false

    init() {}

    func run() throws {
        let plan: [RenderPlan]
        do {
            plan = try makePlan()
        } catch {
            RenderCommand.printError("error: \(error.message)")
            throw ExitCode(2)
        }
        if let clash = OutputClash.problem(outputs: plan.compactMap { item in item.output.map { (item.input, $0) } }) {
            RenderCommand.printError("error: \(clash)")
            throw ExitCode(2)
        }
        let options = DiagramOptions(theme: theme == .dark ? .dark : .light, maximumNodes: maxNodes, heat: heat)
        // libgvc starts up on the other core while the first input is read and analysed.
        if let format = plan.first(where: { $0.format != .dot })?.format { GraphvizRenderer.shared.warmUp(for: format) }
        defer { GraphvizRenderer.shared.waitForWarmUp() }
        var failed = false
        var last: DiagramSource?
        for item in plan {
            do {
                last = try render(item, options: options)
            } catch {
                RenderCommand.printError("error: \(error.message)")
                failed = true
            }
        }
        // The last input is never released: freeing a big trace's records one by one costs 11 M
        // instructions at 5,000 objects (2.6 % of the work before the layout), for memory the
        // process's exit returns at once (as `dot` never frees its last graph). Each earlier
        // input is released when the next one is loaded.
        if let last { _ = Unmanaged.passRetained(KeptUntilExit(last)) }
        if failed { throw ExitCode(1) }
    }

    private final class KeptUntilExit {
        let source: DiagramSource
        init(_ source: DiagramSource) { self.source = source }
    }

    /// Starts libgvc's warm-up before the arguments are parsed, when they are a `render` of
    /// anything but DOT, so that parsing overlaps it too (``run()`` would start it a few
    /// milliseconds later). A guess from the raw arguments: the format from `--format`, else
    /// `-o`'s extension, else SVG. A wrong guess costs only CPU on the other core; ``run()``
    /// warms up for the format it really renders, and waits for both before it returns.
    static func warmUpEarly(arguments: [String]) {
        guard arguments.first == "render", let format = guessedFormat(arguments: arguments.dropFirst()) else { return }
        GraphvizRenderer.shared.warmUp(for: format)
    }

    /// The output format `render`'s arguments ask for, or nil when they draw nothing (`--format
    /// dot`, a `.dot` output, help).
    static func guessedFormat(arguments: ArraySlice<String>) -> OutputFormat? {
        var explicit: String?
        var output: String?
        var index = arguments.startIndex
        scan: while index < arguments.endIndex {
            let argument = arguments[index]
            let next = arguments.index(after: index) < arguments.endIndex ? arguments[arguments.index(after: index)] : nil
            switch argument {
            case "-h", "--help", "help": return nil
            case "--": break scan  // only inputs follow
            case "--format": explicit = next
            case "-o", "--output": output = next
            default:
                if argument.hasPrefix("--format=") { explicit = String(argument.dropFirst("--format=".count)) }
                if argument.hasPrefix("--output=") { output = String(argument.dropFirst("--output=".count)) }
            }
            index = arguments.index(after: index)
        }
        let format = explicit.flatMap { OutputFormat(rawValue: $0) }
            ?? output.flatMap { OutputFormat(fileExtension: ($0 as NSString).pathExtension) } ?? .svg
        return format == .dot ? nil : format
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

    /// Checks the options together and decides every output path.
    func makePlan() throws(RenderFailure) -> [RenderPlan] {
        guard maxNodes >= 20 else { throw RenderFailure(message: "--max-nodes must be 20 or more, got \(maxNodes)") }
        // Layout time grows about quadratically: 5,000 nodes take seconds, 20,000 minutes, and libgvc cannot be stopped.
        guard maxNodes <= RenderCommand.maximumNodesLimit else {
            throw RenderFailure(message: "--max-nodes must be at most \(RenderCommand.maximumNodesLimit), got \(maxNodes): "
                + "Graphviz layout of more nodes takes minutes and cannot be interrupted")
        }
        guard !inputs.isEmpty else { throw RenderFailure(message: "give at least one trace or scenario to render") }
        if inputs.filter({ $0 == "-" }).count > 1 {
            throw RenderFailure(message: "standard input (-) can be read only once")
        }
        var outputIsDirectory = false
        if let output {
            var isDirectory: ObjCBool = false
            outputIsDirectory = output.hasSuffix("/")
                || (FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) && isDirectory.boolValue)
            if inputs.count > 1 && !outputIsDirectory {
                throw RenderFailure(message: "-o \(output) names one file but \(inputs.count) inputs were given; "
                    + "give a directory (ending in /) or render one input at a time")
            }
        }
        let fileFormat: OutputFormat?
        if let output, !outputIsDirectory, output != "-" {
            let pathExtension = (output as NSString).pathExtension
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
        let chosen = format.flatMap { OutputFormat(rawValue: $0.rawValue) } ?? fileFormat ?? .svg
        return inputs.map { input in
            let destination: String?
            if let output {
                if outputIsDirectory {
                    let name = input == "-" ? "stdin" : RenderCommand.stem(of: (input as NSString).lastPathComponent)
                    destination = (output as NSString).appendingPathComponent(name + "." + chosen.fileExtension)
                } else {
                    destination = output == "-" ? nil : output
                }
            } else {
                destination = input == "-" ? nil : RenderCommand.stem(of: input) + "." + chosen.fileExtension
            }
            return RenderPlan(input: input, output: destination, format: chosen)
        }
    }

    /// `trace.jsonl` -> `trace`, `app.scenario.json` -> `app.scenario`: only the last extension goes.
    static func stem(of path: String) -> String {
        let pathExtension = (path as NSString).pathExtension
        return pathExtension.isEmpty ? path : String(path.dropLast(pathExtension.count + 1))
    }

    /// Renders one input and returns what it loaded.
    @discardableResult
    private func render(_ plan: RenderPlan, options: DiagramOptions) throws(RenderFailure) -> DiagramSource {
        let displayName = plan.input == "-" ? "<stdin>" : plan.input
        let bytes = try RenderCommand.readInput(plan.input)
        let source: DiagramSource
        do {
            source = try DiagramSource.load(bytes: bytes, name: displayName, skipBadLines: skipBadLines)
        } catch {
            throw RenderFailure(message: error.description)
        }
        if case .trace(let document) = source {
            for diagnostic in document.diagnostics { RenderCommand.printError(diagnostic.formatted(file: displayName)) }
        }
        let chosenView = view.flatMap { DiagramView(rawValue: $0.rawValue) } ?? source.defaultView
        guard let graph = source.graph(view: chosenView, options: options) else {
            throw RenderFailure(message: "\(displayName): a scenario has not run, so it has no \(chosenView.rawValue) view; "
                + "draw --view hierarchy, or run `restoretrace simulate \(displayName)` and render the trace")
        }
        let nodeCount = graph.totalNodeCount
        let showsProgress = isatty(STDERR_FILENO) == 1 && nodeCount > 150 && plan.format != .dot
        if showsProgress { RenderCommand.printError("render: laying out \(nodeCount) nodes of \(displayName)…") }
        let rendering: Rendering
        do {
            rendering = try GraphvizRenderer.shared.render(graph, format: plan.format)
        } catch {
            throw RenderFailure(message: "\(displayName): \(error.description)")
        }
        for warning in rendering.warnings { RenderCommand.printError("\(displayName): graphviz: \(warning)") }
        guard let output = plan.output else {
            FileHandle.standardOutput.write(rendering.data)
            return source
        }
        do {
            // Written to a temporary file and renamed: an error never leaves a partial drawing.
            // A device or pipe (`-o /dev/null`) is written into, never renamed over.
            let file = try AtomicOutputFile(path: output)
            try file.write([UInt8](rendering.data))
            try file.commit()
        } catch {
            throw RenderFailure(message: "\(displayName): \(error.description)")
        }
        print("wrote \(output) (\(chosenView.rawValue) view, \(plan.format.rawValue), \(nodeCount) nodes)")
        if case .trace(let document) = source, let header = document.header {
            RenderCommand.printError(TraceTimingLine.text(name: displayName, header: header, records: document.records))
        }
        return source
    }

    static func readInput(_ input: String) throws(RenderFailure) -> [UInt8] {
        if input == "-" { return [UInt8](FileHandle.standardInput.readDataToEndOfFile()) }
        if let bytes = readRegularFile(input) { return bytes }
        guard let data = FileManager.default.contents(atPath: input) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory)
            let why = !exists ? "no such file" : (isDirectory.boolValue ? "it is a directory" : "it cannot be read")
            throw RenderFailure(message: "\(input): cannot read the input: \(why)")
        }
        return [UInt8](data)
    }

    /// The largest `--max-nodes` accepted.
    static let maximumNodesLimit = 10_000

    /// A regular file's bytes read straight into one array (no intermediate `Data` copied over),
    /// or nil for anything else (missing, a directory, a pipe), which `readInput` handles.
    static func readRegularFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let expected = Int(status.st_size)
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            while count < expected {
                let got = read(descriptor, base + count, expected - count)
                if got < 0 && errno == EINTR { continue }
                if got <= 0 { failed = got < 0; break }
                count += got
            }
        }
        // The file may have grown since fstat: read on to its end.
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !failed {
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { failed = got < 0; break }
            bytes.append(contentsOf: chunk[..<got])
        }
        return failed ? nil : bytes
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

/// The one-line timing summary `render` prints for a trace on stderr.
enum TraceTimingLine {
    static func text(name: String, header: TraceHeader, records: [TraceRecord]) -> String {
        // One pass pairing spans by id; cheaper than full SpanTimings, which also indexes by path.
        let formatter = DurationFormatter(clock: header.clock)
        var spans = 0
        var restoration: Int64?
        var slowestDecode: (duration: Int64, path: [String])?
        var openBegins: [Int64: (ts: Int64, kind: RecordKind, path: [String]?)] = [:]
        for record in records {
            guard let span = record.span else { continue }
            if record.phase == .begin {
                spans += 1
                openBegins[span] = (record.ts, record.kind, record.path)
                continue
            }
            guard let begin = openBegins.removeValue(forKey: span) else { continue }
            let duration = max(record.ts - begin.ts, 0)
            if begin.kind == .restoration { restoration = (restoration ?? 0) + duration }
            if begin.kind == .decode, duration > slowestDecode?.duration ?? -1 {
                slowestDecode = (duration, begin.path ?? [])
            }
        }
        var parts = ["\(name): \(records.count) records", "\(spans) spans"]
        if !openBegins.isEmpty { parts.append("\(openBegins.count) unfinished") }
        if let restoration { parts.append("restoration " + formatter.string(restoration)) }
        if let slowest = slowestDecode {
            let who = slowest.path.isEmpty ? "?" : PathText.display(slowest.path)
            parts.append("slowest decode \(who.count > 60 ? "…" + who.suffix(59) : Substring(who)) "
                + formatter.string(slowest.duration))
        }
        return parts.joined(separator: ", ")
    }
}
