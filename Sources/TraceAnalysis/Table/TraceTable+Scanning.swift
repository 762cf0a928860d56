// TraceTable from a trace's bytes, without a TraceRecord: each record line is checked by the
// validator's scanner (exactly as the reader would check it) and its core fields, path, class
// and kept attributes go straight into the table's columns. A path, string or array written the
// same as one seen before gets the same number without being parsed again. Any line the
// scanner is not sure of makes the whole scan give up, and the caller reads the trace with
// TraceReader, which reports the problem with its line and column.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TraceFormat

extension TraceTable {
    /// The table of the trace in `bytes`, or nil when some line needs ``TraceReader``: a header
    /// with any problem (even a warning), a record line that is malformed or unusual (an unknown
    /// kind, an escaped or non-ASCII key, a `type` field, a duplicate core field), a blank line, a line over
    /// `maxLineBytes`, and (with `checksAcrossRecords`, as the reader's option) a record that
    /// breaks a rule across records. A trace the reader reads without a diagnostic gives the same
    /// table as ``init(header:records:keptAttributes:lines:limits:)`` on its records.
    package static func scan(
        _ bytes: UnsafeRawBufferPointer, keptAttributes: [String], limits: TraceTableLimits,
        maxLineBytes: Int = TraceReaderOptions.default.maxLineBytes, checksAcrossRecords: Bool = true
    ) throws(TraceTableLimitError) -> TraceTable? {
        guard let start = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else { return nil }
        var scanner = TraceTableScanner(base: start, count: bytes.count, keptAttributes: keptAttributes,
                                        limits: limits, maxLineBytes: maxLineBytes)
        scanner.checksAcrossRecords = checksAcrossRecords
        return try scanner.run()
    }
}

/// One scan of a trace's bytes into a ``TraceTable``.
private struct TraceTableScanner {
    let base: UnsafePointer<UInt8>
    let count: Int
    let keptAttributes: [String]
    let limits: TraceTableLimits
    let maxLineBytes: Int
    var checksAcrossRecords = true
    /// The kept attribute names, matched from their bytes.
    let names: KeptAttributeNames

    private var strings = RawTextTable()
    private var arrays = RawTextTable()
    /// Row paths by their text without its closing `]` (see ``pathNumber(start:count:builder:)``).
    private var pathTexts = RawTextTable()
    private var pending: [(slot: Int, start: Int, end: Int)] = []
    private var componentScratch: [Int32] = []
    /// Where each row's path text is (``PathTexts/pack(start:count:)``), for its span's end.
    private var rowPathTexts: [UInt64] = []

    init(base: UnsafePointer<UInt8>, count: Int, keptAttributes: [String], limits: TraceTableLimits, maxLineBytes: Int) {
        self.base = base
        self.count = count
        self.keptAttributes = keptAttributes
        self.limits = limits
        self.maxLineBytes = maxLineBytes
        names = KeptAttributeNames(keptAttributes)
        pending.reserveCapacity(8)
    }

    mutating func run() throws(TraceTableLimitError) -> TraceTable? {
        // Line 1: the header, read as the reader reads it; any diagnostic, and the reader decides.
        let firstEnd = lineEnd(from: 0)
        guard firstEnd > 0, firstEnd <= maxLineBytes, let header = header(UnsafeRawBufferPointer(start: base, count: firstEnd)) else { return nil }
        var builder = TraceTable.Builder(header: header, keptAttributes: keptAttributes, limits: limits,
                                         expectedRows: count / 160)
        var lineStart = firstEnd + 1
        var line = 2
        // A record that breaks a rule across records: the reader reports it, with its line.
        var checks = TraceRecordChecks()
        rowPathTexts.reserveCapacity(count / 160)
        // The distinct paths' texts: a few records name each path (see Builder's reservations).
        pathTexts.reserve(entries: count / 640, textBytes: count / 8)
        while lineStart < count {
            let end = lineEnd(from: lineStart)
            let length = end - lineStart
            guard length > 0, length <= maxLineBytes else { return nil }
            let lineBase = base + lineStart
            // Most lines keep nothing: only those that did pay for emptying (a generic replaceSubrange).
            if !pending.isEmpty { pending.removeAll(keepingCapacity: true) }
            let scanned = RecordLineScanner.scan(lineBase, count: length, interner: nil) { member in
                self.take(member, line: lineBase, count: length)
            }
            guard let record = scanned,
                !checksAcrossRecords || checks.check(seq: record.seq, ts: record.ts, phase: record.phase, span: record.hasSpan ? record.span : nil,
                             kind: RecordKind.known[record.knownKind], thread: record.thread, line: line) == nil
            else { return nil }

            var path: Int32 = -1
            var pathText: UInt64 = 0
            if record.pathEnd > record.pathStart {
                let textStart = lineStart + record.pathStart
                let textCount = record.pathEnd - record.pathStart
                pathText = PathTexts.pack(start: textStart, count: textCount)
                if record.phase == .end, record.hasSpan, let begin = builder.openRow(ofSpan: record.span),
                    let (beginStart, beginCount) = PathTexts.unpack(rowPathTexts[begin]), beginCount == textCount,
                    ByteHash.equal(base + beginStart, base + textStart, count: textCount)
                {
                    // A span's end names the path its begin named: the usual case, at no hash.
                    path = builder.table.rows[begin].path
                } else {
                    guard let number = pathNumber(start: textStart, count: textCount, builder: &builder) else { return nil }
                    path = number
                }
            }
            var className: Int32 = -1
            if record.classEnd > record.classStart {
                guard let number = string(start: lineStart + record.classStart, count: record.classEnd - record.classStart,
                                          builder: &builder)
                else { return nil }
                className = number
            }
            for attribute in pending {
                guard let value = value(start: lineStart + attribute.start, count: attribute.end - attribute.start,
                                        builder: &builder)
                else { return nil }
                builder.addAttribute(slot: attribute.slot, value)
            }
            try builder.endRow(
                seq: record.seq, ts: record.ts, phase: record.phase, span: record.hasSpan ? record.span : TraceTable.noSpan,
                kind: Int32(record.knownKind), path: path, className: className, line: line)
            rowPathTexts.append(pathText)
            lineStart = end + 1
            line += 1
        }
        return builder.table
    }

    /// The offset of the newline ending the line that starts at `from`, or `count` for a last
    /// line without one.
    private func lineEnd(from: Int) -> Int {
        guard let newline = memchr(base + from, 0x0A, count - from) else { return count }
        return UnsafeRawPointer(newline) - UnsafeRawPointer(base)
    }

    /// The header, when the reader would take line 1 as one without a single diagnostic.
    private func header(_ line: UnsafeRawBufferPointer) -> TraceHeader? {
        TraceHeader.parseWithoutDiagnostics(line)
    }

    /// Notes a kept attribute of the line being scanned (`count` bytes at `line`); false for a
    /// key the scanner cannot name from its bytes (one with an escape or non-ASCII bytes).
    private mutating func take(_ member: ScannedMember, line: UnsafePointer<UInt8>, count: Int) -> Bool {
        switch names.match(member, in: line, count: count) {
        case .kept(let slot):
            pending.append((slot, member.valueStart, member.valueEnd))
            return true
        case .other:
            return true
        case .undecided:
            return false
        }
    }

    /// The number of the JSON string whose text (quotes included) is at `start`.
    private mutating func string(start: Int, count: Int, builder: inout TraceTable.Builder) -> Int32? {
        let hash = ByteHash.hash(base + start, count: count)
        if let known = strings.find(hash: hash, base: base, start: start, count: count) {
            return Int32(truncatingIfNeeded: known.payload)
        }
        guard let text = RecordLineScanner.string(base, start: start, end: start + count, interner: nil) else { return nil }
        let number = builder.number(ofString: text)
        strings.insert(hash: hash, base: base, start: start, count: count, value: TraceTable.Value(tag: .string, payload: Int64(number)))
        return number
    }

    /// The number of the path whose JSON text (an array of strings) is at `start`.
    ///
    /// Path texts are remembered without their closing `]`, so that a new path can find its
    /// parent by its text: `["Tabs","Nav","List"]` starts with `["Tabs","Nav"`, the parent's
    /// text, and then only its last component is new.
    private mutating func pathNumber(start: Int, count: Int, builder: inout TraceTable.Builder) -> Int32? {
        let key = count - 1  // the text checked already ends with "]"
        let hash = ByteHash.hash(base + start, count: key)
        if let known = pathTexts.find(hash: hash, base: base, start: start, count: key) {
            return Int32(truncatingIfNeeded: known.payload)
        }
        var number: Int32?
        if let last = lastComponent(start: start, count: count), let prefixEnd = last.prefixEnd {
            let prefixHash = ByteHash.hash(base + start, count: prefixEnd - start)
            if let parent = pathTexts.find(hash: prefixHash, base: base, start: start, count: prefixEnd - start),
                let component = componentNumber(open: last.open, close: last.close, escaped: last.escaped, builder: &builder)
            {
                number = builder.number(extending: Int32(truncatingIfNeeded: parent.payload), with: component)
            }
        }
        if number == nil { number = parsePath(start: start, count: count, builder: &builder) }
        guard let number else { return nil }
        pathTexts.insert(hash: hash, base: base, start: start, count: key, value: TraceTable.Value(tag: .strings, payload: Int64(number)))
        return number
    }

    /// Where the last component of the path text at `start` is (its quotes), and where the text
    /// before it ends (the comma's offset, nil when it is the only component). Nil when the
    /// text is not laid out as expected (the caller parses it whole).
    private func lastComponent(start: Int, count: Int) -> (open: Int, close: Int, escaped: Bool, prefixEnd: Int?)? {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var index = start + count - 2  // before "]"
        while index > start && isSpace(base[index]) { index -= 1 }
        guard index > start, base[index] == UInt8(ascii: "\"") else { return nil }
        let close = index
        // The opening quote: the first quote before that is not escaped (an even number of
        // backslashes before it).
        var open = close - 1
        var escaped = false
        while open > start {
            if base[open] == UInt8(ascii: "\"") {
                var backslashes = 0
                var before = open - 1
                while before > start && base[before] == UInt8(ascii: "\\") {
                    backslashes += 1
                    before -= 1
                }
                if backslashes % 2 == 0 { break }
            }
            if base[open] == UInt8(ascii: "\\") { escaped = true }
            open -= 1
        }
        guard open > start, base[open] == UInt8(ascii: "\"") else { return nil }
        var before = open - 1
        while before > start && isSpace(base[before]) { before -= 1 }
        if base[before] == UInt8(ascii: ",") { return (open, close, escaped, before) }
        if before == start && base[before] == UInt8(ascii: "[") { return (open, close, escaped, nil) }
        return nil
    }

    /// The number of the component whose JSON string is `base[open...close]`.
    private mutating func componentNumber(open: Int, close: Int, escaped: Bool, builder: inout TraceTable.Builder) -> Int32? {
        guard escaped else { return builder.number(ofComponent: base + open + 1, count: close - open - 1) }
        guard var text = RecordLineScanner.string(base, start: open, end: close + 1, interner: nil) else { return nil }
        let decoded = text
        return text.withUTF8 { bytes in
            builder.number(ofComponent: bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: bytes.count, text: decoded)
        }
    }

    /// Numbers the path whose JSON text (an array of strings, checked already) is at `start`,
    /// component by component: a component without an escape is its bytes between the quotes.
    private mutating func parsePath(start: Int, count: Int, builder: inout TraceTable.Builder) -> Int32? {
        componentScratch.removeAll(keepingCapacity: true)
        let end = start + count
        var index = start + 1
        while index < end {
            let byte = base[index]
            if byte == UInt8(ascii: "]") { break }
            guard byte == UInt8(ascii: "\"") else {
                index += 1  // whitespace and commas
                continue
            }
            let textStart = index + 1
            var close = textStart
            var escaped = false
            while close < end && base[close] != UInt8(ascii: "\"") {
                if base[close] == UInt8(ascii: "\\") {
                    escaped = true
                    close += 1
                }
                close += 1
            }
            guard close < end else { return nil }
            guard let component = componentNumber(open: index, close: close, escaped: escaped, builder: &builder) else {
                return nil
            }
            componentScratch.append(component)
            index = close + 1
        }
        return builder.number(ofComponents: componentScratch[...], hash: PathNumbers.hash(componentScratch[...]))
    }

    /// The value of the JSON array whose text is at `start`.
    private mutating func array(start: Int, count: Int, builder: inout TraceTable.Builder) -> TraceTable.Value? {
        let hash = ByteHash.hash(base + start, count: count)
        if let known = arrays.find(hash: hash, base: base, start: start, count: count) { return known }
        guard let json = parse(start: start, count: count) else { return nil }
        let value = builder.value(of: json)
        // Only arrays of strings are remembered: any other value is kept once per occurrence,
        // as the table built from records keeps it.
        if value.tag == .strings { arrays.insert(hash: hash, base: base, start: start, count: count, value: value) }
        return value
    }

    /// An attribute's value, from its JSON text at `start`.
    private mutating func value(start: Int, count: Int, builder: inout TraceTable.Builder) -> TraceTable.Value? {
        switch base[start] {
        case UInt8(ascii: "\""):
            return string(start: start, count: count, builder: &builder).map { TraceTable.Value(tag: .string, payload: Int64($0)) }
        case UInt8(ascii: "["):
            return array(start: start, count: count, builder: &builder)
        case UInt8(ascii: "t") where count == 4:
            return TraceTable.Value(tag: .bool, payload: 1)
        case UInt8(ascii: "f") where count == 5:
            return TraceTable.Value(tag: .bool, payload: 0)
        case UInt8(ascii: "1")...UInt8(ascii: "9") where count <= 18:
            // A plain positive integer, as the JSON parser reads it; anything else is parsed.
            var integer: Int64 = 0
            var index = start
            while index < start + count {
                let digit = base[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                integer = integer &* 10 &+ Int64(digit)
                index += 1
            }
            if index == start + count { return TraceTable.Value(tag: .int, payload: integer) }
        default:
            break
        }
        return parse(start: start, count: count).map { builder.value(of: $0) }
    }

    private func parse(start: Int, count: Int) -> JSONValue? {
        RecordLineScanner.value(base, start: start, end: start + count, interner: nil)
    }
}

/// A path text's place in the trace, packed in one word: offset (40 bits) and length (24 bits);
/// 0 for none, or a text too long to pack (it is then looked up the usual way).
private enum PathTexts {
    static func pack(start: Int, count: Int) -> UInt64 {
        guard count > 0, count < 1 << 24, start < 1 << 40 else { return 0 }
        return UInt64(start) << 24 | UInt64(count)
    }

    static func unpack(_ packed: UInt64) -> (start: Int, count: Int)? {
        packed == 0 ? nil : (Int(packed >> 24), Int(packed & 0xFF_FFFF))
    }
}

/// Values by the exact bytes of their JSON text in the trace being scanned: a text seen before
/// costs a hash and a compare instead of a parse. Open addressing, linear probing.
///
/// Each text is kept in one buffer of its own, one after the other: comparing with a text seen
/// megabytes earlier then reads a few hot cache lines instead of a cold page of the trace (at
/// 5,000 objects, comparing in the trace was half of `pathNumber`'s time, on a TLB or cache miss).
private struct RawTextTable {
    private var entries = HashSlots(capacity: 1024)
    /// Where each text is in `texts`: offset and length.
    private var starts: [Int] = []
    private var counts: [Int32] = []
    private var values: [TraceTable.Value] = []
    private var texts: [UInt8] = []

    /// Makes room for `entries` texts of `textBytes` bytes in all.
    mutating func reserve(entries count: Int, textBytes: Int) {
        entries.reserve(count)
        starts.reserveCapacity(count)
        counts.reserveCapacity(count)
        values.reserveCapacity(count)
        texts.reserveCapacity(textBytes)
    }

    func find(hash: UInt64, base: UnsafePointer<UInt8>, start: Int, count: Int) -> TraceTable.Value? {
        let found = texts.withUnsafeBufferPointer { texts in
            entries.find(hash: hash) { entry in
                Int(counts[entry]) == count && ByteHash.equal(texts.baseAddress! + starts[entry], base + start, count: count)
            }
        }
        return found.map { values[Int($0)] }
    }

    /// Adds a text known to be absent (texts longer than 2 GiB are not remembered).
    mutating func insert(hash: UInt64, base: UnsafePointer<UInt8>, start: Int, count: Int, value: TraceTable.Value) {
        guard count <= Int(Int32.max) else { return }
        starts.append(texts.count)
        counts.append(Int32(count))
        values.append(value)
        texts.append(contentsOf: UnsafeBufferPointer(start: base + start, count: count))
        _ = entries.append(hash: hash)
    }
}
