// ByteHash: the hash and compare of short byte strings that the string caches (StringInterner,
// the trace table's text tables) key on.

/// A seeded 64-bit hash of bytes, eight at a time, and a compare of short byte strings.
package enum ByteHash {
    /// Seeded per process, so a trace cannot be made of texts that all collide.
    private static let seed = UInt64.random(in: .min ... .max)

    @inline(__always)
    package static func hash(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        let raw = UnsafeRawPointer(bytes)
        var hash = seed ^ (UInt64(count) &* 0x9E37_79B9_7F4A_7C15)
        var offset = 0
        while offset + 8 <= count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            offset += 8
        }
        if offset < count {
            // The last eight bytes again when there are eight (cheaper than gathering the tail).
            var tail: UInt64 = 0
            if count >= 8 {
                tail = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            } else {
                for index in 0..<count { tail |= UInt64(bytes[index]) << UInt64(index * 8) }
            }
            hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
            hash ^= hash >> 29
        }
        return hash ^ (hash >> 32)
    }

    /// Whether `count` bytes at `a` and `b` are the same, eight at a time (the texts compared
    /// are short: a call to memcmp would cost more than the compare).
    @inline(__always)
    package static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        let left = UnsafeRawPointer(a)
        let right = UnsafeRawPointer(b)
        var offset = 0
        while offset + 8 <= count {
            if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset += 8
        }
        while offset < count {
            if a[offset] != b[offset] { return false }
            offset += 1
        }
        return true
    }
}
