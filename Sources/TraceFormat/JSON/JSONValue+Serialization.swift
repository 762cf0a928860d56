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
    public func serialize(into out: inout [UInt8]) { out.appendEncoded { serialize(to: &$0) } }

    func serialize(to out: inout ByteCursor) {
        switch self {
        case .null: out.appendLiteral("null")
        case .bool(let b):
            if b { out.appendLiteral("true") } else { out.appendLiteral("false") }
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

/// Appends JSON tokens to a byte buffer. Shared by `JSONValue` and the trace writer.
enum JSONOutput {
    /// Appends `value` in decimal, two digits per division.
    @inline(__always)
    static func appendInteger(_ value: Int64, to out: inout ByteCursor) {
        if value >= 0 && value < 10 {
            out.appendByte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        // 20 bytes hold Int64.min with its sign.
        out.reserve(20)
        var target = out.position
        if value < 0 {
            target[0] = UInt8(ascii: "-")
            target += 1
        }
        var magnitude = value.magnitude
        let digits = decimalDigitCount(magnitude)
        var position = digits
        let pairs = UnsafeRawPointer(digitPairs.utf8Start)
        while magnitude >= 100 {
            let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: 100)
            position &-= 2
            let pair = pairs.loadUnaligned(fromByteOffset: Int(truncatingIfNeeded: remainder) &* 2, as: UInt16.self)
            UnsafeMutableRawPointer(target + position).storeBytes(of: pair, as: UInt16.self)
            magnitude = quotient
        }
        if magnitude >= 10 {
            let pair = pairs.loadUnaligned(fromByteOffset: Int(truncatingIfNeeded: magnitude) &* 2, as: UInt16.self)
            UnsafeMutableRawPointer(target).storeBytes(of: pair, as: UInt16.self)
        } else {
            target[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
        }
        out.advance(by: digits &+ (value < 0 ? 1 : 0))
    }

    /// "00", "01", ... "99": the two digits of every remainder by 100.
    private static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    /// How many decimal digits `value` has (1 for 0). Independent comparisons, no divisions.
    @inline(__always)
    static func decimalDigitCount(_ value: UInt64) -> Int {
        var digits = 1
        var power: UInt64 = 10
        for _ in 0..<19 {
            digits &+= value >= power ? 1 : 0
            power &*= 10
        }
        return digits
    }

    /// Appends `value` in shortest round-trip form; integral values keep `.0`; NaN/inf become null.
    static func appendDouble(_ value: Double, to out: inout ByteCursor) {
        guard value.isFinite else {
            out.appendLiteral("null")
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
    static func appendString(_ text: String, to out: inout ByteCursor) {
        #if (arch(x86_64) || arch(arm64)) && _endian(little)
        let (leading, trailing) = unsafeBitCast(text, to: (UInt64, UInt64).self)
        if appendSmallASCII(leading: leading, trailing: trailing, to: &out) { return }
        #endif
        appendLargeString(text, to: &out)
    }

    /// Appends the string stored at `text` (an array element, a member's key) as a quoted,
    /// escaped JSON string. A small one is read in place: no retain and release around it.
    @inline(__always)
    static func appendString(at text: UnsafePointer<String>, to out: inout ByteCursor) {
        #if (arch(x86_64) || arch(arm64)) && _endian(little)
        let (leading, trailing) = UnsafeRawPointer(text).load(as: (UInt64, UInt64).self)
        if appendSmallASCII(leading: leading, trailing: trailing, to: &out) { return }
        #endif
        appendLargeString(text.pointee, to: &out)
    }

    /// Appends `text` as a quoted, escaped JSON string: the path for every string that is
    /// not small ASCII without escapes, kept out of line.
    @inline(never)
    private static func appendLargeString(_ text: String, to out: inout ByteCursor) {
        // Native strings are contiguous UTF-8: no copy. Bridged or foreign ones take the slow path.
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { appendString(utf8: $0, to: &out) }
        if done == nil {
            var copy = text
            copy.withUTF8 { appendString(utf8: $0, to: &out) }
        }
    }

    /// Appends a string given as the two words of its `String` value, and returns true, when
    /// it is a small ASCII string that needs no escape; otherwise appends nothing.
    ///
    /// Most strings in a trace (path components, keys, kinds) are at most 15 bytes, which
    /// Swift keeps inside the `String` value itself: on 64-bit platforms the first word holds
    /// bytes 0–7, the second bytes 8–14 and, in its top byte, `0xE0 | count` for an ASCII one
    /// (the layout of the stable Swift ABI). Reading the two words directly saves spilling
    /// them to the stack for `withContiguousStorageIfAvailable` and loading them back, which
    /// stalls the store-to-load forwarding when a load spans both words.
    @inline(__always)
    private static func appendSmallASCII(leading: UInt64, trailing: UInt64, to out: inout ByteCursor) -> Bool {
        guard trailing >> 60 == 0xE else { return false }
        let count = Int(truncatingIfNeeded: (trailing >> 56) & 0xF)
        // Bytes past the end are zero (and the count byte): spaces in their place pass the check.
        let spaces: UInt64 = 0x2020_2020_2020_2020
        let leadingMask = ~(UInt64.max << UInt64(8 * count))
        let trailingMask = ~(UInt64.max << UInt64(8 * max(count - 8, 0)))
        let flags = escapeFlags((leading & leadingMask) | (spaces & ~leadingMask))
            | escapeFlags((trailing & trailingMask) | (spaces & ~trailingMask))
        guard flags == 0 else { return false }
        // The quote, then both words whole (the bytes past `count` are overwritten or left
        // uncounted), then the closing quote.
        out.reserve(18)
        let target = out.position
        target[0] = UInt8(ascii: "\"")
        UnsafeMutableRawPointer(target + 1).storeBytes(of: leading, as: UInt64.self)
        UnsafeMutableRawPointer(target + 9).storeBytes(of: trailing, as: UInt64.self)
        target[count &+ 1] = UInt8(ascii: "\"")
        out.advance(by: count &+ 2)
        return true
    }

    /// Appends UTF-8 bytes as a quoted, escaped JSON string. Bytes are assumed to be valid UTF-8.
    static func appendString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout ByteCursor) {
        let count = bytes.count
        guard let source = bytes.baseAddress else {
            out.appendLiteral("\"\"")
            return
        }
        // Nearly every string in a trace needs no escape: copy it, checking the bytes as they
        // pass, and close the quotes. Otherwise nothing was committed: write it again, escaped.
        out.reserve(count &+ 2)
        let target = out.position
        target[0] = UInt8(ascii: "\"")
        if copyPlain(source, to: target + 1, count: count) {
            target[count &+ 1] = UInt8(ascii: "\"")
            out.advance(by: count &+ 2)
            return
        }
        appendEscaped(source, count: count, to: &out)
    }

    /// The quoted string with `"`, `\` and control characters escaped.
    private static func appendEscaped(_ base: UnsafePointer<UInt8>, count: Int, to out: inout ByteCursor) {
        out.appendByte(UInt8(ascii: "\""))
        var runStart = 0
        var i = 0
        while i < count {
            // Eight bytes at a time while none needs escaping.
            while i + 8 <= count && escapeFlags(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) == 0 { i += 8 }
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

    /// Copies `count` bytes and returns true when none of them needs escaping. One pass: each
    /// word is checked as it is copied. Like ``ByteCursor/copy(_:to:count:)``, the last
    /// bytes are one overlapping load (never a read past the end, never a byte loop).
    @inline(__always)
    private static func copyPlain(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        if count >= 8 {
            var flags: UInt64 = 0
            var i = 0
            while i &+ 8 < count {
                let word = from.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                to.storeBytes(of: word, toByteOffset: i, as: UInt64.self)
                flags |= escapeFlags(word)
                i &+= 8
            }
            let last = from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            to.storeBytes(of: last, toByteOffset: count &- 8, as: UInt64.self)
            return flags | escapeFlags(last) == 0
        }
        if count >= 4 {
            let head = from.loadUnaligned(as: UInt32.self)
            let last = from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: last, toByteOffset: count &- 4, as: UInt32.self)
            return escapeFlags(UInt64(head) | UInt64(last) << 32) == 0
        }
        guard count > 0 else { return true }
        // 1 to 3 bytes: first, middle and last cover them all; spaces fill the word.
        let first = source[0], middle = source[count >> 1], last = source[count &- 1]
        target[0] = first
        target[count >> 1] = middle
        target[count &- 1] = last
        return escapeFlags(0x2020_2020_2000_0000 | UInt64(last) << 16 | UInt64(middle) << 8 | UInt64(first)) == 0
    }

    /// Non-zero when one of the eight bytes in `word` is `"`, `\` or below 0x20.
    @inline(__always)
    private static func escapeFlags(_ word: UInt64) -> UInt64 { JSONStringBytes.mask(word, nonASCII: false) }

    private static func appendEscape(for byte: UInt8, to out: inout ByteCursor) {
        let (bytes, count) = JSONStringEscaping.escape(byte)
        for index in 0 ..< count { out.appendByte(UInt8(truncatingIfNeeded: bytes >> UInt64(index * 8))) }
    }
}
