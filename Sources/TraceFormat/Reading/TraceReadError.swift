// TraceReadError: a trace that cannot be opened, or (for whole-trace loading) is not valid.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a trace could not be read.
public enum TraceReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file cannot be opened (`code` is the `errno` value).
    case cannotOpen(path: String, code: Int32)
    /// The trace was read but has errors (``TraceDocument/load(path:options:)`` only). The
    /// diagnostics are the stored ones, errors and warnings in line order.
    case invalid(path: String, errorCount: Int, diagnostics: [TraceDiagnostic])

    public var description: String {
        switch self {
        case .cannotOpen(let path, let code):
            // `run.jsonl: cannot read the trace: No such file or directory`, as grep and diff name a file.
            let what = path == "-" ? "<stdin>" : path
            return "\(what): cannot read the trace: \(String(cString: strerror(code)))"
        case .invalid(let path, let errorCount, let diagnostics):
            let errors = diagnostics.filter { $0.severity == .error }
            // Standard input is gone once read: the full report needs the trace saved first.
            let fullReport = path == "-" || path == "<stdin>"
                ? "save it to a file and run `restoretrace validate FILE`" : "run `restoretrace validate \(path)`"
            var lines = ["\(path): \(errorCount) error\(errorCount == 1 ? "" : "s") in the trace"
                + " (\(fullReport) for the full report, or skip bad lines with --skip-bad-lines)"]
            lines += errors.prefix(10).map { $0.formatted(file: path) }
            if errorCount > 10 { lines.append("… and \(errorCount - 10) more") }
            return lines.joined(separator: "\n")
        }
    }
}
