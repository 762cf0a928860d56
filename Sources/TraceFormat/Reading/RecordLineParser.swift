// RecordLineParser: the reader's fast path. Parses one record line straight into a
// `TraceRecord`: core keys are recognised by their bytes and their values parsed in place;
// any other field goes through the general JSON scanner and is kept as an attribute.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A record line that could not be read: where (byte column in the line) and why.
struct RecordLineError: Error {
    var column: Int?
    var message: String
    /// The line ends where JSON still expects more: what a writer stopped mid-line leaves.
    var endsTooEarly = false

    init(column: Int?, _ message: String) {
        self.column = column
        self.message = message
    }

    init(_ syntax: JSONParseError, lineLength: Int) {
        self.column = syntax.column
        self.message = syntax.message
        switch syntax.reason {
        case .unexpectedEnd, .unterminatedString:
            endsTooEarly = true
        case .invalidUnicodeEscape, .invalidUTF8, .invalidNumber:
            // A cut inside an escape, a multi-byte character or a number.
            endsTooEarly = syntax.offset >= lineLength - 6
        default:
            endsTooEarly = false
        }
    }
}

/// Parses record lines (not the header: see ``TraceHeaderParser``).
enum RecordLineParser {
    /// The core fields, with the bit each sets in the "seen" mask.
    enum CoreField: UInt16 {
        case seq = 1, ts = 2, ph = 4, span = 8, kind = 16, path = 32, className = 64, thread = 128, type = 256

        var name: String {
            switch self {
            case .seq: return "seq"
            case .ts: return "ts"
            case .ph: return "ph"
            case .span: return "span"
            case .kind: return "kind"
            case .path: return "path"
            case .className: return "class"
            case .thread: return "thread"
            case .type: return "type"
            }
        }
    }

    /// Parses the line `base[0..<count]` (no newline) into a record.
    /// With `keepAttributes` false, other fields are checked but not built (records come back
    /// without attributes).
    static func parse(
        _ base: UnsafePointer<UInt8>, count: Int, interner: StringInterner? = nil, keepAttributes: Bool = true,
        keptAttributes: Set<String>? = nil
    ) throws(RecordLineError) -> TraceRecord {
        var scanner = JSONScanner(base: base, count: count, maxDepth: 512)
        scanner.interner = interner
        do {
            return try parse(&scanner, keepAttributes: keepAttributes, keptAttributes: keptAttributes)
        } catch let error as JSONParseError {
            throw RecordLineError(error, lineLength: count)
        } catch let error as RecordLineError {
            throw error
        } catch {
            throw RecordLineError(column: nil, "\(error)")
        }
    }

    private static func parse(_ s: inout JSONScanner, keepAttributes: Bool, keptAttributes: Set<String>?) throws -> TraceRecord {
        let base = s.base
        s.skipWhitespace()
        guard s.index < s.end, base[s.index] == UInt8(ascii: "{") else {
            throw s.unexpected(expected: "'{' (every line of a trace is one JSON object)")
        }
        s.index += 1
        var seen: UInt16 = 0
        var seq: Int64 = 0
        var ts: Int64 = 0
        var phase: Phase = .instant
        var span: Int64?
        var kind: RecordKind = ""
        var path: [String]?
        var className: String?
        var thread: String?
        var attributes: [TraceAttribute] = []
        var headerMarker = false

        s.skipWhitespace()
        if s.index < s.end && base[s.index] == UInt8(ascii: "}") {
            s.index += 1
        } else {
            members: while true {
                s.skipWhitespace()
                guard s.index < s.end, base[s.index] == UInt8(ascii: "\"") else {
                    throw s.unexpected(expected: "a string key")
                }
                let keyStart = s.index
                let field = matchCoreKey(&s)
                var otherKey: String?
                if field == nil {
                    if keepAttributes { otherKey = try s.parseString() } else { try s.skipString() }
                }
                s.skipWhitespace()
                guard s.index < s.end, base[s.index] == UInt8(ascii: ":") else { throw s.unexpected(expected: "':'") }
                s.index += 1
                s.skipWhitespace()
                if let field {
                    if seen & field.rawValue != 0 {
                        throw RecordLineError(column: keyStart + 1, "duplicate field \"\(field.name)\"")
                    }
                    seen |= field.rawValue
                    switch field {
                    case .seq: seq = try integer(&s, field: field)
                    case .ts: ts = try integer(&s, field: field)
                    case .span: span = try integer(&s, field: field)
                    case .ph: phase = try parsePhase(&s)
                    case .kind: kind = try parseKind(&s)
                    case .path: path = try parsePath(&s)
                    case .className: className = try string(&s, field: field)
                    case .thread: thread = try string(&s, field: field)
                    case .type:
                        let value = try s.parseValue(depth: 1)
                        if value == .string("header") { headerMarker = true }
                        attributes.append(TraceAttribute("type", value))
                    }
                } else if let otherKey, keptAttributes?.contains(otherKey) ?? true {
                    if attributes.isEmpty { attributes.reserveCapacity(4) }
                    attributes.append(TraceAttribute(otherKey, try s.parseValue(depth: 1)))
                } else {
                    try s.skipValue(depth: 1)
                }
                s.skipWhitespace()
                guard s.index < s.end else { throw s.error(.unexpectedEnd(expected: "',' or '}'"), at: s.index) }
                switch base[s.index] {
                case UInt8(ascii: ","): s.index += 1
                case UInt8(ascii: "}"): s.index += 1; break members
                default: throw s.unexpected(expected: "',' or '}'")
                }
            }
        }
        s.skipWhitespace()
        if s.index < s.end { throw s.error(.trailingData, at: s.index) }

        if headerMarker {
            throw RecordLineError(column: 1, "a header line here: the header belongs on line 1 only (concatenated traces?)")
        }
        for required in [CoreField.seq, .ts, .ph, .kind] where seen & required.rawValue == 0 {
            throw RecordLineError(column: nil, "missing required field \"\(required.name)\"")
        }
        if phase != .instant && span == nil {
            throw RecordLineError(column: nil, "missing \"span\": \"\(phase.rawValue)\" records need a span id")
        }
        return TraceRecord(
            seq: seq, ts: ts, phase: phase, span: span, kind: kind, path: path, className: className, thread: thread,
            attributes: attributes)
    }

    // MARK: Keys

    /// If the key at `s.index` is a core key written without escapes, moves past it and returns
    /// it; otherwise leaves `s.index` unchanged and returns nil.
    @inline(__always)
    static func matchCoreKey(_ s: inout JSONScanner) -> CoreField? {
        // One 8-byte load from the opening quote: every core key, quotes included, fits, and a
        // key matches when its bytes up to the closing quote are equal.
        let word = s.word(at: s.index)
        let field: CoreField
        let length: Int
        if keyMatches(word, #""seq""#) {
            (field, length) = (.seq, 5)
        } else if keyMatches(word, #""ts""#) {
            (field, length) = (.ts, 4)
        } else if keyMatches(word, #""ph""#) {
            (field, length) = (.ph, 4)
        } else if keyMatches(word, #""span""#) {
            (field, length) = (.span, 6)
        } else if keyMatches(word, #""kind""#) {
            (field, length) = (.kind, 6)
        } else if keyMatches(word, #""path""#) {
            (field, length) = (.path, 6)
        } else if keyMatches(word, #""class""#) {
            (field, length) = (.className, 7)
        } else if keyMatches(word, #""thread""#) {
            (field, length) = (.thread, 8)
        } else if keyMatches(word, #""type""#) {
            (field, length) = (.type, 6)
        } else {
            return nil
        }
        s.index += length
        return field
    }

    @inline(__always)
    private static func keyMatches(_ word: UInt64, _ key: StaticString) -> Bool {
        word & JSONScanner.lowBytesMask(key.utf8CodeUnitCount) == JSONScanner.packedWord(key)
    }

    /// If the string at `s.index` is one of ``RecordKind/known`` written without escapes, moves
    /// past it and returns its index there; otherwise leaves `s.index` unchanged and returns nil.
    @inline(__always)
    static func matchKnownKind(_ s: inout JSONScanner) -> Int? {
        let start = s.index
        guard start < s.end, s.base[start] == UInt8(ascii: "\"") else { return nil }
        // The closing quote is the first special byte (a known kind has no escape, control or
        // non-ASCII byte), found eight bytes at a time; past the end `word(at:)` reads zeros,
        // which are special too.
        var close = start + 1
        while true {
            let special = JSONStringBytes.mask(s.word(at: close), nonASCII: true)
            if special != 0 {
                close += special.trailingZeroBitCount >> 3
                break
            }
            close += 8
        }
        guard close < s.end, s.base[close] == UInt8(ascii: "\"") else { return nil }
        let length = close - start - 1
        let table = KnownKindTable.shared
        guard length < table.rangeByLength.count else { return nil }
        // Three words (bytes 0..<8, 8..<16, and the last eight) tell apart the known kinds, all
        // at most 24 bytes (the table's lengths).
        let key = KnownKindKey(length: length, head: s.word(at: start + 1),
                               middle: length > 8 ? s.word(at: start + 9) : 0,
                               tail: length > 16 ? s.word(at: close - 8) : 0)
        for entry in table.rangeByLength[length] where table.keys[entry] == key {
            s.index = close + 1
            return table.indices[entry]
        }
        return nil
    }

    /// A kind's length and words, as ``matchKnownKind(_:)`` compares them.
    private struct KnownKindKey: Equatable {
        var length: Int
        var head: UInt64
        var middle: UInt64
        var tail: UInt64

        /// `head`, `middle` and `tail` are the words at the text's offsets 0, 8 and length - 8,
        /// each kept only where it holds the text's bytes.
        @inline(__always)
        init(length: Int, head: UInt64, middle: UInt64, tail: UInt64) {
            self.length = length
            self.head = head & JSONScanner.lowBytesMask(length)
            self.middle = length > 8 ? middle & JSONScanner.lowBytesMask(length - 8) : 0
            self.tail = length > 16 ? tail : 0
        }
    }

    /// ``RecordKind/known`` as ``matchKnownKind(_:)`` compares them: grouped by length, so
    /// that a kind is compared with the one to three known kinds of its length only.
    /// (A class, so that the hot path reads the shared table without retaining its arrays.)
    private final class KnownKindTable: Sendable {
        /// Kinds longer than this would need more than three words.
        static let maxLength = 24
        static let shared = KnownKindTable()

        let keys: [KnownKindKey]
        /// `indices[i]` is the index in ``RecordKind/known`` of `keys[i]`.
        let indices: [Int]
        /// The entries of each length.
        let rangeByLength: [Range<Int>]

        private init() {
            let known = RecordKind.known.enumerated()
                .map { (index: $0.offset, bytes: Array($0.element.rawValue.utf8)) }
                .sorted { ($0.bytes.count, $0.index) < ($1.bytes.count, $1.index) }
            precondition(known.allSatisfy { $0.bytes.count <= KnownKindTable.maxLength })
            let keys = known.map { _, bytes in
                bytes.withUnsafeBufferPointer { buffer in
                    let text = JSONScanner(base: buffer.baseAddress!, count: buffer.count)
                    return KnownKindKey(length: bytes.count, head: text.word(at: 0),
                                        middle: bytes.count > 8 ? text.word(at: 8) : 0,
                                        tail: bytes.count > 16 ? text.word(at: bytes.count - 8) : 0)
                }
            }
            self.keys = keys
            indices = known.map(\.index)
            var ranges: [Range<Int>] = []
            var first = 0
            for length in 0...KnownKindTable.maxLength {
                var last = first
                while last < keys.count && keys[last].length == length { last += 1 }
                ranges.append(first..<last)
                first = last
            }
            rangeByLength = ranges
        }
    }

    // MARK: Values

    private static func integer(_ s: inout JSONScanner, field: CoreField) throws -> Int64 {
        let start = s.index
        guard start < s.end else { throw s.error(.unexpectedEnd(expected: "a value"), at: start) }
        let byte = s.base[start]
        if byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
            // Fast path: plain non-negative decimal that ends at ',' or '}'.
            var value: Int64 = 0
            var i = start
            while i < s.end, i - start < 18 {
                let digit = s.base[i] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                value = value &* 10 &+ Int64(digit)
                i += 1
            }
            if i > start, i < s.end, s.base[i] == UInt8(ascii: ",") || s.base[i] == UInt8(ascii: "}"),
                !(s.base[start] == UInt8(ascii: "0") && i - start > 1)
            {
                s.index = i
                return try inRange(value, field: field, column: start + 1)
            }
            let number = try s.parseNumber()
            if case .int(let value) = number { return try inRange(value, field: field, column: start + 1) }
            let text = String(decoding: UnsafeBufferPointer(start: s.base + start, count: s.index - start), as: UTF8.self)
            throw RecordLineError(column: start + 1, "\"\(field.name)\" must be an integer, found number \(text)")
        }
        let value = try s.parseValue(depth: 1)
        throw RecordLineError(column: start + 1, "\"\(field.name)\" must be an integer, found \(value.typeName)")
    }

    /// `seq`, `ts` and `span` stay within ±(2^53 − 1), the largest integers every JSON reader
    /// keeps exact, so differences and sums of them never overflow 64 bits downstream.
    @inline(__always)
    private static func inRange(_ value: Int64, field: CoreField, column: Int) throws -> Int64 {
        guard value.magnitude <= UInt64(TraceRecord.largestExactInteger) else {
            throw RecordLineError(column: column,
                "\"\(field.name)\" is \(value), beyond ±\(TraceRecord.largestExactInteger) (2^53 - 1), the range a trace may use")
        }
        return value
    }

    private static func string(_ s: inout JSONScanner, field: CoreField) throws -> String {
        let start = s.index
        if start < s.end && s.base[start] == UInt8(ascii: "\"") { return try s.parseString() }
        let value = try s.parseValue(depth: 1)
        throw RecordLineError(column: start + 1, "\"\(field.name)\" must be a string, found \(value.typeName)")
    }

    private static func parsePhase(_ s: inout JSONScanner) throws -> Phase {
        let start = s.index
        if start + 2 < s.end, s.base[start] == UInt8(ascii: "\""), s.base[start + 2] == UInt8(ascii: "\""),
            let phase = Phase(letter: s.base[start + 1])
        {
            s.index += 3
            return phase
        }
        let value = try s.parseValue(depth: 1)
        let found = value.stringValue.map { "\"\($0)\"" } ?? value.typeName
        throw RecordLineError(column: start + 1, "\"ph\" must be \"B\", \"E\" or \"i\", found \(found)")
    }

    /// Kinds the format defines come back as shared constants, without allocating.
    private static func parseKind(_ s: inout JSONScanner) throws -> RecordKind {
        if let known = matchKnownKind(&s) { return RecordKind.known[known] }
        let start = s.index
        if start < s.end && s.base[start] == UInt8(ascii: "\"") { return RecordKind(rawValue: try s.parseString()) }
        let value = try s.parseValue(depth: 1)
        throw RecordLineError(column: start + 1, "\"kind\" must be a string, found \(value.typeName)")
    }

    /// The path whose JSON text (an array of strings, already checked) is `base[start..<end]`,
    /// through `interner`'s cache of paths; nil when it is not one.
    static func path(_ base: UnsafePointer<UInt8>, start: Int, end: Int, interner: StringInterner?) -> [String]? {
        var s = JSONScanner(base: base, count: end, index: start)
        s.interner = interner
        guard let path = try? parsePath(&s), s.index == end else { return nil }
        return path
    }

    private static func parsePath(_ s: inout JSONScanner) throws -> [String] {
        let start = s.index
        guard start < s.end, s.base[start] == UInt8(ascii: "[") else {
            let value = try s.parseValue(depth: 1)
            throw RecordLineError(column: start + 1, "\"path\" must be an array of strings, found \(value.typeName)")
        }
        // The same text as a path parsed before gives the same array (and shares its storage).
        guard let interner = s.interner, let textEnd = closingBracket(of: s.base, from: start + 1, end: s.end) else {
            return try parsePathElements(&s)
        }
        let text = s.base + start
        let count = textEnd + 1 - start
        if let cached = interner.path(text: text, count: count) {
            s.index = textEnd + 1
            return cached
        }
        let components = try parsePathElements(&s)
        if s.index == textEnd + 1 { interner.remember(components, text: text, count: count) }
        return components
    }

    /// The offset of the first `]` after `from`, within ``StringInterner/maxPathBytes``: the end of
    /// the path array's text unless a component holds a `]`. Only a cache key, so it need not
    /// be exact: a text is remembered only when the parse of it ends exactly there, and a hit
    /// needs the same bytes, which parse the same way.
    private static func closingBracket(of base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int? {
        let limit = min(end, from + StringInterner.maxPathBytes)
        guard from < limit, let found = memchr(base + from, Int32(UInt8(ascii: "]")), limit - from) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// The elements of a path array, the scanner just past its `[`.
    private static func parsePathElements(_ s: inout JSONScanner) throws -> [String] {
        s.index += 1
        var components: [String] = []
        components.reserveCapacity(8)
        s.skipWhitespace()
        if s.index < s.end && s.base[s.index] == UInt8(ascii: "]") {
            s.index += 1
            return components
        }
        while true {
            s.skipWhitespace()
            let elementStart = s.index
            guard elementStart < s.end, s.base[elementStart] == UInt8(ascii: "\"") else {
                let value = try s.parseValue(depth: 2)
                throw RecordLineError(
                    column: elementStart + 1,
                    "\"path\" must be an array of strings, found \(value.typeName) at index \(components.count)")
            }
            components.append(try s.parseString())
            s.skipWhitespace()
            guard s.index < s.end else { throw s.error(.unexpectedEnd(expected: "',' or ']'"), at: s.index) }
            switch s.base[s.index] {
            case UInt8(ascii: ","): s.index += 1
            case UInt8(ascii: "]"): s.index += 1; return components
            default: throw s.unexpected(expected: "',' or ']'")
            }
        }
    }
}
