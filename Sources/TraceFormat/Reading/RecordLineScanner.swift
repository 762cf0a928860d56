// RecordLineScanner: the one record-line scanner, shared by the fast paths (validate, summary,
// diff, the Chrome export, the trace table of render and explain). Checks one
// record line exactly as `RecordLineParser` does, but builds nothing: the core fields come back
// as integers, a kind number and byte ranges, in a `ScannedRecord`, and each other member as
// the byte ranges of its key and value. Any line it is not sure of (an error, an unknown kind
// unless asked for, a "type" field, a duplicate core field) it declines, and the caller parses
// that line with `RecordLineParser`, which gives the exact value or diagnostic. The readers of
// a few fields build on it (`RecordLineScanner+Record.swift`, the Chrome export's
// `ChromeLineScanner`, `TraceTable.scan`).

/// The core fields of a record line, borrowed: ranges point into the line's bytes.
package struct ScannedRecord {
    package var seq: Int64 = 0
    package var ts: Int64 = 0
    package var phase: Phase = .instant
    /// 0 when absent (`hasSpan` says which).
    package var span: Int64 = 0
    package var hasSpan = false
    /// Index of the kind in ``RecordKind/known``, or -1 for another kind (scanned only when asked
    /// for: its text is then at `kindStart..<kindEnd`).
    package var knownKind = 0
    /// The `kind` string's JSON text (quotes included) when it is not a known kind.
    package var kindStart = 0
    package var kindEnd = 0
    /// The `path` array's JSON text (brackets included), or an empty range when absent.
    package var pathStart = 0
    package var pathEnd = 0
    /// The `class` string's JSON text (quotes included), or an empty range when absent.
    package var classStart = 0
    package var classEnd = 0
    package var thread: String?

    /// The span id, or nil for a record without one.
    package var spanID: Int64? { hasSpan ? span : nil }
}

/// Where one member other than the core fields is in a scanned line: its key's JSON text
/// (quotes included) and its value's, as offsets into the line.
package struct ScannedMember {
    package var keyStart: Int
    package var keyEnd: Int
    package var valueStart: Int
    package var valueEnd: Int
}

package enum RecordLineScanner {
    /// The line's core fields, or nil when the line must go through ``RecordLineParser``
    /// (it is malformed, or has something this fast path does not handle).
    static func scan(_ base: UnsafePointer<UInt8>, count: Int, interner: StringInterner?) -> ScannedRecord? {
        scan(base, count: count, interner: interner) { _ in true }
    }

    /// Like ``scan(_:count:interner:)``, and calls `member` with each member other than the core
    /// fields once its value is checked; the line is declined when `member` returns false. With
    /// `unknownKinds`, a kind other than the known ones is taken too (``ScannedRecord/knownKind``
    /// is then -1).
    @inline(__always)
    package static func scan(_ base: UnsafePointer<UInt8>, count: Int, interner: StringInterner?,
                             unknownKinds: Bool = false, member: (ScannedMember) -> Bool) -> ScannedRecord? {
        // No interner on the scanner itself: only `thread` makes a String, and a scanner
        // without one costs no retain and release per line.
        var s = JSONScanner(base: base, count: count, maxDepth: 512)
        do {
            return try scan(&s, interner: interner, unknownKinds: unknownKinds, member: member)
        } catch {
            return nil
        }
    }

    private typealias Field = RecordLineParser.CoreField

    @inline(__always)
    private static func scan(_ s: inout JSONScanner, interner: StringInterner?, unknownKinds: Bool,
                             member: (ScannedMember) -> Bool) throws(JSONParseError) -> ScannedRecord?
    {
        // The cursor is a local, so that it stays in a register; it goes through `s.index` only
        // around the scanner's own calls (strings, other values).
        let base = s.base
        let end = s.end
        var i = skipSpace(base, from: s.index, end: end)
        guard i < end, base[i] == UInt8(ascii: "{") else { return nil }
        i = skipSpace(base, from: i + 1, end: end)
        var seen: UInt16 = 0
        var record = ScannedRecord()
        while true {
            // A key (a '}' here is an empty object or a trailing comma: declined).
            guard i < end, base[i] == UInt8(ascii: "\"") else { return nil }
            s.index = i
            let keyStart = i
            let field = RecordLineParser.matchCoreKey(&s)
            if field == nil { try s.skipString() }
            let keyEnd = s.index
            i = skipSpace(base, from: s.index, end: end)
            guard i < end, base[i] == UInt8(ascii: ":") else { return nil }
            i = skipSpace(base, from: i + 1, end: end)
            if let field {
                if seen & field.rawValue != 0 { return nil }
                seen |= field.rawValue
                switch field {
                case .seq:
                    guard let value = integer(base, &i, end: end) else { return nil }
                    record.seq = value
                case .ts:
                    guard let value = integer(base, &i, end: end) else { return nil }
                    record.ts = value
                case .span:
                    guard let value = integer(base, &i, end: end) else { return nil }
                    record.span = value
                    record.hasSpan = true
                case .ph:
                    guard let phase = phase(base, &i, end: end) else { return nil }
                    record.phase = phase
                case .kind:
                    s.index = i
                    if let kind = RecordLineParser.matchKnownKind(&s) {
                        record.knownKind = kind
                    } else {
                        guard unknownKinds, i < end, base[i] == UInt8(ascii: "\"") else { return nil }
                        try s.skipString()
                        record.knownKind = -1
                        record.kindStart = i
                        record.kindEnd = s.index
                    }
                    i = s.index
                case .path:
                    record.pathStart = i
                    guard try skipPath(&s, &i) else { return nil }
                    record.pathEnd = i
                case .className:
                    guard i < end, base[i] == UInt8(ascii: "\"") else { return nil }
                    record.classStart = i
                    s.index = i
                    try s.skipString()
                    i = s.index
                    record.classEnd = i
                case .thread:
                    guard i < end, base[i] == UInt8(ascii: "\"") else { return nil }
                    var threadScanner = JSONScanner(base: base, count: end, index: i)
                    threadScanner.interner = interner
                    record.thread = try threadScanner.parseString()
                    i = threadScanner.index
                case .type:
                    return nil
                }
            } else {
                let valueStart = i
                i = try skipOtherValue(&s, at: i)
                guard member(ScannedMember(keyStart: keyStart, keyEnd: keyEnd, valueStart: valueStart, valueEnd: i))
                else { return nil }
            }
            i = skipSpace(base, from: i, end: end)
            guard i < end else { return nil }
            if base[i] == UInt8(ascii: ",") {
                i = skipSpace(base, from: i + 1, end: end)
            } else if base[i] == UInt8(ascii: "}") {
                i += 1
                break
            } else {
                return nil
            }
        }
        i = skipSpace(base, from: i, end: end)
        let required = Field.seq.rawValue | Field.ts.rawValue | Field.ph.rawValue | Field.kind.rawValue
        guard i == end, seen & required == required, record.phase == .instant || record.hasSpan else {
            return nil
        }
        s.index = i
        return record
    }

    /// The first index from `i` that is not JSON whitespace.
    @inline(__always)
    private static func skipSpace(_ base: UnsafePointer<UInt8>, from i: Int, end: Int) -> Int {
        var i = i
        // Every whitespace byte is at most ' ', so one compare passes everything else.
        while i < end && base[i] <= 0x20 {
            switch base[i] {
            case 0x20, 0x0A, 0x0D, 0x09: i += 1
            default: return i
            }
        }
        return i
    }

    /// A plain decimal integer ending at ',' or '}' (what writers write), within the range a
    /// trace may use (``TraceRecord/largestExactInteger``, as the parser checks), else nil.
    @inline(__always)
    private static func integer(_ base: UnsafePointer<UInt8>, _ i: inout Int, end: Int) -> Int64? {
        let start = i
        var value: Int64 = 0
        var j = start
        while j < end, j - start < 18 {
            let digit = base[j] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ Int64(digit)
            j += 1
        }
        guard j > start, j < end, base[j] == UInt8(ascii: ",") || base[j] == UInt8(ascii: "}"),
            !(base[start] == UInt8(ascii: "0") && j - start > 1), value <= TraceRecord.largestExactInteger
        else { return nil }
        i = j
        return value
    }

    @inline(__always)
    private static func phase(_ base: UnsafePointer<UInt8>, _ i: inout Int, end: Int) -> Phase? {
        guard i + 2 < end, base[i] == UInt8(ascii: "\""), base[i + 2] == UInt8(ascii: "\""),
            let phase = Phase(letter: base[i + 1])
        else { return nil }
        i += 3
        return phase
    }

    /// Checks the value of a field other than the core ones and returns the index after it.
    /// Strings, arrays of strings (`keys`, `reason`, `result`, ...) and arrays of those
    /// (`children`) are taken here; anything else goes to the scanner's general `skipValue`.
    @inline(__always)
    private static func skipOtherValue(_ s: inout JSONScanner, at start: Int) throws(JSONParseError) -> Int {
        var i = start
        if i < s.end {
            switch s.base[i] {
            case UInt8(ascii: "\""):
                s.index = i
                try s.skipString()
                return s.index
            case UInt8(ascii: "["):
                if try skipPath(&s, &i) { return i }
                if try skipPathList(&s, &i) { return i }
            default:
                break
            }
        }
        s.index = start
        try s.skipValue(depth: 1)
        return s.index
    }

    /// Checks an array of arrays of strings at `i` (`children`: a list of paths) and moves past
    /// it; false, with `i` unmoved, when it is something else.
    @inline(__always)
    private static func skipPathList(_ s: inout JSONScanner, _ i: inout Int) throws(JSONParseError) -> Bool {
        try skipArray(&s, &i) { (s, j) throws(JSONParseError) in try skipPath(&s, &j) }
    }

    /// Checks an array of strings at `i` and moves past it; false, with `i` unmoved, when it is
    /// something else.
    @inline(__always)
    private static func skipPath(_ s: inout JSONScanner, _ i: inout Int) throws(JSONParseError) -> Bool {
        try skipArray(&s, &i) { (s, j) throws(JSONParseError) in
            guard s.base[j] == UInt8(ascii: "\"") else { return false }
            s.index = j
            try s.skipString()
            j = s.index
            return true
        }
    }

    /// Checks an array at `i` whose every element `element` takes (moving its index past the
    /// element, or answering false), and moves past it; false, with `i` unmoved, when it is
    /// something else. `element` is called with an index before the end.
    @inline(__always)
    private static func skipArray(_ s: inout JSONScanner, _ i: inout Int,
                                  element: (inout JSONScanner, inout Int) throws(JSONParseError) -> Bool)
        throws(JSONParseError) -> Bool
    {
        let base = s.base
        let end = s.end
        guard i < end, base[i] == UInt8(ascii: "[") else { return false }
        var j = skipSpace(base, from: i + 1, end: end)
        if j < end && base[j] == UInt8(ascii: "]") {
            i = j + 1
            return true
        }
        while true {
            guard j < end, try element(&s, &j) else { return false }
            j = skipSpace(base, from: j, end: end)
            guard j < end else { return false }
            if base[j] == UInt8(ascii: ",") {
                j = skipSpace(base, from: j + 1, end: end)
            } else if base[j] == UInt8(ascii: "]") {
                i = j + 1
                return true
            } else {
                return false
            }
        }
    }
}
