// Writing a `JSONValue` as compact, deterministic JSON text, and the byte-level appenders
// (strings, integers, doubles) that the trace writer shares.

extension JSONValue {
    /// Appends this value as compact JSON (no spaces, no newline) to `out`.
    ///
    /// The output is deterministic and round-trips through ``parse(_:maxDepth:)-(String,_)``:
    /// - object members in their stored order;
    /// - strings escape `"` and `\`; control characters use `\b \f \n \r \t` where JSON has
    ///   a short form and `\u00XX` otherwise; everything else, including non-ASCII, is written
    ///   as UTF-8 as it is (no `\u` escapes for emoji or U+2028);
    /// - doubles in Swift's shortest round-trip form; an integral double keeps its fraction
    ///   (`480.0`, never `480`) so it reads back as a double, not an integer;
    /// - NaN and infinities, which JSON cannot express, are written as `null`.
    public func serialize(into out: inout [UInt8]) { serialize(to: &out) }

    func serialize<Sink: JSONByteSink>(to out: inout Sink) {
        switch self {
        case .null: JSONOutput.appendLiteral("null", to: &out)
        case .bool(let b): JSONOutput.appendLiteral(b ? "true" : "false", to: &out)
        case .int(let i): JSONOutput.appendInteger(i, to: &out)
        case .double(let d): JSONOutput.appendDouble(d, to: &out)
        case .string(let s): JSONOutput.appendString(s, to: &out)
        case .array(let items):
            out.appendByte(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.appendByte(UInt8(ascii: ",")) }
                item.serialize(to: &out)
            }
            out.appendByte(UInt8(ascii: "]"))
        case .object(let object):
            out.appendByte(UInt8(ascii: "{"))
            for (i, member) in object.members.enumerated() {
                if i > 0 { out.appendByte(UInt8(ascii: ",")) }
                JSONOutput.appendString(member.key, to: &out)
                out.appendByte(UInt8(ascii: ":"))
                member.value.serialize(to: &out)
            }
            out.appendByte(UInt8(ascii: "}"))
        }
    }

    /// This value as compact JSON text (see ``serialize(into:)``).
    public var jsonText: String {
        var out: [UInt8] = []
        serialize(into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

/// Appends JSON tokens to a byte sink. Shared by `JSONValue` and the trace writer.
enum JSONOutput {
    @inline(__always)
    static func appendLiteral<Sink: JSONByteSink>(_ literal: StaticString, to out: inout Sink) {
        out.appendBytes(literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    /// Appends `value` in decimal.
    @inline(__always)
    static func appendInteger<Sink: JSONByteSink>(_ value: Int64, to out: inout Sink) {
        if value >= 0 && value < 10 {
            out.appendByte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        // 20 bytes hold Int64.min with its sign.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            guard let start = digits.baseAddress else { return }
            var magnitude = value.magnitude
            var i = 20
            repeat {
                i -= 1
                let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: 10)
                start[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remainder)
                magnitude = quotient
            } while magnitude > 0
            if value < 0 {
                i -= 1
                start[i] = UInt8(ascii: "-")
            }
            out.appendBytes(start + i, count: 20 - i)
        }
    }

    /// Appends `value` in shortest round-trip form; integral values keep `.0`; NaN/inf become null.
    static func appendDouble<Sink: JSONByteSink>(_ value: Double, to out: inout Sink) {
        guard value.isFinite else {
            appendLiteral("null", to: &out)
            return
        }
        // Swift's description is the shortest text that reads back as the same Double, and
        // always has a '.' or an exponent ("480.0", "1e-07", "1e+16"): valid JSON as it is.
        var text = value.description
        text.withUTF8 { utf8 in
            if let start = utf8.baseAddress { out.appendBytes(start, count: utf8.count) }
        }
    }

    /// Appends `text` as a quoted, escaped JSON string.
    @inline(__always)
    static func appendString<Sink: JSONByteSink>(_ text: String, to out: inout Sink) {
        // Native strings are contiguous UTF-8: no copy. Bridged or foreign ones take the slow path.
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { appendString(utf8: $0, to: &out) }
        if done == nil {
            var copy = text
            copy.withUTF8 { appendString(utf8: $0, to: &out) }
        }
    }

    /// Appends UTF-8 bytes as a quoted, escaped JSON string. Bytes are assumed to be valid UTF-8.
    static func appendString<Sink: JSONByteSink>(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout Sink) {
        if let base = bytes.baseAddress, isPlain(base, count: bytes.count) {
            // Nearly every string in a trace: nothing to escape, one copy.
            out.appendByte(UInt8(ascii: "\""))
            out.appendBytes(base, count: bytes.count)
            out.appendByte(UInt8(ascii: "\""))
            return
        }
        out.appendByte(UInt8(ascii: "\""))
        guard let base = bytes.baseAddress else {
            out.appendByte(UInt8(ascii: "\""))
            return
        }
        var runStart = 0
        var i = 0
        let count = bytes.count
        while i < count {
            // Eight bytes at a time while none needs escaping.
            while i + 8 <= count && !needsEscape(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) { i += 8 }
            guard i < count else { break }
            let byte = base[i]
            if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                i += 1
                continue
            }
            if i > runStart { out.appendBytes(base + runStart, count: i - runStart) }
            appendEscape(for: byte, to: &out)
            i += 1
            runStart = i
        }
        if count > runStart { out.appendBytes(base + runStart, count: count - runStart) }
        out.appendByte(UInt8(ascii: "\""))
    }

    /// True when no byte of the text needs escaping (checked eight bytes at a time; the last
    /// few are padded with spaces into one word).
    @inline(__always)
    private static func isPlain(_ base: UnsafePointer<UInt8>, count: Int) -> Bool {
        var i = 0
        while i + 8 <= count {
            if needsEscape(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) { return false }
            i += 8
        }
        guard i < count else { return true }
        var tail: UInt64 = 0x2020_2020_2020_2020
        withUnsafeMutableBytes(of: &tail) { word in
            word.baseAddress?.copyMemory(from: base + i, byteCount: count - i)
        }
        return !needsEscape(tail)
    }

    /// True when one of the eight bytes in `word` is `"`, `\` or below 0x20 (may also be true,
    /// harmlessly, for bytes 0x80 and above: the byte loop then looks closer).
    @inline(__always)
    private static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let found = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | (word &- (ones &* 0x20))
        return found & ~word & highs != 0
    }

    private static func appendEscape<Sink: JSONByteSink>(for byte: UInt8, to out: inout Sink) {
        out.appendByte(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): out.appendByte(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): out.appendByte(UInt8(ascii: "\\"))
        case 0x08: out.appendByte(UInt8(ascii: "b"))
        case 0x0C: out.appendByte(UInt8(ascii: "f"))
        case 0x0A: out.appendByte(UInt8(ascii: "n"))
        case 0x0D: out.appendByte(UInt8(ascii: "r"))
        case 0x09: out.appendByte(UInt8(ascii: "t"))
        default:
            let hex: StaticString = "0123456789abcdef"
            let digits = hex.utf8Start
            out.appendByte(UInt8(ascii: "u"))
            out.appendByte(UInt8(ascii: "0"))
            out.appendByte(UInt8(ascii: "0"))
            out.appendByte(digits[Int(byte >> 4)])
            out.appendByte(digits[Int(byte & 0xF)])
        }
    }
}
