// RecordLineScanner: the validator's fast path. Checks one record line exactly as
// `RecordLineParser` does with attributes off, but builds nothing: the core fields come back
// as integers, a kind number and byte ranges, in a `ScannedRecord`. Any line it is not sure
// of (an error, an unknown kind, a "type" field, a duplicate) it declines, and the caller
// parses that line with `RecordLineParser`, which gives the exact value or diagnostic.

/// The core fields of a record line, borrowed: ranges point into the line's bytes.
struct ScannedRecord {
    var seq: Int64 = 0
    var ts: Int64 = 0
    var phase: Phase = .instant
    /// 0 when absent (`hasSpan` says which).
    var span: Int64 = 0
    var hasSpan = false
    /// Index of the kind in ``RecordKind/known``.
    var knownKind = 0
    /// The `path` array's JSON text (brackets included), or an empty range when absent.
    var pathStart = 0
    var pathEnd = 0
    /// The `class` string's JSON text (quotes included), or an empty range when absent.
    var classStart = 0
    var classEnd = 0
    var thread: String?
}

enum RecordLineScanner {
    /// The line's core fields, or nil when the line must go through ``RecordLineParser``
    /// (it is malformed, or has something this fast path does not handle).
    static func scan(_ base: UnsafePointer<UInt8>, count: Int, interner: StringInterner?) -> ScannedRecord? {
        var s = JSONScanner(base: base, count: count, maxDepth: 512)
        s.interner = interner
        do {
            return try scan(&s)
        } catch {
            return nil
        }
    }

    private typealias Field = RecordLineParser.CoreField

    private static func scan(_ s: inout JSONScanner) throws(JSONParseError) -> ScannedRecord? {
        let base = s.base
        s.skipWhitespace()
        guard s.index < s.end, base[s.index] == UInt8(ascii: "{") else { return nil }
        s.index += 1
        var seen: UInt16 = 0
        var record = ScannedRecord()
        s.skipWhitespace()
        if s.index < s.end && base[s.index] == UInt8(ascii: "}") { return nil }  // missing fields
        while true {
            s.skipWhitespace()
            guard s.index < s.end, base[s.index] == UInt8(ascii: "\"") else { return nil }
            let field = RecordLineParser.matchCoreKey(&s)
            if field == nil { try s.skipString() }
            s.skipWhitespace()
            guard s.index < s.end, base[s.index] == UInt8(ascii: ":") else { return nil }
            s.index += 1
            s.skipWhitespace()
            if let field {
                if seen & field.rawValue != 0 { return nil }
                seen |= field.rawValue
                switch field {
                case .seq:
                    guard let value = integer(&s) else { return nil }
                    record.seq = value
                case .ts:
                    guard let value = integer(&s) else { return nil }
                    record.ts = value
                case .span:
                    guard let value = integer(&s) else { return nil }
                    record.span = value
                    record.hasSpan = true
                case .ph:
                    guard let phase = phase(&s) else { return nil }
                    record.phase = phase
                case .kind:
                    guard let kind = knownKind(&s) else { return nil }
                    record.knownKind = kind
                case .path:
                    record.pathStart = s.index
                    guard try skipPath(&s) else { return nil }
                    record.pathEnd = s.index
                case .className:
                    guard s.index < s.end, base[s.index] == UInt8(ascii: "\"") else { return nil }
                    record.classStart = s.index
                    try s.skipString()
                    record.classEnd = s.index
                case .thread:
                    guard s.index < s.end, base[s.index] == UInt8(ascii: "\"") else { return nil }
                    record.thread = try s.parseString()
                case .type:
                    return nil
                }
            } else {
                try s.skipValue(depth: 1)
            }
            s.skipWhitespace()
            guard s.index < s.end else { return nil }
            if base[s.index] == UInt8(ascii: ",") {
                s.index += 1
            } else if base[s.index] == UInt8(ascii: "}") {
                s.index += 1
                break
            } else {
                return nil
            }
        }
        s.skipWhitespace()
        let required = Field.seq.rawValue | Field.ts.rawValue | Field.ph.rawValue | Field.kind.rawValue
        guard s.index == s.end, seen & required == required, record.phase == .instant || record.hasSpan else {
            return nil
        }
        return record
    }

    /// A plain decimal integer ending at ',' or '}' (what writers write), else nil.
    @inline(__always)
    private static func integer(_ s: inout JSONScanner) -> Int64? {
        let start = s.index
        var value: Int64 = 0
        var i = start
        while i < s.end, i - start < 18 {
            let digit = s.base[i] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ Int64(digit)
            i += 1
        }
        guard i > start, i < s.end, s.base[i] == UInt8(ascii: ",") || s.base[i] == UInt8(ascii: "}"),
            !(s.base[start] == UInt8(ascii: "0") && i - start > 1)
        else { return nil }
        s.index = i
        return value
    }

    @inline(__always)
    private static func phase(_ s: inout JSONScanner) -> Phase? {
        let start = s.index
        guard start + 2 < s.end, s.base[start] == UInt8(ascii: "\""), s.base[start + 2] == UInt8(ascii: "\"") else {
            return nil
        }
        let phase: Phase
        switch s.base[start + 1] {
        case UInt8(ascii: "B"): phase = .begin
        case UInt8(ascii: "E"): phase = .end
        case UInt8(ascii: "i"): phase = .instant
        default: return nil
        }
        s.index += 3
        return phase
    }

    /// The index in ``RecordKind/known`` of the kind string at `s.index` (written without
    /// escapes), or nil.
    @inline(__always)
    private static func knownKind(_ s: inout JSONScanner) -> Int? {
        let start = s.index
        guard start < s.end, s.base[start] == UInt8(ascii: "\"") else { return nil }
        var i = start + 1
        while i < s.end, s.base[i] != UInt8(ascii: "\""), s.base[i] != UInt8(ascii: "\\") { i += 1 }
        guard i < s.end, s.base[i] == UInt8(ascii: "\"") else { return nil }
        let length = i - start - 1
        let text = s.base + start + 1
        for (index, known) in knownKindBytes.enumerated() where known.count == length {
            var same = true
            for j in 0..<length where known[j] != text[j] {
                same = false
                break
            }
            if same {
                s.index = i + 1
                return index
            }
        }
        return nil
    }

    private static let knownKindBytes: [[UInt8]] = RecordKind.known.map { Array($0.rawValue.utf8) }

    /// Checks an array of strings at `s.index` and moves past it; false when it is something else.
    private static func skipPath(_ s: inout JSONScanner) throws(JSONParseError) -> Bool {
        guard s.index < s.end, s.base[s.index] == UInt8(ascii: "[") else { return false }
        s.index += 1
        s.skipWhitespace()
        if s.index < s.end && s.base[s.index] == UInt8(ascii: "]") {
            s.index += 1
            return true
        }
        while true {
            s.skipWhitespace()
            guard s.index < s.end, s.base[s.index] == UInt8(ascii: "\"") else { return false }
            try s.skipString()
            s.skipWhitespace()
            guard s.index < s.end else { return false }
            if s.base[s.index] == UInt8(ascii: ",") {
                s.index += 1
            } else if s.base[s.index] == UInt8(ascii: "]") {
                s.index += 1
                return true
            } else {
                return false
            }
        }
    }
}
