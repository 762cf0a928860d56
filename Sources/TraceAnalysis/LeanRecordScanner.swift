// LeanRecordScanner: a fast parser for the record lines `summary` and `diff` read. It keeps
// only the fields they use (the core fields and `via`, `result`, `reason`, `message`) and
// refuses anything unusual (escapes in kept strings, non-integer numbers, odd types), so the
// caller can fall back to the full TraceReader, which reports the problem properly.

import TraceFormat

/// Parses one record line into a ``TraceRecord`` holding the core fields and the attributes
/// in ``keptAttributes``; every other member is skipped. Returns nil for any line it does not
/// accept; nil never means the line is wrong, only that the full reader must look at it.
enum LeanRecordScanner {
    /// The attributes kept; the statistics and the diff read no others.
    static let keptAttributes: Set<String> = ["via", "result", "reason", "message"]

    static func parse(_ line: UnsafeBufferPointer<UInt8>) -> TraceRecord? {
        var scanner = Cursor(line)
        return scanner.record()
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func record() -> TraceRecord? {
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
            skipSpaces()
            if take(UInt8(ascii: "}")) { return nil }
            while true {
                skipSpaces()
                guard let key = plainString() else { return nil }
                skipSpaces()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpaces()
                switch key {
                case "seq": guard let value = integer() else { return nil }; seq = value
                case "ts": guard let value = integer() else { return nil }; ts = value
                case "span": guard let value = integer() else { return nil }; span = value
                case "ph":
                    guard let value = plainString(), let parsed = Phase(rawValue: value) else { return nil }
                    phase = parsed
                case "kind": guard let value = plainString(), !value.isEmpty else { return nil }; kind = RecordKind(value)
                case "path": guard let value = stringArray() else { return nil }; path = value
                case "class": guard let value = plainString() else { return nil }; className = value
                case "thread": guard let value = plainString() else { return nil }; thread = value
                case "via", "reason", "message":
                    guard let value = plainString() else { return nil }
                    attributes.append(TraceAttribute(key, .string(value)))
                case "result":
                    if let value = plainString() {
                        attributes.append(TraceAttribute(key, .string(value)))
                    } else if let flag = boolean() {
                        attributes.append(TraceAttribute(key, .bool(flag)))
                    } else {
                        return nil
                    }
                default:
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

        /// A string without escapes or control bytes, valid UTF-8; nil (position unchanged) otherwise.
        private mutating func plainString() -> String? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let start = index + 1
            var cursor = start
            var ascii = true
            while cursor < bytes.count {
                let byte = bytes[cursor]
                if byte == UInt8(ascii: "\"") {
                    let slice = UnsafeBufferPointer(rebasing: bytes[start..<cursor])
                    let text = ascii ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
                    if text != nil { index = cursor + 1 }
                    return text
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                if byte >= 0x80 { ascii = false }
                cursor += 1
            }
            return nil
        }

        private mutating func stringArray() -> [String]? {
            guard take(UInt8(ascii: "[")) else { return nil }
            var values: [String] = []
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
            while cursor < bytes.count, bytes[cursor] >= 0x30, bytes[cursor] <= 0x39 {
                let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(Int64(bytes[cursor] - 0x30))
                if overflow1 || overflow2 { return nil }
                value = sum
                cursor += 1
            }
            let digits = cursor - digitsStart
            guard digits > 0, digits == 1 || bytes[digitsStart] != 0x30 else { return nil }
            if cursor < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[cursor]) {
                return nil
            }
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
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\\") {
                        index += 2
                        continue
                    }
                    if byte < 0x20 { return false }
                    index += 1
                    if byte == UInt8(ascii: "\"") { return true }
                }
                return false
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
