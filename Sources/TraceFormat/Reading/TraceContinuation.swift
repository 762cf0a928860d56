// TraceContinuation: the numbering state a writer hands to another process that appends
// to the same trace, and its one-token text form for passing it on a command line or in
// the environment.

/// Where a trace's numbering stands: the clock, the next `seq` and span id, and the
/// monotonic time that is `ts` 0 (CLOCK_MONOTONIC is system-wide, so a child process on
/// the same machine continues the same time line).
public struct TraceContinuation: Sendable, Hashable, CustomStringConvertible {
    public var clock: ClockUnit
    public var nextSeq: Int64
    public var nextSpan: Int64
    public var monotonicStart: UInt64

    public init(clock: ClockUnit, nextSeq: Int64, nextSpan: Int64, monotonicStart: UInt64) {
        self.clock = clock
        self.nextSeq = nextSeq
        self.nextSpan = nextSpan
        self.monotonicStart = monotonicStart
    }

    /// The text form, `clock:nextSeq:nextSpan:monotonicStart`, e.g. `ns:42:7:183920044551`.
    public var description: String { "\(clock.rawValue):\(nextSeq):\(nextSpan):\(monotonicStart)" }

    /// Reads the text form written by ``description``; nil when it is malformed.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 4, let clock = ClockUnit(rawValue: String(parts[0])),
            let nextSeq = Int64(parts[1]), let nextSpan = Int64(parts[2]), let start = UInt64(parts[3]),
            nextSeq >= 0, nextSpan >= 1
        else { return nil }
        self.init(clock: clock, nextSeq: nextSeq, nextSpan: nextSpan, monotonicStart: start)
    }
}
