// TraceEvidence: what a trace says about each object and about the run, gathered in one pass
// over a TraceTable's rows as row numbers (no strings read): the passes, the app-level records,
// each object's latest encode, locate, decode and finishedRestoring, its exclusion, errors and
// spans that never ended, and the exclusions that are subjects of their own.

import TraceFormat

/// The rows of a trace that verdicts are made from.
struct TraceEvidence {
    /// The attributes verdicts read; a table must keep them for its verdicts to be complete.
    static let attributesRead = [
        "reason", "via", "result", "foundClass", "message", "parent", "identifier", "depth", "parentKey", "parentIndex",
        "objectKind", "restorationClass", "storyboard", "storyboardIdentifier", "source", "step", "archivedVersion",
        "currentVersion", "archivedIdiom", "currentIdiom", "unmatchedModelIds", "file", "bytes",
    ]

    /// The rows about one object (-1: none). "Latest" where a trace repeats a step (several cycles).
    struct ObjectRows {
        var encode: Int32 = -1
        /// The latest exclusion other than `duplicatePath` (a duplicate is a subject of its own).
        var exclusion: Int32 = -1
        var locate: Int32 = -1
        var decode: Int32 = -1
        var finished: Int32 = -1
        var lastError: Int32 = -1
        /// The latest begin row about it that never ended.
        var unfinished: Int32 = -1
        /// The first row with a `source`.
        var source: Int32 = -1
        /// The first row with a class, not counting duplicates' exclusions.
        var anyClass: Int32 = -1
        /// The latest row about it (a duplicate's exclusion excepted).
        var last: Int32 = -1
        /// Among its children, the first exclusion that can cut a navigation stack (not found,
        /// or refused by its restoration class): where a `stackTruncated` sibling was cut.
        var firstFailedChild: Int32 = -1
    }

    /// A top-level `preservation` or `restoration` span.
    struct Pass {
        var isRestoration: Bool
        var begin: Int
        /// Its end row; nil when it never ended (the process stopped inside it).
        var end: Int?
        var shouldSave: Int?
        var archiveWrite: Int?
        var archiveRead: Int?
        var shouldRestore: Int?
        var discard: Int?
        /// `error` records without a path, in order (at most a few).
        var errors: [Int] = []
        /// The innermost span that never ended: where the process stopped.
        var crashRow: Int?
    }

    let table: TraceTable
    let slots: Slots
    private(set) var objects: [ObjectRows]
    /// Exclusions that are verdict subjects of their own, by row: those without a path, and
    /// `duplicatePath` ones (their path belongs to the object that kept it).
    private(set) var separateExclusions: [Int] = []
    /// For each separate exclusion, the one it nests below (an index into ``separateExclusions``),
    /// or -1: directly below its `parent` path (or its path's parent).
    private(set) var nestedBelow: [Int] = []
    private(set) var passes: [Pass] = []
    /// The pass of each row: an index into ``passes``, -1 before the first.
    private(set) var passOfRow: [Int32]
    /// The line of each row, when the trace was read with lines skipped; else a row's line is its
    /// number + 2 (line 1 is the header).
    var rowLines: [Int]?

    /// The line of the trace that row `row` came from.
    func line(ofRow row: Int) -> Int { rowLines.map { row < $0.count ? $0[row] : row + 2 } ?? row + 2 }

    /// The slots of the attributes read.
    struct Slots {
        let reason, via, result, foundClass, message, parent, identifier, depth, parentKey, parentIndex, objectKind,
            restorationClass, storyboard, storyboardIdentifier, source, archivedVersion, currentVersion, archivedIdiom,
            currentIdiom, unmatchedModelIds: Int?

        init(_ table: TraceTable) {
            func slot(_ name: String) -> Int? { table.slot(named: name) }
            reason = slot("reason"); via = slot("via"); result = slot("result"); foundClass = slot("foundClass")
            message = slot("message"); parent = slot("parent"); identifier = slot("identifier"); depth = slot("depth")
            parentKey = slot("parentKey"); parentIndex = slot("parentIndex"); objectKind = slot("objectKind")
            restorationClass = slot("restorationClass"); storyboard = slot("storyboard")
            storyboardIdentifier = slot("storyboardIdentifier"); source = slot("source")
            archivedVersion = slot("archivedVersion"); currentVersion = slot("currentVersion")
            archivedIdiom = slot("archivedIdiom"); currentIdiom = slot("currentIdiom")
            unmatchedModelIds = slot("unmatchedModelIds")
        }
    }

    init(table: TraceTable) {
        self.table = table
        slots = Slots(table)
        objects = [ObjectRows](repeating: ObjectRows(), count: table.objectPath.count)
        passOfRow = [Int32](repeating: -1, count: table.count)
        let duplicate = table.number(ofString: ExclusionReason.duplicatePath.rawValue)
        let cutting = [ExclusionReason.notFound, .restorationClassReturnedNil].compactMap { table.number(ofString: $0.rawValue) }
        // Separate exclusions nest by `depth` below their parent path, as the engine writes them:
        // per parent, a stack of the open ones (see TraceHierarchy.nestPathless).
        var openByParent: [Int64: [(index: Int, depth: Int64)]] = [:]
        var currentPass = -1
        for row in 0..<table.count {
            let record = table.rows[row]
            let kind = table.knownKind(row)
            if kind == .preservation || kind == .restoration, record.phase == .begin {
                currentPass = passes.count
                passes.append(Pass(isRestoration: kind == .restoration, begin: row,
                                   end: record.partner >= 0 ? Int(record.partner) : nil))
            }
            passOfRow[row] = Int32(currentPass)
            if record.phase == .begin, record.partner < 0, currentPass >= 0 {
                // The innermost open span is the last one begun.
                passes[currentPass].crashRow = row
            }
            guard let object = table.object(ofRow: row) else {
                if currentPass >= 0 { notePassRow(row, kind: kind, pass: currentPass) }
                if kind == .exclude {
                    addSeparate(row, parentKey: slots.parent.flatMap { table.attribute(row, $0) }.map { $0.tag == .strings ? $0.payload : -1 } ?? -1,
                                openByParent: &openByParent)
                }
                continue
            }
            let row32 = Int32(row)
            if kind == .exclude, let slot = slots.reason, let value = table.attribute(row, slot), value.tag == .string,
               let duplicate, value.payload == Int64(duplicate)
            {
                addSeparate(row, parentKey: -2 - Int64(object), openByParent: &openByParent)
                continue
            }
            var facts = objects[object]
            facts.last = row32
            if facts.anyClass < 0, record.className >= 0 { facts.anyClass = row32 }
            if facts.source < 0, let slot = slots.source, table.attribute(row, slot) != nil { facts.source = row32 }
            if record.phase == .begin, record.partner < 0 { facts.unfinished = row32 }
            switch kind {
            case .encode?: if record.phase != .end { facts.encode = row32 }
            case .exclude?:
                facts.exclusion = row32
                if let slot = slots.reason, let value = table.attribute(row, slot), value.tag == .string,
                   cutting.contains(Int32(truncatingIfNeeded: value.payload))
                {
                    let parent = Int(table.objectParent[object])
                    if parent >= 0, objects[parent].firstFailedChild < 0 { objects[parent].firstFailedChild = row32 }
                }
            case .locate?: if record.phase != .end { facts.locate = row32 }
            case .decode?: if record.phase != .end { facts.decode = row32 }
            case .finishedRestoring?: if record.phase != .end { facts.finished = row32 }
            case .error?: facts.lastError = row32
            default: break
            }
            objects[object] = facts
        }
    }

    /// Notes an app-level row in its pass.
    private mutating func notePassRow(_ row: Int, kind: TraceTable.KnownKind?, pass: Int) {
        let phase = table.rows[row].phase
        switch kind {
        case .shouldSave?: passes[pass].shouldSave = row
        case .archiveWrite?: if phase != .begin || table.rows[row].partner < 0 { passes[pass].archiveWrite = row }
        case .archiveRead?: if phase != .begin || table.rows[row].partner < 0 { passes[pass].archiveRead = row }
        case .shouldRestore?: passes[pass].shouldRestore = row
        case .discard?: if passes[pass].discard == nil { passes[pass].discard = row }
        case .error?: if passes[pass].errors.count < 8 { passes[pass].errors.append(row) }
        default: break
        }
    }

    /// Adds a separate exclusion and finds the one it nests below: `group` says whose children
    /// it is among (the table's number of its `parent` path, or -2 - object for a duplicate).
    private mutating func addSeparate(_ row: Int, parentKey group: Int64, openByParent: inout [Int64: [(index: Int, depth: Int64)]]) {
        let index = separateExclusions.count
        separateExclusions.append(row)
        let depth = max(1, slots.depth.flatMap { table.int(row, $0) } ?? 1)
        var open = openByParent[group] ?? []
        while let last = open.last, last.depth >= depth { open.removeLast() }
        if depth > 1, let last = open.last, last.depth == depth - 1 {
            nestedBelow.append(last.index)
        } else {
            nestedBelow.append(-1)
        }
        open.append((index, depth))
        openByParent[group] = open
    }

    // MARK: Reading

    func string(_ row: Int, _ slot: Int?) -> String? { slot.flatMap { table.string(row, $0) } }
    func int(_ row: Int, _ slot: Int?) -> Int64? { slot.flatMap { table.int(row, $0) } }
    func strings(_ row: Int, _ slot: Int?) -> [String]? { slot.flatMap { table.stringArray(row, $0) } }
    func text(_ row: Int, _ slot: Int?) -> String? { slot.flatMap { table.text(row, $0) } }
    func bool(_ row: Int, _ slot: Int?) -> Bool? {
        guard let slot, let value = table.attribute(row, slot), value.tag == .bool else { return nil }
        return value.payload != 0
    }

    /// The `source` of a row, read as a location.
    func source(_ row: Int) -> SourceLocation? {
        guard let slot = slots.source, let value = table.attribute(row, slot) else { return nil }
        switch value.tag {
        case .string: return SourceLocation(.string(table.strings[Int(value.payload)]))
        case .other: return SourceLocation(table.otherValues[Int(value.payload)])
        default: return nil
        }
    }

    /// The end row of a begin row, nil when it never ended.
    func end(of begin: Int32) -> Int? {
        guard begin >= 0 else { return nil }
        let partner = table.rows[Int(begin)].partner
        return partner >= 0 ? Int(partner) : nil
    }

    /// The pass a row belongs to.
    func pass(of row: Int) -> Pass? {
        let index = Int(passOfRow[row])
        return index >= 0 ? passes[index] : nil
    }

    /// The last restoration pass that began after `row`, if any.
    func restorationPass(after row: Int) -> Pass? {
        passes.last { $0.isRestoration && $0.begin > row }
    }
}
