// The header this build writes by default: format, generator, clock and (for real time) origin.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension TraceHeader {
    /// `{"type":"header","format":"restoretrace/1","generator":"restoretrace 0.1.0","clock":…,"origin":…}`.
    /// `origin` is now, in UTC with milliseconds, under the `ns` clock; under the `tick` clock it
    /// is left out so that tick traces are byte-identical run to run.
    public static func standard(clock: ClockUnit, scenario: String? = nil) -> TraceHeader {
        TraceHeader(
            generator: restoreTraceGenerator, clock: clock.rawValue,
            origin: clock == .ns ? currentISO8601Timestamp() : nil, scenario: scenario)
    }

    /// The current wall-clock time as `2026-11-22T10:00:00.000Z`.
    static func currentISO8601Timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let millis = Int32(now.tv_nsec / 1_000_000)
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(millis, 3))Z"
    }
}
