// ChromeLineScanner: the fast path of `export --to chrome` for trace files. Parses a record
// line's bytes straight into a ChromeRecord, copying the path, class and attribute text as it
// stands. It accepts only lines whose text is already exactly what JSONByteWriter would write
// (no whitespace, no escapes, ASCII strings, integers only), so copying gives byte-identical
// output; anything else returns nil and the caller exports the file through TraceReader.

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
    /// the line is wrong.
    static func parse(_ line: UnsafeBufferPointer<UInt8>) -> ChromeRecord? {
        var cursor = Cursor(bytes: line)
        return cursor.record()
    }

    /// The kinds of `restoretrace/1`, reused instead of decoding their names again.
    private static let knownKinds: [(bytes: [UInt8], kind: RecordKind)] = RecordKind.known.map { (Array($0.rawValue.utf8), $0) }

    private static func kind(_ bytes: UnsafeBufferPointer<UInt8>) -> RecordKind {
        for known in knownKinds where known.bytes.count == bytes.count {
            if known.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }) {
                return known.kind
            }
        }
        return RecordKind(String(decoding: bytes, as: UTF8.self))
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        private enum Field: UInt16 {
            case seq = 1, ts = 2, ph = 4, span = 8, kind = 16, path = 32, className = 64, thread = 128, type = 256
        }

        mutating func record() -> ChromeRecord? {
            guard take(UInt8(ascii: "{")) else { return nil }
            var seen: UInt16 = 0
            var seq: Int64 = 0
            var ts: Int64 = 0
            var phase = Phase.instant
            var span: Int64?
            var kind = RecordKind("")
            var thread: String?
            var session: String?
            var pathComponentCount = -1
            var pathText: UnsafeBufferPointer<UInt8>?
            var classText: UnsafeBufferPointer<UInt8>?
            // Attributes as runs of adjacent members (`"a":1,"b":2`); usually one run per line.
            var attributeRun: Range<Int>?
            var earlierRuns: [Range<Int>] = []
            while true {
                let keyStart = index
                guard let key = plainString() else { return nil }
                guard take(UInt8(ascii: ":")) else { return nil }
                if let field = Cursor.field(key) {
                    guard seen & field.rawValue == 0 else { return nil }
                    seen |= field.rawValue
                    switch field {
                    case .seq: guard let value = coreInteger() else { return nil }; seq = value
                    case .ts: guard let value = coreInteger() else { return nil }; ts = value
                    case .span: guard let value = coreInteger() else { return nil }; span = value
                    case .ph:
                        guard let value = plainString(), value.count == 1, let letter = Phase(letter: value[0])
                        else { return nil }
                        phase = letter
                    case .kind:
                        guard let value = plainString(), value.count > 0 else { return nil }
                        kind = ChromeLineScanner.kind(value)
                    case .path:
                        let start = index + 1
                        guard let count = plainStringArray() else { return nil }
                        pathComponentCount = count
                        pathText = count == 0 ? UnsafeBufferPointer(rebasing: bytes[start..<start]) : nil
                        if count > 0 { pathText = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(index - 2)]) }
                    case .className:
                        guard let value = plainString() else { return nil }
                        classText = value
                    case .thread:
                        guard let value = plainString() else { return nil }
                        thread = String(decoding: value, as: UTF8.self)
                    case .type: return nil  // the header marker, or a record the full reader should judge
                    }
                } else {
                    let valueStart = index
                    guard canonicalValue(depth: 1) else { return nil }
                    // `session` stays an attribute; its string also picks the record's track.
                    if key.count == 7, Cursor.equal(key, "session"), bytes[valueStart] == UInt8(ascii: "\"") {
                        session = String(decoding: UnsafeBufferPointer(rebasing: bytes[(valueStart + 1)..<(index - 1)]), as: UTF8.self)
                    }
                    if let run = attributeRun, run.upperBound + 1 == keyStart {
                        attributeRun = run.lowerBound..<index
                    } else {
                        if let run = attributeRun { earlierRuns.append(run) }
                        attributeRun = keyStart..<index
                    }
                }
                if take(UInt8(ascii: ",")) { continue }
                guard take(UInt8(ascii: "}")), index == bytes.count else { return nil }
                break
            }
            let required = Field.seq.rawValue | Field.ts.rawValue | Field.ph.rawValue | Field.kind.rawValue
            guard seen & required == required, phase == .instant || span != nil else { return nil }
            var capacity = (pathText?.count ?? 0) + (classText?.count ?? 0) + (attributeRun.map { $0.count + 1 } ?? 0)
            for run in earlierRuns { capacity += run.count + 1 }
            var text: [UInt8] = []
            text.reserveCapacity(capacity)
            if let pathText {
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
                    position += 3
                    segmentStart = position
                }
                text.append(contentsOf: UnsafeBufferPointer(rebasing: pathText[segmentStart...]))
            }
            let pathEnd = text.count
            if let classText { text.append(contentsOf: classText) }
            let classEnd = text.count
            for run in earlierRuns {
                text.append(UInt8(ascii: ","))
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run]))
            }
            if let attributeRun {
                text.append(UInt8(ascii: ","))
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[attributeRun]))
            }
            return ChromeRecord(
                seq: seq, ts: ts, phase: phase, span: span, kind: kind, thread: thread, session: session,
                pathComponentCount: pathComponentCount, hasClass: classText != nil, text: text,
                pathEnd: pathEnd, classEnd: classEnd)
        }

        private static func field(_ key: UnsafeBufferPointer<UInt8>) -> Field? {
            switch key.count {
            case 2: return equal(key, "ts") ? .ts : equal(key, "ph") ? .ph : nil
            case 3: return equal(key, "seq") ? .seq : nil
            case 4:
                return equal(key, "span") ? .span : equal(key, "kind") ? .kind : equal(key, "path") ? .path
                    : equal(key, "type") ? .type : nil
            case 5: return equal(key, "class") ? .className : nil
            case 6: return equal(key, "thread") ? .thread : nil
            default: return nil
            }
        }

        private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
            literal.withUTF8Buffer { expected in memcmp(expected.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
        }

        private mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// A string of printable ASCII without escapes; returns its contents (no quotes).
        private mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            index = JSONStringBytes.firstSpecial(in: bytes, from: start, stopAtNonASCII: true)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            index += 1
            return UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)])
        }

        /// `["a","b"]` of plain strings, with no whitespace; returns how many strings.
        private mutating func plainStringArray() -> Int? {
            guard take(UInt8(ascii: "[")) else { return nil }
            if take(UInt8(ascii: "]")) { return 0 }
            var count = 0
            while true {
                guard plainString() != nil else { return nil }
                count += 1
                if take(UInt8(ascii: ",")) { continue }
                return take(UInt8(ascii: "]")) ? count : nil
            }
        }

        /// An integer the full reader reads the same: `-`?, no leading zeros, at most 18 digits.
        private mutating func integer() -> Int64? {
            let negative = take(UInt8(ascii: "-"))
            let start = index
            var value: Int64 = 0
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                value = value &* 10 &+ Int64(bytes[index] &- UInt8(ascii: "0"))
                index += 1
            }
            let digits = index - start
            guard digits > 0, digits <= 18, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
            if negative && value == 0 { return nil }
            if index < bytes.count {
                let next = bytes[index]
                guard next != UInt8(ascii: "."), next != UInt8(ascii: "e"), next != UInt8(ascii: "E") else { return nil }
            }
            return negative ? -value : value
        }

        /// A `seq`, `ts` or `span`: an integer within ±(2^53 - 1), beyond which the full reader
        /// refuses it (a JSON reader that reads numbers as doubles could not tell it apart).
        private mutating func coreInteger() -> Int64? {
            guard let value = integer(), value.magnitude <= UInt64(TraceRecord.largestExactInteger) else { return nil }
            return value
        }

        /// An integer (see ``integer()``), or a number with a fraction written exactly as Swift's
        /// `Double.description` writes it back: at most 15 significant digits (so the digits
        /// round-trip), no exponent, at least 0.1 (or 0.0), no trailing zero except a lone `.0`.
        private mutating func canonicalNumber() -> Bool {
            let start = index
            guard integer() != nil else {
                // integer() refuses a fraction: look at it here.
                index = start
                let negative = take(UInt8(ascii: "-"))
                let integerStart = index
                while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
                let integerDigits = index - integerStart
                guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0"),
                    take(UInt8(ascii: "."))
                else { return false }
                let fractionStart = index
                while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
                let fractionDigits = index - fractionStart
                guard fractionDigits > 0 else { return false }
                if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                    return false
                }
                let integerIsZero = bytes[integerStart] == UInt8(ascii: "0")
                let lastFraction = bytes[index - 1]
                if fractionDigits == 1 && lastFraction == UInt8(ascii: "0") {
                    return !(negative && integerIsZero) && integerDigits <= 14  // 12.0 and 0.0; not -0.0
                }
                guard lastFraction != UInt8(ascii: "0") else { return false }
                if integerIsZero {
                    return bytes[fractionStart] != UInt8(ascii: "0") && fractionDigits <= 15
                }
                return integerDigits + fractionDigits <= 15
            }
            return true
        }

        /// Moves past a value whose text is exactly what JSONByteWriter.value writes for it.
        private mutating func canonicalValue(depth: Int) -> Bool {
            guard index < bytes.count, depth < 64 else { return false }
            switch bytes[index] {
            case UInt8(ascii: "\""): return plainString() != nil
            case UInt8(ascii: "["):
                index += 1
                if take(UInt8(ascii: "]")) { return true }
                while true {
                    guard canonicalValue(depth: depth + 1) else { return false }
                    if take(UInt8(ascii: ",")) { continue }
                    return take(UInt8(ascii: "]"))
                }
            case UInt8(ascii: "{"):
                index += 1
                if take(UInt8(ascii: "}")) { return true }
                while true {
                    guard plainString() != nil, take(UInt8(ascii: ":")), canonicalValue(depth: depth + 1) else { return false }
                    if take(UInt8(ascii: ",")) { continue }
                    return take(UInt8(ascii: "}"))
                }
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return canonicalNumber()
            }
        }

        private mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard bytes.count - index >= count,
                word.withUTF8Buffer({ memcmp($0.baseAddress!, bytes.baseAddress! + index, count) == 0 })
            else { return false }
            index += count
            return true
        }
    }
}
