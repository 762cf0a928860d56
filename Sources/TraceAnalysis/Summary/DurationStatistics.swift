// DurationStatistics: count, total, mean, percentiles and maximum of a stream of durations,
// in constant memory.

/// Running statistics of durations (in a trace's clock unit).
///
/// `count`, `total`, `minimum` and `maximum` are exact; `mean` is `total / count`;
/// percentiles come from a ``DurationHistogram`` and are within
/// ``DurationHistogram/relativeErrorBound`` (0.39%) of the exact nearest-rank value.
public struct DurationStatistics: Sendable, Hashable {
    public private(set) var histogram = DurationHistogram()
    /// The sum of every duration, saturating at `Int64.max` rather than overflowing.
    public private(set) var total: Int64 = 0

    public init() {}

    public var count: Int64 { histogram.count }
    public var minimum: Int64 { histogram.minimum }
    public var maximum: Int64 { histogram.maximum }
    /// `total / count`, or 0 when empty.
    public var mean: Double { count > 0 ? Double(total) / Double(count) : 0 }
    /// The mean rounded to the nearest integer, computed without floating point so that a
    /// saturated total (Int64.max) cannot overflow a conversion.
    public var roundedMean: Int64 {
        guard count > 0 else { return 0 }
        let count = Int64(self.count)
        let remainder = total % count
        return total / count + (remainder >= count - remainder ? 1 : 0)
    }

    public var p50: Int64 { histogram.value(atPercentile: 50) }
    public var p90: Int64 { histogram.value(atPercentile: 90) }
    public var p95: Int64 { histogram.value(atPercentile: 95) }
    public var p99: Int64 { histogram.value(atPercentile: 99) }

    /// The nearest-rank value at `percentile` (0...100), within the histogram's error bound.
    public func value(atPercentile percentile: Double) -> Int64 { histogram.value(atPercentile: percentile) }

    /// Counts one duration; negative durations (a clock that went backwards) count as 0.
    public mutating func add(_ duration: Int64) {
        let duration = max(duration, 0)
        histogram.add(duration)
        total = total.addingSaturating(duration)
    }

    /// Adds everything `other` counted.
    public mutating func merge(_ other: DurationStatistics) {
        histogram.merge(other.histogram)
        total = total.addingSaturating(other.total)
    }
}
