// How headers and records become JSON lines: the one place that knows the field order
// (seq, ts, ph, span, kind, path, class, thread, then attributes in order).

extension TraceRecord {
    /// Appends this record as one JSON line, newline included, to `out`.
    ///
    /// Field order: `seq`, `ts`, `ph`, `span` (when set), `kind`, `path`, `class`, `thread`
    /// (each when set), then the attributes in their order. Attributes named like a core field
    /// are written as they are, which makes a line readers refuse as a duplicate field: do not
    /// use core names for attributes.
    public func serialize(into out: inout [UInt8]) { serialize(to: &out) }

    func serialize<Sink: JSONByteSink>(to out: inout Sink) {
        TraceLineEncoding.appendRecord(
            seq: seq, ts: ts, phase: phase, span: span, kind: kind, path: path, className: className,
            thread: thread, attributes: attributes, to: &out)
    }

    /// This record as one JSON line, without the newline.
    public var jsonLine: String {
        var out: [UInt8] = []
        serialize(into: &out)
        return String(decoding: out.dropLast(), as: UTF8.self)
    }
}

extension TraceHeader {
    /// Appends this header as one JSON line, newline included: `type`, `format`, `generator`,
    /// `clock`, `origin`, `scenario` (each when set), then the extra members in order.
    public func serialize(into out: inout [UInt8]) { serialize(to: &out) }

    func serialize<Sink: JSONByteSink>(to out: inout Sink) {
        JSONOutput.appendLiteral(#"{"type":"header","format":"#, to: &out)
        JSONOutput.appendString(format, to: &out)
        if let generator {
            JSONOutput.appendLiteral(#","generator":"#, to: &out)
            JSONOutput.appendString(generator, to: &out)
        }
        JSONOutput.appendLiteral(#","clock":"#, to: &out)
        JSONOutput.appendString(clock, to: &out)
        if let origin {
            JSONOutput.appendLiteral(#","origin":"#, to: &out)
            JSONOutput.appendString(origin, to: &out)
        }
        if let scenario {
            JSONOutput.appendLiteral(#","scenario":"#, to: &out)
            JSONOutput.appendString(scenario, to: &out)
        }
        for member in extra {
            out.appendByte(UInt8(ascii: ","))
            JSONOutput.appendString(member.key, to: &out)
            out.appendByte(UInt8(ascii: ":"))
            member.value.serialize(to: &out)
        }
        JSONOutput.appendLiteral("}\n", to: &out)
    }

    /// This header as one JSON line, without the newline.
    public var jsonLine: String {
        var out: [UInt8] = []
        serialize(into: &out)
        return String(decoding: out.dropLast(), as: UTF8.self)
    }
}

/// The record line encoder shared by ``TraceRecord/serialize(into:)`` and ``TraceWriter``,
/// which calls it without building a `TraceRecord` first.
enum TraceLineEncoding {
    static func appendRecord<Sink: JSONByteSink>(
        seq: Int64, ts: Int64, phase: Phase, span: Int64?, kind: RecordKind, path: [String]?,
        className: String?, thread: String?, attributes: [TraceAttribute], to out: inout Sink
    ) {
        JSONOutput.appendLiteral(#"{"seq":"#, to: &out)
        JSONOutput.appendInteger(seq, to: &out)
        JSONOutput.appendLiteral(#","ts":"#, to: &out)
        JSONOutput.appendInteger(ts, to: &out)
        switch phase {
        case .begin: JSONOutput.appendLiteral(#","ph":"B""#, to: &out)
        case .end: JSONOutput.appendLiteral(#","ph":"E""#, to: &out)
        case .instant: JSONOutput.appendLiteral(#","ph":"i""#, to: &out)
        }
        if let span {
            JSONOutput.appendLiteral(#","span":"#, to: &out)
            JSONOutput.appendInteger(span, to: &out)
        }
        JSONOutput.appendLiteral(#","kind":"#, to: &out)
        JSONOutput.appendString(kind.rawValue, to: &out)
        if let path {
            JSONOutput.appendLiteral(#","path":["#, to: &out)
            for (i, component) in path.enumerated() {
                if i > 0 { out.appendByte(UInt8(ascii: ",")) }
                JSONOutput.appendString(component, to: &out)
            }
            out.appendByte(UInt8(ascii: "]"))
        }
        if let className {
            JSONOutput.appendLiteral(#","class":"#, to: &out)
            JSONOutput.appendString(className, to: &out)
        }
        if let thread {
            JSONOutput.appendLiteral(#","thread":"#, to: &out)
            JSONOutput.appendString(thread, to: &out)
        }
        for attribute in attributes {
            out.appendByte(UInt8(ascii: ","))
            JSONOutput.appendString(attribute.key, to: &out)
            out.appendByte(UInt8(ascii: ":"))
            attribute.value.serialize(to: &out)
        }
        JSONOutput.appendLiteral("}\n", to: &out)
    }
}
