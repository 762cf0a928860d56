// Independent reference computations the statistics tests compare against: exact percentiles
// from sorted samples (random numbers come from TraceGeneration's SplitMix64).

/// The exact nearest-rank percentile of sorted values: the value at rank ceil(p/100 * n).
func exactPercentile(_ sorted: [Int64], _ percentile: Int) -> Int64 {
    let rank = max((percentile * sorted.count + 99) / 100, 1)
    return sorted[rank - 1]
}

