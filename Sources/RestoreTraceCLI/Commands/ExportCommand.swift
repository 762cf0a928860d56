// `restoretrace export TRACE --to chrome|speedscope|otlp`: converts a trace for other tools
// (Perfetto / chrome://tracing, speedscope, OpenTelemetry backends such as Jaeger).

import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import RestoreTrace

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Convert a trace to Chrome Trace Event JSON, speedscope, or OpenTelemetry (OTLP/JSON lines).",
        discussion: """
            Streams the trace; the output file appears only when complete (a bad trace leaves none). \
            Open chrome exports in ui.perfetto.dev or chrome://tracing, speedscope exports in \
            www.speedscope.app, and otlp exports with the OpenTelemetry Collector's otlpjsonfile receiver. \
            A scene trace's sessions each get a track (chrome), a profile (speedscope), or the \
            restoretrace.session attribute (otlp).

            Examples:
              restoretrace export Traces/countries.jsonl --to chrome -o countries.trace.json
              restoretrace export run.jsonl --to speedscope -o run.speedscope.json
              restoretrace export run.jsonl --to otlp -o - | head -c 300

            """ + ExitStatus.help(success: "the export was written")
    )

    @Argument(help: "The trace (.jsonl), or - for standard input.")
    var trace: String

    @Option(help: "The format to write: chrome, speedscope or otlp.")
    var to: ExportFormat

    @Option(name: .shortAndLong, help: "Where to write (- for standard output). Default: TRACE with the format's extension.")
    var output: String?

    @Flag(help: "Skip malformed lines (reported on standard error) instead of stopping at the first one.")
    var skipBadLines = false

    init() {}

    /// The default output name: `run.jsonl` → `run.trace.json` / `run.speedscope.json` / `run.otlp.jsonl`.
    static func defaultOutput(for trace: String, target: ExportFormat) -> String? {
        guard trace != "-" else { return nil }
        let base = trace.hasSuffix(".jsonl") ? String(trace.dropLast(".jsonl".count)) : trace
        switch target {
        case .chrome: return base + ".trace.json"
        case .speedscope: return base + ".speedscope.json"
        case .otlp: return base + ".otlp.jsonl"
        }
    }

    func run() throws {
        guard let destination = output ?? ExportCommand.defaultOutput(for: trace, target: to) else {
            throw CommandFailure.trouble("reading standard input needs -o FILE (or -o - for standard output)")
        }
        if let overwritten = OutputClash.input(overwrittenBy: destination, inputs: [trace]) {
            throw CommandFailure.trouble(
                "-o \(destination) is the input \(overwritten): writing it would destroy the input; choose another output")
        }
        let format = to
        do {
            let warnings = try ExportCommand.export(
                path: trace, format: format, to: destination, skipBadLines: skipBadLines)
            let name = trace == "-" ? "<stdin>" : trace
            for warning in warnings {
                let location = warning.line.map { "\(name):\($0): " } ?? "\(name): "
                StandardError.report("\(location)warning: \(warning.message)")
            }
        } catch let error as TraceInputError {
            throw CommandFailure.trouble(error.description)
        } catch let error as ExportError {
            throw CommandFailure.trouble(error.description)
        }
    }

    /// Exports the trace at `path` to `destination` (`-` is standard output); returns the
    /// reader's warnings. A file destination is written only if the whole trace was read.
    static func export(path: String, format: ExportFormat, to destination: String, skipBadLines: Bool) throws
        -> [TraceWarning]
    {
        if format == .chrome, destination != "-", isRegularFileOrAbsent(destination) {
            // The fast path; it gives up (writing nothing) on any line the full reader must judge.
            let exported = try ChromeTraceExporter.exportTraceFile(path: path) { () throws(ExportError) -> ExportOutput in
                try AtomicOutputFile(path: destination)
            }
            if exported { return [] }
        }
        let input = try TraceInput(path: path, skipBadLines: skipBadLines)
        let output: ExportOutput = destination == "-" ? StandardOutput() : try AtomicOutputFile(path: destination)
        var exporter = try format.exporter(header: input.header, output: output)
        while let record = try input.next() { try exporter.add(record) }
        try exporter.finish()
        return input.warnings
    }

    /// Whether `path` names a regular file or nothing: an output there can be abandoned
    /// without a trace (a device or pipe would already have received the bytes).
    private static func isRegularFileOrAbsent(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) != 0 || (status.st_mode & S_IFMT) == S_IFREG
    }
}
