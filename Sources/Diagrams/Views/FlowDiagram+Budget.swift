// How a flow too big for its node budget is cut down, whatever the trace's shape: exclusions in
// a row below one parent become one node; past a fiftieth of the budget in passes, the passes
// between the first and the last ones collapse into one node; then steps, rows and exclusion
// groups are kept by RowSelection's preference (problems, then the slower, then the earlier), and
// each run of what is hidden becomes one summary node that counts what it holds.

import Graphviz
import TraceAnalysis
import TraceFormat

/// The node budget of ``FlowBuilder``'s spines.
struct FlowBudget {
    /// What one summary node stands for: objects' rows, and steps of the spine (exclusions of
    /// objects without a path, app-level steps, the members of exclusion groups).
    struct Hidden {
        var rows: [Int] = []
        var steps: [Int] = []
        /// Names the node: the first row or step hidden.
        var firstKey = ""

        mutating func add(_ item: FlowBuilder.SpineItem) {
            switch item {
            case .row(let row):
                if firstKey.isEmpty { firstKey = "r\(row)" }
                rows.append(row)
            case .step(let step):
                if firstKey.isEmpty { firstKey = "s\(step)" }
                steps.append(step)
            case .exclusions(let members):
                if firstKey.isEmpty { firstKey = "s\(members[0])" }
                steps += members
            case .summary(let hidden):
                if firstKey.isEmpty { firstKey = hidden.firstKey }
                rows += hidden.rows
                steps += hidden.steps
            }
        }
    }

    let builder: FlowBuilder
    let rows: [FlowBuilder.Row]
    let phases: [FlowBuilder.Phase]

    /// Nodes the spines draw (the legend aside): each shown phase's items, a phase with nothing
    /// shown its one placeholder, each run of hidden phases one summary.
    static func cost(_ spines: [[FlowBuilder.SpineItem]], rows: [FlowBuilder.Row], phases: [FlowBuilder.Phase],
                     shown: [Bool]? = nil) -> Int {
        var total = 0
        var inHiddenRun = false
        for (index, spine) in spines.enumerated() {
            guard !spine.isEmpty || phases[index].stepIndex != nil else { continue }
            if let shown, !shown[index] {
                if !inHiddenRun { total += 1 }
                inHiddenRun = true
                continue
            }
            inHiddenRun = false
            if spine.isEmpty { total += 1 }
            for item in spine {
                if case .row(let row) = item { total += rows[row].stepIndices.count } else { total += 1 }
            }
        }
        return total
    }

    /// The spines cut to `maximumNodes`, and which phases are drawn.
    func fit(_ spines: [[FlowBuilder.SpineItem]], maximumNodes: Int) -> (spines: [[FlowBuilder.SpineItem]], phaseShown: [Bool]) {
        let grouped = spines.map(groupExclusions)
        let phaseShown = choosePhases(grouped, maximumNodes: maximumNodes)
        // Every item of every drawn phase competes for the budget in one sequence.
        var entries: [(phase: Int, item: FlowBuilder.SpineItem)] = []
        var candidates: [RowCandidate] = []
        for (phase, spine) in grouped.enumerated() where phaseShown[phase] {
            for item in spine {
                entries.append((phase, item))
                candidates.append(candidate(item))
            }
        }
        // A hidden run that crosses passes makes a summary in each: cut again with the excess
        // taken off until it fits (each round removes at least the excess; a few rounds at most).
        var entryBudget = maximumNodes
        var result = grouped
        for _ in 0..<16 {
            let visible = RowSelection.visibleRows(candidates, budget: max(entryBudget, 1))
            result = collapse(grouped, entries: entries, visible: visible, phaseShown: phaseShown)
            let total = FlowBudget.cost(result, rows: rows, phases: phases, shown: phaseShown)
            if total <= maximumNodes || entryBudget <= 1 { break }
            entryBudget -= total - maximumNodes
        }
        return (result, phaseShown)
    }

    private func candidate(_ item: FlowBuilder.SpineItem) -> RowCandidate {
        switch item {
        case .step(let step):
            // App-level steps (launch, archive, the delegate's answers) are few and say how the
            // run went: kept before any object's row.
            let essential = builder.steps.knownKind(step) != .exclude
            return RowCandidate(cost: 1, isProblem: builder.tone(step).isProblem, weight: essential ? Int64.max / 2 : 0)
        case .row(let row):
            return RowCandidate(cost: rows[row].stepIndices.count,
                                isProblem: rows[row].stepIndices.contains { builder.tone($0).isProblem },
                                weight: builder.rowDurations[row] ?? 0)
        case .exclusions(let members):
            return RowCandidate(cost: 1, isProblem: true, weight: Int64(members.count))
        case .summary:
            return RowCandidate(cost: 1, isProblem: false, weight: 0)
        }
    }

    /// Runs of hidden entries, per phase, become summaries.
    private func collapse(_ spines: [[FlowBuilder.SpineItem]], entries: [(phase: Int, item: FlowBuilder.SpineItem)],
                          visible: [Bool], phaseShown: [Bool]) -> [[FlowBuilder.SpineItem]] {
        var result = [[FlowBuilder.SpineItem]](repeating: [], count: spines.count)
        var hidden: Hidden?
        var currentPhase = -1
        func flush() {
            if let run = hidden { result[currentPhase].append(.summary(run)) }
            hidden = nil
        }
        for (index, entry) in entries.enumerated() {
            if entry.phase != currentPhase {
                flush()
                currentPhase = entry.phase
            }
            if visible[index] {
                flush()
                result[entry.phase].append(entry.item)
            } else {
                if hidden == nil { hidden = Hidden() }
                hidden?.add(entry.item)
            }
        }
        flush()
        return result
    }

    /// Which passes are drawn: all while they are at most a fiftieth of the budget (8 of 400); past that the
    /// first and the last ones, and one summary between them that counts what it holds (a
    /// trace of a thousand relaunches reads as its start and its end, not as scattered passes).
    private func choosePhases(_ spines: [[FlowBuilder.SpineItem]], maximumNodes: Int) -> [Bool] {
        let drawn = phases.indices.filter { !spines[$0].isEmpty || phases[$0].stepIndex != nil }
        let limit = max(2, maximumNodes / 50)
        var shown = [Bool](repeating: true, count: phases.count)
        guard drawn.count > limit else { return shown }
        let head = limit / 2
        let tail = limit - head
        for (position, phase) in drawn.enumerated() where position >= head && position < drawn.count - tail {
            shown[phase] = false
        }
        return shown
    }

    /// Consecutive exclusions below the same parent (two or more) as one item.
    private func groupExclusions(_ spine: [FlowBuilder.SpineItem]) -> [FlowBuilder.SpineItem] {
        var result: [FlowBuilder.SpineItem] = []
        var run: [Int] = []
        var runParent: [String]?
        func flush() {
            if run.count >= 2 {
                result.append(.exclusions(run))
            } else if let step = run.first {
                result.append(builder.onSpine[step] ? .step(step) : .row(builder.rowOfStep(step)))
            }
            run = []
        }
        for item in spine {
            let step: Int?
            switch item {
            case .step(let index) where builder.steps.knownKind(index) == .exclude: step = index
            case .row(let row) where rows[row].stepIndices.count == 1
                && builder.steps.knownKind(rows[row].stepIndices.first!) == .exclude:
                step = rows[row].stepIndices.first
            default: step = nil
            }
            guard let step else {
                flush()
                result.append(item)
                continue
            }
            let parent = builder.exclusionParent(step)
            if !run.isEmpty && parent != runParent { flush() }
            run.append(step)
            runParent = parent
        }
        flush()
        return result
    }
}

extension FlowBuilder {
    /// Where an exclusion hangs: its path's parent, or the `parent` recorded for one without a path.
    func exclusionParent(_ step: Int) -> [String] {
        if let path = steps.path(step), !path.isEmpty { return Array(path.dropLast()) }
        return steps.attributeStrings(step, "parent") ?? []
    }

    /// A node for exclusions below one parent: how many, why, and the first few named.
    func exclusionGroupNode(_ id: NodeID, members: [Int]) -> Node {
        var reasons: [String: Int] = [:]
        var names: [String] = []
        for step in members {
            reasons[steps.reason(step) ?? "unspecified", default: 0] += 1
            if names.count < 3 {
                names.append(DiagramText.short(steps.path(step)?.last ?? steps.identifier(step) ?? steps.className(step) ?? "object"))
            }
        }
        let parent = exclusionParent(members[0])
        let place = parent.isEmpty ? "at a window's root" : "below " + DiagramText.path(parent)
        let numbers = "\(ordinals[members[0]])–\(ordinals[members[members.count - 1]]). "
        var lines = [numbers + "\(DiagramText.count(members.count)) excluded " + place]
        lines += DiagramText.wrapped(DiagramText.tally(reasons))
        lines.append("e.g. " + names.joined(separator: ", ") + (members.count > names.count ? ", …" : ""))
        var facts = DiagramFacts(lines: lines)
        let paths = members.prefix(20).map { step in
            DiagramFacts.path(exclusionParent(step) + [steps.path(step)?.last ?? steps.identifier(step) ?? steps.className(step) ?? "object"])
        }
        facts.add("objects", paths.joined(separator: ", ") + (members.count > paths.count ? ", …" : ""))
        return canvas.node(id, lines, tone: .excluded, shape: .octagon).anchored("excluded-\(members[0])", facts)
    }

    /// A node for what a run of the budget hid: how many objects and steps, the problems among
    /// them counted first, then the rest.
    func summaryNode(_ id: NodeID, hidden: FlowBudget.Hidden, rows: [Row]) -> Node {
        var problems: [String: Int] = [:]
        var others: [String: Int] = [:]
        var total: Int64 = 0
        for rowIndex in hidden.rows {
            let outcome = hierarchy.nodes[rows[rowIndex].node].outcome
            if outcome.isProblem { problems[outcome.name, default: 0] += 1 } else { others[outcome.name, default: 0] += 1 }
            total = total.addingSaturating(rowDurations[rowIndex] ?? 0)
        }
        for step in hidden.steps {
            let tone = tone(step)
            let name: String
            switch steps.knownKind(step) {
            case .exclude?: name = tone == .notFound ? "not found" : "excluded"
            case .discard?: name = "discarded"
            case .error?: name = "errors"
            default: name = tone == .unfinished ? "unfinished" : steps.kind(step).rawValue
            }
            if tone.isProblem { problems[name, default: 0] += 1 } else { others[name, default: 0] += 1 }
        }
        var parts: [String] = []
        if !hidden.rows.isEmpty { parts.append("\(DiagramText.count(hidden.rows.count)) more " + (hidden.rows.count == 1 ? "object" : "objects")) }
        if !hidden.steps.isEmpty { parts.append("\(DiagramText.count(hidden.steps.count)) more " + (hidden.steps.count == 1 ? "step" : "steps")) }
        var lines = ["+" + parts.joined(separator: ", ") + " (collapsed)"]
        if !problems.isEmpty { lines += DiagramText.wrapped("problems: " + DiagramText.tally(problems)) }
        if !others.isEmpty { lines += DiagramText.wrapped(DiagramText.tally(others)) }
        if total > 0 { lines.append(steps.formatter.string(total) + " in all") }
        var facts = summaryFacts(hidden.rows, rows: rows, lines: lines)
        if !hidden.steps.isEmpty { facts.add("steps", "\(hidden.steps.count) of the passes' own, collapsed") }
        return canvas.node(id, lines, tone: .summary, shape: .folder).anchored("collapsed-" + hidden.firstKey, facts)
    }

    /// Draws one node for a run of passes the budget hid; returns it.
    func drawPhaseSummary(_ hidden: [Int], phases: [Phase], into graph: inout Graph) -> NodeID {
        var kinds: [String: Int] = [:]
        var discards: [String: Int] = [:]
        var objects = Set<Int>()
        for phase in hidden {
            if let step = phases[phase].stepIndex { kinds[steps.kind(step).rawValue, default: 0] += 1 }
            for member in phases[phase].members {
                if steps.knownKind(member) == .discard { discards[steps.reason(member) ?? "unspecified", default: 0] += 1 }
                if let object = steps.object(member) { objects.insert(object) }
            }
        }
        let id = NodeID("passes\(hidden[0])")
        var lines = ["+\(DiagramText.count(hidden.count)) more passes (collapsed)", DiagramText.tally(kinds)]
        if !discards.isEmpty {
            let count = discards.values.reduce(0, +)
            lines += DiagramText.wrapped("problems: \(DiagramText.count(count)) discarded (" + DiagramText.tally(discards) + ")")
        }
        if !objects.isEmpty { lines.append("\(DiagramText.count(objects.count)) objects in them") }
        graph.add(canvas.node(id, lines, tone: .summary, shape: .folder)
            .anchored("collapsed-passes-\(hidden[0])", DiagramFacts(lines: lines)))
        return id
    }
}

/// A pass (or the steps between passes) drawn but not yet chained, or a node standing for
/// passes the budget hid; what decides the flow's columns.
enum FlowBlock {
    case body(Body)
    case passes(NodeID)

    struct Body {
        var isPhase: Bool
        var body = Subgraph(SubgraphID("pending", isCluster: false))
        /// The head node of each item down the spine, and the item's estimated size.
        var heads: [NodeID] = []
        var sizes: [(width: Double, height: Double)] = []

        /// The spine's columns: items in order, a new column once `columnHeight` is filled.
        func columnStarts(columnHeight: Double?) -> [Int] {
            guard let columnHeight else { return [0] }
            var starts = [0]
            var filled = 0.0
            for (index, size) in sizes.enumerated() {
                let height = size.height + 25
                if filled > 0 && filled + height > columnHeight {
                    starts.append(index)
                    filled = 0
                }
                filled += height
            }
            return starts
        }

        /// Chains the spine's heads: down each column; the columns' first items on one rank, left
        /// to right, with an invisible arrow from each column's last item to the next column.
        mutating func chain(columnHeight: Double?) {
            let starts = columnStarts(columnHeight: columnHeight)
            var tops = Subgraph(SubgraphID(body.id.rawValue + "_columns", isCluster: false), attributes: [.rank(.same)])
            for (column, start) in starts.enumerated() {
                let end = column + 1 < starts.count ? starts[column + 1] : heads.count
                for index in start + 1 ..< max(end, start + 1) { body.connect(heads[index - 1], to: heads[index]) }
                if column > 0 {
                    tops.connect(heads[starts[column - 1]], to: heads[start], [.style([.invisible])])
                    body.connect(heads[start - 1], to: heads[start], [.style([.invisible]), .constraint(false)])
                }
            }
            if starts.count > 1 { body.add(tops) }
        }

        /// Width and height of the spine in columns of `columnHeight`.
        func page(columnHeight: Double?) -> (width: Double, height: Double) {
            let starts = columnStarts(columnHeight: columnHeight)
            var width = 0.0
            var height = 0.0
            for (column, start) in starts.enumerated() {
                let end = column + 1 < starts.count ? starts[column + 1] : sizes.count
                let slice = sizes[start..<end]
                width += slice.reduce(0) { max($0, $1.width) } + 36
                height = max(height, slice.reduce(0) { $0 + $1.height + 25 })
            }
            return (width, height)
        }
    }

    /// Whether the passes stand in a row ordered by a chain of their first items rather than
    /// joined by relaunch arrows: more than two, and nothing between them (the arrows of
    /// several relaunches cross and scramble the order).
    static func ordersPasses(_ blocks: [FlowBlock]) -> Bool {
        blocks.count > 2 && blocks.allSatisfy { if case .body(let body) = $0 { return body.isPhase } else { return true } }
    }

    /// How many passes stand side by side before the next row of them: all, unless that makes
    /// the page far wider than tall (a trace of many relaunches).
    static func passesPerRow(_ blocks: [FlowBlock], columnHeight: Double?) -> Int {
        // Only a flow of passes and the nodes for hidden passes is laid out in a grid.
        var sizes: [(width: Double, height: Double)] = []
        for block in blocks {
            switch block {
            case .body(let body):
                guard body.isPhase else { return Int.max }
                sizes.append(body.page(columnHeight: columnHeight))
            case .passes:
                sizes.append((220, 90))
            }
        }
        guard sizes.count > 2 else { return Int.max }
        let width = sizes.reduce(0) { $0 + $1.width + 20 }
        let height = sizes.reduce(0) { max($0, $1.height + 30) }
        guard DrawingShape.isOutOfShape(width: width, height: height), width > height else { return Int.max }
        var best = sizes.count
        var bestDistance = DrawingShape.distance(width: width, height: height)
        for perRow in 1..<sizes.count {
            var rowWidth = 0.0
            var pageWidth = 0.0
            var pageHeight = 0.0
            var rowHeight = 0.0
            for (index, size) in sizes.enumerated() {
                if index % perRow == 0 {
                    pageHeight += rowHeight
                    rowWidth = 0
                    rowHeight = 0
                }
                rowWidth += size.width + 20
                rowHeight = max(rowHeight, size.height + 30)
                pageWidth = max(pageWidth, rowWidth)
            }
            pageHeight += rowHeight
            let distance = DrawingShape.distance(width: pageWidth, height: pageHeight)
            if distance < bestDistance {
                best = perRow
                bestDistance = distance
            }
        }
        return best
    }

    /// The column height that brings the whole flow nearest a screen's shape, nil for one
    /// column each (a flow already within shape, as small ones are).
    static func columnHeight(_ blocks: [FlowBlock]) -> Double? {
        let bodies = blocks.compactMap { if case .body(let body) = $0 { return body } else { return nil } }
        func page(_ columnHeight: Double?) -> (width: Double, height: Double) {
            // Passes stand side by side; steps between them (and hidden passes' nodes) go below.
            var width = 0.0
            var height = 0.0
            var below = 0.0
            for body in bodies {
                let size = body.page(columnHeight: columnHeight)
                if body.isPhase {
                    width += size.width + 20
                    height = max(height, size.height + 30)
                } else {
                    below += size.height
                    width = max(width, size.width)
                }
            }
            return (width, height + below + Double(blocks.count - bodies.count) * 60)
        }
        let natural = page(nil)
        guard DrawingShape.isOutOfShape(width: natural.width, height: natural.height), natural.height > natural.width else { return nil }
        var best: Double?
        var bestDistance = DrawingShape.distance(width: natural.width, height: natural.height)
        let tallest = bodies.reduce(0.0) { max($0, $1.page(columnHeight: nil).height) }
        for columns in 2...40 {
            let columnHeight = tallest / Double(columns)
            let size = page(columnHeight)
            let distance = DrawingShape.distance(width: size.width, height: size.height)
            if distance < bestDistance {
                best = columnHeight
                bestDistance = distance
            }
        }
        return best
    }
}
