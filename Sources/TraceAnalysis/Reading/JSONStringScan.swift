// JSONStringScan: finds the end of a JSON string's plain run eight bytes at a time (SWAR), for
// the fast-path scanners of summary, diff and export, where strings are most of the bytes.

/// Word-at-a-time search for the bytes that end a plain run inside a JSON string.
enum JSONStringScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The index of the first byte at or after `start` that is `"`, `\`, a control byte
    /// (< 0x20) or, when `stopAtNonASCII`, a byte >= 0x80; `bytes.count` when there is none.
    @inline(__always)
    static func firstSpecial(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, stopAtNonASCII: Bool) -> Int {
        guard let base = bytes.baseAddress else { return start }
        var index = start
        let count = bytes.count
        while index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            var found = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                | ((word &- ones &* 0x20) & ~word)
            found &= highBits
            if stopAtNonASCII { found |= word & highBits }
            if found != 0 { return index + found.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || (stopAtNonASCII && byte >= 0x80) {
                return index
            }
            index += 1
        }
        return count
    }
}
