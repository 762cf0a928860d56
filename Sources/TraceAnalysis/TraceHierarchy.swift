// TraceHierarchy: the object tree of a trace, rebuilt from restoration paths, with what became
// of each object (restored, excluded and why, not found, class mismatch, not decoded, unfinished),
// derived from its encode / exclude / locate / decode / finishedRestoring records.

import TraceFormat

/// What became of one object in a trace.
public enum TraceObjectOutcome: Sendable, Hashable {
    /// Located, decoded and sent `finishedRestoring`.
    case restored
    /// Located (and decoded, if it has a decode) but never sent `finishedRestoring`.
    case restoredWithoutFinish
    /// Encoded; the trace shows no restoration of it (no relaunch, or the archive was discarded).
    case preserved
    /// An `exclude` record named it, with this reason.
    case excluded(reason: String)
    /// No step of the relaunch search produced it.
    case notFound
    /// The object found was of another class: used, but not decoded (rule 16).
    case classMismatch(foundClass: String?)
    /// Its decode failed (an `error` record, or a failing `result`).
    case notDecoded(message: String?)
    /// A span about it began and never ended: the process stopped there.
    case unfinished(kind: RecordKind)
    /// Only known as the ancestor of other objects' paths.
    case unknown

    /// A short name for legends and tallies (`restored`, `excluded`, ...).
    public var name: String {
        switch self {
        case .restored: return "restored"
        case .restoredWithoutFinish: return "restored, not finished"
        case .preserved: return "preserved only"
        case .excluded: return "excluded"
        case .notFound: return "not found"
        case .classMismatch: return "class mismatch"
        case .notDecoded: return "not decoded"
        case .unfinished: return "unfinished"
        case .unknown: return "no record"
        }
    }

    /// True for outcomes a user looks for: anything but a clean restore or plain preservation.
    public var isProblem: Bool {
        switch self {
        case .restored, .preserved, .unknown: return false
        default: return true
        }
    }
}

/// The tree of objects a trace mentions, by restoration path.
///
/// ```swift
/// let hierarchy = TraceHierarchy(records: recorder.records)
/// for root in hierarchy.roots { print(hierarchy.nodes[root].path, hierarchy.nodes[root].outcome) }
/// ```
public struct TraceHierarchy: Sendable {
    /// One object (one restoration path).
    public struct Node: Sendable, Hashable {
        public var path: [String]
        public var className: String?
        public var outcome: TraceObjectOutcome
        /// The `via` of its `locate` end record (`storyboard`, `existing`, ...).
        public var locateVia: String?
        /// The `result` of its `locate` end record (`found`, `nil`, `classMismatch`).
        public var locateResult: String?
        /// Indices into ``TraceHierarchy/nodes``, in the order the trace first mentions them.
        public var children: [Int]
        /// The `seq` of the first record about it (or about a descendant, for implied ancestors).
        public var firstSeq: Int64
        /// The restoration identifier: the last path component.
        public var identifier: String { path.last ?? "" }
    }

    /// An `exclude` record without a path (an object without a restoration identifier).
    public struct UnplacedExclusion: Sendable, Hashable {
        public var className: String?
        public var reason: String?
        /// The `parent` attribute: the path of the object it hangs from, when recorded.
        public var parentPath: [String]?
        public var seq: Int64
    }

    /// Every object, parents before children.
    public private(set) var nodes: [Node] = []
    /// The top-level objects (window roots and registered objects), in first-mention order.
    public private(set) var roots: [Int] = []
    /// Exclusions that name no path.
    public private(set) var unplacedExclusions: [UnplacedExclusion] = []

    /// For each record given, in order, the index of its node in ``nodes``; nil for a record
    /// without a path. Lets a caller group records by object without hashing their paths again.
    public private(set) var nodeOfRecord: [Int?] = []

    private var paths = PathIndex()
    /// The node index of each path id (-1 while being made: a new path is numbered before its
    /// new ancestors, whose nodes come first).
    private var nodeOfPath: [Int] = []

    /// The hierarchy of `records` (in file order).
    public init(records: some Sequence<TraceRecord>) {
        // Facts are kept by node index, so each record costs one path lookup.
        var facts: [ObjectFacts] = []
        var openSpans: [Int64: (kind: RecordKind, node: Int)] = [:]
        nodeOfRecord.reserveCapacity(records.underestimatedCount)
        for record in records {
            guard let path = record.path, !path.isEmpty else {
                nodeOfRecord.append(nil)
                if record.kind == .exclude {
                    unplacedExclusions.append(
                        UnplacedExclusion(className: record.className, reason: record.reason,
                                          parentPath: record[attribute: "parent"]?.stringArrayValue, seq: record.seq))
                }
                continue
            }
            let index = ensureNode(path, seq: record.seq)
            nodeOfRecord.append(index)
            if facts.count < nodes.count { facts.append(contentsOf: repeatElement(ObjectFacts(), count: nodes.count - facts.count)) }
            if nodes[index].className == nil, let className = record.className { nodes[index].className = className }
            facts[index].take(record)
            if let span = record.span {
                switch record.phase {
                case .begin: openSpans[span] = (record.kind, index)
                case .end: openSpans[span] = nil
                case .instant: break
                }
            }
        }
        if facts.count < nodes.count { facts.append(contentsOf: repeatElement(ObjectFacts(), count: nodes.count - facts.count)) }
        for (_, open) in openSpans { facts[open.node].unfinishedKinds.append(open.kind) }
        for index in nodes.indices {
            nodes[index].outcome = facts[index].outcome
            nodes[index].locateVia = facts[index].locateVia
            nodes[index].locateResult = facts[index].locateResult
        }
    }

    /// The node for `path`, if the trace mentions it.
    public func node(path: [String]) -> Node? { nodeIndex(path: path).map { nodes[$0] } }

    /// The index in ``nodes`` of the node for `path`, if the trace mentions it.
    public func nodeIndex(path: [String]) -> Int? {
        guard let id = paths.existingID(of: path), id < nodeOfPath.count, nodeOfPath[id] >= 0 else { return nil }
        return nodeOfPath[id]
    }

    /// How many objects have each outcome name, sorted by name.
    public var outcomeCounts: [(name: String, count: Int)] {
        var counts: [String: Int] = [:]
        for node in nodes { counts[node.outcome.name, default: 0] += 1 }
        return counts.keys.sorted().map { ($0, counts[$0] ?? 0) }
    }

    private mutating func ensureNode(_ path: [String], seq: Int64) -> Int {
        let id = paths.id(of: path)
        if id < nodeOfPath.count, nodeOfPath[id] >= 0 { return nodeOfPath[id] }
        if nodeOfPath.count < paths.count {
            nodeOfPath.append(contentsOf: repeatElement(-1, count: paths.count - nodeOfPath.count))
        }
        let parent = path.count > 1 ? ensureNode(Array(path.dropLast()), seq: seq) : nil
        let index = nodes.count
        nodes.append(Node(path: path, className: nil, outcome: .unknown, locateVia: nil, locateResult: nil,
                          children: [], firstSeq: seq))
        nodeOfPath[id] = index
        if let parent { nodes[parent].children.append(index) } else { roots.append(index) }
        return index
    }
}

/// What the records say about one path.
private struct ObjectFacts {
    var encoded = false
    var excludeReason: String?
    var locateResult: String?
    var locateVia: String?
    var foundClass: String?
    var decodeEnded = false
    var decodeFailed = false
    var errorMessage: String?
    var finished = false
    var unfinishedKinds: [RecordKind] = []

    /// Decode `result` values that mean success; anything else is a failure.
    private static let successfulResults: Set<String> = ["ok", "success", "decoded", "true"]

    mutating func take(_ record: TraceRecord) {
        switch record.kind {
        case .encode: if record.phase == .end { encoded = true }
        case .exclude: if excludeReason == nil { excludeReason = record.reason ?? "unspecified" }
        case .locate:
            if record.phase == .end {
                locateResult = record.result
                locateVia = record.via
                foundClass = record.foundClass
            }
        case .decode:
            if record.phase == .end {
                decodeEnded = true
                if let result = record.result, !ObjectFacts.successfulResults.contains(result) { decodeFailed = true }
            }
        case .error:
            decodeFailed = true
            if errorMessage == nil { errorMessage = record.message }
        case .finishedRestoring: if record.phase != .begin { finished = true }
        default: break
        }
    }

    var outcome: TraceObjectOutcome {
        if let kind = unfinishedKinds.sorted().first { return .unfinished(kind: kind) }
        if let reason = excludeReason {
            return reason == ExclusionReason.notFound.rawValue ? .notFound : .excluded(reason: reason)
        }
        if locateResult == LocateResult.classMismatch.rawValue { return .classMismatch(foundClass: foundClass) }
        if locateResult == LocateResult.nil.rawValue || locateVia == LocateStep.none.rawValue { return .notFound }
        if decodeFailed { return .notDecoded(message: errorMessage) }
        if finished { return .restored }
        if decodeEnded || locateResult == LocateResult.found.rawValue { return .restoredWithoutFinish }
        if encoded { return .preserved }
        return .unknown
    }
}
