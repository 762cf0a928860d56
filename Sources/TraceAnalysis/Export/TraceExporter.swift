// TraceExporter: the shape every `export --to …` format shares: fed record by record,
// writing to an ExportOutput as it goes, committing the output when finished.

import TraceFormat

/// Converts a trace to another tool's format while reading it.
public protocol TraceExporter {
    /// Takes the next record, in file order.
    mutating func add(_ record: TraceRecord) throws(ExportError)
    /// Writes what remains (unfinished spans, closing brackets) and commits the output.
    mutating func finish() throws(ExportError)
}

/// The export formats of `restoretrace export --to`.
public enum ExportFormat: String, Sendable, Hashable, CaseIterable {
    case chrome
    case speedscope
    case otlp

    /// An exporter of this format for a trace with `header`, writing to `output`.
    public func exporter(header: TraceHeader, output: ExportOutput) throws(ExportError) -> any TraceExporter {
        switch self {
        case .chrome: return try ChromeTraceExporter(header: header, output: output)
        case .speedscope: return try SpeedscopeExporter(header: header, output: output)
        case .otlp: return try OTLPExporter(header: header, output: output)
        }
    }
}
