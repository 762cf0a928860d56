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
    private var endsBeforeBegin: Int64 = 0
    private var errors: [TraceSummary.ErrorEvent] = []
    private var errorCount: Int64 = 0
    private var warnings: [TraceWarning] = []
    private var warningCount: Int64 = 0
    private var secureCodingViolations: Int64 = 0

    // A later part of a trace read in parts (``init(continuing:options:)``, ``joined(_:_:)``)
    // does not know what the earlier parts left open; these keep what it cannot settle alone.
    private var isContinuation = false
    /// The seq of the part's first record, checked against the earlier part when joined.
    private var firstSeq: Int64?
    /// `E` records whose span is not open in this part, in file order: their `B` is in an
    /// earlier part (or nowhere). Spans begun while none of this part's phases is open are
    /// attributed to ``inheritedPhase(_:)`` of how many of these came before them.
    private var pendingEnds: [TraceRecord] = []
    private var tooManyPendingEnds = false
    /// The smallest span id this part began: an earlier part's open span at or above it may
    /// have been begun again here, which only the whole file in order can settle.
    private var smallestBegunSpan = Int64.max
    /// More `E` records without their `B` than any well-formed trace's nesting produces.
    static let maximumPendingEnds = 256

    /// The reason recorded when an `exclude` or `discard` has none.
    public static let unspecified = "(unspecified)"

    public init(header: TraceHeader, options: Options = Options()) {
        self.header = header
        self.options = options
        for kind in options.slowestKinds { slowest[kind] = SlowestSpans(capacity: options.top) }
    }

    /// Statistics for a later part of a trace, to be appended to the earlier part's with
    /// ``joined(_:_:)``.
    init(continuing header: TraceHeader, options: Options) {
        self.init(header: header, options: options)
        isContinuation = true
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
        if isContinuation && previousSeq == nil {
            firstSeq = seq  // checked when joined, against the earlier part's last seq
            previousSeq = seq
            return
        }
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
        smallestBegunSpan = min(smallestBegunSpan, span)
        let outside = isContinuation ? TraceStatistics.inheritedPhase(pendingEnds.count) : -1
        open[span] = OpenSpan(
            kind: record.kind, path: record.path, className: record.className, seq: record.seq, ts: record.ts,
            phase: openPhases.last?.phase ?? outside)
        if let phase = TraceStatistics.phaseKinds.firstIndex(of: record.kind) {
            phaseOccurrences[phase] += 1
            openPhases.append((span, phase))
        }
    }

    private mutating func end(_ record: TraceRecord) {
        guard let span = record.span, let begun = open.removeValue(forKey: span) else {
            if isContinuation && record.span != nil {
                if pendingEnds.count < TraceStatistics.maximumPendingEnds {
                    pendingEnds.append(record)
                } else {
                    tooManyPendingEnds = true
                }
            } else {
                unmatchedEnds += 1
            }
            return
        }
        if let index = openPhases.lastIndex(where: { $0.span == span }) { openPhases.remove(at: index) }
        finish(begun, endedBy: record)
    }

    /// Counts a span that `record` ended.
    private mutating func finish(_ begun: OpenSpan, endedBy record: TraceRecord) {
        let duration = record.ts &- begun.ts
        if duration < 0 { endsBeforeBegin += 1 }  // ts went back: counted as 0 (DurationStatistics)
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
        // The one count the app-life-cycle section needs from the fast path (rules 41–42): an
        // encode or decode end has no attributes unless something went wrong.
        if !record.attributes.isEmpty, let result = record.result, result == "secureCodingViolation" {
            secureCodingViolations += 1
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

    /// The phase index standing for "whatever phase the earlier parts had open after the first
    /// `pendingEnds` of a continuation's pending ends": -2, -3, …
    private static func inheritedPhase(_ pendingEnds: Int) -> Int { -2 - pendingEnds }

    /// `earlier` followed by `later` (made with ``init(continuing:options:)`` for the records
    /// right after `earlier`'s): the same statistics as adding both parts' records in order to
    /// one accumulator, or nil when that cannot be guaranteed from the two parts alone (seq out
    /// of order, a span id begun again across the parts, too many ends without a begin). The
    /// caller then reads the trace in one go.
    static func joined(_ earlier: TraceStatistics, _ later: TraceStatistics) -> TraceStatistics? {
        guard later.isContinuation, !earlier.isContinuation, !later.tooManyPendingEnds,
            earlier.seqOutOfOrder == 0, later.seqOutOfOrder == 0,
            earlier.open.keys.allSatisfy({ $0 < later.smallestBegunSpan })
        else { return nil }
        if let first = later.firstSeq, let last = earlier.previousSeq, first <= last { return nil }

        var joined = earlier
        joined.records += later.records
        joined.spansBegun += later.spansBegun
        joined.firstTimestamp = earlier.firstTimestamp ?? later.firstTimestamp
        joined.lastTimestamp = later.lastTimestamp ?? earlier.lastTimestamp
        if let first = later.firstSeq { joined.checkSeq(first) }
        joined.seqGapCount += later.seqGapCount
        joined.missingRecords += later.missingRecords
        joined.seqGaps += later.seqGaps.prefix(TraceStatistics.keptSeqGaps - joined.seqGaps.count)
        joined.previousSeq = later.previousSeq ?? joined.previousSeq
        for index in joined.phaseOccurrences.indices { joined.phaseOccurrences[index] += later.phaseOccurrences[index] }

        // The pending ends close the earlier part's spans in order; the phase innermost after
        // each is what the later part's spans begun outside its own phases belong to.
        var outerPhases = [joined.openPhases.last?.phase ?? -1]
        for record in later.pendingEnds {
            joined.end(record)
            outerPhases.append(joined.openPhases.last?.phase ?? -1)
        }
        func resolved(_ phase: Int) -> Int { phase <= -2 ? outerPhases[-2 - phase] : phase }

        for (key, statistics) in later.byPhaseAndKind {
            joined.byPhaseAndKind[PhaseKindKey(phase: resolved(key.phase), kind: key.kind), default: DurationStatistics()]
                .merge(statistics)
        }
        for (key, statistics) in later.byGroup { joined.byGroup[key, default: DurationStatistics()].merge(statistics) }
        joined.instants.merge(later.instants, uniquingKeysWith: +)
        joined.exclusions.merge(later.exclusions, uniquingKeysWith: +)
        joined.discards.merge(later.discards, uniquingKeysWith: +)
        joined.locateVia.merge(later.locateVia, uniquingKeysWith: +)
        joined.locateResults.merge(later.locateResults, uniquingKeysWith: +)
        // Spans are ordered by duration, then by their begin's seq, which the parts' seqs
        // (strictly increasing, checked above) make unique: the kept set does not depend on
        // the order spans are offered in.
        for (kind, kept) in later.slowest {
            for span in kept.sorted { joined.slowest[kind]?.offer(span) }
        }
        joined.errors += later.errors.prefix(TraceStatistics.keptErrors - joined.errors.count)
        joined.errorCount += later.errorCount
        joined.warnings += later.warnings.prefix(TraceStatistics.keptWarnings - joined.warnings.count)
        joined.warningCount += later.warningCount
        joined.unmatchedEnds += later.unmatchedEnds
        joined.endsBeforeBegin += later.endsBeforeBegin
        joined.secureCodingViolations += later.secureCodingViolations
        for (span, begun) in later.open {
            var begun = begun
            begun.phase = resolved(begun.phase)
            joined.open[span] = begun
        }
        joined.openPhases += later.openPhases
        joined.smallestBegunSpan = min(earlier.smallestBegunSpan, later.smallestBegunSpan)
        return joined
    }

    /// Whether the `path` of an `E` record ending `span` is needed: its `B` had none, or the
    /// `B` is not in what this accumulator has seen (an earlier part's, or none).
    func needsEndPath(span: Int64) -> Bool {
        guard let begun = open[span] else { return true }
        return begun.path == nil
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
            endsBeforeBegin: endsBeforeBegin,
            errors: errors, errorCount: errorCount, warnings: warnings, warningCount: warningCount,
            secureCodingViolations: secureCodingViolations)
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
