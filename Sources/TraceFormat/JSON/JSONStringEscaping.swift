// JSONStringEscaping: the one rule for escaping a byte inside a JSON string, shared by the trace
// writer and by the JSON of summaries and exports, so that every JSON restoretrace writes spells
// a control character the same way: `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, and `\u00XX` for
// the other bytes below 0x20. (Bytes that need no escape: see JSONStringBytes.)

/// How a byte that must be escaped in a JSON string is written.
package enum JSONStringEscaping {
    /// Whether `byte` must be escaped inside a JSON string: `"`, `\` or below 0x20.
    @inlinable @inline(__always)
    package static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The escape sequence of `byte` (one that ``needsEscape(_:)``), packed little-endian: its
    /// length in `count` (2 or 6), its bytes from the lowest byte of `bytes` up.
    @inlinable @inline(__always)
    package static func escape(_ byte: UInt8) -> (bytes: UInt64, count: Int) {
        let backslash = UInt64(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): return (backslash | UInt64(UInt8(ascii: "\"")) << 8, 2)
        case UInt8(ascii: "\\"): return (backslash | backslash << 8, 2)
        case 0x08: return (backslash | UInt64(UInt8(ascii: "b")) << 8, 2)
        case 0x0C: return (backslash | UInt64(UInt8(ascii: "f")) << 8, 2)
        case 0x0A: return (backslash | UInt64(UInt8(ascii: "n")) << 8, 2)
        case 0x0D: return (backslash | UInt64(UInt8(ascii: "r")) << 8, 2)
        case 0x09: return (backslash | UInt64(UInt8(ascii: "t")) << 8, 2)
        default:
            let hex = { (nibble: UInt8) -> UInt64 in UInt64(nibble < 10 ? 0x30 + nibble : 0x57 + nibble) }
            return (backslash | UInt64(UInt8(ascii: "u")) << 8 | 0x30 << 16 | 0x30 << 24
                        | hex(byte >> 4) << 32 | hex(byte & 0x0F) << 40, 6)
        }
    }

    /// Appends the escape sequence of `byte` to `out`.
    @inlinable @inline(__always)
    package static func appendEscape(of byte: UInt8, to out: inout [UInt8]) {
        let (bytes, count) = escape(byte)
        for index in 0 ..< count { out.append(UInt8(truncatingIfNeeded: bytes >> UInt64(index * 8))) }
    }
}
