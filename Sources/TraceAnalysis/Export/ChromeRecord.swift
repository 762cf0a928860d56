// ChromeRecord: one trace record in the form the Chrome exporter writes events from: the core
// fields it reads, and the path, class and attributes as ready-to-copy JSON text. Made from a
// TraceRecord, or straight from a line's bytes by ChromeLineScanner (no strings, no JSONValue).

import TraceFormat

/// A record for ``ChromeTraceExporter``; its texts hold already-escaped JSON.
struct ChromeRecord {
    var seq: Int64
    var ts: Int64
    var phase: Phase
    var span: Int64?
    var kind: RecordKind
    var thread: String?
    /// The scene session the record is about (its `session` attribute, also kept in the attributes text).
    var session: String?
    /// How many path components; -1 when the record has no `path`.
    var pathComponentCount: Int
    var hasClass: Bool
    /// The path (components joined by `/`, escaped, no quotes), then the class (escaped, no
    /// quotes), then the attributes as `,"key":value` members in file order.
    var text: [UInt8]
    var pathEnd: Int
    var classEnd: Int

    var pathText: ArraySlice<UInt8> { text[0..<pathEnd] }
    var classText: ArraySlice<UInt8> { text[pathEnd..<classEnd] }
    var attributesText: ArraySlice<UInt8> { text[classEnd...] }

    init(
        seq: Int64, ts: Int64, phase: Phase, span: Int64?, kind: RecordKind, thread: String?, session: String? = nil,
        pathComponentCount: Int, hasClass: Bool, text: [UInt8], pathEnd: Int, classEnd: Int
    ) {
        self.seq = seq
        self.ts = ts
        self.phase = phase
        self.span = span
        self.kind = kind
        self.thread = thread
        self.session = session
        self.pathComponentCount = pathComponentCount
        self.hasClass = hasClass
        self.text = text
        self.pathEnd = pathEnd
        self.classEnd = classEnd
    }

    /// The same record from the full reader: texts written by ``JSONByteWriter``.
    init(_ record: TraceRecord) {
        var json = JSONByteWriter(capacity: 128)
        if let path = record.path {
            for (index, component) in path.enumerated() {
                if index > 0 { json.rawBytes("/") }
                json.escapedContents(component)
            }
        }
        let pathEnd = json.bytes.count
        if let className = record.className { json.escapedContents(className) }
        let classEnd = json.bytes.count
        for attribute in record.attributes {
            json.rawBytes(",")
            json.key(attribute.key)
            json.value(attribute.value)
        }
        self.init(
            seq: record.seq, ts: record.ts, phase: record.phase, span: record.span, kind: record.kind,
            thread: record.thread, session: record[attribute: "session"]?.stringValue, pathComponentCount: record.path?.count ?? -1, hasClass: record.className != nil,
            text: json.takeBytes(), pathEnd: pathEnd, classEnd: classEnd)
    }
}

/// A span that has begun and not yet ended, as the Chrome exporter keeps it.
struct OpenChromeSpan {
    var span: Int64
    var record: ChromeRecord
    var track: ExportTrack
}
