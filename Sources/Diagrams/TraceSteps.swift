// A trace as steps: each span's begin and end paired into one step, instants as steps of their
// own, in the order they began, with durations from TraceAnalysis's SpanTimings.

import TraceAnalysis
import TraceFormat

/// One thing that happened: a span (begin and, unless the process stopped, end) or an instant.
///
/// A class: views pass steps around by the thousand, and a reference costs one retain where a
/// struct holding two records costs ten.
final class TraceStep {
    /// The `B` record of a span, or the instant (or an `E` whose `B` is missing).
    let first: TraceRecord
    /// The position of ``first`` in the trace's records.
    let recordIndex: Int
    fileprivate(set) var end: TraceRecord?

    init(first: TraceRecord, recordIndex: Int) {
        self.first = first
        self.recordIndex = recordIndex
    }

    var kind: RecordKind { first.kind }
    var path: [String]? { first.path }
    var className: String? { first.className }

    var isSpan: Bool { first.phase == .begin }
    var isUnfinished: Bool { isSpan && end == nil }
    var seq: Int64 { first.seq }

    /// An attribute from the end record, else the first.
    func attribute(_ key: String) -> JSONValue? { end?[attribute: key] ?? first[attribute: key] }
    var result: String? { end?.result ?? first.result }
    var via: String? { end?.via ?? first.via }
    var reason: String? { end?.reason ?? first.reason }
}

/// The steps of a trace and their timings.
struct TraceSteps {
    let header: TraceHeader
    private(set) var steps: [TraceStep] = []
    let timings: SpanTimings

    /// With `parallel`, the timings are worked out on another thread while the steps are paired
    /// here (see ``SideBySide``); by default, when the trace is big enough for it to pay.
    init(header: TraceHeader, records: [TraceRecord], parallel: Bool? = nil) {
        self.header = header
        (self.timings, self.steps) = SideBySide.run(
            parallel: parallel ?? (records.count >= SideBySide.minimumRecords),
            { SpanTimings(header: header, records: records) }, { TraceSteps.pair(records) })
    }

    /// Each span's begin and end as one step, instants as steps, in the order they began.
    private static func pair(_ records: [TraceRecord]) -> [TraceStep] {
        var steps: [TraceStep] = []
        var open: [Int64: TraceStep] = [:]
        steps.reserveCapacity(records.count)
        for (index, record) in records.enumerated() {
            if record.phase == .end, let span = record.span, let step = open.removeValue(forKey: span) {
                step.end = record
                continue
            }
            let step = TraceStep(first: record, recordIndex: index)
            if record.phase == .begin, let span = record.span { open[span] = step }
            steps.append(step)
        }
        return steps
    }

    /// The step's duration as text: finished spans their length, unfinished spans the time until
    /// the trace stops, instants nothing.
    func durationText(_ step: TraceStep) -> String? {
        guard step.isSpan, let span = step.first.span else { return nil }
        if let duration = timings.duration(ofSpan: span) { return timings.formatter.string(duration) }
        if let elapsed = timings.elapsedUntilEnd(ofUnfinishedSpan: span) {
            return "stopped after " + timings.formatter.string(elapsed)
        }
        return nil
    }

    func heat(_ step: TraceStep) -> Double? {
        guard step.isSpan, let span = step.first.span else { return nil }
        return timings.heat(ofSpan: span)
    }
}
