// ChromeTraceExporter: `export --to chrome`, the Chrome Trace Event JSON object format that
// chrome://tracing and ui.perfetto.dev open. Streams: each span is written when it ends.

import TraceFormat

/// Writes a trace as Chrome Trace Event JSON (`{"traceEvents":[…]}`).
///
/// - `ts`/`dur` are microseconds from the trace's first record (`ns` traces: 3 decimals, so
///   nanoseconds survive; any other clock: 1 unit = 1 µs).
/// - pid 1; one tid per track (``ExportTrack``): 1 preservation, 2 restoration, 3 outside both,
///   4… other threads and scene sessions (a record's `session` puts it on `session <id>`), in
///   the order they first appear; each named by a `thread_name` metadata event.
/// - A span becomes a complete event (`X`) when it ends. If it ends while a span that began
///   inside it is still open on the same track (improper nesting), it becomes an async pair
///   (`b`/`e`, `id` = its span id, category `restoretrace.overlap`) instead, so the track stays
///   properly nested.
/// - A span that never ends becomes an `X` reaching the last record, with `args.unfinished`
///   true, plus an instant named `unfinished: …` at the end of the trace.
/// - Instants become `ph:"i"` with `s:"t"` on their track; `args` hold every extra field.
public struct ChromeTraceExporter: TraceExporter {
    private let output: ExportOutput
    private var json = JSONByteWriter(capacity: 1 << 17)
    private let header: TraceHeader
    private let microsecondsPerUnit: TimeScale
    private var origin: Int64?
    private var lastTimestamp: Int64 = 0
    private var tracks = ExportTracks()
    private var open: [Int64: OpenChromeSpan] = [:]
    /// Open span ids per track id, innermost last.
    private var stacks: [Int: [Int64]] = [:]
    private var eventsWritten = 0

    public init(header: TraceHeader, output: ExportOutput) throws(ExportError) {
        self.header = header
        self.output = output
        microsecondsPerUnit = header.clock == ClockUnit.ns.rawValue ? .nanoseconds : .microseconds
        json.raw("{\"traceEvents\":[")
        metadata(name: "process_name", tid: 0, value: "restoretrace" + (header.scenario.map { ": " + $0 } ?? ""))
    }

    /// Exports the trace file at `path` through ``ChromeLineScanner`` (no TraceRecord per
    /// line) to the output `makeOutput` makes. Returns false, having dropped that output
    /// uncommitted, as soon as a line needs the full reader (see ``LeanTraceReader``); the
    /// caller then exports with TraceInput, which reports problems with their line numbers.
    /// `makeOutput` must make an output that can be dropped (a file, not a pipe).
    public static func exportTraceFile(path: String, makeOutput: () throws(ExportError) -> ExportOutput)
        throws(ExportError) -> Bool
    {
        guard path != "-", let (header, offset) = LeanTraceReader.headerAndOffset(path: path) else { return false }
        var exporter = try ChromeTraceExporter(header: header, output: try makeOutput())
        var failure: ExportError?
        var checks = TraceRecordChecks()
        let interner = StringInterner()
        let complete = LeanTraceReader.forEachLine(path: path, from: offset) { line in
            guard let record = ChromeLineScanner.parse(line, interner: interner),
                checks.check(seq: record.seq, ts: record.ts, phase: record.phase, span: record.span, kind: record.kind,
                             thread: record.thread, line: 0) == nil
            else { return false }
            do throws(ExportError) {
                try exporter.add(record)
            } catch {
                failure = error
                return false
            }
            return true
        }
        if let failure { throw failure }
        guard complete else { return false }
        try exporter.finish()
        return true
    }

    public mutating func add(_ record: TraceRecord) throws(ExportError) {
        try add(ChromeRecord(record))
    }

    /// Takes the next record in the form the Chrome events are written from.
    mutating func add(_ record: ChromeRecord) throws(ExportError) {
        if origin == nil { origin = record.ts }
        lastTimestamp = max(lastTimestamp, record.ts)
        switch record.phase {
        case .begin:
            let (track, isNew) = tracks.track(
                phase: .begin, kind: record.kind, span: record.span, thread: record.thread, session: record.session)
            if isNew { nameTrack(track) }
            guard let span = record.span else { break }
            open[span] = OpenChromeSpan(span: span, record: record, track: track)
            stacks[track.id, default: []].append(span)
        case .end:
            guard let span = record.span, let begun = open.removeValue(forKey: span) else { break }
            tracks.ended(span: span)
            if stacks[begun.track.id]?.last == span {
                stacks[begun.track.id]?.removeLast()
                complete(begun, endTimestamp: record.ts, end: record, unfinished: false)
            } else {
                if let index = stacks[begun.track.id]?.lastIndex(of: span) { stacks[begun.track.id]?.remove(at: index) }
                asyncPair(begun, end: record)
            }
        case .instant:
            let (track, isNew) = tracks.track(
                phase: .instant, kind: record.kind, span: record.span, thread: record.thread, session: record.session)
            if isNew { nameTrack(track) }
            instant(record, track: track)
        }
        if json.bytes.count >= 1 << 16 { try output.write(json.takeBytes()) }
    }

    public mutating func finish() throws(ExportError) {
        // Unfinished spans, outermost first per track so the X events nest.
        let unfinished = open.values.sorted { $0.record.seq < $1.record.seq }
        for begun in unfinished {
            complete(begun, endTimestamp: lastTimestamp, end: nil, unfinished: true)
            event(kind: RecordKind("unfinished: " + begun.record.kind.rawValue), record: begun.record,
                  category: "restoretrace.unfinished", phase: "i", timestamp: lastTimestamp, tid: begun.track.id)
            json.raw(",\"s\":\"t\"}")
        }
        json.newline()
        json.raw("],\"displayTimeUnit\":\"")
        json.raw(microsecondsPerUnit == .nanoseconds ? "ns" : "ms")
        json.raw("\",\"otherData\":")
        json.beginObject()
        json.key("format"); json.string(header.format)
        json.key("clock"); json.string(header.clock)
        json.key("origin"); json.string(header.origin)
        json.key("scenario"); json.string(header.scenario)
        json.key("exporter"); json.string(restoreTraceGenerator)
        json.endObject()
        json.raw("}\n")
        try output.write(json.takeBytes())
        try output.commit()
    }

    // MARK: - Events

    private mutating func nameTrack(_ track: ExportTrack) {
        metadata(name: "thread_name", tid: track.id, value: track.name)
        beginEventLine()
        json.raw("{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":1,\"tid\":\(track.id),\"args\":{\"sort_index\":\(track.id)}}")
    }

    private mutating func metadata(name: String, tid: Int, value: String) {
        beginEventLine()
        json.raw("{\"name\":\"\(name)\",\"ph\":\"M\",\"pid\":1,\"tid\":\(tid),\"args\":{\"name\":")
        json.string(value)
        json.raw("}}")
    }

    /// Puts each event on its own line: `,\n` before every event but the first.
    private mutating func beginEventLine() {
        if eventsWritten > 0 { json.raw(",") }
        json.newline()
        eventsWritten += 1
    }

    /// Opens an event object with the common members; the caller adds its own and closes it.
    /// `name` is `kind path` (see ``ExportNames``), written from the record's escaped path text.
    private mutating func event(
        kind: RecordKind, record: ChromeRecord, category: String, phase: StaticString, timestamp: Int64, tid: Int
    ) {
        beginEventLine()
        json.rawBytes("{\"name\":\"")
        json.escapedContents(kind.rawValue)
        if record.pathComponentCount > 0 {
            json.rawBytes(" ")
            json.rawBytes(record.pathText)
        }
        json.rawBytes("\"")
        json.rawBytes(",\"cat\":")
        json.string(category)
        json.rawBytes(",\"ph\":\"")
        json.rawBytes(phase)
        json.rawBytes("\",\"ts\":")
        microseconds(timestamp - (origin ?? timestamp))
        json.rawBytes(",\"pid\":1,\"tid\":")
        json.int(tid)
    }

    private mutating func complete(_ begun: OpenChromeSpan, endTimestamp: Int64, end: ChromeRecord?, unfinished: Bool) {
        let record = begun.record
        event(kind: record.kind, record: record, category: record.kind.rawValue, phase: "X",
              timestamp: record.ts, tid: begun.track.id)
        json.rawBytes(",\"dur\":")
        microseconds(max(endTimestamp - record.ts, 0))
        json.rawBytes(",\"args\":")
        spanArguments(begun, end: end, unfinished: unfinished)
        json.rawBytes("}")
    }

    private mutating func asyncPair(_ begun: OpenChromeSpan, end: ChromeRecord) {
        let record = begun.record
        let id = "0x" + String(begun.span, radix: 16)
        event(kind: record.kind, record: record, category: "restoretrace.overlap", phase: "b",
              timestamp: record.ts, tid: begun.track.id)
        json.raw(",\"id\":\"" + id + "\",\"args\":")
        spanArguments(begun, end: end, unfinished: false)
        json.rawBytes("}")
        event(kind: record.kind, record: record, category: "restoretrace.overlap", phase: "e",
              timestamp: end.ts, tid: begun.track.id)
        json.raw(",\"id\":\"" + id + "\"}")
    }

    private mutating func instant(_ record: ChromeRecord, track: ExportTrack) {
        event(kind: record.kind, record: record, category: record.kind.rawValue, phase: "i",
              timestamp: record.ts, tid: track.id)
        json.rawBytes(",\"s\":\"t\",\"args\":{\"seq\":")  // constant keys as raw text
        json.int(record.seq)
        pathClassAndAttributes(record)
        json.rawBytes("}}")
    }

    private mutating func spanArguments(_ begun: OpenChromeSpan, end: ChromeRecord?, unfinished: Bool) {
        let record = begun.record
        json.rawBytes("{\"span\":")
        json.int(begun.span)
        json.rawBytes(",\"seq\":")
        json.int(record.seq)
        pathClassAndAttributes(record)
        if let end { json.rawBytes(end.attributesText) }
        if unfinished { json.rawBytes(",\"unfinished\":true") }
        json.rawBytes("}")
    }

    /// `,"path":"a/b","class":"C"` (each when present) and the record's attributes.
    private mutating func pathClassAndAttributes(_ record: ChromeRecord) {
        if record.pathComponentCount >= 0 {
            json.rawBytes(",\"path\":\"")
            json.rawBytes(record.pathText)
            json.rawBytes("\"")
        }
        if record.hasClass {
            json.rawBytes(",\"class\":\"")
            json.rawBytes(record.classText)
            json.rawBytes("\"")
        }
        json.rawBytes(record.attributesText)
    }

    private mutating func microseconds(_ units: Int64) {
        switch microsecondsPerUnit {
        case .microseconds: json.int(units)
        case .nanoseconds: json.fixedThousandths(units)
        }
    }
}

/// How a trace's clock unit maps to microseconds in exports.
enum TimeScale: Sendable, Hashable {
    /// `ns` clocks: 1,000 units per µs.
    case nanoseconds
    /// Every other clock (ticks, unknown): 1 unit = 1 µs.
    case microseconds
}
