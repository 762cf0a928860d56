// TraceDiagnostic: one problem a reader or validator found in a trace, located by line.

/// A problem in a trace: an error (the trace is wrong) or a warning (it is readable but
/// suspicious, or a bad line was skipped at the user's request).
public struct TraceDiagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Comparable {
        case warning
        case error

        public static func < (a: Self, b: Self) -> Bool { a == .warning && b == .error }
    }

    public var severity: Severity
    /// The 1-based line the problem is on; nil for problems of the whole file (it is empty, it cannot be read).
    public var line: Int?
    /// The 1-based byte column, when the problem is at one place in the line.
    public var column: Int?
    /// What is wrong, and where it helps, what to do: `"ts" must be an integer, found string`.
    public var message: String

    public init(_ severity: Severity, line: Int?, column: Int? = nil, _ message: String) {
        self.severity = severity
        self.line = line
        self.column = column
        self.message = message
    }

    public static func error(line: Int?, column: Int? = nil, _ message: String) -> TraceDiagnostic {
        TraceDiagnostic(.error, line: line, column: column, message)
    }

    public static func warning(line: Int?, column: Int? = nil, _ message: String) -> TraceDiagnostic {
        TraceDiagnostic(.warning, line: line, column: column, message)
    }

    /// `line 7, column 12: "ts" must be an integer, found string` (no severity).
    public var description: String {
        switch (line, column) {
        case let (line?, column?): return "line \(line), column \(column): \(message)"
        case let (line?, nil): return "line \(line): \(message)"
        default: return message
        }
    }

    /// Located as compilers do, for editors and CI logs: `trace.jsonl:7:12: "ts" must be …` for an
    /// error, `trace.jsonl:9: warning: …` for a warning (the command prints it after `restoretrace: `).
    public func formatted(file: String) -> String {
        var location = file
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return severity == .error ? "\(location): \(message)" : "\(location): \(severity.rawValue): \(message)"
    }
}
