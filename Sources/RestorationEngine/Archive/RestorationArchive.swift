// RestorationArchive: what preservation writes and restoration reads — the application
// coder and one portion per preserved object, in walk order — and its versioned binary form.
//
// File layout (all integers little-endian):
//   offset  0  magic        8 bytes  "RTSTATE\u{1}"
//   offset  8  version      u16      1
//   offset 10  flags        u16      0 (reserved: a reader refuses an archive with any flag set)
//   offset 12  length       u64      payload byte count
//   offset 20  checksum     u64      FNV-1a-64 of the payload
//   offset 28  payload      `length` bytes (see `encodePayload`)

import TraceFormat

/// One key of an archived coder: a plain value or references (restoration paths).
public struct ArchivedSlot: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        case value(JSONValue)
        /// Referenced objects' paths; nil where the referenced object had no path.
        case references([RestorationPath?], isList: Bool)
    }
    public var key: String
    public var content: Content
    public init(key: String, content: Content) {
        self.key = key
        self.content = content
    }
}

/// One preserved object's portion of the archive.
public struct ArchivedObject: Sendable, Hashable {
    public enum Kind: UInt8, Sendable, Hashable {
        case viewController = 0
        case view = 1
        case registeredObject = 2

        /// The name the trace uses for this kind (`objectKind`).
        public var traceKind: RestorableObjectKind {
            switch self {
            case .viewController: return .viewController
            case .view: return .view
            case .registeredObject: return .registeredObject
            }
        }
    }
    public var kind: Kind
    public var path: RestorationPath
    public var className: String
    /// The name of its restoration class, asked first at relaunch.
    public var restorationClassName: String?
    /// For navigation controllers: the key of the stack cut at the first missing child (rule 17).
    public var truncatedStackKey: String?
    public var slots: [ArchivedSlot]

    public init(kind: Kind, path: RestorationPath, className: String, restorationClassName: String? = nil,
                truncatedStackKey: String? = nil, slots: [ArchivedSlot] = []) {
        self.kind = kind
        self.path = path
        self.className = className
        self.restorationClassName = restorationClassName
        self.truncatedStackKey = truncatedStackKey
        self.slots = slots
    }

    /// The plain value archived under `key`.
    public func value(forKey key: String) -> JSONValue? {
        for slot in slots where slot.key == key { if case .value(let value) = slot.content { return value } }
        return nil
    }

    /// The paths archived under `key`.
    public func references(forKey key: String) -> [RestorationPath?] {
        for slot in slots where slot.key == key { if case .references(let paths, _) = slot.content { return paths } }
        return []
    }
}

/// Why an archive file cannot be used. Each message says what was wrong; the engine discards
/// the archive (`discard` reason `corruptArchive`) and the app launches fresh.
public enum RestorationArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
    case tooShort(bytes: Int)
    case foreign
    case unsupportedVersion(UInt16)
    /// Header flags this engine does not know: a later writer's feature it cannot honour.
    case unsupportedFlags(UInt16)
    case truncated(declared: UInt64, present: Int)
    case trailingBytes(declared: UInt64, present: Int)
    case checksumMismatch(stored: UInt64, computed: UInt64)
    case malformed(message: String, offset: Int)

    public var description: String {
        switch self {
        case .tooShort(let bytes):
            return "is \(bytes) bytes long, shorter than the \(RestorationArchive.headerSize)-byte header"
        case .foreign:
            return "is not a restoration archive (its first bytes are not the archive magic)"
        case .unsupportedVersion(let version):
            return "has format version \(version); this engine reads version \(RestorationArchive.formatVersion)"
        case .unsupportedFlags(let flags):
            return "has header flags \(hex16(flags)) that this engine does not know (it reads archives whose flags are 0)"
        case .truncated(let declared, let present):
            return "is truncated: the header declares \(declared) payload bytes but only \(present) are present"
        case .trailingBytes(let declared, let present):
            return "has \(present) payload bytes where the header declares \(declared)"
        case .checksumMismatch(let stored, let computed):
            return "is corrupt: checksum \(hex(computed)) does not match the stored \(hex(stored))"
        case .malformed(let message, let offset):
            return "is malformed at payload byte \(offset): \(message)"
        }
    }

    private func hex16(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 16 - digits.count)) + digits
    }
}

/// The preserved state of one app: the application coder and every object's portion, in walk order.
public struct RestorationArchive: Sendable, Hashable {
    public static let magic: [UInt8] = Array("RTSTATE".utf8) + [1]
    public static let formatVersion: UInt16 = 1
    public static let headerSize = 28

    /// The application coder: UIKit's keys and what `willEncodeRestorableState` wrote.
    public var applicationSlots: [ArchivedSlot]
    public var objects: [ArchivedObject]

    public init(applicationSlots: [ArchivedSlot] = [], objects: [ArchivedObject] = []) {
        self.applicationSlots = applicationSlots
        self.objects = objects
    }

    /// A plain value of the application coder.
    public func applicationValue(forKey key: String) -> JSONValue? {
        for slot in applicationSlots where slot.key == key { if case .value(let value) = slot.content { return value } }
        return nil
    }

    // MARK: Encoding

    /// The whole file: header and payload.
    public func encoded() -> [UInt8] {
        var payload = ArchiveByteWriter()
        Self.writeSlots(applicationSlots, to: &payload)
        payload.writeVarint(UInt64(objects.count))
        for object in objects { Self.write(object, to: &payload) }
        return Self.file(payload: payload.bytes)
    }

    /// Header + payload for an already-encoded payload.
    static func file(payload: [UInt8]) -> [UInt8] { file(payloadParts: [payload]) }

    /// Header + payload for a payload encoded in parts (concatenated in order), copied once.
    static func file(payloadParts parts: [[UInt8]]) -> [UInt8] {
        let length = parts.reduce(0) { $0 + $1.count }
        var checksum = FNV1a64.initial
        for part in parts { checksum = FNV1a64.hash(part[...], continuing: checksum) }
        var header = ArchiveByteWriter()
        header.bytes.reserveCapacity(headerSize + length)
        header.bytes.append(contentsOf: magic)
        header.writeFixed16(formatVersion)
        header.writeFixed16(0)
        header.writeFixed64(UInt64(length))
        header.writeFixed64(checksum)
        for part in parts { header.bytes.append(contentsOf: part) }
        return header.bytes
    }

    static func write(_ object: ArchivedObject, to writer: inout ArchiveByteWriter) {
        writer.writeByte(object.kind.rawValue)
        writer.writeStrings(object.path.components)
        writer.writeString(object.className)
        writer.writeOptionalString(object.restorationClassName)
        writer.writeOptionalString(object.truncatedStackKey)
        writeSlots(object.slots, to: &writer)
    }

    static func writeSlots(_ slots: [ArchivedSlot], to writer: inout ArchiveByteWriter) {
        writer.writeVarint(UInt64(slots.count))
        for slot in slots {
            writer.writeString(slot.key)
            switch slot.content {
            case .value(let value):
                writer.writeByte(0)
                writer.writeValue(value)
            case .references(let paths, let isList):
                writer.writeByte(isList ? 2 : 1)
                writer.writeVarint(UInt64(paths.count))
                for path in paths {
                    if let path {
                        writer.writeByte(1)
                        writer.writeStrings(path.components)
                    } else {
                        writer.writeByte(0)
                    }
                }
            }
        }
    }

    // MARK: Decoding

    /// Reads a whole file, checking magic, version, length and checksum before the payload.
    public static func decode(_ bytes: [UInt8]) throws(RestorationArchiveError) -> RestorationArchive {
        guard bytes.count >= magic.count, Array(bytes[0..<magic.count]) == magic else {
            if bytes.count < headerSize && magic.starts(with: bytes) { throw .tooShort(bytes: bytes.count) }
            throw .foreign
        }
        guard bytes.count >= headerSize else { throw .tooShort(bytes: bytes.count) }
        var header = ArchiveByteReader(bytes: bytes, offset: magic.count)
        do {
            let version = try header.readFixed16()
            guard version == formatVersion else { throw RestorationArchiveError.unsupportedVersion(version) }
            let flags = try header.readFixed16()
            guard flags == 0 else { throw RestorationArchiveError.unsupportedFlags(flags) }
            let length = try header.readFixed64()
            let stored = try header.readFixed64()
            let present = bytes.count - headerSize
            if UInt64(present) < length { throw RestorationArchiveError.truncated(declared: length, present: present) }
            if UInt64(present) > length { throw RestorationArchiveError.trailingBytes(declared: length, present: present) }
            let computed = FNV1a64.hash(bytes[headerSize...])
            guard computed == stored else { throw RestorationArchiveError.checksumMismatch(stored: stored, computed: computed) }
        } catch let error as RestorationArchiveError {
            throw error
        } catch let error as ArchivePayloadError {
            throw .malformed(message: error.message, offset: error.offset)
        } catch {
            throw .malformed(message: "\(error)", offset: 0)
        }
        var reader = ArchiveByteReader(bytes: bytes, offset: headerSize)
        do throws(ArchivePayloadError) {
            let applicationSlots = try readSlots(&reader)
            let count = try reader.readCount()
            var objects: [ArchivedObject] = []
            objects.reserveCapacity(count)
            for _ in 0..<count { objects.append(try readObject(&reader)) }
            guard reader.isAtEnd else { throw ArchivePayloadError(message: "unexpected bytes after the last object", offset: reader.offset) }
            return RestorationArchive(applicationSlots: applicationSlots, objects: objects)
        } catch {
            throw .malformed(message: error.message, offset: error.offset - headerSize)
        }
    }

    static func readObject(_ reader: inout ArchiveByteReader) throws(ArchivePayloadError) -> ArchivedObject {
        let rawKind = try reader.readByte()
        guard let kind = ArchivedObject.Kind(rawValue: rawKind) else {
            throw ArchivePayloadError(message: "unknown object kind \(rawKind)", offset: reader.offset)
        }
        let components = try reader.readStrings()
        guard !components.isEmpty else { throw ArchivePayloadError(message: "an object has an empty path", offset: reader.offset) }
        let className = try reader.readString()
        let restorationClassName = try reader.readOptionalString()
        let stackKey = try reader.readOptionalString()
        let slots = try readSlots(&reader)
        return ArchivedObject(kind: kind, path: RestorationPath(components), className: className,
                              restorationClassName: restorationClassName, truncatedStackKey: stackKey, slots: slots)
    }

    static func readSlots(_ reader: inout ArchiveByteReader) throws(ArchivePayloadError) -> [ArchivedSlot] {
        let count = try reader.readCount()
        var slots: [ArchivedSlot] = []
        slots.reserveCapacity(count)
        for _ in 0..<count {
            let key = try reader.readString()
            switch try reader.readByte() {
            case 0:
                slots.append(ArchivedSlot(key: key, content: .value(try reader.readValue())))
            case let tag where tag == 1 || tag == 2:
                let pathCount = try reader.readCount()
                var paths: [RestorationPath?] = []
                paths.reserveCapacity(pathCount)
                for _ in 0..<pathCount {
                    switch try reader.readByte() {
                    case 0: paths.append(nil)
                    case 1: paths.append(RestorationPath(try reader.readStrings()))
                    case let flag: throw ArchivePayloadError(message: "unknown reference flag \(flag)", offset: reader.offset)
                    }
                }
                slots.append(ArchivedSlot(key: key, content: .references(paths, isList: tag == 2)))
            case let tag:
                throw ArchivePayloadError(message: "unknown slot tag \(tag)", offset: reader.offset)
            }
        }
        return slots
    }
}
