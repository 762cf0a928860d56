// How headers and records become JSON lines: the one place that knows the field order
// (seq, ts, ph, span, kind, path, class, thread, then attributes in order).

extension TraceRecord {
    /// Appends this record as one JSON line, newline included, to `out`.
    ///
    /// Field order: `seq`, `ts`, `ph`, `span` (when set), `kind`, `path`, `class`, `thread`
    /// (each when set), then the attributes in their order. Attributes named like a core field
    /// are written as they are, which makes a line readers refuse as a duplicate field: do not
    /// use core names for attributes.
    public func serialize(into out: inout [UInt8]) { out.appendEncoded { serialize(to: &$0) } }

    func serialize(to out: inout ByteCursor) {
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
    public func serialize(into out: inout [UInt8]) { out.appendEncoded { serialize(to: &$0) } }

    func serialize(to out: inout ByteCursor) {
        out.appendLiteral(#"{"type":"header","format":"#)
        JSONOutput.appendString(format, to: &out)
        if let generator {
            out.appendLiteral(#","generator":"#)
            JSONOutput.appendString(generator, to: &out)
        }
        out.appendLiteral(#","clock":"#)
        JSONOutput.appendString(clock, to: &out)
        if let origin {
            out.appendLiteral(#","origin":"#)
            JSONOutput.appendString(origin, to: &out)
        }
        if let scenario {
            out.appendLiteral(#","scenario":"#)
            JSONOutput.appendString(scenario, to: &out)
        }
        for member in extra {
            out.appendByte(UInt8(ascii: ","))
            JSONOutput.appendString(member.key, to: &out)
            out.appendByte(UInt8(ascii: ":"))
            member.value.serialize(to: &out)
        }
        out.appendLiteral("}\n")
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
    static func appendRecord(
        seq: Int64, ts: Int64, phase: Phase, span: Int64?, kind: RecordKind, path: [String]?,
        className: String?, thread: String?, attributes: [TraceAttribute], pathCache: EncodedPathCache? = nil,
        to out: inout ByteCursor
    ) {
        out.appendLiteral(#"{"seq":"#)
        JSONOutput.appendInteger(seq, to: &out)
        out.appendLiteral(#","ts":"#)
        JSONOutput.appendInteger(ts, to: &out)
        switch phase {
        case .begin: out.appendLiteral(#","ph":"B""#)
        case .end: out.appendLiteral(#","ph":"E""#)
        case .instant: out.appendLiteral(#","ph":"i""#)
        }
        if let span {
            out.appendLiteral(#","span":"#)
            JSONOutput.appendInteger(span, to: &out)
        }
        out.appendLiteral(#","kind":"#)
        JSONOutput.appendString(kind.rawValue, to: &out)
        if let path {
            if let pathCache {
                pathCache.append(path, to: &out) { appendPath(path, to: &$0) }
            } else {
                appendPath(path, to: &out)
            }
        }
        if let className {
            out.appendLiteral(#","class":"#)
            JSONOutput.appendString(className, to: &out)
        }
        if let thread {
            out.appendLiteral(#","thread":"#)
            JSONOutput.appendString(thread, to: &out)
        }
        attributes.withUnsafeBufferPointer { members in
            guard let first = members.baseAddress else { return }
            for i in 0..<members.count {
                out.appendByte(UInt8(ascii: ","))
                JSONOutput.appendString(first[i].key, to: &out)
                out.appendByte(UInt8(ascii: ":"))
                first[i].value.serialize(to: &out)
            }
        }
        out.appendLiteral("}\n")
    }

    /// Appends the `,"path":[...]` member.
    @inline(__always)
    static func appendPath(_ path: [String], to out: inout ByteCursor) {
        out.appendLiteral(#","path":["#)
        // Elements are read in place (see `JSONOutput.appendString(at:to:)`).
        path.withUnsafeBufferPointer { components in
            guard let first = components.baseAddress else { return }
            for i in 0..<components.count {
                if i > 0 { out.appendByte(UInt8(ascii: ",")) }
                JSONOutput.appendString(at: first + i, to: &out)
            }
        }
        out.appendByte(UInt8(ascii: "]"))
    }
}
