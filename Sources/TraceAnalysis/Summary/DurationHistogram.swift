// DurationHistogram: a fixed-memory, log-linear histogram of non-negative durations whose
// quantiles are within 0.4% of the exact nearest-rank value (HDR-histogram style).

/// Counts durations in log-linear buckets so that percentiles need no stored samples.
///
/// Values below 256 get one bucket each (exact). Above, every power of two `[2^m, 2^(m+1))` is
/// split into 128 equal buckets, so a bucket is at most 1/128 of its lower bound wide. A quantile
/// is reported as the midpoint of the bucket holding the nearest-rank sample, clamped to the
/// exact minimum and maximum, which puts it within 1/256 (0.39%) of the exact nearest-rank value.
///
/// Memory: one counter per bucket between the smallest and largest bucket seen; at most
/// 7,296 counters (58 KB) for the full `Int64` range, typically a few hundred.
public struct DurationHistogram: Sendable, Hashable {
    /// Buckets per power of two above the exact range.
    static let subBucketCount = 128
    /// Values below this are counted exactly, one bucket per value.
    static let exactLimit: Int64 = 256

    /// Counters for bucket indexes `lowestIndex ..< lowestIndex + counts.count`.
    private var counts: [Int64] = []
    private var lowestIndex = 0
    /// How many values were added.
    public private(set) var count: Int64 = 0
    /// The exact smallest and largest values added (0 when empty).
    public private(set) var minimum: Int64 = 0
    public private(set) var maximum: Int64 = 0

    public init() {}

    /// The relative error bound of ``value(atPercentile:)`` against the exact nearest-rank value.
    public static let relativeErrorBound = 1.0 / 256.0

    /// Adds one value; negative values count as 0.
    public mutating func add(_ value: Int64) {
        add(value, times: 1)
    }

    /// Adds `value` `times` times; negative values count as 0.
    public mutating func add(_ value: Int64, times: Int64) {
        guard times > 0 else { return }
        let value = max(value, 0)
        let index = DurationHistogram.bucketIndex(of: value)
        if counts.isEmpty {
            counts = [0]
            lowestIndex = index
            minimum = value
            maximum = value
        } else if index < lowestIndex {
            counts.insert(contentsOf: repeatElement(0, count: lowestIndex - index), at: 0)
            lowestIndex = index
        } else if index >= lowestIndex + counts.count {
            counts.append(contentsOf: repeatElement(0, count: index - lowestIndex - counts.count + 1))
        }
        counts[index - lowestIndex] += times
        count += times
        if value < minimum { minimum = value }
        if value > maximum { maximum = value }
    }

    /// Adds every value counted by `other`.
    public mutating func merge(_ other: DurationHistogram) {
        guard other.count > 0 else { return }
        let savedMinimum = count == 0 ? other.minimum : min(minimum, other.minimum)
        let savedMaximum = max(maximum, other.maximum)
        for (offset, bucketCount) in other.counts.enumerated() where bucketCount > 0 {
            add(DurationHistogram.lowestValue(inBucket: other.lowestIndex + offset), times: bucketCount)
        }
        minimum = savedMinimum
        maximum = savedMaximum
    }

    /// The nearest-rank value at `percentile` (0...100): the smallest value that at least
    /// `percentile`% of the values are less than or equal to, within ``relativeErrorBound``.
    /// Returns 0 when empty.
    public func value(atPercentile percentile: Double) -> Int64 {
        guard count > 0 else { return 0 }
        let rank = DurationHistogram.nearestRank(percentile: percentile, count: count)
        if rank >= count { return maximum }
        var seen: Int64 = 0
        for (offset, bucketCount) in counts.enumerated() {
            seen += bucketCount
            if seen >= rank {
                let index = lowestIndex + offset
                let low = DurationHistogram.lowestValue(inBucket: index)
                let high = DurationHistogram.lowestValue(inBucket: index + 1) - 1
                let middle = low + (high - low) / 2
                return min(max(middle, minimum), maximum)
            }
        }
        return maximum
    }

    /// ceil(percentile / 100 * count), at least 1, in integer arithmetic (on a 1e-6 percent grid)
    /// so that 90% of 10 is exactly 9, not 10 as `0.9 * 10` in floating point would give.
    static func nearestRank(percentile: Double, count: Int64) -> Int64 {
        let clamped = min(max(percentile.isNaN ? 0 : percentile, 0), 100)
        let micros = Int64((clamped * 1_000_000).rounded())  // percent * 1e6, at most 1e8
        let (product, overflow) = micros.multipliedReportingOverflow(by: count)
        let rank: Int64
        if overflow {
            rank = Int64((Double(micros) / 100_000_000 * Double(count)).rounded(.up))
        } else {
            rank = (product + 99_999_999) / 100_000_000
        }
        return min(max(rank, 1), count)
    }

    /// The bucket holding `value` (non-negative).
    static func bucketIndex(of value: Int64) -> Int {
        if value < exactLimit { return Int(value) }
        let magnitude = 63 - value.leadingZeroBitCount  // floor(log2(value)), >= 8
        let shift = magnitude - 7
        let subBucket = Int(value >> Int64(shift)) - subBucketCount  // 0 ..< 128
        return Int(exactLimit) + (magnitude - 8) * subBucketCount + subBucket
    }

    /// The smallest value that falls in bucket `index`.
    static func lowestValue(inBucket index: Int) -> Int64 {
        if index < Int(exactLimit) { return Int64(index) }
        let above = index - Int(exactLimit)
        let magnitude = above / subBucketCount + 8
        let subBucket = above % subBucketCount + subBucketCount
        let shift = magnitude - 7
        if magnitude >= 63 { return Int64.max }
        return Int64(subBucket) << Int64(shift)
    }
}
