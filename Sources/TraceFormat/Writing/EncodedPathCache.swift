// EncodedPathCache: the writer's memory of how recently written paths encode, so the records
// about one object (a span's begin and end, a locate and its decode) escape its path once.

/// The encoded `,"path":[...]` member of recently written paths, keyed by the path array's
/// storage.
///
/// Callers (the engine, instrumented apps) pass the same `[String]` value for every record about
/// an object, and Swift arrays share their storage when copied, so the address of the elements
/// identifies the path: a hit costs a comparison and a copy of the bytes instead of escaping every
/// component again. Each entry keeps its array alive, so no other array can be allocated at that
/// address while the entry exists, and the storage can never be changed in place (it is not
/// uniquely referenced: a mutation copies it first). An equal path in different storage is a
/// miss, encoded as usual; the output is byte-identical either way.
///
/// Direct-mapped: ``slotCount`` entries, a miss replaces the entry in its slot. Not thread-safe:
/// the writer calls it with its lock held.
final class EncodedPathCache {
    static let slotCount = 128
    /// Longer encodings are written every time, not cached.
    static let maximumBytes = 248

    private let addresses: UnsafeMutablePointer<UInt>
    private let counts: UnsafeMutablePointer<Int>
    private let lengths: UnsafeMutablePointer<Int>
    private let owners: UnsafeMutablePointer<[String]?>
    private let bytes: UnsafeMutablePointer<UInt8>

    init() {
        let slots = EncodedPathCache.slotCount
        addresses = .allocate(capacity: slots)
        addresses.initialize(repeating: 0, count: slots)
        counts = .allocate(capacity: slots)
        counts.initialize(repeating: 0, count: slots)
        lengths = .allocate(capacity: slots)
        lengths.initialize(repeating: 0, count: slots)
        owners = .allocate(capacity: slots)
        owners.initialize(repeating: nil, count: slots)
        bytes = .allocate(capacity: slots * EncodedPathCache.maximumBytes)
    }

    deinit {
        let slots = EncodedPathCache.slotCount
        owners.deinitialize(count: slots)
        owners.deallocate()
        addresses.deallocate()
        counts.deallocate()
        lengths.deallocate()
        bytes.deallocate()
    }

    /// Appends `path`'s `,"path":[...]` member: copied when this storage was encoded before,
    /// otherwise encoded by `encode` (which must append exactly that member) and remembered.
    @inline(__always)
    func append(_ path: [String], to out: inout ByteCursor, encode: (inout ByteCursor) -> Void) {
        let count = path.count
        let address = path.storageAddress
        guard address != 0 else {
            encode(&out)
            return
        }
        // Storage is 16-byte aligned; mix in higher bits so neighbouring allocations spread.
        let slot = Int(truncatingIfNeeded: (address >> 4) ^ (address >> 11)) & (EncodedPathCache.slotCount - 1)
        let cached = bytes + slot * EncodedPathCache.maximumBytes
        if addresses[slot] == address && counts[slot] == count {
            out.appendBytes(cached, count: lengths[slot])
            return
        }
        let start = out.offset
        encode(&out)
        let encoded = out.bytes(from: start)
        guard encoded.count <= EncodedPathCache.maximumBytes, let first = encoded.baseAddress else { return }
        cached.update(from: first, count: encoded.count)
        owners[slot] = path
        addresses[slot] = address
        counts[slot] = count
        lengths[slot] = encoded.count
    }
}

extension Array {
    /// Where the elements are stored, standing for this storage while the array is alive (arrays
    /// share storage when copied, and shared storage is copied before any change); 0 for an empty
    /// array, since all empty arrays share one object and its address says nothing. The key of the
    /// path caches of the writer, the reader's analyses and the renderer.
    @inlinable package var storageAddress: UInt {
        isEmpty ? 0 : withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }
}
