// ChromeLineScanner: the fast path of `export --to chrome` for trace files. The record-line
// scanner the fast paths share checks the line and finds its parts; the path, class and
// attribute text then go into a ChromeRecord as they stand. Only text that is already exactly
// what JSONByteWriter would write (no whitespace, no escapes, ASCII strings, numbers as Swift
// writes them back) is copied, so copying gives byte-identical output; anything else returns
// nil and the caller exports the file through TraceReader.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TraceFormat

enum ChromeLineScanner {
    /// The record on `line`, or nil when the full reader must read the line. nil never means
    /// the line is wrong. The thread's and an unknown kind's strings come through `interner`.
    static func parse(_ line: UnsafeBufferPointer<UInt8>, interner: StringInterner? = nil) -> ChromeRecord? {
        guard let base = line.baseAddress else { return nil }
        var session: String?
        var sawSession = false
        // Attributes as runs of adjacent members (`"a":1,"b":2`); usually one run per line.
        var attributeRun: Range<Int>?
        var earlierRuns: [Range<Int>] = []
        let scanned = RecordLineScanner.scan(base, count: line.count, interner: interner, unknownKinds: true) { member in
            guard isCanonical(line, from: member.keyStart, to: member.valueEnd) else { return false }
            // `session` stays an attribute; the first one also picks the record's track when it is
            // a string, as the full reader's record has it (`record[attribute: "session"]`).
            if !sawSession, member.keyEnd - member.keyStart == 9, memcmp(base + member.keyStart, "\"session\"", 9) == 0 {
                sawSession = true
                if base[member.valueStart] == UInt8(ascii: "\"") {
                    session = String(decoding: UnsafeBufferPointer(rebasing: line[(member.valueStart + 1)..<(member.valueEnd - 1)]),
                                     as: UTF8.self)
                }
            }
            if let run = attributeRun, run.upperBound + 1 == member.keyStart {
                attributeRun = run.lowerBound..<member.valueEnd
            } else {
                if let run = attributeRun { earlierRuns.append(run) }
                attributeRun = member.keyStart..<member.valueEnd
            }
            return true
        }
        guard let record = scanned, let kind = RecordLineScanner.kind(of: record, in: base, interner: interner) else {
            return nil
        }
        // The path's components without their quotes, and the class's text without its quotes.
        var pathComponentCount = -1
        var pathText = UnsafeBufferPointer(rebasing: line[0..<0])
        if record.pathEnd > record.pathStart {
            guard isCanonical(line, from: record.pathStart, to: record.pathEnd) else { return nil }
            if record.pathEnd - record.pathStart == 2 {
                pathComponentCount = 0  // []
            } else {
                pathText = UnsafeBufferPointer(rebasing: line[(record.pathStart + 2)..<(record.pathEnd - 2)])
                pathComponentCount = 1  // and one more for each separator below
            }
        }
        let hasClass = record.classEnd > record.classStart
        var classText = UnsafeBufferPointer(rebasing: line[0..<0])
        if hasClass {
            guard isCanonical(line, from: record.classStart, to: record.classEnd) else { return nil }
            classText = UnsafeBufferPointer(rebasing: line[(record.classStart + 1)..<(record.classEnd - 1)])
        }
        var capacity = pathText.count + classText.count + (attributeRun.map { $0.count + 1 } ?? 0)
        for run in earlierRuns { capacity += run.count + 1 }
        var text: [UInt8] = []
        text.reserveCapacity(capacity)
        // Components joined by "/": each `","` separator of the array becomes "/".
        var segmentStart = 0
        var position = 0
        while position < pathText.count {
            guard pathText[position] == UInt8(ascii: "\"") else {
                position += 1
                continue
            }
            text.append(contentsOf: UnsafeBufferPointer(rebasing: pathText[segmentStart..<position]))
            text.append(UInt8(ascii: "/"))
            pathComponentCount += 1
            position += 3
            segmentStart = position
        }
        text.append(contentsOf: UnsafeBufferPointer(rebasing: pathText[segmentStart...]))
        let pathEnd = text.count
        text.append(contentsOf: classText)
        let classEnd = text.count
        for run in earlierRuns {
            text.append(UInt8(ascii: ","))
            text.append(contentsOf: UnsafeBufferPointer(rebasing: line[run]))
        }
        if let attributeRun {
            text.append(UInt8(ascii: ","))
            text.append(contentsOf: UnsafeBufferPointer(rebasing: line[attributeRun]))
        }
        return ChromeRecord(
            seq: record.seq, ts: record.ts, phase: record.phase, span: record.spanID, kind: kind, thread: record.thread,
            session: session, pathComponentCount: pathComponentCount, hasClass: hasClass, text: text,
            pathEnd: pathEnd, classEnd: classEnd)
    }

    /// Whether `line[start..<end]`, JSON text the scanner has checked, is written exactly as
    /// JSONByteWriter writes it: no whitespace outside strings, strings of ASCII without escapes,
    /// numbers as ``isCanonicalNumber(_:from:to:)`` says.
    static func isCanonical(_ line: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var index = start
        while index < end {
            let byte = line[index]
            if byte == UInt8(ascii: "\"") {
                let close = JSONStringBytes.firstSpecial(in: line, from: index + 1, stopAtNonASCII: true)
                guard close < end, line[close] == UInt8(ascii: "\"") else { return false }
                index = close + 1
            } else if byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 {
                var tokenEnd = index + 1
                while tokenEnd < end, isNumberByte(line[tokenEnd]) { tokenEnd += 1 }
                guard isCanonicalNumber(line, from: index, to: tokenEnd) else { return false }
                index = tokenEnd
            } else if byte <= 0x20 {
                return false  // whitespace
            } else {
                index += 1  // a bracket, a brace, a comma, a colon, or a letter of true, false, null
            }
        }
        return true
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    /// Whether the number `line[start..<end]` (valid JSON) is written as Swift writes it back:
    /// an integer of at most 18 digits other than -0, or a fraction as `Double.description`
    /// writes it: at most 15 significant digits (so the digits round-trip), no exponent, at
    /// least 0.1 (or 0.0), no trailing zero except a lone `.0`.
    static func isCanonicalNumber(_ line: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var index = start
        let negative = line[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let integerStart = index
        while index < end, line[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        let integerDigits = index - integerStart
        let integerIsZero = line[integerStart] == UInt8(ascii: "0")
        if index == end {
            return integerDigits <= 18 && !(negative && integerIsZero)
        }
        // A fraction (JSON allows no leading zeros, so `integerIsZero` means "0.").
        guard line[index] == UInt8(ascii: ".") else { return false }  // an exponent
        index += 1
        let fractionStart = index
        while index < end, line[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        let fractionDigits = index - fractionStart
        guard index == end else { return false }  // an exponent
        let lastFraction = line[end - 1]
        if fractionDigits == 1 && lastFraction == UInt8(ascii: "0") {
            return !(negative && integerIsZero) && integerDigits <= 14  // 12.0 and 0.0; not -0.0
        }
        guard lastFraction != UInt8(ascii: "0") else { return false }
        if integerIsZero {
            return line[fractionStart] != UInt8(ascii: "0") && fractionDigits <= 15
        }
        return integerDigits + fractionDigits <= 15
    }
}
