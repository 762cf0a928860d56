// TraceInput: the records of one trace file (or standard input) for the analysis commands,
// streaming through TraceReader, stopping at the first bad line unless asked to skip them.

import TraceFormat

/// Why a trace could not be analysed.
public enum TraceInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file cannot be opened.
    case cannotOpen(String)
    /// Reading failed part way (an I/O error).
    case unreadable(path: String, reason: String)
    /// The trace has an error at a line (malformed JSON, wrong field type, missing header, …).
    case invalid(path: String, diagnostic: TraceDiagnostic)

    /// The message for standard error: `FILE: …` or `FILE:LINE:COLUMN: …`, and what to do.
    public var description: String {
        switch self {
        case .cannotOpen(let message):
            return message + "; check the path (use - for standard input)"
        case .unreadable(let path, let reason):
            return "\(path == "-" ? "<stdin>" : path): cannot read the trace: \(reason)"
        case .invalid(let path, let diagnostic):
            return diagnostic.formatted(file: path == "-" ? "<stdin>" : path)
                + " (fix that line, or pass --skip-bad-lines to skip bad lines and go on)"
        }
    }
}

/// Reads one trace's header and then its records, in file order, in constant memory.
///
/// ```swift
/// let input = try TraceInput(path: "run.jsonl")
/// while let record = try input.next() { statistics.add(record) }
/// let warnings = input.warnings
/// ```
public final class TraceInput {
    public let path: String
    /// Line 1; when it is missing and bad lines are skipped, a default `ns` header.
    public let header: TraceHeader
    private let reader: TraceReader
    private var pending: TraceRecord?

    /// Opens `path` (`-` is standard input) and reads the header. With `skipBadLines`, bad
    /// lines are warnings and skipped; without it the first one is an error.
    public init(path: String, skipBadLines: Bool = false) throws(TraceInputError) {
        self.path = path
        do {
            var options = TraceReaderOptions(skipMalformedLines: skipBadLines)
            options.stopAtFirstError = true
            reader = try TraceReader(path: path, options: options)
        } catch {
            throw .cannotOpen(error.description)
        }
        var header: TraceHeader?
        while header == nil, pending == nil, let line = reader.next() {
            switch line {
            case .header(let found): header = found
            case .record(let record): pending = record
            }
        }
        if let failure = TraceInput.failure(reader, path: path) { throw failure }
        self.header = header ?? TraceHeader(clock: ClockUnit.ns.rawValue)
        if header == nil && pending == nil {
            throw .invalid(path: path, diagnostic: .error(line: nil, "the trace has neither a header nor records"))
        }
    }

    /// The next record, or nil at the end of the trace.
    public func next() throws(TraceInputError) -> TraceRecord? {
        if let record = pending {
            pending = nil
            return record
        }
        while let line = reader.next() {
            if reader.errorCount > 0, let failure = TraceInput.failure(reader, path: path) { throw failure }
            if case .record(let record) = line { return record }
        }
        if let failure = TraceInput.failure(reader, path: path) { throw failure }
        return nil
    }

    /// The reader's warnings so far (cut-off last line, skipped lines, …), in line order.
    public var warnings: [TraceWarning] {
        reader.diagnostics.filter { $0.severity == .warning }.map { TraceWarning(line: $0.line, message: $0.message) }
    }

    /// How many warnings the reader reported (more than ``warnings`` holds when many).
    public var warningCount: Int { reader.warningCount }

    /// Bytes read so far.
    public var bytesRead: Int { reader.bytesRead }

    /// The reader's first error: an input that could not be read, or the first bad line.
    private static func failure(_ reader: TraceReader, path: String) -> TraceInputError? {
        guard reader.errorCount > 0 else { return nil }
        if let reason = reader.readFailure { return .unreadable(path: path, reason: reason) }
        return .invalid(path: path, diagnostic: reader.diagnostics.first { $0.severity == .error }
            ?? .error(line: reader.lineNumber, "the trace has an error"))
    }
}
