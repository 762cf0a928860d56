// TraceReaderOptions: what the reader tolerates and how much memory it may use.

/// Options for ``TraceReader`` and ``TraceDocument/load(path:options:)``.
public struct TraceReaderOptions: Sendable, Hashable {
    /// Report malformed lines as warnings and go on, instead of errors. (They are skipped
    /// either way; this decides whether the trace counts as valid.)
    public var skipMalformedLines: Bool
    /// A line longer than this is malformed (an error, or with ``skipMalformedLines`` a
    /// warning) and is passed over without being held in memory.
    public var maxLineBytes: Int
    /// Stop reading at the first error (the reader then returns nil), for tools that refuse a
    /// trace on its first error anyway: a line with no end on standard input is not read forever.
    public var stopAtFirstError = false
    /// How much the reader asks read(2) for at a time.
    public var chunkBytes: Int
    /// At most this many diagnostics are kept; the rest are only counted.
    public var maxStoredDiagnostics: Int
    /// When false, fields other than the core ones (`seq`, `ts`, `ph`, `span`, `kind`, `path`,
    /// `class`, `thread`) are checked exactly as usual but not kept: records come back with no
    /// attributes. About twice as fast, for tools that need only the core fields (validation,
    /// timings). The header is always read in full.
    public var keepAttributes: Bool
    /// When set (and ``keepAttributes`` is true), only attributes with these names are kept;
    /// the others are checked exactly as usual but not built. For tools that read a few known
    /// attributes (the diagrams): a trace's big ones (`keys`, `children`) are then skipped.
    public var keptAttributes: Set<String>?
    /// Apply the checks across records that `validate` applies (spans paired, nested and
    /// unique; seq increasing; ts not negative nor going back on a thread): a record that breaks
    /// one is an error (with ``skipMalformedLines``, a warning, and the record is skipped). On by
    /// default, so that every reader refuses what `validate` refuses; off for tools that read
    /// invalid traces on purpose (the validator applies them itself).
    public var checksAcrossRecords = true

    public init(
        skipMalformedLines: Bool = false, maxLineBytes: Int = 64 << 20, chunkBytes: Int = 1 << 20,
        maxStoredDiagnostics: Int = 1000, keepAttributes: Bool = true, keptAttributes: Set<String>? = nil
    ) {
        self.keepAttributes = keepAttributes
        self.keptAttributes = keptAttributes
        self.skipMalformedLines = skipMalformedLines
        self.maxLineBytes = max(1, maxLineBytes)
        self.chunkBytes = max(16, chunkBytes)
        self.maxStoredDiagnostics = max(0, maxStoredDiagnostics)
    }

    public static let `default` = TraceReaderOptions()
}
