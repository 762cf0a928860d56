// Loading a trace's bytes into a TraceTable the way every whole-trace tool does: the scanner
// that makes no records first; when any line needs more than it gives (a problem to report, a
// line to skip), TraceReader reads the trace again and says where.

import TraceFormat

/// Why a trace could not be loaded into a table; ``description`` names the file and the line.
package enum TraceTableLoadError: Error, Sendable, CustomStringConvertible {
    /// The reader found errors (malformed lines, a bad header), with their diagnostics.
    case read(TraceReadError)
    /// The trace has records but no header line.
    case noHeader(file: String)
    /// The object tree would break a limit (see ``TraceTableLimits``); `line` is where.
    case limit(TraceTableLimitError, file: String)

    package var description: String {
        switch self {
        case .read(let error): return error.description
        case .noHeader(let file):
            return "\(file):1: the trace has no header line; a trace starts with {\"type\":\"header\",\"format\":\"restoretrace/1\",...}"
        case .limit(.pathTooDeep(let line, let depth), let file):
            return "\(file):\(line): the path has \(depth) components, more than this command reads"
        case .limit(.tooManyPathComponents(let line), let file):
            return "\(file):\(line): the paths up to this line make an object tree too large to read (each object counts its depth)"
        }
    }
}

/// A trace read into a table, with where its rows came from.
package struct LoadedTraceTable: Sendable {
    package var table: TraceTable
    /// The line of each row when the reader read it (lines may have been skipped); nil when a
    /// row's line is its number + 2.
    package var rowLines: [Int]?
    /// The reader's warnings (a cut-off last line, skipped lines, unfinished spans are not among them).
    package var diagnostics: [TraceDiagnostic]
}

extension TraceTable {
    /// Loads the trace in `buffer` (valid during the call), keeping `keptAttributes`; `name`
    /// stands for the file in messages. With `skipBadLines`, malformed lines are warnings.
    package static func load(_ buffer: UnsafeRawBufferPointer, name: String, keptAttributes: [String], limits: TraceTableLimits,
                             skipBadLines: Bool) throws(TraceTableLoadError) -> LoadedTraceTable
    {
        do {
            if let table = try TraceTable.scan(buffer, keptAttributes: keptAttributes, limits: limits) {
                return LoadedTraceTable(table: table, rowLines: nil, diagnostics: [])
            }
        } catch {
            // The reader below reports it with the line the reader counts (blank lines included).
        }
        var options = TraceReaderOptions.default
        options.skipMalformedLines = skipBadLines
        options.keptAttributes = Set(keptAttributes)
        let document: TraceDocument
        do {
            document = try TraceDocument.load(bytes: Array(buffer), name: name, options: options)
        } catch {
            throw .read(error)
        }
        guard let header = document.header else { throw .noHeader(file: name) }
        do {
            let table = try TraceTable(header: header, records: document.records, keptAttributes: keptAttributes,
                                       lines: document.recordLines, limits: limits)
            return LoadedTraceTable(table: table, rowLines: document.recordLines, diagnostics: document.diagnostics)
        } catch {
            throw .limit(error, file: name)
        }
    }
}
