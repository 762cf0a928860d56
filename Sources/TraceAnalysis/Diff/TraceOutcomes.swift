// TraceOutcomes: what one trace says happened to each object (restored or not, how it was
// located, why it was excluded, how long its steps took), collected for `restoretrace diff`.

import TraceFormat

/// Per-object outcomes of one trace, fed record by record. Memory grows with the number of
/// distinct objects (paths), not with the number of records.
public struct TraceOutcomes: Sendable {
    /// An object's step: `decode` of `Tabs/CountryNav`.
    public struct ObjectStep: Sendable, Hashable, Comparable {
        public var path: [String]
        public var kind: RecordKind
        public static func < (a: Self, b: Self) -> Bool {
            a.path != b.path ? a.path.lexicographicallyPrecedes(b.path) : TraceStatistics.runOrder(a.kind, b.kind)
        }
    }

    /// An exclusion: the object (path, or class for objects without an identifier) and the reason.
    public struct Exclusion: Sendable, Hashable, Comparable {
        public var object: String
        public var reason: String
        public static func < (a: Self, b: Self) -> Bool { (a.object, a.reason) < (b.object, b.reason) }
    }

    public let header: TraceHeader
    /// Paths whose `locate` found an object (`found` or `classMismatch`) or whose `decode` finished.
    public private(set) var restored: Set<[String]> = []
    /// Every path the trace mentions in a `locate`.
    public private(set) var located: Set<[String]> = []
    /// The `via` of each path's last `locate`.
    public private(set) var locateVia: [[String]: String] = [:]
    public private(set) var exclusions: Set<Exclusion> = []
    public private(set) var discards: [String: Int64] = [:]
    /// Per-kind statistics of every finished span.
    public private(set) var kinds: [RecordKind: DurationStatistics] = [:]
    /// The time of each object's steps (summed when a step repeats).
    public private(set) var objectTimes: [ObjectStep: Int64] = [:]
    /// True when an instant of a scene session (a disconnect, a discard, …) was seen; finished
    /// session spans are in ``kinds``.
    public private(set) var hasSessionInstants = false
    /// Spans that never ended, as `kind path`.
    public var unfinished: Set<String> { Set(open.values.map { ExportNames.name(kind: $0.kind, path: $0.path) }) }

    private struct Begun: Sendable {
        var kind: RecordKind
        var path: [String]?
        var ts: Int64
    }
    private var open: [Int64: Begun] = [:]

    public init(header: TraceHeader) { self.header = header }

    /// Takes the next record, in file order.
    public mutating func add(_ record: TraceRecord) {
        switch record.phase {
        case .begin:
            if let span = record.span { open[span] = Begun(kind: record.kind, path: record.path, ts: record.ts) }
        case .end:
            guard let span = record.span, let begun = open.removeValue(forKey: span) else { return }
            let duration = max(record.ts - begun.ts, 0)
            kinds[begun.kind, default: DurationStatistics()].add(duration)
            guard let path = begun.path ?? record.path else { return }
            let step = ObjectStep(path: path, kind: begun.kind)
            objectTimes[step] = objectTimes[step, default: 0].addingSaturating(duration)
            switch begun.kind {
            case .locate:
                located.insert(path)
                if let via = record.via { locateVia[path] = via }
                if record.result == LocateResult.found.rawValue || record.result == LocateResult.classMismatch.rawValue {
                    restored.insert(path)
                }
            case .decode:
                restored.insert(path)
            default:
                break
            }
        case .instant:
            switch record.kind {
            case .exclude:
                let object = record.path.map(PathText.display) ?? record.className.map(PathText.sanitized) ?? "(unnamed)"
                exclusions.insert(Exclusion(object: object, reason: record.reason ?? TraceStatistics.unspecified))
            case .discard:
                discards[record.reason ?? TraceStatistics.unspecified, default: 0] += 1
            default:
                if !hasSessionInstants && SceneSummaryBuilder.sessionKinds.contains(record.kind) { hasSessionInstants = true }
            }
        }
    }
}
