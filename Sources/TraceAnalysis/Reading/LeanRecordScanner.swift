// LeanRecordScanner: a fast parser for the record lines `summary` and `diff` read. It keeps
// only the fields they use (the core fields and `via`, `result`, `reason`, `message`) and
// refuses anything unusual (escapes in kept strings, non-integer numbers, odd types), so the
// caller can fall back to the full TraceReader, which reports the problem properly.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TraceFormat

/// Parses one record line into a ``TraceRecord`` holding the core fields and the attributes
/// in ``keptAttributes``; every other member is skipped. Returns nil for any line it does not
/// accept; nil never means the line is wrong, only that the full reader must look at it.
enum LeanRecordScanner {
    /// The attributes kept; the statistics and the diff read no others.
    static let keptAttributes: Set<String> = ["via", "result", "reason", "message"]

    /// `wantsEndPath(span)` says whether an `E` record's `path` is needed (its `B` had none);
    /// other `E` paths are skipped, as are `E` classes: readers take both from the `B` record.
    static func parse(_ line: UnsafeBufferPointer<UInt8>, wantsEndPath: (Int64) -> Bool = { _ in true }) -> TraceRecord? {
        var scanner = Cursor(line)
        return scanner.record(wantsEndPath: wantsEndPath)
    }

    /// The members the scanner looks at, recognised from their bytes without making a String.
    private enum Key: UInt16 {
        case seq, ts, ph, span, kind, path, className, thread, via, result, reason, message, other

        static func recognise(_ bytes: UnsafeBufferPointer<UInt8>) -> Key {
            switch bytes.count {
            case 2: return equal(bytes, "ts") ? .ts : equal(bytes, "ph") ? .ph : .other
            case 3: return equal(bytes, "seq") ? .seq : equal(bytes, "via") ? .via : .other
            case 4: return equal(bytes, "span") ? .span : equal(bytes, "kind") ? .kind : equal(bytes, "path") ? .path : .other
            case 5: return equal(bytes, "class") ? .className : .other
            case 6:
                return equal(bytes, "thread") ? .thread : equal(bytes, "result") ? .result
                    : equal(bytes, "reason") ? .reason : .other
            case 7: return equal(bytes, "message") ? .message : .other
            default: return .other
            }
        }

        /// The kept name at the start of `word` (the 8 bytes from its opening quote, read
        /// little-endian) and its length with both quotes. The closing quote is part of the
        /// match, so "seq" never matches "seqs". Nil for other names ("message", 9 bytes with
        /// its quotes, too): ``Cursor/key()`` then reads the name byte by byte.
        static func kept(_ word: UInt64) -> (key: Key, length: Int)? {
            switch word & 0xFF_FFFF_FFFF {
            case 0x22_7165_7322: return (.seq, 5)  // "seq"
            case 0x22_6169_7622: return (.via, 5)  // "via"
            default: break
            }
            switch word & 0xFFFF_FFFF {
            case 0x2273_7422: return (.ts, 4)  // "ts"
            case 0x2268_7022: return (.ph, 4)  // "ph"
            default: break
            }
            switch word & 0xFFFF_FFFF_FFFF {
            case 0x226E_6170_7322: return (.span, 6)  // "span"
            case 0x2264_6E69_6B22: return (.kind, 6)  // "kind"
            case 0x2268_7461_7022: return (.path, 6)  // "path"
            default: break
            }
            if word & 0xFF_FFFF_FFFF_FFFF == 0x22_7373_616C_6322 { return (.className, 7) }  // "class"
            switch word {
            case 0x2274_6C75_7365_7222: return (.result, 8)  // "result"
            case 0x226E_6F73_6165_7222: return (.reason, 8)  // "reason"
            case 0x2264_6165_7268_7422: return (.thread, 8)  // "thread"
            default: return nil
            }
        }

        private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
            literal.withUTF8Buffer { expected in
                expected.count == bytes.count && memcmp(expected.baseAddress!, bytes.baseAddress!, bytes.count) == 0
            }
        }
    }

    /// The kinds of `restoretrace/1`, reused instead of decoding their names again.
    private static let knownKinds: [(bytes: [UInt8], kind: RecordKind)] = RecordKind.known.map { (Array($0.rawValue.utf8), $0) }

    fileprivate static func kind(_ bytes: UnsafeBufferPointer<UInt8>) -> RecordKind? {
        for known in knownKinds where known.bytes.count == bytes.count {
            if known.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }) {
                return known.kind
            }
        }
        return nil
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func record(wantsEndPath: (Int64) -> Bool) -> TraceRecord? {
            skipSpaces()
            guard take(UInt8(ascii: "{")) else { return nil }
            var seq: Int64?
            var ts: Int64?
            var phase: Phase?
            var span: Int64?
            var kind: RecordKind?
            var path: [String]?
            var className: String?
            var thread: String?
            var attributes: [TraceAttribute] = []
            // Core and kept members seen: a repeated one is the full reader's to refuse (the last
            // would win here).
            var seenKept: UInt16 = 0
            skipSpaces()
            if take(UInt8(ascii: "}")) { return nil }
            while true {
                skipSpaces()
                let keyStart = index
                guard let key = key() else { return nil }
                if key == .other {
                    let name = UnsafeBufferPointer(rebasing: bytes[(keyStart + 1)..<(index - 1)])
                    // A name that is not ASCII is the full reader's to check (valid UTF-8?).
                    for byte in name where byte >= 0x80 { return nil }
                } else {
                    let bit: UInt16 = 1 << key.rawValue
                    guard seenKept & bit == 0 else { return nil }
                    seenKept |= bit
                }
                skipSpaces()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpaces()
                switch key {
                case .seq: guard let value = integer() else { return nil }; seq = value
                case .ts: guard let value = integer() else { return nil }; ts = value
                case .span: guard let value = integer() else { return nil }; span = value
                case .ph:
                    guard let value = plainBytes(), value.count == 1, let letter = Phase(letter: value[0])
                    else { return nil }
                    phase = letter
                case .kind:
                    guard let value = plainBytes(), value.count > 0 else { return nil }
                    if let known = LeanRecordScanner.kind(value) {
                        kind = known
                    } else {
                        guard let name = Cursor.text(value) else { return nil }
                        kind = RecordKind(name)
                    }
                case .path:
                    if phase == .end, let span, !wantsEndPath(span) {
                        guard skipValue(depth: 0) else { return nil }
                    } else {
                        guard let value = stringArray() else { return nil }
                        path = value
                    }
                case .className:
                    if phase == .end {
                        guard skipValue(depth: 0) else { return nil }
                    } else {
                        guard let value = plainString() else { return nil }
                        className = value
                    }
                case .thread: guard let value = plainString() else { return nil }; thread = value
                case .via, .reason, .message:
                    guard let value = plainString() else { return nil }
                    let name = key == .via ? "via" : key == .reason ? "reason" : "message"
                    attributes.append(TraceAttribute(name, .string(value)))
                case .result:
                    if let value = plainString() {
                        attributes.append(TraceAttribute("result", .string(value)))
                    } else if let flag = boolean() {
                        attributes.append(TraceAttribute("result", .bool(flag)))
                    } else {
                        return nil
                    }
                case .other:
                    guard skipValue(depth: 0) else { return nil }
                }
                skipSpaces()
                if take(UInt8(ascii: ",")) { continue }
                guard take(UInt8(ascii: "}")) else { return nil }
                break
            }
            skipSpaces()
            guard index == bytes.count, let seq, let ts, let phase, let kind else { return nil }
            if phase != .instant && span == nil { return nil }
            return TraceRecord(
                seq: seq, ts: ts, phase: phase, span: span, kind: kind, path: path, className: className,
                thread: thread, attributes: attributes)
        }

        /// The member name at `index`, moved past. A kept name is matched with one 8-byte load
        /// and a few masked compares (``Key/kept(_:)``); any other name goes through
        /// ``plainBytes()`` and ``Key/recognise(_:)``.
        private mutating func key() -> Key? {
            if index + 8 <= bytes.count {
                let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                if let (key, length) = Key.kept(word) {
                    index += length
                    return key
                }
            }
            guard let name = plainBytes() else { return nil }
            return Key.recognise(name)
        }

        private mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        private mutating func skipSpaces() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D {
                index += 1
            }
        }

        /// The bytes of a string without escapes or control bytes; nil (position unchanged) otherwise.
        private mutating func plainBytes() -> UnsafeBufferPointer<UInt8>? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let start = index + 1
            let end = JSONStringBytes.firstSpecial(in: bytes, from: start, stopAtNonASCII: false)
            guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
            index = end + 1
            return UnsafeBufferPointer(rebasing: bytes[start..<end])
        }

        /// A string without escapes or control bytes, valid UTF-8; nil (position unchanged) otherwise.
        private mutating func plainString() -> String? {
            let saved = index
            guard let slice = plainBytes() else { return nil }
            guard let text = Cursor.text(slice) else {
                index = saved
                return nil
            }
            return text
        }

        /// The slice as a String, or nil when it is not valid UTF-8.
        static func text(_ slice: UnsafeBufferPointer<UInt8>) -> String? {
            for byte in slice where byte >= 0x80 { return String(validating: slice, as: UTF8.self) }
            return String(decoding: slice, as: UTF8.self)
        }

        private mutating func stringArray() -> [String]? {
            guard take(UInt8(ascii: "[")) else { return nil }
            var values: [String] = []
            values.reserveCapacity(8)
            skipSpaces()
            if take(UInt8(ascii: "]")) { return values }
            while true {
                skipSpaces()
                guard let value = plainString() else { return nil }
                values.append(value)
                skipSpaces()
                if take(UInt8(ascii: ",")) { continue }
                return take(UInt8(ascii: "]")) ? values : nil
            }
        }

        /// An integer that fits in Int64 (no fraction, no exponent).
        private mutating func integer() -> Int64? {
            var cursor = index
            let negative = cursor < bytes.count && bytes[cursor] == UInt8(ascii: "-")
            if negative { cursor += 1 }
            let digitsStart = cursor
            var value: Int64 = 0
            // 18 digits cannot overflow; a 19th means a value beyond 2^53, refused below anyway.
            while cursor < bytes.count, cursor - digitsStart < 19 {
                let digit = bytes[cursor] &- 0x30
                guard digit < 10 else { break }
                value = value &* 10 &+ Int64(digit)
                cursor += 1
            }
            let digits = cursor - digitsStart
            guard digits > 0, digits < 19, digits == 1 || bytes[digitsStart] != 0x30 else { return nil }
            if cursor < bytes.count {
                let next = bytes[cursor]
                if next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E") { return nil }
            }
            // Beyond ±(2^53 - 1) the full reader decides (it refuses such seq, ts and span values).
            guard value <= TraceRecord.largestExactInteger else { return nil }
            index = cursor
            return negative ? -value : value
        }

        private mutating func boolean() -> Bool? {
            if matches("true") { return true }
            if matches("false") { return false }
            return nil
        }

        private mutating func matches(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            let same = literal.withUTF8Buffer { expected in
                (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
            }
            if same { index += count }
            return same
        }

        /// Skips any JSON value whose structure is sound enough to find its end; the full reader
        /// judges the rest. Nesting is limited to keep hostile lines cheap.
        private mutating func skipValue(depth: Int) -> Bool {
            guard depth < 64, index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                let start = index
                var nonASCII = false
                while true {
                    index = JSONStringBytes.firstSpecial(in: bytes, from: index, stopAtNonASCII: true)
                    guard index < bytes.count else { return false }
                    let byte = bytes[index]
                    if byte >= 0x80 {
                        nonASCII = true
                        index += 1
                        continue
                    }
                    if byte == UInt8(ascii: "\\") {
                        index += 2
                        continue
                    }
                    if byte < 0x20 { return false }
                    // Skipped text is still checked as UTF-8, as the full reader checks it.
                    if nonASCII && String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self) == nil {
                        return false
                    }
                    index += 1
                    return true  // the closing quote
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let close = bytes[index] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                let isObject = close == UInt8(ascii: "}")
                index += 1
                skipSpaces()
                if take(close) { return true }
                while true {
                    skipSpaces()
                    if isObject {
                        guard skipValue(depth: depth + 1) else { return false }
                        skipSpaces()
                        guard take(UInt8(ascii: ":")) else { return false }
                        skipSpaces()
                    }
                    guard skipValue(depth: depth + 1) else { return false }
                    skipSpaces()
                    if take(UInt8(ascii: ",")) { continue }
                    return take(close)
                }
            case UInt8(ascii: "t"): return matches("true")
            case UInt8(ascii: "f"): return matches("false")
            case UInt8(ascii: "n"): return matches("null")
            default:
                let start = index
                while index < bytes.count {
                    let byte = bytes[index]
                    let isNumberByte = (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-")
                        || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
                        || byte == UInt8(ascii: "E")
                    guard isNumberByte else { break }
                    index += 1
                }
                return index > start
            }
        }
    }
}
