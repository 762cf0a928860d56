// JSONScanner: the byte-level JSON parser behind `JSONValue.parse` and the trace reader's
// fallback for fields it does not know. Works on raw UTF-8 bytes; never builds Characters.

/// A cursor over UTF-8 bytes that parses JSON values (RFC 8259).
///
/// The scanner does not own its bytes: callers keep the buffer alive while it is used.
/// Errors carry a line and byte column relative to the start of the buffer.
struct JSONScanner {
    let base: UnsafePointer<UInt8>
    let end: Int
    var index: Int
    let maxDepth: Int
    /// When set, strings without escapes come from (and go into) this cache.
    var interner: StringInterner?
    /// Reused between strings that contain escapes.
    private var scratch: [UInt8] = []

    init(base: UnsafePointer<UInt8>, count: Int, index: Int = 0, maxDepth: Int = 512) {
        self.base = base
        self.end = count
        self.index = index
        self.maxDepth = maxDepth
    }

    // MARK: Errors

    func error(_ reason: JSONParseError.Reason, at offset: Int) -> JSONParseError {
        var line = 1
        var lineStart = 0
        var i = 0
        let limit = min(offset, end)
        while i < limit {
            if base[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        return JSONParseError(reason: reason, line: line, column: offset - lineStart + 1, offset: offset)
    }

    func unexpected(expected: String) -> JSONParseError {
        index < end
            ? error(.unexpectedByte(base[index], expected: expected), at: index)
            : error(.unexpectedEnd(expected: expected), at: index)
    }

    // MARK: Whole documents

    /// Parses one value followed only by whitespace.
    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if index < end { throw error(.trailingData, at: index) }
        return value
    }

    // MARK: Values

    @inline(__always)
    mutating func skipWhitespace() {
        while index < end {
            switch base[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// Parses the value at `index` (whitespace already skipped); `depth` counts enclosing containers.
    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard index < end else { throw error(.unexpectedEnd(expected: "a value"), at: index) }
        switch base[index] {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "{"): return .object(try parseObject(depth: depth + 1))
        case UInt8(ascii: "["): return .array(try parseArray(depth: depth + 1))
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw unexpected(expected: "a value")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let start = index
        let bytes = literal.utf8Start
        for i in 0..<literal.utf8CodeUnitCount {
            guard index < end, base[index] == bytes[i] else {
                throw index < end
                    ? error(.unexpectedByte(base[index], expected: "'\(literal)'"), at: index)
                    : error(.unexpectedEnd(expected: "'\(literal)'"), at: start)
            }
            index += 1
        }
    }

    mutating func parseArray(depth: Int) throws(JSONParseError) -> [JSONValue] {
        if depth > maxDepth { throw error(.nestingTooDeep(maxDepth: maxDepth), at: index) }
        index += 1  // [
        var items: [JSONValue] = []
        items.reserveCapacity(4)
        skipWhitespace()
        if index < end && base[index] == UInt8(ascii: "]") {
            index += 1
            return items
        }
        while true {
            skipWhitespace()
            items.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < end else { throw error(.unexpectedEnd(expected: "',' or ']'"), at: index) }
            switch base[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return items
            default: throw unexpected(expected: "',' or ']'")
            }
        }
    }

    mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONObject {
        if depth > maxDepth { throw error(.nestingTooDeep(maxDepth: maxDepth), at: index) }
        index += 1  // {
        var members: [JSONMember] = []
        skipWhitespace()
        if index < end && base[index] == UInt8(ascii: "}") {
            index += 1
            return JSONObject(members)
        }
        while true {
            skipWhitespace()
            guard index < end, base[index] == UInt8(ascii: "\"") else {
                throw unexpected(expected: "a string key")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < end, base[index] == UInt8(ascii: ":") else { throw unexpected(expected: "':'") }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            members.append(JSONMember(key, value))
            skipWhitespace()
            guard index < end else { throw error(.unexpectedEnd(expected: "',' or '}'"), at: index) }
            switch base[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return JSONObject(members)
            default: throw unexpected(expected: "',' or '}'")
            }
        }
    }

    // MARK: Skipping

    /// Checks the value at `index` exactly as ``parseValue(depth:)`` would, and moves past it
    /// without building it (no allocation, except for strings with escapes).
    mutating func skipValue(depth: Int) throws(JSONParseError) {
        guard index < end else { throw error(.unexpectedEnd(expected: "a value"), at: index) }
        switch base[index] {
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "{"): try skipContainer(depth: depth + 1, close: UInt8(ascii: "}"), isObject: true)
        case UInt8(ascii: "["): try skipContainer(depth: depth + 1, close: UInt8(ascii: "]"), isObject: false)
        case UInt8(ascii: "t"): try expectLiteral("true")
        case UInt8(ascii: "f"): try expectLiteral("false")
        case UInt8(ascii: "n"): try expectLiteral("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try parseNumber(convert: false)
        default: throw unexpected(expected: "a value")
        }
    }

    private mutating func skipContainer(depth: Int, close: UInt8, isObject: Bool) throws(JSONParseError) {
        if depth > maxDepth { throw error(.nestingTooDeep(maxDepth: maxDepth), at: index) }
        index += 1
        skipWhitespace()
        if index < end && base[index] == close {
            index += 1
            return
        }
        let expected = isObject ? "',' or '}'" : "',' or ']'"
        while true {
            skipWhitespace()
            if isObject {
                guard index < end, base[index] == UInt8(ascii: "\"") else { throw unexpected(expected: "a string key") }
                try skipString()
                skipWhitespace()
                guard index < end, base[index] == UInt8(ascii: ":") else { throw unexpected(expected: "':'") }
                index += 1
                skipWhitespace()
            }
            try skipValue(depth: depth)
            skipWhitespace()
            guard index < end else { throw error(.unexpectedEnd(expected: expected), at: index) }
            if base[index] == UInt8(ascii: ",") {
                index += 1
            } else if base[index] == close {
                index += 1
                return
            } else {
                throw unexpected(expected: expected)
            }
        }
    }

    /// Checks and skips the string whose opening quote is at `index`.
    @inline(__always)
    mutating func skipString() throws(JSONParseError) {
        // Fast path: eight bytes at a time; the first special byte is found exactly from the
        // mask, and when it is the closing quote the string was plain ASCII.
        var i = index + 1
        while i + 8 <= end {
            // Little-endian order, so that the lowest set bit is the first byte in the text.
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            let mask = JSONStringBytes.mask(word, nonASCII: true)
            if mask == 0 {
                i += 8
                continue
            }
            let special = i + mask.trailingZeroBitCount >> 3
            if base[special] == UInt8(ascii: "\"") {
                index = special + 1
                return
            }
            try skipStringByteByByte()
            return
        }
        // The last bytes of the line (a short string at the end of a record): one at a time.
        while i < end {
            let byte = base[i]
            if byte == UInt8(ascii: "\"") {
                index = i + 1
                return
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            i += 1
        }
        try skipStringByteByByte()
    }

    /// ``skipString()`` for escapes, non-ASCII text and errors.
    private mutating func skipStringByteByByte() throws(JSONParseError) {
        let open = index
        index += 1
        while index < end {
            while index + 8 <= end && JSONStringBytes.mask(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self), nonASCII: true) == 0 {
                index += 8
            }
            guard index < end else { break }
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return
            }
            if byte == UInt8(ascii: "\\") {
                // Escapes are rare: check them with the full parser.
                index = open
                _ = try parseString()
                return
            }
            if byte < 0x20 { throw controlCharacterError(at: index, open: open) }
            if byte < 0x80 {
                index += 1
            } else {
                try skipUTF8Sequence()
            }
        }
        throw error(.unterminatedString, at: open)
    }

    // MARK: Strings

    /// Parses the string whose opening quote is at `index`.
    mutating func parseString() throws(JSONParseError) -> String {
        let open = index
        index += 1
        let start = index
        // Fast path: plain ASCII/UTF-8 with no escapes becomes a String straight from the bytes.
        while index < end {
            // Eight bytes at a time while none is special (quote, backslash, control, non-ASCII).
            while index + 8 <= end && JSONStringBytes.mask(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self), nonASCII: true) == 0 {
                index += 8
            }
            guard index < end else { break }
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                let text = interner.map { $0.string(base + start, count: index - start) }
                    ?? String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return try parseEscapedString(from: start, open: open) }
            if byte < 0x20 { throw controlCharacterError(at: index, open: open) }
            if byte < 0x80 {
                index += 1
            } else {
                try skipUTF8Sequence()
            }
        }
        throw error(.unterminatedString, at: open)
    }

    /// The eight bytes at `offset` as one little-endian word (the first byte lowest), zeros for
    /// bytes at or past the end: short known texts (keys, kinds) are matched with one compare.
    @inline(__always)
    func word(at offset: Int) -> UInt64 {
        if offset + 8 <= end {
            return UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
        }
        var word: UInt64 = 0
        var i = Swift.min(end, offset + 8)
        while i > offset {
            i -= 1
            word = word << 8 | UInt64(base[i])
        }
        return word
    }

    /// The first (up to) eight bytes of `text` packed as ``word(at:)`` packs them; folds to a
    /// constant for a literal.
    @inline(__always)
    static func packedWord(_ text: StaticString) -> UInt64 {
        var word: UInt64 = 0
        var i = Swift.min(8, text.utf8CodeUnitCount)
        while i > 0 {
            i -= 1
            word = word << 8 | UInt64(text.utf8Start[i])
        }
        return word
    }

    /// The low `count` bytes of a word (all of it from eight on).
    @inline(__always)
    static func lowBytesMask(_ count: Int) -> UInt64 { count >= 8 ? ~0 : (1 << UInt64(count * 8)) &- 1 }

    /// A raw line feed in a string on a single-line text almost always means the closing quote
    /// is missing, so that case is reported as an unterminated string.
    private func controlCharacterError(at offset: Int, open: Int) -> JSONParseError {
        if base[offset] == 0x0A { return error(.unterminatedString, at: open) }
        return error(.controlCharacterInString(base[offset]), at: offset)
    }

    private mutating func parseEscapedString(from start: Int, open: Int) throws(JSONParseError) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(start: base + start, count: index - start))
        while index < end {
            let byte = base[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try appendEscape()
            case 0..<0x20:
                throw controlCharacterError(at: index, open: open)
            case 0x20..<0x80:
                scratch.append(byte)
                index += 1
            default:
                let sequenceStart = index
                try skipUTF8Sequence()
                scratch.append(contentsOf: UnsafeBufferPointer(start: base + sequenceStart, count: index - sequenceStart))
            }
        }
        throw error(.unterminatedString, at: open)
    }

    /// Appends the escape at `index` (a backslash) to `scratch` as UTF-8.
    private mutating func appendEscape() throws(JSONParseError) {
        let escapeStart = index
        index += 1
        guard index < end else { throw error(.unterminatedString, at: escapeStart) }
        let letter = base[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""): scratch.append(0x22)
        case UInt8(ascii: "\\"): scratch.append(0x5C)
        case UInt8(ascii: "/"): scratch.append(0x2F)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try readHex4(escapeStart: escapeStart)
            var scalar = UInt32(unit)
            if unit >= 0xD800 && unit < 0xDC00 {
                // A high surrogate must be followed by `\u` and a low surrogate.
                guard index + 1 < end, base[index] == UInt8(ascii: "\\"), base[index + 1] == UInt8(ascii: "u") else {
                    throw error(.loneSurrogate(unit), at: escapeStart)
                }
                let lowStart = index
                index += 2
                let low = try readHex4(escapeStart: lowStart)
                guard low >= 0xDC00 && low < 0xE000 else { throw error(.loneSurrogate(unit), at: escapeStart) }
                scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if unit >= 0xDC00 && unit < 0xE000 {
                throw error(.loneSurrogate(unit), at: escapeStart)
            }
            appendUTF8(scalar)
        default:
            throw error(.invalidEscape(letter), at: escapeStart)
        }
    }

    private mutating func readHex4(escapeStart: Int) throws(JSONParseError) -> UInt16 {
        guard index + 4 <= end else { throw error(.invalidUnicodeEscape, at: escapeStart) }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = base[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- UInt8(ascii: "A") &+ 10
            default: throw error(.invalidUnicodeEscape, at: escapeStart)
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | (scalar >> 6)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | (scalar >> 12)))
            scratch.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            scratch.append(UInt8(0xF0 | (scalar >> 18)))
            scratch.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            scratch.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    /// Checks the multi-byte UTF-8 sequence at `index` (Unicode table 3-7: no overlong forms,
    /// no surrogates, nothing above U+10FFFF) and moves past it.
    private mutating func skipUTF8Sequence() throws(JSONParseError) {
        let lead = base[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw error(.invalidUTF8(lead), at: index)
        }
        var i = index + 1
        let last = index + length
        while i < last {
            guard i < end else { throw error(.invalidUTF8(lead), at: index) }
            let byte = base[i]
            let (lo, hi) = i == index + 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            // Name the sequence's first byte: that is the byte that is wrong for a reader
            // (a Latin-1 'é' is a lone 0xE9 followed by ASCII).
            guard byte >= lo && byte <= hi else { throw error(.invalidUTF8(lead), at: index) }
            i += 1
        }
        index = last
    }

    // MARK: Numbers

    /// Parses a number: integers that fit in Int64 become `.int`, everything else `.double`.
    mutating func parseNumber(convert: Bool = true) throws(JSONParseError) -> JSONValue {
        let start = index
        var negative = false
        if base[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < end, base[index] >= UInt8(ascii: "0"), base[index] <= UInt8(ascii: "9") else {
            throw error(.invalidNumber(detail: "expected a digit after '-'"), at: index)
        }
        var isInteger = true
        var overflow = false
        // Accumulated as a negative number so that Int64.min parses.
        var magnitude: Int64 = 0
        if base[index] == UInt8(ascii: "0") {
            index += 1
            if index < end, base[index] >= UInt8(ascii: "0"), base[index] <= UInt8(ascii: "9") {
                throw error(.invalidNumber(detail: "leading zeros are not allowed"), at: start)
            }
        } else {
            while index < end, base[index] >= UInt8(ascii: "0"), base[index] <= UInt8(ascii: "9") {
                let digit = Int64(base[index] &- UInt8(ascii: "0"))
                let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (next, o2) = times10.subtractingReportingOverflow(digit)
                if o1 || o2 { overflow = true } else { magnitude = next }
                index += 1
            }
        }
        if index < end && base[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < end, base[index] >= UInt8(ascii: "0"), base[index] <= UInt8(ascii: "9") else {
                throw error(.invalidNumber(detail: "expected a digit after '.'"), at: index)
            }
            while index < end, base[index] >= UInt8(ascii: "0"), base[index] <= UInt8(ascii: "9") { index += 1 }
        }
        if index < end && (base[index] == UInt8(ascii: "e") || base[index] == UInt8(ascii: "E")) {
            isInteger = false
            index += 1
            if index < end && (base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-")) { index += 1 }
            guard index < end, base[index] >= UInt8(ascii: "0"), base[index] <= UInt8(ascii: "9") else {
                throw error(.invalidNumber(detail: "expected a digit in the exponent"), at: index)
            }
            while index < end, base[index] >= UInt8(ascii: "0"), base[index] <= UInt8(ascii: "9") { index += 1 }
        }
        if isInteger && !overflow {
            if negative { return .int(magnitude) }
            if magnitude != .min { return .int(-magnitude) }
        }
        return convert ? .double(parseDouble(from: start, to: index)) : .null
    }

    /// Converts validated JSON number text to the nearest Double (correctly rounded; values
    /// beyond Double's range become infinity, which the serializer writes back as null).
    private func parseDouble(from start: Int, to stop: Int) -> Double {
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: stop - start), as: UTF8.self)
        return Double(text) ?? .nan
    }
}
