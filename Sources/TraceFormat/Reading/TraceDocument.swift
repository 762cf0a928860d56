// TraceDocument: a whole trace in memory, for tools that need every record at once (the renderer).

/// A trace read completely: its header, its records in file order with their line numbers,
/// and the reader's diagnostics.
public struct TraceDocument: Sendable, Hashable {
    public var header: TraceHeader?
    public var records: [TraceRecord]
    /// `recordLines[i]` is the 1-based line of `records[i]`, for messages that point into the file.
    public var recordLines: [Int]
    /// The reader's diagnostics (warnings only, when loading succeeded).
    public var diagnostics: [TraceDiagnostic]

    public init(header: TraceHeader?, records: [TraceRecord], recordLines: [Int], diagnostics: [TraceDiagnostic]) {
        self.header = header
        self.records = records
        self.recordLines = recordLines
        self.diagnostics = diagnostics
    }

    /// Reads the trace at `path` (`-` for standard input).
    ///
    /// Throws ``TraceReadError/cannotOpen(path:code:)`` when the file cannot be opened, and
    /// ``TraceReadError/invalid(path:errorCount:diagnostics:)`` when the reader found any error
    /// (malformed lines, a missing header, an unsupported format). With
    /// ``TraceReaderOptions/skipMalformedLines``, malformed lines and a missing header are
    /// warnings, so loading succeeds with the readable records. Span pairing is not checked here:
    /// use ``TraceValidator`` or ``SpanPairer``.
    public static func load(path: String, options: TraceReaderOptions = .default) throws(TraceReadError) -> TraceDocument {
        let reader = try TraceReader(path: path, options: options)
        return try read(reader)
    }

    /// Reads a trace held in memory; `name` stands for the file in messages.
    public static func load(bytes: [UInt8], name: String = "<memory>", options: TraceReaderOptions = .default)
        throws(TraceReadError) -> TraceDocument
    {
        try read(TraceReader(bytes: bytes, name: name, options: options))
    }

    private static func read(_ reader: TraceReader) throws(TraceReadError) -> TraceDocument {
        var records: [TraceRecord] = []
        var lines: [Int] = []
        var header: TraceHeader?
        while let line = reader.next() {
            switch line {
            case .header(let h): header = h
            case .record(let record):
                records.append(record)
                lines.append(reader.lineNumber)
            }
        }
        if reader.hasErrors {
            throw .invalid(path: reader.path, errorCount: reader.errorCount, diagnostics: reader.diagnostics)
        }
        return TraceDocument(header: header, records: records, recordLines: lines, diagnostics: reader.diagnostics)
    }
}
