// Tests of TraceStatistics against an independent pairing of generated traces: exact counts,
// totals and maxima, percentiles within the stated bound, tallies, unfinished spans and gaps.

import Foundation
import Testing
@testable import TraceAnalysis
import TraceFormat

@Suite struct TraceStatisticsTests {
    static func summarise(_ trace: SyntheticTrace, options: TraceStatistics.Options = .init()) -> TraceSummary {
        var statistics = TraceStatistics(header: trace.header, options: options)
        for record in trace.records { statistics.add(record) }
        return statistics.summary()
    }

    static func expectMatches(_ statistics: DurationStatistics?, _ sorted: [Int64], _ label: String) {
        guard let statistics else {
            #expect(sorted.isEmpty, "\(label): no statistics but \(sorted.count) spans")
            return
        }
        #expect(statistics.count == Int64(sorted.count), "\(label) count")
        #expect(statistics.total == sorted.reduce(0, +), "\(label) total")
        #expect(statistics.maximum == sorted.last, "\(label) max")
        for (percentile, value) in [(50, statistics.p50), (90, statistics.p90), (95, statistics.p95), (99, statistics.p99)] {
            let exact = exactPercentile(sorted, percentile)
            let error = abs(Double(value - exact)) / Double(max(exact, 1))
            #expect(error <= DurationHistogram.relativeErrorBound, "\(label) p\(percentile): \(value) vs \(exact)")
        }
    }

    @Test("per-kind count, total and max are exact and percentiles within 0.39%", arguments: [1, 2, 3] as [UInt64])
    func perKindMatchesReference(seed: UInt64) {
        let trace = SyntheticTrace.make(objects: 2_000, seed: seed)
        let reference = ReferenceSpans(trace.records)
        let summary = Self.summarise(trace)
        let kinds = Set(reference.spans.map(\.begin.kind))
        #expect(Set(summary.kinds.map(\.kind)) == kinds)
        for kind in kinds {
            let row = summary.kinds.first { $0.kind == kind }
            Self.expectMatches(row?.durations, reference.durations(of: kind), kind.rawValue)
        }
    }

    @Test("per-phase tables hold exactly the spans begun inside each phase span")
    func perPhaseMatchesReference() {
        let trace = SyntheticTrace.make(objects: 500, seed: 9)
        let reference = ReferenceSpans(trace.records)
        let summary = Self.summarise(trace)
        #expect(summary.phases.map(\.phase) == [.preservation, .restoration])
        for phase in summary.phases {
            #expect(phase.occurrences == 1)
            let kinds = Set(reference.spans.filter { $0.phase == phase.phase.rawValue }.map(\.begin.kind))
            #expect(Set(phase.kinds.map(\.kind)) == kinds)
            for row in phase.kinds {
                Self.expectMatches(
                    row.durations, reference.durations(of: row.kind, inPhase: phase.phase.rawValue),
                    "\(phase.phase.rawValue)/\(row.kind.rawValue)")
            }
        }
        let encodeInRestoration = summary.phases.last?.kinds.contains { $0.kind == .encode }
        #expect(encodeInRestoration == false)
    }

    @Test("kinds are listed in the order a restoration cycle runs them, unknown kinds last")
    func kindOrder() {
        var builder = SyntheticTrace.Builder(seed: 1)
        for kind in ["zzCustom", "decode", "aaCustom", "encode", "preservation"] {
            let span = builder.begin(kind)
            builder.end(span, kind)
        }
        let summary = Self.summarise(SyntheticTrace(header: TraceHeader(), records: builder.records))
        #expect(summary.kinds.map(\.kind.rawValue) == ["preservation", "encode", "decode", "aaCustom", "zzCustom"])
    }

    @Test("the slowest encode, locate and decode spans are the reference's top N, slowest first")
    func slowestMatchesReference() {
        let trace = SyntheticTrace.make(objects: 1_000, seed: 4)
        let reference = ReferenceSpans(trace.records)
        let summary = Self.summarise(trace, options: .init(top: 5))
        #expect(summary.slowest.map(\.kind) == [.encode, .locate, .decode])
        for row in summary.slowest {
            let expected = reference.spans.filter { $0.begin.kind == row.kind }
                .sorted { $0.duration != $1.duration ? $0.duration > $1.duration : $0.begin.seq < $1.begin.seq }
                .prefix(5)
            #expect(row.spans.map(\.duration) == expected.map(\.duration))
            #expect(row.spans.map(\.path) == expected.map(\.begin.path))
            #expect(row.spans.map(\.className) == expected.map(\.begin.className))
            if row.kind == .locate { #expect(row.spans.map(\.via) == expected.map(\.end.via)) }
        }
    }

    @Test("locate steps, exclusions and instants are tallied by name")
    func talliesMatchReference() {
        let trace = SyntheticTrace.make(objects: 300, seed: 5)
        let summary = Self.summarise(trace)
        func tally(_ values: [String]) -> [TraceSummary.Tally] {
            Dictionary(grouping: values, by: { $0 }).map { TraceSummary.Tally(name: $0.key, count: Int64($0.value.count)) }
                .sorted { $0.name < $1.name }
        }
        let locateEnds = trace.records.filter { $0.kind == .locate && $0.phase == .end }
        #expect(summary.locateVia == tally(locateEnds.compactMap(\.via)))
        #expect(summary.locateResults == tally(locateEnds.compactMap(\.result)))
        let excludes = trace.records.filter { $0.kind == .exclude }
        #expect(summary.exclusions == tally(excludes.compactMap(\.reason)))
        #expect(summary.instants.first { $0.name == "exclude" }?.count == Int64(excludes.count))
        #expect(summary.errorCount == Int64(trace.records.filter { $0.kind == .error }.count))
        #expect(summary.discards.isEmpty)
    }

    @Test("spans that never end are reported with kind, path and class, in seq order")
    func unfinishedSpansReported() {
        let trace = SyntheticTrace.make(objects: 20, seed: 6, crashAtEnd: true)
        let summary = Self.summarise(trace)
        #expect(summary.unfinished.map(\.kind) == [.restoration, .decode])
        #expect(summary.unfinished.last?.path == ["Root", "Crashing"])
        #expect(summary.unfinished.last?.className == "CrashingViewController")
        #expect(summary.phases.last?.occurrences == 1)
    }

    @Test("missing and repeated seq numbers are counted as gaps and disorder")
    func seqGaps() {
        var records = SyntheticTrace.make(objects: 10, seed: 7).records
        records.removeSubrange(3..<6)  // seq 3, 4, 5 lost
        records.remove(at: 10)  // one more lost
        records.append(records[records.count - 1])  // a repeated line
        let summary = Self.summarise(SyntheticTrace(header: TraceHeader(), records: records))
        #expect(summary.seqGapCount == 2)
        #expect(summary.missingRecords == 4)
        #expect(summary.seqGaps.first == TraceSummary.SeqGap(after: 2, next: 6))
        #expect(summary.seqOutOfOrder == 1)
    }

    @Test("an E record without its B is counted, not paired")
    func unmatchedEnd() {
        let records = [
            TraceRecord(seq: 0, ts: 5, phase: .end, span: 9, kind: .decode),
            TraceRecord(seq: 1, ts: 6, phase: .begin, span: 1, kind: .decode),
            TraceRecord(seq: 2, ts: 9, phase: .end, span: 1, kind: .decode),
        ]
        let summary = Self.summarise(SyntheticTrace(header: TraceHeader(), records: records))
        #expect(summary.unmatchedEnds == 1)
        #expect(summary.kinds.first?.durations.count == 1)
        #expect(summary.kinds.first?.durations.total == 3)
    }

    @Test("a span that ends before it begins (ts went back) counts as 0 and is reported, in text and JSON")
    func endBeforeBegin() throws {
        let records = [
            TraceRecord(seq: 0, ts: 500, phase: .begin, span: 1, kind: .encode),
            TraceRecord(seq: 1, ts: 100, phase: .end, span: 1, kind: .encode),
            TraceRecord(seq: 2, ts: 200, phase: .begin, span: 2, kind: .encode),
            TraceRecord(seq: 3, ts: 250, phase: .end, span: 2, kind: .encode),
        ]
        let summary = Self.summarise(SyntheticTrace(header: TraceHeader(), records: records))
        #expect(summary.endsBeforeBegin == 1)
        #expect(summary.kinds.first?.durations.count == 2)
        #expect(summary.kinds.first?.durations.total == 50)
        #expect(SummaryTextFormat().render(summary).contains("ts goes back: 1 span ends before it begins"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(SummaryJSONFormat.render(summary))) as? [String: Any])
        #expect((json["endsBeforeBegin"] as? NSNumber)?.intValue == 1)
    }

    @Test("grouping by class splits each kind's spans by the class on their B record")
    func groupingByClass() {
        let trace = SyntheticTrace.make(objects: 400, seed: 8)
        let reference = ReferenceSpans(trace.records)
        let summary = Self.summarise(trace, options: .init(grouping: .class))
        for row in summary.groups {
            guard case .className(let name) = row.group else {
                Issue.record("a class grouping produced \(row.group)")
                continue
            }
            let expected = reference.spans.filter { $0.begin.kind == row.kind && $0.begin.className == name }
                .map(\.duration).sorted()
            Self.expectMatches(row.durations, expected, "\(row.kind.rawValue)/\(name ?? "nil")")
        }
        #expect(summary.groups.reduce(0) { $0 + $1.durations.count } == Int64(reference.spans.count))
    }

    @Test("grouping by path gives one row per kind and path")
    func groupingByPath() {
        let trace = SyntheticTrace.make(objects: 50, seed: 10)
        let summary = Self.summarise(trace, options: .init(grouping: .path))
        let encodeRows = summary.groups.filter { $0.kind == .encode }
        let encodedPaths = Set(trace.records.filter { $0.kind == .encode && $0.phase == .begin }.compactMap(\.path))
        #expect(encodeRows.count == encodedPaths.count)
        #expect(encodeRows.allSatisfy { $0.durations.count == 1 })
        #expect(encodeRows.map(\.group) == encodeRows.map(\.group).sorted())
    }

    @Test("reader warnings are kept in order and all counted")
    func warningsKept() {
        var statistics = TraceStatistics(header: TraceHeader())
        for line in 1...60 { statistics.addWarning(TraceWarning(line: line, message: "bad")) }
        let summary = statistics.summary()
        #expect(summary.warningCount == 60)
        #expect(summary.warnings.count == TraceStatistics.keptWarnings)
        #expect(summary.warnings.first?.line == 1)
    }
}
