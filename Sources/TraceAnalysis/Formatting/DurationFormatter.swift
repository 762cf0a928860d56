// DurationFormatter: turns a duration in a trace's clock unit into short text for people
// ("850 ns", "12.3 µs", "1.05 s", "7 ticks"), with integer arithmetic so output is deterministic.

import TraceFormat

/// Formats durations measured in a trace's clock unit.
///
/// - `ns` clock: three significant digits in the largest unit that keeps an integer part:
///   `850 ns`, `1.23 µs`, `12.3 µs`, `123 µs`, `1.00 ms`, `4.57 s`, `1230 s`.
/// - `tick` clock: `1 tick`, `42 ticks` (ticks count records, so they are never scaled).
/// - any other unit: the number and the unit, `42 cycles`.
public struct DurationFormatter: Sendable, Hashable {
    /// The header's `clock` value.
    public let clock: String

    public init(clock: String) { self.clock = clock }
    public init(clock: ClockUnit) { self.clock = clock.rawValue }

    /// `duration` as text in this formatter's clock unit.
    public func string(_ duration: Int64) -> String {
        switch clock {
        case ClockUnit.ns.rawValue: return DurationFormatter.nanoseconds(duration)
        case ClockUnit.tick.rawValue: return duration == 1 ? "1 tick" : "\(duration) ticks"
        default: return "\(duration) \(clock)"
        }
    }

    /// The unit names used in column headers: `ns` traces report nanoseconds, `tick` traces ticks.
    public var unitName: String { clock == ClockUnit.tick.rawValue ? "ticks" : clock }

    /// `nanoseconds` with three significant digits (`999 ns`, `1.00 µs`, `12.3 ms`, `1.50 s`).
    public static func nanoseconds(_ nanoseconds: Int64) -> String {
        if nanoseconds < 0 {
            // Int64.min has no positive counterpart; its magnitude still formats correctly.
            return "-" + positive(nanoseconds.magnitude)
        }
        return positive(UInt64(nanoseconds))
    }

    private static let units = ["ns", "µs", "ms", "s"]

    private static func positive(_ value: UInt64) -> String {
        if value < 1000 { return "\(value) ns" }
        // Round to three significant digits: `leading` holds them, `digits` the length of `value`.
        var digits = decimalDigits(value)
        let divisor = power10(digits - 3)
        var leading = (value + divisor / 2) / divisor
        if leading >= 1000 {  // 9995 ns rounds to 1000 × 10: one more digit, same three.
            leading /= 10
            digits += 1
        }
        // Unit: thousands above ns, up to seconds. `integerDigits` is how many of the three
        // leading digits stand before the decimal point (more than three only for >= 1000 s).
        let unitIndex = min((digits - 1) / 3, units.count - 1)
        let integerDigits = digits - unitIndex * 3
        let text = String(leading)
        if integerDigits >= 3 {
            let zeros = String(repeating: "0", count: integerDigits - 3)
            return text + zeros + " " + units[unitIndex]
        }
        let cut = text.index(text.startIndex, offsetBy: integerDigits)
        return String(text[..<cut]) + "." + String(text[cut...]) + " " + units[unitIndex]
    }

    private static func decimalDigits(_ value: UInt64) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    private static func power10(_ exponent: Int) -> UInt64 {
        var result: UInt64 = 1
        for _ in 0..<max(exponent, 0) { result *= 10 }
        return result
    }
}
