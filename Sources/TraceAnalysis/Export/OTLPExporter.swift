// OTLPExporter: `export --to otlp`, OpenTelemetry traces in the file exporter's JSON-lines
// form: one `TracesData` object per line, up to 1,000 spans each.

import TraceFormat

/// Writes a trace as OTLP/JSON `TracesData` lines (what the OpenTelemetry Collector's file
/// exporter writes and its OTLP JSON file receiver reads).
///
/// - Resource: `service.name` = `restoretrace`, plus `restoretrace.scenario`, `.format`,
///   `.clock`, `.origin` from the header; scope `restoretrace` with the tool's version.
/// - `traceId` (32 hex) hashes the header (format, generator, clock, origin, scenario, extra
///   members); `spanId` (16 hex) hashes that and the span id, so exports are reproducible.
/// - Times are strings of Unix nanoseconds: the header's `origin` plus `ts` (an `ns` clock is
///   used as is; any other clock counts 1 unit as 1 µs). No `origin`: the epoch.
/// - `kind` 1 (`SPAN_KIND_INTERNAL`); `parentSpanId` is the innermost span open on the same
///   thread, and for a scene session's record of the same session, when the span began.
///   Attributes: `restoretrace.kind`, `.path` (joined with `/`), `.class`, `.seq`, `.thread`,
///   `.session` (the scene session's persistent identifier, once per span), and every other
///   field of the `B` and `E` records as `restoretrace.<field>` (strings, `intValue` as a
///   string, booleans, doubles, string arrays; other JSON as text).
/// - Instants are zero-length spans (start = end) under the enclosing span, with
///   `restoretrace.instant` true. (Span events would have to wait in memory until the enclosing
///   span ends; a phase span can enclose millions of them.)
/// - `status` is `{code: 2}` (ERROR) with a message on `error` instants, on the span an error
///   happened in, and on unfinished spans, which end at the last record with
///   `restoretrace.unfinished` true.
public struct OTLPExporter: TraceExporter {
    /// Spans per `TracesData` line.
    public static let batchSize = 1_000

    private struct Open {
        var record: TraceRecord
        var parent: Int64?
        var errorMessage: String?
    }

    private let output: ExportOutput
    private let header: TraceHeader
    private let traceId: String
    private let traceSeed: UInt64
    private let originNanoseconds: Int64
    private let nanosecondsPerUnit: Int64
    private let linePrefix: String
    private var batch = JSONByteWriter(capacity: 1 << 18)
    private var spansInBatch = 0
    private var open: [Int64: Open] = [:]
    /// What a span's parent is chosen among: one thread's spans, of one scene session or of none.
    private struct StackKey: Hashable {
        var thread: String?
        var session: String?
        init(_ record: TraceRecord) {
            thread = record.thread
            session = record[attribute: "session"]?.stringValue
        }
    }
    /// Open span ids per thread and session, innermost last.
    private var stacks: [StackKey: [Int64]] = [:]
    private var lastTimestamp: Int64 = 0

    public init(header: TraceHeader, output: ExportOutput) throws(ExportError) {
        self.header = header
        self.output = output
        var high = StableHash(seed: 1)
        var low = StableHash(seed: 2)
        for part in [header.format, header.generator ?? "", header.clock, header.origin ?? "", header.scenario ?? ""] {
            high.combine(part)
            low.combine(part)
        }
        for member in header.extra {
            var json = JSONByteWriter(capacity: 64)
            json.value(member.value)
            let text = member.key + "=" + String(decoding: json.bytes, as: UTF8.self)
            high.combine(text)
            low.combine(text)
        }
        traceId = StableHash.hex(high.value) + StableHash.hex(low.value)
        traceSeed = high.value ^ low.value
        originNanoseconds = header.origin.flatMap(ISO8601Timestamp.unixNanoseconds) ?? 0
        nanosecondsPerUnit = header.clock == ClockUnit.ns.rawValue ? 1 : 1_000
        var prefix = JSONByteWriter(capacity: 512)
        prefix.raw("{\"resourceSpans\":[{\"resource\":{\"attributes\":[")
        OTLPExporter.attribute("service.name", .string("restoretrace"), first: true, &prefix)
        if let scenario = header.scenario { OTLPExporter.attribute("restoretrace.scenario", .string(scenario), &prefix) }
        OTLPExporter.attribute("restoretrace.format", .string(header.format), &prefix)
        OTLPExporter.attribute("restoretrace.clock", .string(header.clock), &prefix)
        if let origin = header.origin { OTLPExporter.attribute("restoretrace.origin", .string(origin), &prefix) }
        prefix.raw("]},\"scopeSpans\":[{\"scope\":{\"name\":\"restoretrace\",\"version\":")
        prefix.string(restoreTraceVersion)
        prefix.raw("},\"spans\":[")
        linePrefix = String(decoding: prefix.bytes, as: UTF8.self)
    }

    public mutating func add(_ record: TraceRecord) throws(ExportError) {
        lastTimestamp = max(lastTimestamp, record.ts)
        switch record.phase {
        case .begin:
            guard let span = record.span else { return }
            let parent = stacks[StackKey(record)]?.last
            open[span] = Open(record: record, parent: parent)
            stacks[StackKey(record), default: []].append(span)
        case .end:
            guard let span = record.span, let begun = open.removeValue(forKey: span) else { return }
            if let index = stacks[StackKey(begun.record)]?.lastIndex(of: span) {
                stacks[StackKey(begun.record)]?.remove(at: index)
            }
            try writeSpan(
                id: spanId(span), parent: begun.parent.map(spanId), begin: begun.record, end: record,
                endTimestamp: record.ts, unfinished: false, errorMessage: begun.errorMessage, instant: false)
        case .instant:
            let parent = stacks[StackKey(record)]?.last
            var errorMessage: String?
            if record.kind == .error {
                errorMessage = record.message ?? "error"
                if let parent, open[parent]?.errorMessage == nil { open[parent]?.errorMessage = errorMessage }
            }
            try writeSpan(
                id: instantId(record.seq), parent: parent.map(spanId), begin: record, end: nil,
                endTimestamp: record.ts, unfinished: false, errorMessage: errorMessage, instant: true)
        }
    }

    public mutating func finish() throws(ExportError) {
        for (span, begun) in open.sorted(by: { $0.value.record.seq < $1.value.record.seq }) {
            try writeSpan(
                id: spanId(span), parent: begun.parent.map(spanId), begin: begun.record, end: nil,
                endTimestamp: lastTimestamp, unfinished: true,
                errorMessage: begun.errorMessage ?? "span never ended: the process stopped inside it", instant: false)
        }
        open.removeAll()
        try flushBatch()
        try output.commit()
    }

    // MARK: - Spans

    private func spanId(_ span: Int64) -> String {
        var hash = StableHash(seed: traceSeed)
        hash.combine(UInt64(bitPattern: span))
        return StableHash.hex(hash.value | 1)  // never the invalid all-zero id
    }

    private func instantId(_ seq: Int64) -> String {
        var hash = StableHash(seed: traceSeed ^ 0x5EED)
        hash.combine("instant")
        hash.combine(UInt64(bitPattern: seq))
        return StableHash.hex(hash.value | 1)
    }

    private func unixNanoseconds(_ ts: Int64) -> String {
        let (scaled, overflow) = ts.multipliedReportingOverflow(by: nanosecondsPerUnit)
        let (sum, overflow2) = originNanoseconds.addingReportingOverflow(overflow ? Int64.max : scaled)
        return String(overflow2 ? Int64.max : max(sum, 0))
    }

    private mutating func writeSpan(
        id: String, parent: String?, begin: TraceRecord, end: TraceRecord?, endTimestamp: Int64, unfinished: Bool,
        errorMessage: String?, instant: Bool
    ) throws(ExportError) {
        if spansInBatch == 0 { batch.raw(linePrefix) } else { batch.raw(",") }
        batch.raw("{\"traceId\":\"\(traceId)\",\"spanId\":\"\(id)\"")
        if let parent { batch.raw(",\"parentSpanId\":\"\(parent)\"") }
        batch.raw(",\"name\":")
        if let path = begin.path, !path.isEmpty {
            batch.joinedString(prefix: begin.kind.rawValue + " ", path)
        } else {
            batch.string(begin.kind.rawValue)
        }
        batch.raw(",\"kind\":1,\"startTimeUnixNano\":\"\(unixNanoseconds(begin.ts))\",\"endTimeUnixNano\":\"")
        batch.raw(unixNanoseconds(max(endTimestamp, begin.ts)) + "\",\"attributes\":[")
        OTLPExporter.attribute("restoretrace.kind", .string(begin.kind.rawValue), first: true, &batch)
        if let path = begin.path {
            OTLPExporter.attribute("restoretrace.path", .string(PathText.display(path)), &batch)
        }
        if let className = begin.className { OTLPExporter.attribute("restoretrace.class", .string(className), &batch) }
        OTLPExporter.attribute("restoretrace.seq", .int(begin.seq), &batch)
        if let thread = begin.thread { OTLPExporter.attribute("restoretrace.thread", .string(thread), &batch) }
        // A scene record's `session` is on both its B and E: one attribute (keys must be unique).
        let session = begin[attribute: "session"] ?? end?[attribute: "session"]
        if let session { OTLPExporter.attribute("restoretrace.session", session, &batch) }
        for attribute in begin.attributes where session == nil || attribute.key != "session" {
            OTLPExporter.attribute("restoretrace." + attribute.key, attribute.value, &batch)
        }
        for attribute in end?.attributes ?? [] where session == nil || attribute.key != "session" {
            OTLPExporter.attribute("restoretrace." + attribute.key, attribute.value, &batch)
        }
        if instant { OTLPExporter.attribute("restoretrace.instant", .bool(true), &batch) }
        if unfinished { OTLPExporter.attribute("restoretrace.unfinished", .bool(true), &batch) }
        batch.raw("]")
        if let errorMessage {
            batch.raw(",\"status\":{\"code\":2,\"message\":")
            batch.string(errorMessage)
            batch.raw("}")
        }
        batch.raw("}")
        spansInBatch += 1
        if spansInBatch >= OTLPExporter.batchSize { try flushBatch() }
    }

    private mutating func flushBatch() throws(ExportError) {
        guard spansInBatch > 0 else { return }
        batch.raw("]}]}]}\n")
        try output.write(batch.takeBytes())
        spansInBatch = 0
    }

    /// One `KeyValue`: `{"key":…,"value":{"stringValue":…}}`, preceded by a comma unless `first`.
    static func attribute(_ key: String, _ value: JSONValue, first: Bool = false, _ json: inout JSONByteWriter) {
        json.raw(first ? "{\"key\":" : ",{\"key\":")
        json.string(key)
        json.raw(",\"value\":")
        anyValue(value, &json)
        json.raw("}")
    }

    /// An OTLP `AnyValue`.
    static func anyValue(_ value: JSONValue, _ json: inout JSONByteWriter) {
        switch value {
        case .string(let text):
            json.raw("{\"stringValue\":")
            json.string(text)
        case .int(let number):
            json.raw("{\"intValue\":\"\(number)\"")
        case .bool(let flag):
            json.raw(flag ? "{\"boolValue\":true" : "{\"boolValue\":false")
        case .double(let number) where number.isFinite:
            json.raw("{\"doubleValue\":")
            json.value(.double(number))
        case .array(let items):
            json.raw("{\"arrayValue\":{\"values\":[")
            for (index, item) in items.enumerated() {
                if index > 0 { json.raw(",") }
                anyValue(item, &json)
            }
            json.raw("]}")
        default:
            var text = JSONByteWriter(capacity: 64)
            text.value(value)
            json.raw("{\"stringValue\":")
            json.string(String(decoding: text.bytes, as: UTF8.self))
        }
        json.raw("}")
    }
}
