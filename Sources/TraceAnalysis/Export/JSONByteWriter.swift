// JSONByteWriter: writes JSON straight into a UTF-8 byte buffer, for summaries and exports
// that must not pay for an encoder per record. The caller decides the structure (and so the
// key order); the writer only gets commas, escaping and numbers right.

import TraceFormat

/// Appends JSON text to a byte buffer.
///
/// ```swift
/// var json = JSONByteWriter()
/// json.beginObject()
/// json.key("count"); json.int(3)
/// json.key("name"); json.string("a\"b")
/// json.endObject()          // {"count":3,"name":"a\"b"}
/// ```
public struct JSONByteWriter: Sendable {
    /// The JSON written so far; take it with ``takeBytes()``.
    public private(set) var bytes: [UInt8] = []
    /// Whether the next value in the current container needs a comma before it.
    private var needsComma = false
    /// When false, objects and arrays are written on one line; when true, indented by two spaces.
    private let pretty: Bool
    private var depth = 0

    public init(pretty: Bool = false, capacity: Int = 1 << 16) {
        self.pretty = pretty
        bytes.reserveCapacity(capacity)
    }

    /// How many bytes are written and not yet taken.
    public var count: Int { bytes.count }

    /// Hands over the bytes written so far and starts an empty buffer (container state is kept).
    public mutating func takeBytes() -> [UInt8] {
        let taken = bytes
        bytes.removeAll(keepingCapacity: true)
        return taken
    }

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        depth += 1
        needsComma = false
    }

    public mutating func endObject() { close(UInt8(ascii: "}")) }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        depth += 1
        needsComma = false
    }

    public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Writes an object key; the next call writes its value.
    public mutating func key(_ name: String) {
        separate()
        appendQuoted(name)
        bytes.append(UInt8(ascii: ":"))
        if pretty { bytes.append(UInt8(ascii: " ")) }
        needsComma = false
    }

    public mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
        needsComma = true
    }

    public mutating func int(_ value: Int64) {
        separate()
        appendInteger(value)
        needsComma = true
    }

    public mutating func int(_ value: Int) { int(Int64(value)) }

    /// A double, rounded to `decimals` places; non-finite values become `null` (JSON has none).
    public mutating func double(_ value: Double, decimals: Int = 3) {
        separate()
        appendDouble(value, decimals: decimals)
        needsComma = true
    }

    /// `value / 1000` with up to three decimals, exactly: 1234 → 1.234, 1200 → 1.2, 5 → 0.005.
    public mutating func fixedThousandths(_ value: Int64) {
        separate()
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        appendUnsigned(magnitude / 1000)
        var fraction = magnitude % 1000
        if fraction > 0 {
            bytes.append(UInt8(ascii: "."))
            var divisor: UInt64 = 100
            while fraction > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
                fraction %= divisor
                divisor /= 10
            }
        }
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        appendASCII(value ? "true" : "false")
        needsComma = true
    }

    public mutating func null() {
        separate()
        appendASCII("null")
        needsComma = true
    }

    /// An array of strings.
    public mutating func strings(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    /// An optional array of strings; `null` when nil.
    public mutating func strings(_ values: [String]?) {
        if let values { strings(values) } else { null() }
    }

    /// One string made of `prefix`, then `components` joined by `separator`, written without
    /// building the joined string first (span names and paths on export hot paths).
    public mutating func joinedString(prefix: String = "", _ components: [String], separator: String = "/") {
        separate()
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(prefix)
        for (index, component) in components.enumerated() {
            if index > 0 { appendEscaped(separator) }
            appendEscaped(component)
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// An optional string; `null` when nil.
    public mutating func string(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    /// Any JSON value from a trace (objects keep their member order).
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .int(let number): int(number)
        case .double(let number):
            separate()
            if number.isFinite { bytes.append(contentsOf: number.description.utf8) } else { appendASCII("null") }
            needsComma = true
        case .string(let text): string(text)
        case .array(let items):
            beginArray()
            for item in items { self.value(item) }
            endArray()
        case .object(let object):
            beginObject()
            for member in object.members {
                key(member.key)
                self.value(member.value)
            }
            endObject()
        }
    }

    /// Appends text that is already valid JSON, with no separator, for callers that write their
    /// own punctuation (`{"at":`). The next value is not preceded by a comma.
    public mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        needsComma = false
    }

    /// ``raw(_:)`` for constant text.
    public mutating func rawBytes(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        needsComma = false
    }

    /// ``raw(_:)`` for bytes that are already valid JSON text.
    public mutating func rawBytes(_ text: ArraySlice<UInt8>) {
        bytes.append(contentsOf: text)
        needsComma = false
    }

    /// The inside of a JSON string (no quotes): `text` with quotes, backslashes and control
    /// bytes escaped, for callers that build one string from several parts.
    public mutating func escapedContents(_ text: String) {
        appendEscaped(text)
        needsComma = false
    }

    /// Ends the current line (for JSON-lines output), resetting the separator state.
    public mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
        needsComma = false
    }

    // MARK: - Bytes

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        if pretty && depth > 0 && bytes.last != UInt8(ascii: " ") { indent() }
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if pretty && bytes.last != UInt8(ascii: "{") && bytes.last != UInt8(ascii: "[") { indent() }
        bytes.append(bracket)
        needsComma = true
    }

    private mutating func indent() {
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<depth { bytes.append(contentsOf: [0x20, 0x20]) }
    }

    private mutating func appendASCII(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func appendQuoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(text)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `text` as the inside of a JSON string: quotes, backslashes and control bytes escaped as
    /// the trace writer escapes them (JSONStringEscaping).
    private mutating func appendEscaped(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard JSONStringEscaping.needsEscape(byte) else { continue }
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                runStart = index + 1
                JSONStringEscaping.appendEscape(of: byte, to: &bytes)
            }
            if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        }
    }

    private mutating func appendInteger(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendUnsigned(value.magnitude)
    }

    private mutating func appendUnsigned(_ value: UInt64) {
        var digitCount = 1
        var rest = value / 10
        while rest > 0 {
            digitCount += 1
            rest /= 10
        }
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digitCount))
        var remaining = value
        var position = start + digitCount - 1
        while remaining > 0 {
            bytes[position] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
            position -= 1
        }
    }

    /// Fixed-point with `decimals` places, trailing zeros dropped: 12.5, 3, 0.125. Integer
    /// arithmetic on the scaled value keeps it deterministic across platforms.
    private mutating func appendDouble(_ value: Double, decimals: Int) {
        guard value.isFinite else {
            appendASCII("null")
            return
        }
        var scale: Double = 1
        for _ in 0..<max(decimals, 0) { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9.0e18 else {
            // Beyond Int64: Swift's shortest round-trip text is valid JSON too.
            bytes.append(contentsOf: value.rounded().description.utf8)
            return
        }
        let units = UInt64(scaled)
        let factor = UInt64(scale)
        if value < 0 && units > 0 { bytes.append(UInt8(ascii: "-")) }
        appendUnsigned(units / factor)
        var fraction = units % factor
        guard fraction > 0 else { return }
        var width = max(decimals, 0)
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        bytes.append(UInt8(ascii: "."))
        let text = Array(String(fraction).utf8)
        for _ in 0..<(width - text.count) { bytes.append(UInt8(ascii: "0")) }
        bytes.append(contentsOf: text)
    }
}
