// LeanTraceReader: the fast path of `diff` for trace files, and the line splitting that
// `summary` (TraceStatisticsReader) and `export --to chrome` build on. TraceReader reads
// the header; then lines are split by TraceLineReader and read by the record-line scanner
// (`RecordLineScanner.record`), keeping only the attributes summary and diff use. The first line
// it does not accept ends the fast path, and the caller reads the file again with TraceInput,
// which reports problems with their line numbers. Well-formed traces never take that detour.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TraceFormat

/// Reads a trace file's records through the record-line scanner.
public enum LeanTraceReader {
    /// The attributes kept; the statistics and the diff read no others.
    static let keptAttributes = KeptAttributeNames(["via", "result", "reason", "message"])

    /// The record on `line` with its core fields and ``keptAttributes`` (see
    /// `RecordLineScanner.record`), or nil when the full reader must read it.
    static func record(_ line: UnsafeBufferPointer<UInt8>, interner: StringInterner,
                       wantsEndPath: (Int64) -> Bool = { _ in true }) -> TraceRecord? {
        RecordLineScanner.record(line, keeping: keptAttributes, interner: interner, wantsEndPath: wantsEndPath)
    }

    /// Feeds every record of the trace file at `path` to a consumer made from its header and
    /// returns it, or returns nil as soon as any line needs the full reader (a malformed or
    /// unusual line, a blank line, a cut-off last line, a header problem, standard input).
    /// Records carry the core fields and the `via`, `result`, `reason` and `message` attributes.
    public static func read<Consumer>(
        path: String, makeConsumer: (TraceHeader) -> Consumer, add: (inout Consumer, TraceRecord) -> Void
    ) -> Consumer? {
        guard path != "-", let (header, offset) = headerAndOffset(path: path) else { return nil }
        var consumer = makeConsumer(header)
        // Spans whose B record had no path: their E record's path is the only one (see
        // RecordLineScanner.record). Phase spans are the usual members; the set stays small.
        var beganWithoutPath = Set<Int64>()
        let wantsEndPath = { (span: Int64) in beganWithoutPath.contains(span) }
        var checks = TraceRecordChecks()
        let interner = StringInterner()
        let complete = forEachLine(path: path, from: offset) { line in
            guard let record = Self.record(line, interner: interner, wantsEndPath: wantsEndPath),
                checks.check(record, line: 0) == nil
            else { return false }
            if let span = record.span {
                if record.phase == .begin && record.path == nil { beganWithoutPath.insert(span) }
                if record.phase == .end { beganWithoutPath.remove(span) }
            }
            add(&consumer, record)
            return true
        }
        return complete ? consumer : nil
    }

    /// Calls `body` with each line (without its newline) of the file at `path` from byte
    /// `offset` on (up to byte `limit`, exclusive, which must follow a newline, or to the end of
    /// the file), split by TraceLineReader. Returns true when every line was taken; false as
    /// soon as `body` refuses one, or on a blank line, a last line without newline, a line over
    /// the reader's limit (``TraceReaderOptions/maxLineBytes``), or a read error.
    static func forEachLine(
        path: String, from offset: Int, to limit: Int? = nil, _ body: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Bool {
        guard
            let lines = TraceLineReader(
                path: path, from: offset, to: limit, maxLineBytes: TraceReaderOptions.default.maxLineBytes,
                chunkBytes: 1 << 20)
        else { return false }
        while true {
            switch lines.next() {
            case .line(let base, let count, let terminated):
                // A last line without "\n" is the full reader's to judge.
                guard terminated, count > 0, body(UnsafeBufferPointer(start: base, count: count)) else { return false }
            case .tooLong: return false
            case .end: return lines.readError == nil
            }
        }
    }

    /// The header, read by TraceReader (which knows every rule about it), and where line 2 starts.
    static func headerAndOffset(path: String) -> (TraceHeader, Int)? {
        guard let reader = try? TraceReader(path: path), case .header(let header)? = reader.next(),
            reader.errorCount == 0, reader.warningCount == 0
        else { return nil }
        return (header, reader.bytesRead)
    }
}
