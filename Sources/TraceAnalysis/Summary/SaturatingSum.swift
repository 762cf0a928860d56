// Sums of durations that stop at Int64.max instead of trapping: a hostile trace may hold
// thousands of spans each lasting close to the largest `ts` a reader accepts.

extension Int64 {
    /// `self + other`, or `Int64.max` / `Int64.min` where the exact sum does not fit.
    @inlinable
    public func addingSaturating(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }
}
