// TraceDiff: what changed between two traces of the same app (A, the baseline, and B), and
// whether any change is a regression: `restoretrace diff A B` exits 1 when one is.

import TraceFormat

/// The differences between two traces, A (before) and B (after).
///
/// Regressions (any one makes ``isRegression`` true):
/// - an object restored in A is not restored in B;
/// - B excludes an object for a reason A did not, or discards state for a reason more often;
/// - B has a span that never ended that A did not have;
/// - scene traces (``SessionDiff``): a session of A missing from B, restored less, or a save
///   that kept its state in A and does not in B;
/// - timing (only when both traces use the `ns` clock): a kind's mean, or one object's step,
///   is slower by more than ``Options/thresholdPercent`` AND by more than
///   ``Options/minimumChange`` (so 40 ns → 60 ns, +50%, is noise, not a regression).
public struct TraceDiff: Sendable {
    public struct Options: Sendable, Hashable {
        /// Percent by which a duration must grow (or shrink) to be reported.
        public var thresholdPercent: Double
        /// The smallest absolute change reported, in the traces' clock unit (default 100 µs:
        /// run-to-run noise of microsecond steps is larger than 10%).
        public var minimumChange: Int64
        public init(thresholdPercent: Double = 10, minimumChange: Int64 = 100_000) {
            self.thresholdPercent = thresholdPercent
            self.minimumChange = minimumChange
        }
    }

    /// A path whose locate step changed.
    public struct ViaChange: Sendable, Hashable {
        public var path: [String]
        public var before: String?
        public var after: String?
    }

    /// A duration in A and in B.
    public struct TimingChange: Sendable, Hashable {
        public var kind: RecordKind
        /// nil for a whole kind (its mean), else the object.
        public var path: [String]?
        public var before: Int64
        public var after: Int64
        /// Percent change from `before` (nil when `before` is 0).
        public var percent: Double? { before > 0 ? Double(after - before) / Double(before) * 100 : nil }
        public var isSlower: Bool { after > before }
    }

    public let options: Options
    public let clockA: String
    public let clockB: String
    /// Restored in A, not in B: regressions.
    public let lostObjects: [[String]]
    /// Restored in B, not in A.
    public let gainedObjects: [[String]]
    public let viaChanges: [ViaChange]
    public let addedExclusions: [TraceOutcomes.Exclusion]
    public let removedExclusions: [TraceOutcomes.Exclusion]
    /// Discard reasons with their counts in A and B, where they differ.
    public let discardChanges: [(reason: String, before: Int64, after: Int64)]
    public let newUnfinished: [String]
    public let resolvedUnfinished: [String]
    /// Kinds whose mean changed beyond the threshold.
    public let kindChanges: [TimingChange]
    /// Object steps whose time changed beyond the threshold.
    public let objectChanges: [TimingChange]
    /// True when both traces use the `ns` clock, so timings were judged.
    public let comparesTimings: Bool
    /// The scene sessions compared; nil when neither trace has any (``SceneSummaryBuilder``).
    public let sessions: SessionDiff?

    /// `sessionsA`/`sessionsB`: the traces' scene sessions (nil for a trace without scene records).
    public init(
        _ a: TraceOutcomes, _ b: TraceOutcomes, sessionsA: [SessionSummary]? = nil, sessionsB: [SessionSummary]? = nil,
        options: Options = Options()
    ) {
        self.options = options
        sessions = sessionsA == nil && sessionsB == nil ? nil : SessionDiff(sessionsA ?? [], sessionsB ?? [])
        clockA = a.header.clock
        clockB = b.header.clock
        lostObjects = a.restored.subtracting(b.restored).sorted { $0.lexicographicallyPrecedes($1) }
        gainedObjects = b.restored.subtracting(a.restored).sorted { $0.lexicographicallyPrecedes($1) }
        viaChanges = Set(a.locateVia.keys).union(b.locateVia.keys)
            .filter { a.locateVia[$0] != b.locateVia[$0] && a.located.contains($0) && b.located.contains($0) }
            .sorted { $0.lexicographicallyPrecedes($1) }
            .map { ViaChange(path: $0, before: a.locateVia[$0], after: b.locateVia[$0]) }
        addedExclusions = b.exclusions.subtracting(a.exclusions).sorted()
        removedExclusions = a.exclusions.subtracting(b.exclusions).sorted()
        discardChanges = Set(a.discards.keys).union(b.discards.keys).sorted()
            .map { (reason: $0, before: a.discards[$0] ?? 0, after: b.discards[$0] ?? 0) }
            .filter { $0.before != $0.after }
        newUnfinished = b.unfinished.subtracting(a.unfinished).sorted()
        resolvedUnfinished = a.unfinished.subtracting(b.unfinished).sorted()
        comparesTimings = a.header.clock == ClockUnit.ns.rawValue && b.header.clock == ClockUnit.ns.rawValue
        let isChange = { (before: Int64, after: Int64) -> Bool in
            let difference = abs(after - before)
            guard difference > options.minimumChange else { return false }
            guard before > 0 else { return true }
            return Double(difference) / Double(before) * 100 > options.thresholdPercent
        }
        kindChanges = Set(a.kinds.keys).intersection(b.kinds.keys).sorted(by: TraceStatistics.runOrder)
            .compactMap { kind in
                let before = a.kinds[kind]?.roundedMean ?? 0
                let after = b.kinds[kind]?.roundedMean ?? 0
                return isChange(before, after) ? TimingChange(kind: kind, path: nil, before: before, after: after) : nil
            }
        objectChanges = Set(a.objectTimes.keys).intersection(b.objectTimes.keys).sorted()
            .compactMap { step in
                let before = a.objectTimes[step] ?? 0
                let after = b.objectTimes[step] ?? 0
                return isChange(before, after)
                    ? TimingChange(kind: step.kind, path: step.path, before: before, after: after) : nil
            }
    }

    /// Every regression, one sentence each, in a fixed order.
    public var regressions: [String] {
        var found: [String] = []
        for path in lostObjects { found.append("no longer restored: \(PathText.display(path))") }
        for exclusion in addedExclusions { found.append("newly excluded: \(exclusion.object) (\(exclusion.reason))") }
        for change in discardChanges where change.after > change.before {
            found.append("discarded \(change.reason): \(change.before) → \(change.after)")
        }
        for name in newUnfinished { found.append("never ended: \(name)") }
        found += sessions?.regressions ?? []
        if comparesTimings {
            for change in kindChanges + objectChanges where change.isSlower {
                let what = change.path.map { "\(change.kind.rawValue) \(PathText.display($0))" }
                    ?? "\(change.kind.rawValue) (mean)"
                let formatter = DurationFormatter(clock: clockB)
                found.append("slower: \(what) \(formatter.string(change.before)) → \(formatter.string(change.after))")
            }
        }
        return found
    }

    public var isRegression: Bool { !regressions.isEmpty }
}
