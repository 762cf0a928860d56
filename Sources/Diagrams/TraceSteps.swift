// A trace as steps: each span's begin and end paired into one step, instants as steps of their
// own, in the order they began, with durations from TraceAnalysis's SpanTimings.

import TraceAnalysis
import TraceFormat

/// One thing that happened: a span (begin and, unless the process stopped, end) or an instant.
struct TraceStep {
    let kind: RecordKind
    let path: [String]?
    let className: String?
    /// The `B` record of a span, or the instant (or an `E` whose `B` is missing).
    let first: TraceRecord
    var end: TraceRecord?

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

    init(header: TraceHeader, records: [TraceRecord]) {
        self.header = header
        self.timings = SpanTimings(header: header, records: records)
        var openIndex: [Int64: Int] = [:]
        for record in records {
            switch record.phase {
            case .begin:
                if let span = record.span { openIndex[span] = steps.count }
                steps.append(TraceStep(kind: record.kind, path: record.path, className: record.className, first: record))
            case .end:
                if let span = record.span, let index = openIndex.removeValue(forKey: span) {
                    steps[index].end = record
                } else {
                    steps.append(TraceStep(kind: record.kind, path: record.path, className: record.className, first: record))
                }
            case .instant:
                steps.append(TraceStep(kind: record.kind, path: record.path, className: record.className, first: record))
            }
        }
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
