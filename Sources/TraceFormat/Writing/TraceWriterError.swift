// TraceWriterError: an I/O failure of the trace writer, naming the file and the system error.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a trace could not be written: `cannot write trace 'run.jsonl': No space left on device (ENOSPC)`.
public struct TraceWriterError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Operation: String, Sendable, Hashable {
        case open, write, close, rename
    }

    public var operation: Operation
    /// The trace's path as the caller gave it (`-` for standard output).
    public var path: String
    /// The `errno` value.
    public var code: Int32

    public init(operation: Operation, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    public var description: String {
        let target = path == "-" ? "standard output" : "'\(path)'"
        let reason = String(cString: strerror(code))
        let name = TraceWriterError.errnoNames[code].map { " (\($0))" } ?? ""
        switch operation {
        case .open: return "cannot open trace \(target) for writing: \(reason)\(name)"
        case .write: return "cannot write trace \(target): \(reason)\(name)"
        case .close: return "cannot close trace \(target): \(reason)\(name)"
        case .rename: return "cannot move the finished trace into place at \(target): \(reason)\(name)"
        }
    }

    private static let errnoNames: [Int32: String] = [
        ENOSPC: "ENOSPC", EBADF: "EBADF", EACCES: "EACCES", ENOENT: "ENOENT", EISDIR: "EISDIR",
        EROFS: "EROFS", EPIPE: "EPIPE", EIO: "EIO", EDQUOT: "EDQUOT", EFBIG: "EFBIG", ENOTDIR: "ENOTDIR",
    ]
}
