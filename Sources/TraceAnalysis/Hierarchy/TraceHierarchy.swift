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
        /// The `identifier` attribute: its own restoration identifier, when it has one but no
        /// path (an object without an identifier is above it).
        public var identifier: String?
        /// The `depth` attribute: how many levels below `parentPath` it is, when more than one.
        public var depth: Int?
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
    /// Made anew, from the table, each time it is asked for (a node's index is its object's
    /// number there): keep it in a local rather than indexing it in a loop. Nothing in
    /// restoretrace asks, and a stored copy cost every render 16 bytes a record.
    public var nodeOfRecord: [Int?] { (0..<table.count).map { table.object(ofRow: $0) } }

    /// Where ``nodeIndex(path:)`` looks paths up: the nodes are the table's objects.
    private let table: TraceTable

    /// Decode `result` values that mean success; anything else is a failure.
    package static let successfulDecodeResults = ["ok", "success", "decoded", "true"]

    /// The attributes the hierarchy reads.
    package static let attributesRead = ["reason", "via", "result", "foundClass", "message", "parent", "identifier", "depth"]

    /// The hierarchy of `records` (in file order).
    public init(records: some Sequence<TraceRecord>) {
        // Without limits the table cannot refuse.
        guard let table = try? TraceTable(header: TraceHeader(), records: Array(records),
                                          keptAttributes: TraceHierarchy.attributesRead)
        else { preconditionFailure("a table without limits refused its records") }
        self.init(table: table)
    }

    /// The hierarchy of a table's rows: its nodes are the table's objects, in the same order.
    package init(table: TraceTable) {
        self.table = table
        let reads = ObjectFacts.Reads(table)
        let objectCount = table.objectPath.count
        // Children lists made at their final size: a count first, then the fill.
        var childCounts = [Int](repeating: 0, count: objectCount)
        for object in 0..<objectCount where table.objectParent[object] >= 0 { childCounts[Int(table.objectParent[object])] += 1 }
        nodes.reserveCapacity(objectCount)
        for object in 0..<objectCount {
            var children: [Int] = []
            if childCounts[object] > 0 { children.reserveCapacity(childCounts[object]) }
            nodes.append(Node(path: table.paths[Int(table.objectPath[object])], className: nil, outcome: .unknown,
                              locateVia: nil, locateResult: nil, children: children, firstSeq: table.objectFirstSeq[object]))
            let parent = Int(table.objectParent[object])
            if parent >= 0 { nodes[parent].children.append(object) } else { roots.append(object) }
        }
        // One pass over the rows that notes, per object, which rows say what (no strings yet).
        var facts = [ObjectFacts](repeating: ObjectFacts(), count: objectCount)
        var classRow = [Int32](repeating: -1, count: objectCount)
        let exclude = table.number(ofKind: .exclude)
        for row in 0..<table.count {
            guard let object = table.object(ofRow: row) else {
                if table.rows[row].kind == exclude {
                    unplacedExclusions.append(UnplacedExclusion(
                        className: table.classValue(row), reason: reads.slots.reason.flatMap { table.string(row, $0) },
                        parentPath: reads.slots.parent.flatMap { table.stringArray(row, $0) },
                        identifier: reads.slots.identifier.flatMap { table.string(row, $0) },
                        depth: reads.slots.depth.flatMap { table.int(row, $0) }.map { Int(clamping: $0) },
                        seq: table.rows[row].seq))
                }
                continue
            }
            if classRow[object] < 0, table.rows[row].className >= 0 { classRow[object] = Int32(row) }
            facts[object].take(row: row, of: table, reads: reads)
        }
        for index in nodes.indices {
            if classRow[index] >= 0 { nodes[index].className = table.classValue(Int(classRow[index])) }
            let said = facts[index].read(from: table, reads: reads)
            nodes[index].outcome = said.outcome
            nodes[index].locateVia = said.locateVia
            nodes[index].locateResult = said.locateResult
        }
    }

    /// The node for `path`, if the trace mentions it.
    public func node(path: [String]) -> Node? { nodeIndex(path: path).map { nodes[$0] } }

    /// The index in ``nodes`` of the node for `path`, if the trace mentions it.
    public func nodeIndex(path: [String]) -> Int? { table.object(ofPath: path) }

    /// How many objects have each outcome name, sorted by name.
    public var outcomeCounts: [(name: String, count: Int)] {
        var counts: [String: Int] = [:]
        for node in nodes { counts[node.outcome.name, default: 0] += 1 }
        return counts.keys.sorted().map { ($0, counts[$0] ?? 0) }
    }
}

/// What the records say about one object, as the rows that say it: noted row by row without
/// reading a string, read once at the end.
private struct ObjectFacts {
    var encoded = false
    /// The first `exclude` row.
    var excludeRow: Int32 = -1
    /// The last `locate` end row.
    var locateRow: Int32 = -1
    var decodeEnded = false
    /// An error about it, or a decode end whose result says it failed.
    var decodeFailed = false
    /// The first `error` row with a `message`.
    var errorRow: Int32 = -1
    var finished = false
    /// A `B` row about it that never ended; the earliest kind by name wins, as the outcome says.
    var unfinishedRow: Int32 = -1

    /// The table's numbers for what ``take(row:of:reads:)`` looks at, worked out once.
    struct Reads {
        let encode, exclude, locate, decode, error, finishedRestoring: Int32?
        let slots: TraceTable.NamedSlots
        /// Whether each of the table's strings is a successful decode result.
        let successful: [Bool]

        init(_ table: TraceTable) {
            encode = table.number(ofKind: .encode)
            exclude = table.number(ofKind: .exclude)
            locate = table.number(ofKind: .locate)
            decode = table.number(ofKind: .decode)
            error = table.number(ofKind: .error)
            finishedRestoring = table.number(ofKind: .finishedRestoring)
            slots = table.namedSlots
            successful = table.strings.map { TraceHierarchy.successfulDecodeResults.contains($0) }
        }

        /// Whether a decode end row's `result` says it failed (no result: it did not).
        func decodeFailed(_ row: Int, in table: TraceTable) -> Bool {
            guard let slot = slots.result, let value = table.attribute(row, slot) else { return false }
            switch value.tag {
            case .string: return !successful[Int(value.payload)]
            case .bool: return value.payload == 0
            default: return false  // a result that is not text is no result (as TraceRecord.result has it)
            }
        }
    }

    mutating func take(row: Int, of table: TraceTable, reads: Reads) {
        let record = table.rows[row]
        let kind = record.kind
        let phase = record.phase
        if phase == .begin && record.partner < 0 {
            // A span about it that began and never ended: the process stopped there.
            if unfinishedRow < 0 || table.kindValue(row) < table.kindValue(Int(unfinishedRow)) { unfinishedRow = Int32(row) }
        }
        switch kind {
        case reads.encode: if phase == .end { encoded = true }
        case reads.exclude: if excludeRow < 0 { excludeRow = Int32(row) }
        case reads.locate: if phase == .end { locateRow = Int32(row) }
        case reads.decode:
            if phase == .end {
                decodeEnded = true
                if !decodeFailed, reads.decodeFailed(row, in: table) { decodeFailed = true }
            }
        case reads.error:
            decodeFailed = true
            if errorRow < 0, let slot = reads.slots.message, table.string(row, slot) != nil { errorRow = Int32(row) }
        case reads.finishedRestoring: if phase != .begin { finished = true }
        default: break
        }
    }

    /// The outcome and the locate's `via` and `result`, read from the rows noted.
    func read(from table: TraceTable, reads: Reads) -> (outcome: TraceObjectOutcome, locateVia: String?, locateResult: String?) {
        let locateResult = locateRow >= 0 ? reads.slots.result.flatMap { table.text(Int(locateRow), $0) } : nil
        let locateVia = locateRow >= 0 ? reads.slots.via.flatMap { table.string(Int(locateRow), $0) } : nil
        func outcome() -> TraceObjectOutcome {
            if unfinishedRow >= 0 { return .unfinished(kind: table.kindValue(Int(unfinishedRow))) }
            if excludeRow >= 0 {
                let reason = reads.slots.reason.flatMap { table.string(Int(excludeRow), $0) } ?? "unspecified"
                return reason == ExclusionReason.notFound.rawValue ? .notFound : .excluded(reason: reason)
            }
            if locateResult == LocateResult.classMismatch.rawValue {
                return .classMismatch(foundClass: reads.slots.foundClass.flatMap { table.string(Int(locateRow), $0) })
            }
            if locateResult == LocateResult.nil.rawValue || locateVia == LocateStep.none.rawValue { return .notFound }
            if decodeFailed {
                return .notDecoded(message: errorRow >= 0 ? reads.slots.message.flatMap { table.string(Int(errorRow), $0) } : nil)
            }
            if finished { return .restored }
            if decodeEnded || locateResult == LocateResult.found.rawValue { return .restoredWithoutFinish }
            if encoded { return .preserved }
            return .unknown
        }
        return (outcome(), locateVia, locateResult)
    }
}
