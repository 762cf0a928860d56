// ClockUnit: the unit of every `ts` in a trace (the header's `clock`).

/// The unit of every `ts` in a trace (header `clock`).
public enum ClockUnit: String, Sendable, Hashable, CaseIterable {
    /// Nanoseconds of a monotonic clock.
    case ns
    /// A deterministic logical clock: one tick per record.
    case tick
}
