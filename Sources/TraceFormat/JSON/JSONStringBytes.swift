// JSONStringBytes: the one classifier of the bytes inside a JSON string — which end a plain
// run (`"`, `\`, a control byte, and for readers that check UTF-8 a byte of 0x80 or above) —
// eight bytes at a time (SWAR). The JSON lexer, the record-line scanners of every reader
// (summary, diff and export included) and the writer's escaping all ask it.

/// Word-at-a-time classification of the bytes inside a JSON string.
package enum JSONStringBytes {
    /// The high bit of each byte of `word` that is `"`, `\` or below 0x20, and, with
    /// `nonASCII`, of each byte of 0x80 and above ("has a zero byte" tests on the word XORed
    /// with each special byte). Bytes above the first marked one may be marked wrongly
    /// (borrows), but the lowest set bit always marks the first special byte.
    @inlinable @inline(__always)
    package static func mask(_ word: UInt64, nonASCII: Bool) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let found = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
        return nonASCII ? (found | word) & highs : found & highs
    }

    /// The index of the first byte at or after `start` that is `"`, `\`, a control byte
    /// (< 0x20) or, when `stopAtNonASCII`, a byte >= 0x80; `bytes.count` when there is none.
    @inlinable @inline(__always)
    package static func firstSpecial(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, stopAtNonASCII: Bool) -> Int {
        guard let base = bytes.baseAddress else { return start }
        var index = start
        let count = bytes.count
        while index + 8 <= count {
            let found = mask(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self), nonASCII: stopAtNonASCII)
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
