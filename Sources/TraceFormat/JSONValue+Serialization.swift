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
    public func serialize(into out: inout [UInt8]) {
        switch self {
        case .null: JSONOutput.appendLiteral("null", to: &out)
        case .bool(let b): JSONOutput.appendLiteral(b ? "true" : "false", to: &out)
        case .int(let i): JSONOutput.appendInteger(i, to: &out)
        case .double(let d): JSONOutput.appendDouble(d, to: &out)
        case .string(let s): JSONOutput.appendString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.serialize(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            for (i, member) in object.members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONOutput.appendString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                member.value.serialize(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// This value as compact JSON text (see ``serialize(into:)``).
    public var jsonText: String {
        var out: [UInt8] = []
        serialize(into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

/// Appends JSON tokens to a byte array. Shared by `JSONValue` and the trace writer.
enum JSONOutput {
    @inline(__always)
    static func appendLiteral(_ literal: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends `value` in decimal.
    static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        if value >= 0 && value < 10 {
            out.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        // 20 bytes hold Int64.min with its sign.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var magnitude = value.magnitude
            var i = 20
            repeat {
                i -= 1
                digits[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                i -= 1
                digits[i] = UInt8(ascii: "-")
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[i..<20]))
        }
    }

    /// Appends `value` in shortest round-trip form; integral values keep `.0`; NaN/inf become null.
    static func appendDouble(_ value: Double, to out: inout [UInt8]) {
        guard value.isFinite else {
            appendLiteral("null", to: &out)
            return
        }
        // Swift's description is the shortest text that reads back as the same Double, and
        // always has a '.' or an exponent ("480.0", "1e-07", "1e+16"): valid JSON as it is.
        out.append(contentsOf: value.description.utf8)
    }

    /// Appends `text` as a quoted, escaped JSON string.
    @inline(__always)
    static func appendString(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendString(utf8: $0, to: &out) }
    }

    /// Appends UTF-8 bytes as a quoted, escaped JSON string. Bytes are assumed to be valid UTF-8.
    static func appendString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var runStart = 0
        var i = 0
        let count = bytes.count
        while i < count {
            let byte = bytes[i]
            if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                i += 1
                continue
            }
            if i > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i])) }
            appendEscape(for: byte, to: &out)
            i += 1
            runStart = i
        }
        if count > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count])) }
        out.append(UInt8(ascii: "\""))
    }

    private static func appendEscape(for byte: UInt8, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
        case 0x08: out.append(UInt8(ascii: "b"))
        case 0x0C: out.append(UInt8(ascii: "f"))
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        default:
            let hex: StaticString = "0123456789abcdef"
            let digits = hex.utf8Start
            out.append(UInt8(ascii: "u"))
            out.append(UInt8(ascii: "0"))
            out.append(UInt8(ascii: "0"))
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
    }
}
