// The byte-level encoding of archive payloads: varints, strings and tagged JSON values.
// Written by hand so that encoding 100k objects costs no JSONEncoder and decoding checks
// every length against the bytes that are really there.

import TraceFormat

/// Appends values to a byte buffer.
struct ArchiveByteWriter {
    var bytes: [UInt8] = []

    mutating func writeByte(_ byte: UInt8) { bytes.append(byte) }

    mutating func writeVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func writeFixed64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    mutating func writeFixed16(_ value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    mutating func writeString(_ string: String) {
        var copy = string
        copy.withUTF8 { utf8 in
            writeVarint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func writeStrings(_ strings: [String]) {
        writeVarint(UInt64(strings.count))
        for string in strings { writeString(string) }
    }

    mutating func writeOptionalString(_ string: String?) {
        if let string {
            writeByte(1)
            writeString(string)
        } else {
            writeByte(0)
        }
    }

    /// Tags: 0 null, 1 false, 2 true, 3 int (zigzag varint), 4 double (IEEE bits), 5 string,
    /// 6 array, 7 object. Nested values are written with an explicit stack, never recursion.
    mutating func writeValue(_ value: JSONValue) {
        var pending: [JSONValue] = [value]
        var keys: [String?] = [nil]
        while let next = pending.popLast() {
            if let key = keys.popLast() ?? nil { writeString(key) }
            switch next {
            case .null: writeByte(0)
            case .bool(let b): writeByte(b ? 2 : 1)
            case .int(let i):
                writeByte(3)
                writeVarint(UInt64(bitPattern: (i << 1) ^ (i >> 63)))
            case .double(let d):
                writeByte(4)
                writeFixed64(d.bitPattern)
            case .string(let s):
                writeByte(5)
                writeString(s)
            case .array(let items):
                writeByte(6)
                writeVarint(UInt64(items.count))
                for item in items.reversed() {
                    pending.append(item)
                    keys.append(nil)
                }
            case .object(let object):
                writeByte(7)
                writeVarint(UInt64(object.members.count))
                for member in object.members.reversed() {
                    pending.append(member.value)
                    keys.append(member.key)
                }
            }
        }
    }
}

/// Why a payload could not be read.
struct ArchivePayloadError: Error {
    var message: String
    var offset: Int
}

/// Reads values back, checking every length against the bytes left.
struct ArchiveByteReader {
    /// Values nest at most this deep; deeper is treated as corruption rather than risked.
    static let maximumValueDepth = 256

    let bytes: [UInt8]
    private(set) var offset: Int

    init(bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var isAtEnd: Bool { offset >= bytes.count }

    private func failure(_ what: String) -> ArchivePayloadError { ArchivePayloadError(message: what, offset: offset) }

    mutating func readByte() throws(ArchivePayloadError) -> UInt8 {
        guard offset < bytes.count else { throw failure("unexpected end of data") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func readVarint() throws(ArchivePayloadError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try readByte()
            guard shift < 64 else { throw failure("a length is too long") }
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
    }

    /// A count that must fit in what is left, assuming each element takes at least one byte.
    mutating func readCount() throws(ArchivePayloadError) -> Int {
        let count = try readVarint()
        guard count <= UInt64(bytes.count - offset) else { throw failure("a count of \(count) exceeds the data left") }
        return Int(count)
    }

    mutating func readFixed64() throws(ArchivePayloadError) -> UInt64 {
        guard bytes.count - offset >= 8 else { throw failure("unexpected end of data") }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[offset + index]) << UInt64(index * 8) }
        offset += 8
        return value
    }

    mutating func readFixed16() throws(ArchivePayloadError) -> UInt16 {
        guard bytes.count - offset >= 2 else { throw failure("unexpected end of data") }
        defer { offset += 2 }
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    mutating func readString() throws(ArchivePayloadError) -> String {
        let length = try readCount()
        let start = offset
        offset += length
        // Archived strings are nearly all ASCII (identifiers, class names, keys): those are
        // decoded directly, which is several times cheaper than the generic validating path.
        let ascii: String? = bytes.withUnsafeBufferPointer { buffer in
            let utf8 = UnsafeBufferPointer(rebasing: buffer[start..<(start + length)])
            return utf8.allSatisfy { $0 < 0x80 } ? String(decoding: utf8, as: UTF8.self) : nil
        }
        if let ascii { return ascii }
        guard let string = String(validating: bytes[start..<(start + length)], as: UTF8.self) else {
            throw failure("a string is not valid UTF-8")
        }
        return string
    }

    mutating func readStrings() throws(ArchivePayloadError) -> [String] {
        let count = try readCount()
        var strings: [String] = []
        strings.reserveCapacity(count)
        for _ in 0..<count { strings.append(try readString()) }
        return strings
    }

    mutating func readOptionalString() throws(ArchivePayloadError) -> String? {
        switch try readByte() {
        case 0: return nil
        case 1: return try readString()
        case let flag: throw failure("unknown optional flag \(flag)")
        }
    }

    /// One tagged value, with bounded nesting.
    mutating func readValue(depth: Int = 0) throws(ArchivePayloadError) -> JSONValue {
        guard depth < Self.maximumValueDepth else { throw failure("values nest deeper than \(Self.maximumValueDepth)") }
        switch try readByte() {
        case 0: return .null
        case 1: return .bool(false)
        case 2: return .bool(true)
        case 3:
            let zigzag = try readVarint()
            return .int(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
        case 4: return .double(Double(bitPattern: try readFixed64()))
        case 5: return .string(try readString())
        case 6:
            let count = try readCount()
            var items: [JSONValue] = []
            items.reserveCapacity(count)
            for _ in 0..<count { items.append(try readValue(depth: depth + 1)) }
            return .array(items)
        case 7:
            let count = try readCount()
            var members: [JSONMember] = []
            members.reserveCapacity(count)
            for _ in 0..<count {
                let key = try readString()
                members.append(JSONMember(key, try readValue(depth: depth + 1)))
            }
            return .object(JSONObject(members))
        case let tag: throw failure("unknown value tag \(tag)")
        }
    }

    mutating func readObject() throws(ArchivePayloadError) -> JSONObject {
        guard case .object(let object) = try readValue() else { throw failure("expected an object") }
        return object
    }
}

/// FNV-1a, 64-bit: the archive's checksum (simple, fast, and enough to catch damage).
enum FNV1a64 {
    /// The hash of no bytes (the FNV offset basis).
    static let initial: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The hash of `bytes`; with `continuing`, of the bytes hashed before followed by `bytes`.
    static func hash(_ bytes: ArraySlice<UInt8>, continuing start: UInt64 = initial) -> UInt64 {
        bytes.withUnsafeBufferPointer { buffer in
            var hash = start
            for byte in buffer {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            return hash
        }
    }
}
