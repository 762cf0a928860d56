// Tests of DurationFormatter: three significant digits across unit boundaries, ticks, other units.

import Testing
import TraceAnalysis

@Suite struct DurationFormatterTests {
    @Test("nanoseconds get three significant digits in the largest whole unit", arguments: [
        (Int64(0), "0 ns"), (999, "999 ns"), (1000, "1.00 µs"), (1234, "1.23 µs"), (12_345, "12.3 µs"),
        (123_456, "123 µs"), (999_499, "999 µs"), (999_500, "1.00 ms"), (9995, "10.0 µs"),
        (1_050_000_000, "1.05 s"), (1_234_000_000_000, "1230 s"), (-1500, "-1.50 µs"),
    ])
    func nanoseconds(value: Int64, text: String) {
        #expect(DurationFormatter(clock: .ns).string(value) == text)
    }

    @Test("tick traces count ticks, singular for one")
    func ticks() {
        let formatter = DurationFormatter(clock: .tick)
        #expect(formatter.string(1) == "1 tick")
        #expect(formatter.string(42) == "42 ticks")
        #expect(formatter.unitName == "ticks")
    }

    @Test("an unknown clock unit is printed beside the number")
    func unknownUnit() {
        #expect(DurationFormatter(clock: "cycles").string(42) == "42 cycles")
    }

    @Test("the most negative duration formats without overflowing")
    func mostNegative() {
        #expect(DurationFormatter(clock: .ns).string(Int64.min) == "-9220000000 s")
    }
}
