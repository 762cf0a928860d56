// Tests of DurationHistogram: exact ranges, the relative error bound against sorted samples,
// merging, and extreme values.

import Foundation
import Testing
import TraceGeneration
import TraceFormat
@testable import TraceAnalysis

@Suite struct DurationHistogramTests {
    @Test("small values below 256 are counted exactly")
    func smallValuesAreExact() {
        var histogram = DurationHistogram()
        for value in 0..<200 { histogram.add(Int64(value)) }
        #expect(histogram.count == 200)
        #expect(histogram.value(atPercentile: 50) == 99)
        #expect(histogram.value(atPercentile: 90) == 179)
        #expect(histogram.value(atPercentile: 100) == 199)
        #expect(histogram.minimum == 0)
        #expect(histogram.maximum == 199)
    }

    @Test("percentiles stay within 0.39% of the exact nearest-rank value on skewed data")
    func percentilesWithinBound() {
        var generator = SplitMix64(seed: 42)
        var values: [Int64] = []
        var histogram = DurationHistogram()
        for _ in 0..<50_000 {
            // Log-uniform from 1 ns to 10 s, the shape real span durations have.
            let exponent = Double.random(in: 0..<10, using: &generator)
            let value = Int64(pow(10, exponent))
            values.append(value)
            histogram.add(value)
        }
        values.sort()
        for percentile in [1, 10, 25, 50, 75, 90, 95, 99, 100] {
            let exact = exactPercentile(values, percentile)
            let estimate = histogram.value(atPercentile: Double(percentile))
            let error = abs(Double(estimate - exact)) / Double(max(exact, 1))
            #expect(error <= DurationHistogram.relativeErrorBound, "p\(percentile): \(estimate) vs \(exact)")
        }
    }

    @Test("every bucket boundary maps back to its own bucket")
    func bucketBoundariesRoundTrip() {
        for index in [0, 1, 255, 256, 257, 383, 384, 1000, 5000, 7294] {
            let low = DurationHistogram.lowestValue(inBucket: index)
            #expect(DurationHistogram.bucketIndex(of: low) == index)
            #expect(DurationHistogram.bucketIndex(of: low - 1) == index - 1 || index == 0)
        }
        #expect(DurationHistogram.bucketIndex(of: Int64.max) == 7295)
    }

    @Test("extreme values neither crash nor leave the exact maximum")
    func extremeValues() {
        var histogram = DurationHistogram()
        histogram.add(Int64.max)
        histogram.add(-5)
        histogram.add(1)
        #expect(histogram.minimum == 0)
        #expect(histogram.maximum == Int64.max)
        #expect(histogram.value(atPercentile: 100) == Int64.max)
        #expect(histogram.value(atPercentile: 34) == 1)
    }

    @Test("merging two histograms equals adding every value to one")
    func mergeMatchesSingleHistogram() {
        var left = DurationHistogram()
        var right = DurationHistogram()
        var both = DurationHistogram()
        for value in stride(from: Int64(3), to: 2_000_000, by: 7919) {
            if value % 2 == 0 { left.add(value) } else { right.add(value) }
            both.add(value)
        }
        left.merge(right)
        #expect(left == both)
    }

    @Test("nearest rank uses exact integer arithmetic")
    func nearestRankIsExact() {
        #expect(DurationHistogram.nearestRank(percentile: 90, count: 10) == 9)
        #expect(DurationHistogram.nearestRank(percentile: 50, count: 4) == 2)
        #expect(DurationHistogram.nearestRank(percentile: 99, count: 101) == 100)
        #expect(DurationHistogram.nearestRank(percentile: 0, count: 7) == 1)
        #expect(DurationHistogram.nearestRank(percentile: 100, count: 7) == 7)
    }
}
