// TraceSummary: everything `restoretrace summary` reports about one trace, as plain values
// in a deterministic order, ready for the text, Markdown, JSON and CSV formats.

import TraceFormat

/// The finished statistics of one trace (see ``TraceStatistics``). Every list is in a fixed
/// order: kinds in the order a restoration cycle runs them (``RecordKind/known``) then unknown
/// kinds alphabetically; reasons and steps alphabetically; spans by `seq`.
public struct TraceSummary: Sendable {
    /// Statistics of one kind of span.
    public struct KindRow: Sendable {
        public var kind: RecordKind
        public var durations: DurationStatistics
    }

    /// The spans inside one phase span (`preservation` or `restoration`), by kind.
    public struct PhaseRow: Sendable {
        public var phase: RecordKind
        /// How many phase spans of this kind the trace has (several runs may be concatenated).
        public var occurrences: Int64
        public var kinds: [KindRow]
    }

    /// Statistics of one kind of span for one class or one path (`--by class|path`).
    public struct GroupRow: Sendable {
        public var kind: RecordKind
        public var group: SummaryGroupKey
        public var durations: DurationStatistics
    }

    /// A name (kind, reason, step) and how many times it occurred.
    public struct Tally: Sendable, Hashable {
        public var name: String
        public var count: Int64
    }

    /// A span that began and never ended: the process stopped inside it.
    public struct UnfinishedSpan: Sendable, Hashable {
        public var span: Int64
        public var kind: RecordKind
        public var path: [String]?
        public var className: String?
        public var beginSeq: Int64
        public var beginTimestamp: Int64
    }

    /// Records missing from the `seq` numbering: `seq` jumped from `after` to `next`.
    public struct SeqGap: Sendable, Hashable {
        public var after: Int64
        public var next: Int64
        public var missing: Int64 { next - after - 1 }
    }

    /// An `error` instant.
    public struct ErrorEvent: Sendable, Hashable {
        public var seq: Int64
        public var path: [String]?
        public var message: String
    }

    /// The N slowest spans of one kind.
    public struct SlowestRow: Sendable {
        public var kind: RecordKind
        public var spans: [TimedSpan]
    }

    public var header: TraceHeader
    /// Record lines (the header not counted).
    public var records: Int64
    public var spansBegun: Int64
    public var firstTimestamp: Int64?
    public var lastTimestamp: Int64?
    /// Every finished span, by the kind on its `B` record.
    public var kinds: [KindRow]
    public var phases: [PhaseRow]
    /// Only filled when the statistics were asked to group (``SummaryGrouping/kind`` leaves it empty).
    public var grouping: SummaryGrouping
    public var groups: [GroupRow]
    public var instants: [Tally]
    public var exclusions: [Tally]
    public var discards: [Tally]
    public var locateVia: [Tally]
    public var locateResults: [Tally]
    public var unfinished: [UnfinishedSpan]
    public var slowest: [SlowestRow]
    /// The first ``TraceStatistics/keptSeqGaps`` gaps; ``seqGapCount`` and ``missingRecords`` count all.
    public var seqGaps: [SeqGap]
    public var seqGapCount: Int64
    public var missingRecords: Int64
    /// Records whose `seq` was not greater than the one before (duplicated or reordered lines).
    public var seqOutOfOrder: Int64
    /// `E` records with no open `B` of the same span id.
    public var unmatchedEnds: Int64
    /// Spans whose `E` has a smaller `ts` than their `B` (the clock went back); each counts as 0.
    public var endsBeforeBegin: Int64
    public var errors: [ErrorEvent]
    public var errorCount: Int64
    /// What the reader reported (cut-off last line, skipped bad lines, ...), in line order.
    public var warnings: [TraceWarning]
    public var warningCount: Int64
    /// `encode` and `decode` spans that ended `secureCodingViolation` (rules 41–42).
    public var secureCodingViolations: Int64 = 0
    /// The scene sessions, in the order the trace first names them; nil when the trace has no
    /// scene records (see ``SceneSummaryBuilder/wantsSessions(_:)``).
    public var sessions: [SessionSummary]?
    /// Scene records without a `session` (with ``sessions`` only).
    public var unattributedSceneRecords: Int64 = 0
    /// The app's own life cycle; nil unless the trace shows part of it
    /// (see ``SceneSummaryBuilder/wantsAppLifecycle(_:)``).
    public var appLifecycle: AppLifecycleSummary?

    /// The trace's time span, first to last record.
    public var elapsed: Int64 { (lastTimestamp ?? 0) - (firstTimestamp ?? 0) }
    /// A formatter for this trace's clock unit.
    public var formatter: DurationFormatter { DurationFormatter(clock: header.clock) }
}

/// A problem a reader noticed and went past (the trace is still summarised).
public struct TraceWarning: Sendable, Hashable {
    /// 1-based line number in the trace file, when known.
    public var line: Int?
    public var message: String
    public init(line: Int?, message: String) {
        self.line = line
        self.message = message
    }
}

/// How `summary --by` groups the per-kind table.
public enum SummaryGrouping: String, Sendable, Hashable, CaseIterable {
    case kind
    case `class`
    case path
}

/// One group of `--by class` (a class name) or `--by path` (a restoration path).
public enum SummaryGroupKey: Sendable, Hashable, Comparable {
    case className(String?)
    case path([String]?)

    /// The group as text: the class name, or the path's identifiers joined by `/`.
    public var label: String {
        switch self {
        case .className(let name): return name.map(PathText.sanitized) ?? "(no class)"
        case .path(let path): return path.map(PathText.display) ?? "(no path)"
        }
    }

    public static func < (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case (.className(let x), .className(let y)): return (x ?? "") < (y ?? "") || (x == nil && y != nil)
        case (.path(let x), .path(let y)): return (x ?? []).lexicographicallyPrecedes(y ?? [])
        case (.className, .path): return true
        case (.path, .className): return false
        }
    }
}
