// Tests of SpanTimings: per-span and per-object durations and heat, built from recorded traces.

import Testing
import TraceAnalysis
import TraceFormat

@Suite struct SpanTimingsTests {
    /// A tick trace: encode Root (4 ticks), encode Root/Child (1 tick), an unfinished decode.
    static func records() -> [TraceRecord] {
        let recorder = InMemoryRecorder(clock: .tick)
        let root = recorder.begin(.encode, path: ["Root"], className: "RootVC")   // seq 0
        let child = recorder.begin(.encode, path: ["Root", "Child"], className: "ChildVC")  // 1
        recorder.end(child, .encode, path: ["Root", "Child"])  // 2
        recorder.instant(.exclude, path: ["Root", "X"], className: nil)  // 3
        recorder.end(root, .encode, path: ["Root"])  // 4
        _ = recorder.begin(.decode, path: ["Root"], className: "RootVC")  // 5
        recorder.instant(.error, path: nil, className: nil)  // 6
        return recorder.records
    }

    @Test("spans and objects get their durations in ticks")
    func durations() {
        let timings = SpanTimings(header: TraceHeader(clock: "tick"), records: Self.records())
        #expect(timings.duration(ofSpan: 1) == 4)
        #expect(timings.duration(ofSpan: 2) == 1)
        #expect(timings.duration(.encode, path: ["Root"]) == 4)
        #expect(timings.objectDuration(path: ["Root", "Child"]) == 1)
        #expect(timings.formatter.string(timings.duration(ofSpan: 1) ?? 0) == "4 ticks")
    }

    @Test("an unfinished span has no duration but is reported and runs to the trace's end")
    func unfinished() {
        let timings = SpanTimings(header: TraceHeader(clock: "tick"), records: Self.records())
        #expect(timings.duration(ofSpan: 3) == nil)
        #expect(timings.isUnfinished(span: 3))
        #expect(timings.unfinishedSpans == [3])
        #expect(timings.elapsedUntilEnd(ofUnfinishedSpan: 3) == 1)
        #expect(timings.heat(ofSpan: 3) == 1)
    }

    @Test("heat is the duration over the slowest of its kind, or of all objects")
    func heat() {
        let timings = SpanTimings(header: TraceHeader(clock: "tick"), records: Self.records())
        #expect(timings.heat(ofSpan: 1) == 1)
        #expect(timings.heat(ofSpan: 2) == 0.25)
        #expect(timings.heat(path: ["Root", "Child"]) == 0.25)
        #expect(timings.heat(path: ["Nowhere"]) == nil)
    }
}
