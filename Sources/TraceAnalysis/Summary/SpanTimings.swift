// SpanTimings: how long every span and every object took in one trace, record by record, with
// the heat rule `render --heat` colours by (the diagrams pair spans in their TraceTable and
// apply the same rule: SpanTimings.heat(duration:longestOfKind:)).

import TraceFormat

/// The durations of a trace's spans, by span id and by object (restoration path).
///
/// Fed record by record; keeps one entry per span, so it is meant for traces small enough to
/// draw. Durations are in the trace's clock unit; ``formatter`` turns them into text.
///
/// ```swift
/// var timings = SpanTimings(clock: header.clock)
/// for record in records { timings.add(record) }
/// let label = timings.duration(ofSpan: 3).map(timings.formatter.string)   // "1.23 ms"
/// let warmth = timings.heat(path: ["Tabs", "CountryNav"])                  // 0.0 ... 1.0
/// ```
public struct SpanTimings: Sendable {
    /// The kinds whose time counts as an object's own time in ``objectDuration(path:)``.
    public static let objectKinds: [RecordKind] = [.willEncode, .encode, .locate, .decode, .finishedRestoring]

    /// Formats this trace's durations.
    public let formatter: DurationFormatter

    private struct Begin: Sendable {
        var ts: Int64
        var kind: RecordKind
        /// The begin record's path, numbered in ``paths``.
        var pathID: Int?
    }
    /// A path id and a kind id: the key of the per-object, per-kind totals.
    private struct PathKind: Hashable, Sendable {
        var path: Int
        var kind: Int
    }
    private struct Finished: Sendable {
        var duration: Int64
        var kind: Int
    }

    // Paths and kinds are numbered once, so each record hashes its path at most once and the
    // tables below are keyed by small integers.
    private var paths = PathIndex()
    private var kinds: [RecordKind] = []
    private var open: [Int64: Begin] = [:]
    private var finished: [Int64: Finished] = [:]
    private var byPathAndKind: [PathKind: Int64] = [:]
    /// ``objectDuration(path:)`` by path id (nil: no object-kind span).
    private var byPath: [Int64?] = []
    /// The longest finished span by kind id.
    private var maximumByKind: [Int64] = []
    /// The largest ``objectDuration(path:)`` of the trace (0 when there is none).
    public private(set) var maximumObjectDuration: Int64 = 0
    /// The last `ts` seen: where unfinished spans stop.
    public private(set) var lastTimestamp: Int64 = 0

    public init(clock: String) { formatter = DurationFormatter(clock: clock) }

    /// Timings of `records`, in the clock unit of `header`.
    public init(header: TraceHeader, records: some Sequence<TraceRecord>) {
        self.init(clock: header.clock)
        for record in records { add(record) }
    }

    /// Takes the next record of the trace, in file order.
    public mutating func add(_ record: TraceRecord) {
        lastTimestamp = max(lastTimestamp, record.ts)
        guard let span = record.span else { return }
        switch record.phase {
        case .begin:
            open[span] = Begin(ts: record.ts, kind: record.kind, pathID: record.path.map { paths.id(of: $0) })
        case .end:
            guard let begin = open.removeValue(forKey: span) else { return }
            let duration = max(record.ts - begin.ts, 0)
            let kind = kindID(begin.kind)
            finished[span] = Finished(duration: duration, kind: kind)
            maximumByKind[kind] = max(maximumByKind[kind], duration)
            guard let path = begin.pathID ?? record.path.map({ paths.id(of: $0) }) else { return }
            let key = PathKind(path: path, kind: kind)
            byPathAndKind[key] = byPathAndKind[key, default: 0].addingSaturating(duration)
            if SpanTimings.objectKinds.contains(begin.kind) {
                if byPath.count < paths.count { byPath.append(contentsOf: repeatElement(nil, count: paths.count - byPath.count)) }
                let total = (byPath[path] ?? 0).addingSaturating(duration)
                byPath[path] = total
                maximumObjectDuration = max(maximumObjectDuration, total)
            }
        case .instant:
            return
        }
    }

    /// The number of `kind` in ``kinds``, numbering it when new. A trace has a handful of kinds,
    /// so a scan of equal-or-not small strings beats hashing.
    private mutating func kindID(_ kind: RecordKind) -> Int {
        if let id = kinds.firstIndex(of: kind) { return id }
        kinds.append(kind)
        maximumByKind.append(0)
        return kinds.count - 1
    }

    /// How long span `id` took, or nil when it never ended (or never began).
    public func duration(ofSpan id: Int64) -> Int64? { finished[id]?.duration }

    /// True when span `id` began and no record ended it.
    public func isUnfinished(span id: Int64) -> Bool { open[id] != nil }

    /// The ids of spans that began and never ended, in ascending order.
    public var unfinishedSpans: [Int64] { open.keys.sorted() }

    /// The time from the start of unfinished span `id` to the last record of the trace.
    public func elapsedUntilEnd(ofUnfinishedSpan id: Int64) -> Int64? {
        open[id].map { max(lastTimestamp - $0.ts, 0) }
    }

    /// The total time of the finished `kind` spans about `path` (summed when there are several).
    public func duration(_ kind: RecordKind, path: [String]) -> Int64? {
        guard let path = paths.existingID(of: path), let kind = kinds.firstIndex(of: kind) else { return nil }
        return byPathAndKind[PathKind(path: path, kind: kind)]
    }

    /// The object's own time: its ``objectKinds`` spans added up, or nil when it has none.
    public func objectDuration(path: [String]) -> Int64? {
        guard let id = paths.existingID(of: path), id < byPath.count else { return nil }
        return byPath[id]
    }

    /// 0...1: the span's duration over the longest finished span of the same kind. Unfinished
    /// spans are the hottest there is (1); unknown spans nil.
    public func heat(ofSpan id: Int64) -> Double? {
        if open[id] != nil { return SpanTimings.heat(duration: nil, longestOfKind: 0) }
        guard let span = finished[id] else { return nil }
        return SpanTimings.heat(duration: span.duration, longestOfKind: maximumByKind[span.kind])
    }

    /// The rule of ``heat(ofSpan:)``, for callers that pair spans themselves: a finished span's
    /// `duration` over `longest`, the longest finished span of its kind; an unfinished span
    /// (nil) is the hottest there is.
    package static func heat(duration: Int64?, longestOfKind longest: Int64) -> Double {
        duration.map { fraction($0, of: longest) } ?? 1
    }

    /// 0...1: the object's own time over the slowest object's; nil when it has no timed span.
    public func heat(path: [String]) -> Double? {
        objectDuration(path: path).map { SpanTimings.fraction($0, of: maximumObjectDuration) }
    }

    private static func fraction(_ value: Int64, of maximum: Int64) -> Double {
        maximum > 0 ? min(Double(value) / Double(maximum), 1) : 0
    }
}
