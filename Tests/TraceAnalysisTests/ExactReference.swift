// Independent reference computations the statistics tests compare against: exact percentiles
// from sorted samples, and deterministic random numbers.

/// The exact nearest-rank percentile of sorted values: the value at rank ceil(p/100 * n).
func exactPercentile(_ sorted: [Int64], _ percentile: Int) -> Int64 {
    let rank = max((percentile * sorted.count + 99) / 100, 1)
    return sorted[rank - 1]
}

/// Deterministic random numbers for tests (SplitMix64).
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
