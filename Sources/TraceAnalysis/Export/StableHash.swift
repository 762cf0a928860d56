// StableHash: a small, fixed 64-bit hash (FNV-1a with a SplitMix64 finaliser) for ids that
// must be identical on every run and machine — Swift's Hasher is randomly seeded per process.

/// A deterministic 64-bit hash of bytes and integers.
struct StableHash {
    private(set) var state: UInt64 = 0xCBF2_9CE4_8422_2325

    init(seed: UInt64 = 0) { state ^= seed &* 0x9E37_79B9_7F4A_7C15 }

    mutating func combine(_ text: String) {
        // Over the contiguous UTF-8 (no copy for a native string): a few instructions a byte,
        // where iterating `utf8` costs several times that.
        var text = text
        var state = self.state
        text.withUTF8 { bytes in
            for byte in bytes {
                state ^= UInt64(byte)
                state &*= 0x0000_0100_0000_01B3
            }
        }
        self.state = state
        combine(UInt64(0xFF))  // a terminator, so ("ab","c") and ("a","bc") differ
    }

    mutating func combine(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) {
            state ^= (value >> UInt64(shift)) & 0xFF
            state &*= 0x0000_0100_0000_01B3
        }
    }

    /// The hash, well mixed.
    var value: UInt64 {
        var z = state &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `value` as 16 lowercase hex digits.
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
