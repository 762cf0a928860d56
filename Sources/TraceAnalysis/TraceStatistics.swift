// TraceStatistics: the streaming accumulator behind `restoretrace summary`. Fed one record at
// a time, it keeps memory independent of the trace's length.

import TraceFormat

/// Accumulates a trace's timing statistics record by record.
///
/// Memory does not grow with the trace: per kind a ``DurationStatistics`` (a histogram of at
/// most a few thousand counters), the spans currently open (bounded by nesting depth), the
/// ``Options/top`` slowest spans, and the first few seq gaps, errors and warnings. Only
/// spans that never end, and `--by class|path` grouping, grow with the input (one entry per
/// unfinished span, per class, per path).
///
/// ```swift
/// var statistics = TraceStatistics(header: header)
/// for record in records { statistics.add(record) }
/// let summary = statistics.summary()
/// ```
public struct TraceStatistics: Sendable {
    public struct Options: Sendable, Hashable {
        /// How many of the slowest spans to keep per kind in ``slowestKinds``.
        public var top: Int
        public var grouping: SummaryGrouping
        /// The kinds whose slowest spans are listed.
        public var slowestKinds: [RecordKind]

        public init(
            top: Int = 10, grouping: SummaryGrouping = .kind,
            slowestKinds: [RecordKind] = [.encode, .locate, .decode]
        ) {
            self.top = top
            self.grouping = grouping
            self.slowestKinds = slowestKinds
        }
    }

    /// How many seq gaps, error events and warnings are kept verbatim (all are counted).
    public static let keptSeqGaps = 20
    public static let keptErrors = 20
    public static let keptWarnings = 50

    /// The phase spans; other spans are attributed to the innermost open one.
    static let phaseKinds: [RecordKind] = [.preservation, .restoration]

    private struct OpenSpan: Sendable {
        var kind: RecordKind
        var path: [String]?
        var className: String?
        var seq: Int64
        var ts: Int64
        /// Index into `phaseKinds` of the phase open when this span began, or -1.
        var phase: Int
    }

    private struct PhaseKindKey: Hashable, Sendable {
        var phase: Int
        var kind: RecordKind
    }

    private struct GroupKey: Hashable, Sendable {
        var kind: RecordKind
        var group: SummaryGroupKey
    }

    public let header: TraceHeader
    public let options: Options

    private var records: Int64 = 0
    private var spansBegun: Int64 = 0
    private var firstTimestamp: Int64?
    private var lastTimestamp: Int64?
    private var open: [Int64: OpenSpan] = [:]
    /// The open phase spans, innermost last: (span id, index into `phaseKinds`).
    private var openPhases: [(span: Int64, phase: Int)] = []
    private var phaseOccurrences = [Int64](repeating: 0, count: TraceStatistics.phaseKinds.count)
    private var byPhaseAndKind: [PhaseKindKey: DurationStatistics] = [:]
    private var byGroup: [GroupKey: DurationStatistics] = [:]
    private var instants: [RecordKind: Int64] = [:]
    private var exclusions: [String: Int64] = [:]
    private var discards: [String: Int64] = [:]
    private var locateVia: [String: Int64] = [:]
    private var locateResults: [String: Int64] = [:]
    private var slowest: [RecordKind: SlowestSpans] = [:]
    private var previousSeq: Int64?
    private var seqGaps: [TraceSummary.SeqGap] = []
    private var seqGapCount: Int64 = 0
    private var missingRecords: Int64 = 0
    private var seqOutOfOrder: Int64 = 0
    private var unmatchedEnds: Int64 = 0
    private var errors: [TraceSummary.ErrorEvent] = []
    private var errorCount: Int64 = 0
    private var warnings: [TraceWarning] = []
    private var warningCount: Int64 = 0

    /// The reason recorded when an `exclude` or `discard` has none.
    public static let unspecified = "(unspecified)"

    public init(header: TraceHeader, options: Options = Options()) {
        self.header = header
        self.options = options
        for kind in options.slowestKinds { slowest[kind] = SlowestSpans(capacity: options.top) }
    }

    /// Takes the next record, in file order.
    public mutating func add(_ record: TraceRecord) {
        records += 1
        if firstTimestamp == nil { firstTimestamp = record.ts }
        lastTimestamp = record.ts
        checkSeq(record.seq)
        switch record.phase {
        case .begin: begin(record)
        case .end: end(record)
        case .instant: instant(record)
        }
    }

    /// Takes a problem the reader reported and went past.
    public mutating func addWarning(_ warning: TraceWarning) {
        warningCount += 1
        if warnings.count < TraceStatistics.keptWarnings { warnings.append(warning) }
    }

    /// Takes what a reader kept of its warnings, and how many it reported in all.
    public mutating func addWarnings(_ kept: [TraceWarning], totalCount: Int) {
        for warning in kept { addWarning(warning) }
        warningCount = max(warningCount, Int64(totalCount))
    }

    private mutating func checkSeq(_ seq: Int64) {
        let expected = previousSeq.map { $0 &+ 1 } ?? 0
        if seq > expected {
            seqGapCount += 1
            missingRecords += seq - expected
            if seqGaps.count < TraceStatistics.keptSeqGaps {
                seqGaps.append(TraceSummary.SeqGap(after: expected - 1, next: seq))
            }
        } else if seq < expected {
            seqOutOfOrder += 1
        }
        previousSeq = max(previousSeq ?? seq, seq)
    }

    private mutating func begin(_ record: TraceRecord) {
        spansBegun += 1
        guard let span = record.span else { return }
        open[span] = OpenSpan(
            kind: record.kind, path: record.path, className: record.className, seq: record.seq, ts: record.ts,
            phase: openPhases.last?.phase ?? -1)
        if let phase = TraceStatistics.phaseKinds.firstIndex(of: record.kind) {
            phaseOccurrences[phase] += 1
            openPhases.append((span, phase))
        }
    }

    private mutating func end(_ record: TraceRecord) {
        guard let span = record.span, let begun = open.removeValue(forKey: span) else {
            unmatchedEnds += 1
            return
        }
        if let index = openPhases.lastIndex(where: { $0.span == span }) { openPhases.remove(at: index) }
        let duration = record.ts - begun.ts
        byPhaseAndKind[PhaseKindKey(phase: begun.phase, kind: begun.kind), default: DurationStatistics()].add(duration)
        switch options.grouping {
        case .kind: break
        case .class:
            byGroup[GroupKey(kind: begun.kind, group: .className(begun.className)), default: DurationStatistics()]
                .add(duration)
        case .path:
            byGroup[GroupKey(kind: begun.kind, group: .path(begun.path ?? record.path)), default: DurationStatistics()]
                .add(duration)
        }
        if begun.kind == .locate {
            locateVia[record.via ?? TraceStatistics.unspecified, default: 0] += 1
            locateResults[record.result ?? TraceStatistics.unspecified, default: 0] += 1
        }
        if slowest[begun.kind]?.wouldKeep(duration: duration) == true {
            slowest[begun.kind]?.offer(
                TimedSpan(
                    kind: begun.kind, duration: max(duration, 0), path: begun.path ?? record.path,
                    className: begun.className, beginSeq: begun.seq,
                    via: begun.kind == .locate ? record.via : nil, result: record.result))
        }
    }

    private mutating func instant(_ record: TraceRecord) {
        instants[record.kind, default: 0] += 1
        switch record.kind {
        case .exclude: exclusions[record.reason ?? TraceStatistics.unspecified, default: 0] += 1
        case .discard: discards[record.reason ?? TraceStatistics.unspecified, default: 0] += 1
        case .error:
            errorCount += 1
            if errors.count < TraceStatistics.keptErrors {
                errors.append(
                    TraceSummary.ErrorEvent(seq: record.seq, path: record.path, message: record.message ?? ""))
            }
        default: break
        }
    }

    /// The statistics so far; spans still open are reported as unfinished.
    public func summary() -> TraceSummary {
        var overall: [RecordKind: DurationStatistics] = [:]
        var perPhase = [[RecordKind: DurationStatistics]](repeating: [:], count: TraceStatistics.phaseKinds.count)
        for (key, statistics) in byPhaseAndKind {
            overall[key.kind, default: DurationStatistics()].merge(statistics)
            if key.phase >= 0 { perPhase[key.phase][key.kind, default: DurationStatistics()].merge(statistics) }
        }
        let phases = TraceStatistics.phaseKinds.indices.compactMap { index -> TraceSummary.PhaseRow? in
            guard phaseOccurrences[index] > 0 || !perPhase[index].isEmpty else { return nil }
            return TraceSummary.PhaseRow(
                phase: TraceStatistics.phaseKinds[index], occurrences: phaseOccurrences[index],
                kinds: TraceStatistics.kindRows(perPhase[index]))
        }
        let groups = byGroup.map { TraceSummary.GroupRow(kind: $0.key.kind, group: $0.key.group, durations: $0.value) }
            .sorted { a, b in
                a.kind != b.kind ? TraceStatistics.runOrder(a.kind, b.kind) : a.group < b.group
            }
        let unfinished = open.map { span, begun in
            TraceSummary.UnfinishedSpan(
                span: span, kind: begun.kind, path: begun.path, className: begun.className, beginSeq: begun.seq,
                beginTimestamp: begun.ts)
        }.sorted { $0.beginSeq != $1.beginSeq ? $0.beginSeq < $1.beginSeq : $0.span < $1.span }
        let slowestRows = options.slowestKinds.compactMap { kind -> TraceSummary.SlowestRow? in
            guard let spans = slowest[kind]?.sorted, !spans.isEmpty else { return nil }
            return TraceSummary.SlowestRow(kind: kind, spans: spans)
        }
        return TraceSummary(
            header: header, records: records, spansBegun: spansBegun, firstTimestamp: firstTimestamp,
            lastTimestamp: lastTimestamp, kinds: TraceStatistics.kindRows(overall), phases: phases,
            grouping: options.grouping, groups: groups,
            instants: instants.sorted { TraceStatistics.runOrder($0.key, $1.key) }
                .map { TraceSummary.Tally(name: $0.key.rawValue, count: $0.value) },
            exclusions: TraceStatistics.tallies(exclusions), discards: TraceStatistics.tallies(discards),
            locateVia: TraceStatistics.tallies(locateVia), locateResults: TraceStatistics.tallies(locateResults),
            unfinished: unfinished, slowest: slowestRows, seqGaps: seqGaps, seqGapCount: seqGapCount,
            missingRecords: missingRecords, seqOutOfOrder: seqOutOfOrder, unmatchedEnds: unmatchedEnds,
            errors: errors, errorCount: errorCount, warnings: warnings, warningCount: warningCount)
    }

    private static func kindRows(_ statistics: [RecordKind: DurationStatistics]) -> [TraceSummary.KindRow] {
        statistics.sorted { runOrder($0.key, $1.key) }.map { TraceSummary.KindRow(kind: $0.key, durations: $0.value) }
    }

    private static func tallies(_ counts: [String: Int64]) -> [TraceSummary.Tally] {
        counts.sorted { $0.key < $1.key }.map { TraceSummary.Tally(name: $0.key, count: $0.value) }
    }

    /// Known kinds in the order a restoration cycle runs them, then unknown kinds by name.
    static func runOrder(_ a: RecordKind, _ b: RecordKind) -> Bool {
        let ia = RecordKind.known.firstIndex(of: a) ?? Int.max
        let ib = RecordKind.known.firstIndex(of: b) ?? Int.max
        return ia != ib ? ia < ib : a.rawValue < b.rawValue
    }
}
