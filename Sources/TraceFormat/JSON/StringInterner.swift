// StringInterner: the reader's cache of recently seen strings. Traces repeat the same class
// names, path components, keys and values on every line; a hit returns the String already
// made (a retain) instead of validating, allocating and copying the bytes again.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A fixed-size, direct-mapped cache from UTF-8 bytes to `String`. Not thread-safe: one per reader.
package final class StringInterner {
    /// Strings longer than this are not cached (rarely repeated, and costly to compare).
    static let maxLength = 64
    /// Strings this short are stored inline in the `String` itself (no allocation), and making
    /// one is cheaper than a lookup and an atomic retain.
    static let smallStringLimit = 15
    private static let slotCount = 4096

    // Raw storage rather than arrays: no exclusivity checks or uniqueness tests on the hot path.
    private let hashes: UnsafeMutablePointer<UInt64>
    private let strings: UnsafeMutablePointer<String>

    /// Whole `path` arrays, keyed by their JSON text: the records about one object (a span's
    /// begin and end, a locate and its decode) repeat it byte for byte, and a hit returns the
    /// array already made, sharing its storage, instead of parsing every component again.
    static let pathSlotCount = 8192
    /// Longer path texts are parsed every time.
    static let maxPathBytes = 240
    private let pathHashes: UnsafeMutablePointer<UInt64>
    private let pathLengths: UnsafeMutablePointer<Int>
    private let pathTexts: UnsafeMutablePointer<UInt8>
    private let paths: UnsafeMutablePointer<[String]>

    package init() {
        hashes = .allocate(capacity: StringInterner.slotCount)
        hashes.initialize(repeating: 0, count: StringInterner.slotCount)
        strings = .allocate(capacity: StringInterner.slotCount)
        strings.initialize(repeating: "", count: StringInterner.slotCount)
        let pathSlots = StringInterner.pathSlotCount
        pathHashes = .allocate(capacity: pathSlots)
        pathHashes.initialize(repeating: 0, count: pathSlots)
        pathLengths = .allocate(capacity: pathSlots)
        pathLengths.initialize(repeating: 0, count: pathSlots)
        pathTexts = .allocate(capacity: pathSlots * StringInterner.maxPathBytes)
        paths = .allocate(capacity: pathSlots)
        paths.initialize(repeating: [], count: pathSlots)
    }

    deinit {
        hashes.deallocate()
        strings.deinitialize(count: StringInterner.slotCount)
        strings.deallocate()
        pathHashes.deallocate()
        pathLengths.deallocate()
        pathTexts.deallocate()
        paths.deinitialize(count: StringInterner.pathSlotCount)
        paths.deallocate()
    }

    /// The path parsed earlier from exactly these `count` bytes of JSON text, or nil.
    @inline(__always)
    func path(text: UnsafePointer<UInt8>, count: Int) -> [String]? {
        guard count <= StringInterner.maxPathBytes else { return nil }
        let hash = StringInterner.fullHash(text, count: count)
        let slot = Int(truncatingIfNeeded: hash >> 32) & (StringInterner.pathSlotCount - 1)
        guard pathHashes[slot] == hash, pathLengths[slot] == count,
            memcmp(pathTexts + slot * StringInterner.maxPathBytes, text, count) == 0
        else { return nil }
        return paths[slot]
    }

    /// Remembers that these `count` bytes of JSON text parse to `path`.
    func remember(_ path: [String], text: UnsafePointer<UInt8>, count: Int) {
        guard count <= StringInterner.maxPathBytes else { return }
        let hash = StringInterner.fullHash(text, count: count)
        let slot = Int(truncatingIfNeeded: hash >> 32) & (StringInterner.pathSlotCount - 1)
        pathHashes[slot] = hash
        pathLengths[slot] = count
        (pathTexts + slot * StringInterner.maxPathBytes).update(from: text, count: count)
        paths[slot] = path
    }

    /// A hash of every byte (path texts of one trace share long prefixes and often their length,
    /// so the head-and-tail hash of ``string(_:count:)`` would collide); never 0, the empty slot
    /// marker.
    @inline(__always)
    private static func fullHash(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        ByteHash.hash(bytes, count: count) | 1
    }

    /// The string for `count` bytes of valid UTF-8 at `bytes`.
    @inline(__always)
    func string(_ bytes: UnsafePointer<UInt8>, count: Int) -> String {
        guard count <= StringInterner.maxLength, count > StringInterner.smallStringLimit else {
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }
        let hash = StringInterner.hash(bytes, count: count)
        let slot = Int(truncatingIfNeeded: (hash >> 40) & UInt64(StringInterner.slotCount - 1))
        if hashes[slot] == hash {
            var cached = strings[slot]
            let matches = cached.withUTF8 { utf8 in
                utf8.count == count && (utf8.baseAddress.map { memcmp($0, bytes, count) == 0 } ?? false)
            }
            if matches { return cached }
        }
        let made = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        hashes[slot] = hash
        strings[slot] = made
        return made
    }

    /// A cheap hash of the length and the first and last eight bytes (collisions are caught by
    /// the byte comparison on a hit).
    @inline(__always)
    private static func hash(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        let raw = UnsafeRawPointer(bytes)
        var head: UInt64 = 0
        var tail: UInt64 = 0
        if count >= 8 {
            head = raw.loadUnaligned(as: UInt64.self)
            tail = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else {
            for i in 0..<count { head = head << 8 | UInt64(bytes[i]) }
        }
        var h = (head ^ (tail &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(count)) &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 31
        return h | 1  // never 0, the empty slot marker
    }
}
