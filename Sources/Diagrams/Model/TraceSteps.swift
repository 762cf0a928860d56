// A trace as steps: each span's begin and end as one step, instants as steps of their own, in
// the order they began, read from a TraceTable by step number; durations and heat from the
// paired rows.

import TraceAnalysis
import TraceFormat

/// The steps of a trace and their timings. A step is a span (a `B` row and, unless the process
/// stopped, its `E`), an instant, or an `E` whose `B` is missing; steps are numbered in the
/// order their first row comes.
struct TraceSteps {
    let table: TraceTable
    /// The first row of each step.
    let firstRows: [Int32]
    let formatter: DurationFormatter
    /// The longest finished span of each kind (by the table's kind number).
    private let longestByKind: [Int64]

    /// The attributes the views read, by the table's slot (nil: not kept).
    var slots: TraceTable.NamedSlots { table.namedSlots }

    init(table: TraceTable) {
        self.table = table
        formatter = DurationFormatter(clock: table.header.clock)
        var firstRows: [Int32] = []
        firstRows.reserveCapacity(table.count)
        var longest = [Int64](repeating: 0, count: table.kinds.count)
        for row in 0..<table.count {
            let phase = table.rows[row].phase
            let partner = Int(table.rows[row].partner)
            if phase == .end && partner >= 0 { continue }
            firstRows.append(Int32(row))
            if phase == .begin && partner >= 0 {
                let kind = Int(table.rows[row].kind)
                longest[kind] = max(longest[kind], max(table.rows[partner].ts - table.rows[row].ts, 0))
            }
        }
        self.firstRows = firstRows
        longestByKind = longest
    }

    var count: Int { firstRows.count }
    var indices: Range<Int> { firstRows.indices }

    // MARK: One step

    @inline(__always) func first(_ step: Int) -> Int { Int(firstRows[step]) }

    /// The step's `E` row, nil for an instant or a span that never ended.
    @inline(__always) func end(_ step: Int) -> Int? {
        let row = first(step)
        let partner = Int(table.rows[row].partner)
        return table.rows[row].phase == .begin && partner >= 0 ? partner : nil
    }

    func kind(_ step: Int) -> RecordKind { table.kindValue(first(step)) }
    /// The step's kind when it is a known one, as a number: no string to compare.
    @inline(__always) func knownKind(_ step: Int) -> TraceTable.KnownKind? { table.knownKind(first(step)) }
    func path(_ step: Int) -> [String]? { table.pathValue(first(step)) }
    func className(_ step: Int) -> String? { table.classValue(first(step)) }
    func seq(_ step: Int) -> Int64 { table.rows[first(step)].seq }
    /// The object the step is about, nil when its first row has no (non-empty) path.
    func object(_ step: Int) -> Int? { table.object(ofRow: first(step)) }
    func hasNonEmptyPath(_ step: Int) -> Bool {
        let number = table.rows[first(step)].path
        return number >= 0 && !table.paths[Int(number)].isEmpty
    }

    func isSpan(_ step: Int) -> Bool { table.rows[first(step)].phase == .begin }
    func isUnfinished(_ step: Int) -> Bool { isSpan(step) && end(step) == nil }

    /// A string attribute from the end row, else the first.
    func string(_ step: Int, _ slot: Int?) -> String? {
        guard let slot else { return nil }
        if let end = end(step), let value = table.string(end, slot) { return value }
        return table.string(first(step), slot)
    }

    /// An attribute from the end row when it has one, else from the first; then as a string.
    func attributeString(_ step: Int, _ name: String) -> String? {
        guard let slot = table.slot(named: name) else { return nil }
        if let end = end(step), table.attribute(end, slot) != nil { return table.string(end, slot) }
        return table.string(first(step), slot)
    }

    /// An attribute from the end row when it has one, else from the first; then as strings.
    func attributeStrings(_ step: Int, _ name: String) -> [String]? {
        guard let slot = table.slot(named: name) else { return nil }
        if let end = end(step), table.attribute(end, slot) != nil { return table.stringArray(end, slot) }
        return table.stringArray(first(step), slot)
    }

    /// `result` as text (booleans as `true`/`false`), from the end row, else the first.
    func result(_ step: Int) -> String? {
        guard let slot = slots.result else { return nil }
        if let end = end(step), let value = table.text(end, slot) { return value }
        return table.text(first(step), slot)
    }

    func via(_ step: Int) -> String? { string(step, slots.via) }
    /// An exclusion's own restoration identifier, recorded when it has no path.
    func identifier(_ step: Int) -> String? { string(step, slots.identifier) }
    func reason(_ step: Int) -> String? { string(step, slots.reason) }
    /// The launch step's name, from its first row.
    func launchStep(_ step: Int) -> String? { slots.step.flatMap { table.string(first(step), $0) } }
    func message(_ step: Int) -> String? { slots.message.flatMap { table.string(first(step), $0) } }
    func foundClass(_ step: Int) -> String? { end(step).flatMap { end in slots.foundClass.flatMap { table.string(end, $0) } } }
    func bytes(_ step: Int) -> Int64? { end(step).flatMap { end in slots.bytes.flatMap { table.int(end, $0) } } }

    // MARK: Timings

    /// How long the step's span took, nil for an instant or an unfinished span.
    func duration(_ step: Int) -> Int64? {
        guard isSpan(step), let end = end(step) else { return nil }
        return max(table.rows[end].ts - table.rows[first(step)].ts, 0)
    }

    /// The step's duration as text: finished spans their length, unfinished spans the time until
    /// the trace stops, instants nothing.
    func durationText(_ step: Int) -> String? {
        guard isSpan(step) else { return nil }
        if let duration = duration(step) { return formatter.string(duration) }
        return "stopped after " + formatter.string(max(table.lastTimestamp - table.rows[first(step)].ts, 0))
    }

    /// 0...1: the span's duration over the longest finished span of the same kind; unfinished
    /// spans are the hottest there is (1), instants nil.
    func heat(_ step: Int) -> Double? {
        guard isSpan(step) else { return nil }
        return SpanTimings.heat(duration: duration(step), longestOfKind: longestByKind[Int(table.rows[first(step)].kind)])
    }
}

/// Each object's own time: its finished ``SpanTimings/objectKinds`` spans added up, by path.
struct ObjectDurations {
    /// By the table's path number; nil when the path has no such span.
    private var byPath: [Int64?]
    private let table: TraceTable

    init(table: TraceTable) {
        self.table = table
        var byPath = [Int64?](repeating: nil, count: table.paths.count)
        var counted = [Bool](repeating: false, count: table.kinds.count)
        for kind in SpanTimings.objectKinds {
            if let number = table.number(ofKind: kind) { counted[Int(number)] = true }
        }
        for row in 0..<table.count where table.rows[row].phase == .begin && counted[Int(table.rows[row].kind)] {
            let end = Int(table.rows[row].partner)
            guard end >= 0 else { continue }
            let number = table.rows[row].path >= 0 ? Int(table.rows[row].path) : Int(table.rows[end].path)
            guard number >= 0 else { continue }
            byPath[number] = (byPath[number] ?? 0).addingSaturating(max(table.rows[end].ts - table.rows[row].ts, 0))
        }
        self.byPath = byPath
    }

    /// The object's own time, nil when it has no timed span.
    func duration(ofPath number: Int32) -> Int64? { number >= 0 ? byPath[Int(number)] : nil }

    /// The own time of `object` (one of the table's objects).
    func duration(ofObject object: Int) -> Int64? { duration(ofPath: table.objectPath[object]) }
}
