// The `flow` view: the process as it really ran. Each preservation and restoration pass is a
// cluster; app-level steps form its spine in time order, and each object's steps (encode;
// locate, decode, finishedRestoring; exclusions, errors) form one row, placed where the object
// first appears. Steps are numbered in the order they began.

import Graphviz
import TraceAnalysis
import TraceFormat

/// Draws a trace as the process that ran.
public enum FlowDiagram {
    /// The flow graph of a trace.
    public static func graph(header: TraceHeader, records: [TraceRecord], options: DiagramOptions = DiagramOptions())
        -> Graph
    {
        graph(table: DiagramTrace.table(header: header, records: records), options: options)
    }

    /// The flow graph of a trace's table.
    static func graph(table: TraceTable, options: DiagramOptions) -> Graph {
        var builder = FlowBuilder(table: table, options: options)
        return builder.build()
    }

    /// The most nodes a flow may have to be drawn with its dashed relaunch arrow between the
    /// passes. Graphviz 2.42 crashes laying out the arrow (a constraint=false edge between
    /// clusters) in big flows: seen from about 1,550 nodes, never below 1,475 in generated
    /// traces. Past this count the passes stand side by side without it. The default
    /// `--max-nodes` (400) never gets near.
    static let maximumNodesWithRelaunchArrow = 1_000

    /// Kinds that stay on the spine even when they carry a path: app-level steps.
    static let spineKinds: Set<RecordKind> = [
        .preservation, .restoration, .shouldSave, .willEncode, .archiveWrite, .archiveRead, .launch,
        .shouldRestore, .didDecode, .discard,
    ]
}

struct FlowBuilder {
    let steps: TraceSteps
    let hierarchy: TraceHierarchy
    let durations: ObjectDurations
    let options: DiagramOptions
    let canvas: DiagramCanvas
    let sources: ObjectSources
    /// Step number (1-based, in begin order) of each step; 0 for the passes, which are not numbered.
    var ordinals: [Int] = []
    /// The own time of each row's object.
    var rowDurations: [Int64?] = []
    /// Whether each step belongs on the spine (app-level), not in an object's row.
    let onSpine: [Bool]
    /// Whether each of the table's kinds (by number) is one of ``FlowDiagram/spineKinds``.
    let onSpineKind: [Bool]
    /// Verdicts, worked out only for the failed objects drawn.
    var verdicts: VerdictReasoner
    /// The verdict lines a failed step carries (its object's first line, on the last failed step of its row).
    var verdictLines: [Int: [String]] = [:]
    /// Steps drawn in another tone than their own: an encode or decode secure coding refused
    /// something of, in the row of an object whose verdict says so (rules 41, 42).
    var toneOverrides: [Int: Tone] = [:]
    /// The row of each step that is in an object's row, -1 for the spine's.
    var rowIndexOfStep: [Int] = []

    func rowOfStep(_ step: Int) -> Int { rowIndexOfStep[step] }

    init(table: TraceTable, options: DiagramOptions) {
        hierarchy = TraceHierarchy(table: table)
        verdicts = VerdictReasoner(table: table)
        steps = TraceSteps(table: table)
        durations = ObjectDurations(table: table)
        sources = ObjectSources(table: table)
        self.options = options
        self.canvas = DiagramCanvas(options: options)
        var spineKind = [Bool](repeating: false, count: table.kinds.count)
        for (number, kind) in table.kinds.enumerated() { spineKind[number] = FlowDiagram.spineKinds.contains(kind) }
        onSpineKind = spineKind
        let steps = self.steps
        self.onSpine = steps.indices.map { step in
            guard steps.hasNonEmptyPath(step) else { return true }
            return spineKind[Int(table.rows[steps.first(step)].kind)]
        }
    }

    /// A spine entry: one step, one object's row, a run of exclusions below one parent drawn as
    /// one node, or a summary of what was collapsed.
    enum SpineItem {
        case step(Int)
        case row(Int)
        /// Exclusion steps (instants) below one parent, in order.
        case exclusions([Int])
        case summary(FlowBudget.Hidden)
    }

    struct Row {
        /// The object's node in ``FlowBuilder/hierarchy`` (the table's object).
        var node: Int
        /// The row's steps, in order: `stepIndices` of the rows, a slice of one shared array.
        var stepIndices: ArraySlice<Int>
    }

    struct Phase {
        var stepIndex: Int?
        var members: [Int]
    }

    mutating func build() -> Graph {
        let table = steps.table
        let preservation = table.number(ofKind: .preservation)
        let restoration = table.number(ofKind: .restoration)
        var number = 0
        ordinals = steps.indices.map { step in
            let kind = table.rows[steps.first(step)].kind
            guard kind != preservation && kind != restoration else { return 0 }
            number += 1
            return number
        }
        let scenario = table.header.scenario.map { " — \(DiagramText.short($0))" } ?? ""
        let selection = FocusSelection.choosing(options.focus, hierarchy: hierarchy)
        var graph = canvas.graph(id: "flow", title: selection.title("Flow of preservation and restoration\(scenario)"))

        // Top level: phases (clusters) and the steps outside them, in time order.
        var topLevel: [Phase] = []
        var phaseEnd: Int64?
        for index in steps.indices {
            let row = steps.first(index)
            if let end = phaseEnd, table.rows[row].seq <= end, !topLevel.isEmpty {
                topLevel[topLevel.count - 1].members.append(index)
                continue
            }
            phaseEnd = nil
            let kind = table.rows[row].kind
            if kind == preservation || kind == restoration {
                topLevel.append(Phase(stepIndex: index, members: []))
                phaseEnd = steps.end(index).map { table.rows[$0].seq } ?? Int64.max
            } else if let last = topLevel.last, last.stepIndex == nil {
                topLevel[topLevel.count - 1].members.append(index)
            } else {
                topLevel.append(Phase(stepIndex: nil, members: [index]))
            }
        }

        // Rows and spines, then the node budget across all phases. A row is an object's steps
        // in one phase: first each step's row, then the rows' steps laid out in one array.
        var spines: [[SpineItem]] = []
        var rowNodes: [Int] = []
        var rowOfStep = [Int](repeating: -1, count: steps.count)
        // The row each object has in the phase being read (stamped with the phase, so nothing is cleared).
        var rowOfNode = [(phase: Int, row: Int)](repeating: (-1, -1), count: steps.table.objectPath.count)
        for (phaseIndex, phase) in topLevel.enumerated() {
            var spine: [SpineItem] = []
            for index in phase.members {
                if !options.focus.drawsEverything {
                    if let node = steps.object(index) {
                        if !selection.shows(object: node) { continue }
                    } else if steps.knownKind(index) == .exclude,
                        !selection.showsPathless(parent: steps.attributeStrings(index, "parent"),
                                                 depth: steps.attributeString(index, "depth").flatMap { Int($0) })
                    {
                        continue
                    }
                }
                if !onSpine[index], let node = steps.object(index) {
                    if rowOfNode[node].phase == phaseIndex {
                        rowOfStep[index] = rowOfNode[node].row
                    } else {
                        rowOfNode[node] = (phaseIndex, rowNodes.count)
                        rowOfStep[index] = rowNodes.count
                        spine.append(.row(rowNodes.count))
                        rowNodes.append(node)
                    }
                } else {
                    spine.append(.step(index))
                }
            }
            spines.append(spine)
        }
        var rowStart = [Int](repeating: 0, count: rowNodes.count + 1)
        for row in rowOfStep where row >= 0 { rowStart[row + 1] += 1 }
        for row in rowNodes.indices { rowStart[row + 1] += rowStart[row] }
        var rowSteps = [Int](repeating: 0, count: rowStart[rowNodes.count])
        var filled = rowStart
        for (index, row) in rowOfStep.enumerated() where row >= 0 {
            rowSteps[filled[row]] = index
            filled[row] += 1
        }
        rowIndexOfStep = rowOfStep
        let rows = rowNodes.indices.map { Row(node: rowNodes[$0], stepIndices: rowSteps[rowStart[$0] ..< rowStart[$0 + 1]]) }
        rowDurations = rows.map { durations.duration(ofObject: $0.node) }
        var phaseShown = [Bool](repeating: true, count: topLevel.count)
        if FlowBudget.cost(spines, rows: rows, phases: topLevel) > options.maximumNodes {
            let budget = FlowBudget(builder: self, rows: rows, phases: topLevel)
            (spines, phaseShown) = budget.fit(spines, maximumNodes: options.maximumNodes)
        }
        noteVerdicts(rows: rows, spines: spines)

        // Draw. The relaunch arrow between the passes only in flows small enough for libgvc (see
        // FlowDiagram.maximumNodesWithRelaunchArrow): the count is known before anything is drawn.
        let legend = legend(relaunchArrow: true)
        let drawnNodes = legend.totalNodeCount + FlowBudget.cost(spines, rows: rows, phases: topLevel, shown: phaseShown)
        // First every pass's body and the size of each item down its spine; then, the page's
        // shape known, the spines are chained (in columns where one column would be far too tall)
        // and the passes joined.
        var blocks: [FlowBlock] = []
        var hiddenPhases: [Int] = []
        for (phaseIndex, phase) in topLevel.enumerated() {
            guard phaseShown[phaseIndex] else {
                hiddenPhases.append(phaseIndex)
                continue
            }
            if !hiddenPhases.isEmpty {
                blocks.append(.passes(drawPhaseSummary(hiddenPhases, phases: topLevel, into: &graph)))
                hiddenPhases = []
            }
            let spine = spines[phaseIndex]
            guard !spine.isEmpty || phase.stepIndex != nil else { continue }
            var block = FlowBlock.Body(isPhase: phase.stepIndex != nil)
            if let stepIndex = phase.stepIndex {
                block.body = canvas.cluster("phase\(phaseIndex)", title: phaseTitle(stepIndex))
            } else {
                block.body = Subgraph(SubgraphID("top\(phaseIndex)", isCluster: false))
            }
            for item in spine {
                let drawn = draw(item, rows: rows, into: &block.body)
                block.heads.append(drawn.head)
                block.sizes.append(drawn.size)
            }
            if block.heads.isEmpty, let stepIndex = phase.stepIndex {
                let id = NodeID("empty\(phaseIndex)")
                let node = canvas.node(id, ["nothing recorded in \(steps.kind(stepIndex).rawValue)"], tone: .notAsked)
                    .anchored("empty-\(phaseIndex)", DiagramFacts("nothing recorded in \(steps.kind(stepIndex).rawValue)"))
                block.body.add(node)
                block.heads.append(id)
                block.sizes.append(DrawingShape.size(of: node))
            }
            blocks.append(.body(block))
        }
        if !hiddenPhases.isEmpty { blocks.append(.passes(drawPhaseSummary(hiddenPhases, phases: topLevel, into: &graph))) }
        let relaunchArrow = drawnNodes <= FlowDiagram.maximumNodesWithRelaunchArrow && !FlowBlock.ordersPasses(blocks)
        let columnHeight = FlowBlock.columnHeight(blocks)
        let passesPerRow = FlowBlock.passesPerRow(blocks, columnHeight: columnHeight)
        var previousTail: (node: NodeID, wasPhase: Bool)?
        // In a grid of passes (many relaunches), each block hangs below the one a row up.
        let grid = passesPerRow != Int.max
        // Passes side by side in the order they ran: their first items share a rank, chained
        // left to right (with only two, as most traces have, they fall in order by themselves).
        let ordered = !grid && FlowBlock.ordersPasses(blocks)
        var tops = Subgraph(SubgraphID("passes", isCluster: false), attributes: [.rank(.same)])
        var slots: [NodeID] = []
        for block in blocks {
            let head: NodeID
            let tail: NodeID
            let isPhase: Bool
            switch block {
            case .passes(let id):
                (head, tail, isPhase) = (id, id, false)
            case .body(var body):
                body.chain(columnHeight: columnHeight)
                graph.add(body.body)
                guard let first = body.heads.first, let last = body.heads.last else { continue }
                (head, tail, isPhase) = (first, last, body.isPhase)
            }
            if let previous = previousTail {
                let betweenPhases = previous.wasPhase && isPhase
                // No label on this edge: Graphviz 2.42 crashes routing a labelled constraint=false
                // edge between clusters of big graphs. The legend explains the dashed arrow.
                if ordered {
                    if let last = slots.last { tops.connect(last, to: head, [.style([.invisible])]) }
                } else if grid {
                    graph.connect(previous.node, to: head, [.style([betweenPhases && relaunchArrow ? .dashed : .invisible]),
                                                            .constraint(false)])
                } else if !betweenPhases {
                    graph.connect(previous.node, to: head)
                } else if relaunchArrow {
                    graph.connect(previous.node, to: head, [.style([.dashed]), .constraint(false)])
                }
            }
            if grid {
                if slots.count >= passesPerRow { graph.connect(slots[slots.count - passesPerRow], to: head, [.style([.invisible])]) }
                slots.append(tail)
            }
            if ordered { slots.append(head) }
            previousTail = (tail, isPhase)
        }
        if ordered { graph.add(tops) }
        graph.add(relaunchArrow ? legend : self.legend(relaunchArrow: false))
        canvas.finish(&graph, edgeMeaning: FlowBuilder.meaning)
        return graph
    }

    /// Finds the failed steps drawn and their verdicts' first lines: in an object's row, the last
    /// failed step carries the object's verdict, and an exclusion that is a subject of its own (a
    /// duplicate's) carries its own; on the spine, an exclusion of an object without a path carries
    /// its verdict and a discard the run's.
    mutating func noteVerdicts(rows: [Row], spines: [[SpineItem]]) {
        // One lookup: a trace without the word has no step to look at.
        let hasSecureCodingViolation = steps.table.number(ofString: "secureCodingViolation") != nil
        func separateLine(_ step: Int) -> [String]? {
            guard steps.knownKind(step) == .exclude, let index = verdicts.separateIndex(ofRow: steps.first(step)) else { return nil }
            return DiagramText.verdict(verdicts.verdict(ofSeparate: index).summary)
        }
        for spine in spines {
          for case .row(let rowIndex) in spine {
            let row = rows[rowIndex]
            var lastOwn: Int?
            for step in row.stepIndices where tone(step).isProblem {
                if let lines = separateLine(step) { verdictLines[step] = lines } else { lastOwn = step }
            }
            if let step = lastOwn, let verdict = verdicts.verdict(ofObject: row.node), verdict.isProblem {
                verdictLines[step] = DiagramText.verdict(verdict.summary)
            }
            // Secure coding refused a value: the step says so in its tone, and carries the verdict.
            if hasSecureCodingViolation,
               let step = row.stepIndices.last(where: { (steps.knownKind($0) == .encode || steps.knownKind($0) == .decode)
                   && steps.result($0) == "secureCodingViolation" }),
               let verdict = verdicts.verdict(ofObject: row.node), verdict.cause == .secureCodingViolation
            {
                toneOverrides[step] = .secureCoding
                verdictLines[step] = DiagramText.verdict(verdict.summary)
            }
          }
        }
        for spine in spines {
            for case .step(let step) in spine {
                switch steps.knownKind(step) {
                case .exclude?: if let lines = separateLine(step) { verdictLines[step] = lines }
                case .discard?:
                    // The run's words for a discard do not depend on the objects' verdicts.
                    let run = verdicts.runVerdict(counts: VerdictCounts())
                    if run.outcome == .discarded { verdictLines[step] = DiagramText.verdict(run.summary) }
                default: break
                }
            }
        }
    }

    /// Draws one spine item; returns its head node (where spine edges attach).
    func draw(_ item: SpineItem, rows: [Row], into body: inout Subgraph) -> (head: NodeID, size: (width: Double, height: Double)) {
        let node: Node
        switch item {
        case .step(let index):
            node = stepNode(NodeID("s\(index)"), index: index, isRowHead: true)
        case .row(let rowIndex):
            let row = rows[rowIndex]
            var group = Subgraph(SubgraphID("row\(rowIndex)", isCluster: false), attributes: [.rank(.same)])
            var previous: NodeID?
            var size = (width: 0.0, height: 0.0)
            for (position, index) in row.stepIndices.enumerated() {
                let id = NodeID("s\(index)")
                let step = stepNode(id, index: index, isRowHead: position == 0)
                group.add(step)
                let stepSize = DrawingShape.size(of: step)
                size = (size.width + stepSize.width + (previous == nil ? 0 : 18), max(size.height, stepSize.height))
                if let previous {
                    group.connect(previous, to: id, steps.kind(index) == .finishedRestoring ? [.style([.dashed])] : [])
                }
                previous = id
            }
            body.add(group)
            return (NodeID("s\(row.stepIndices.first ?? 0)"), size)
        case .exclusions(let members):
            node = exclusionGroupNode(NodeID("excluded\(members[0])"), members: members)
        case .summary(let hidden):
            node = summaryNode(NodeID("summary\(hidden.firstKey)"), hidden: hidden, rows: rows)
        }
        body.add(node)
        return (node.id, DrawingShape.size(of: node))
    }

    func phaseTitle(_ step: Int) -> String {
        let name = steps.kind(step) == .preservation ? "Preservation" : "Restoration"
        let duration = steps.durationText(step)
        if steps.isUnfinished(step) { return name + " · UNFINISHED" + (duration.map { ", " + $0 } ?? "") }
        return name + (duration.map { " · " + $0 } ?? "")
    }

    func stepNode(_ id: NodeID, index step: Int, isRowHead: Bool) -> Node {
        let tone = toneOverrides[step] ?? tone(step)
        var lines = ["\(ordinals[step]). " + headline(step)]
        if isRowHead, !onSpine[step], let path = steps.path(step) {
            if let className = steps.className(step) { lines.append(DiagramText.short(className)) }
            if let ancestry = DiagramText.ancestry(path) { lines.append(ancestry) }
        }
        lines += details(step)
        if let verdict = verdictLines[step] {
            lines += verdict
        } else if steps.isUnfinished(step) {
            lines.append("the process stopped inside this step")
        }
        if let duration = steps.durationText(step) { lines.append(duration) }
        let heat = options.heat && tone == .step ? steps.heat(step) : nil
        let shape: NodeShape
        switch tone {
        case .excluded: shape = .octagon
        case .notFound where steps.kind(step) == .exclude: shape = .octagon
        case .discarded: shape = .note
        case .failure: shape = .hexagon
        default: shape = .box
        }
        return canvas.node(id, lines, tone: tone, shape: shape, heat: heat).anchored(anchor(step), facts(step))
    }

    func headline(_ step: Int) -> String {
        let identifier = steps.path(step)?.last.map { " " + DiagramText.short($0) } ?? ""
        let kind = steps.kind(step)
        switch kind {
        case .launch: return steps.launchStep(step) ?? "launch"
        case .exclude:
            guard identifier.isEmpty else { return "excluded" + identifier }
            // No path: its own identifier when it has one (below an object without), else its class.
            if let own = steps.identifier(step) { return "excluded " + DiagramText.short(own) }
            return "excluded " + DiagramText.short(steps.className(step) ?? "object")
        case .discard: return "archive discarded"
        case .error: return "error" + identifier
        case .archiveWrite: return "archive written"
        case .archiveRead: return "archive read"
        case .encode, .locate, .decode, .finishedRestoring:
            return kind.rawValue + identifier
        default:
            return kind.rawValue + (FlowDiagram.spineKinds.contains(kind) ? "" : identifier)
        }
    }

    func details(_ step: Int) -> [String] {
        var lines: [String] = []
        let kind = steps.kind(step)
        switch kind {
        case .shouldSave, .shouldRestore:
            if let result = steps.result(step) { lines.append("answered \(result)") }
            if let archived = steps.attributeString(step, "archivedVersion"),
                let current = steps.attributeString(step, "currentVersion")
            {
                lines.append("archived \(DiagramText.short(archived, limit: 16)), current \(DiagramText.short(current, limit: 16))")
            }
            // Written only when the idiom changed (an archive carried to another kind of device).
            if let current = steps.attributeString(step, "currentIdiom") {
                let archived = steps.attributeString(step, "archivedIdiom") ?? "none"
                lines.append("idiom \(DiagramText.short(archived, limit: 16)) → \(DiagramText.short(current, limit: 16))")
            }
            // SCENE_RULES rule 40: which pair UIKit called (written from iOS 13.2).
            if let secure = attributeText(step, "secure") { lines.append(secure == "true" ? "secure pair" : "old pair (deprecated)") }
        case .extendRestoration, .completeRestoration:
            if let depth = attributeText(step, "depth") { lines.append("depth \(depth)") }
            if attributeText(step, "ignored") == "true" { lines.append("ignored: already complete") }
        case .ignoreSnapshot:
            lines.append(attributeText(step, "honoured") == "true" ? "honoured" : "ignored: not from preservation")
        case .discardSuppressed:
            lines.append("kept by developer mode")
            lines += DiagramText.wrapped("reason: " + (steps.reason(step) ?? "unspecified"))
        case .warning:
            lines += DiagramText.wrapped(steps.message(step) ?? "no message")
        case .encode:
            if steps.result(step) == "secureCodingViolation" { lines.append("secure-coding violation: values dropped") }
        case .exclude, .discard:
            if kind == .exclude, steps.path(step) == nil {
                // Named by its identifier: its class goes below; where it hangs, when recorded.
                if steps.identifier(step) != nil, let className = steps.className(step) { lines.append(DiagramText.short(className)) }
                if let parent = steps.attributeStrings(step, "parent") {
                    lines.append(parent.isEmpty ? "a window's root" : "below " + DiagramText.path(parent))
                }
            }
            lines += DiagramText.wrapped("reason: " + (steps.reason(step) ?? "unspecified"))
        case .error:
            // The whole message, wrapped: it is what the user came to read.
            lines += DiagramText.wrapped(steps.message(step) ?? "no message")
        case .locate:
            if let via = steps.via(step) { lines.append("via \(via)") }
            if let result = steps.result(step), result != LocateResult.found.rawValue {
                var text = "result: \(result)"
                if let found = steps.foundClass(step) { text += " (found \(DiagramText.short(found)))" }
                lines.append(text)
            }
        case .decode:
            if let result = steps.result(step) { lines.append("result: " + DiagramText.short(result)) }
            if let unmatched = steps.attributeStrings(step, "unmatchedModelIds"), !unmatched.isEmpty {
                lines.append("\(unmatched.count) model id(s) no longer exist")
            }
        case .archiveWrite, .archiveRead:
            if let result = steps.result(step) { lines.append("result: " + DiagramText.short(result)) }
        default:
            break
        }
        if let bytes = steps.bytes(step), kind == .encode || kind == .willEncode || kind == .archiveWrite
            || kind == .archiveRead
        {
            lines.append("\(bytes) bytes")
        }
        return lines
    }

    /// An attribute as text (numbers and booleans too), from the end row, else the first.
    func attributeText(_ step: Int, _ name: String) -> String? {
        guard let slot = steps.table.slot(named: name) else { return nil }
        for row in [steps.end(step), steps.first(step)].compactMap({ $0 }) {
            if let value = steps.table.text(row, slot) { return value }
            if let value = steps.table.int(row, slot) { return String(value) }
        }
        return nil
    }

    func tone(_ step: Int) -> Tone {
        if steps.isUnfinished(step) { return .unfinished }
        // Switched on the kind's number: this runs for every step of the trace.
        switch steps.knownKind(step) {
        case .exclude?: return steps.reason(step) == ExclusionReason.notFound.rawValue ? .notFound : .excluded
        case .discard?: return .discarded
        case .error?: return .failure
        case .locate?:
            let result = steps.result(step)
            if result == LocateResult.classMismatch.rawValue { return .classMismatch }
            if result == LocateResult.nil.rawValue || steps.via(step) == LocateStep.none.rawValue { return .notFound }
            return .step
        case .decode?:
            if let result = steps.result(step), !TraceHierarchy.successfulDecodeResults.contains(result) { return .notDecoded }
            return .step
        case .encode?, .finishedRestoring?: return .step
        default:
            if steps.hasNonEmptyPath(step), !onSpineKind[Int(steps.table.rows[steps.first(step)].kind)] { return .step }
            return .process
        }
    }

    func legend(relaunchArrow: Bool) -> Subgraph {
        var entries: [(tone: Tone, shape: NodeShape, text: String)] = [
            (.process, .box, "app-level step"),
            (.step, .box, options.heat ? "object step (darker = slower)" : "object step"),
            (.excluded, .octagon, "EXCLUDED object, with reason"),
            (.notFound, .box, "NOT FOUND at relaunch"),
            (.classMismatch, .box, "CLASS MISMATCH: used, not decoded"),
            (.notDecoded, .box, "NOT DECODED: decode failed"),
            (.failure, .hexagon, "ERROR record"),
            (.unfinished, .box, "UNFINISHED: the process stopped here"),
            (.discarded, .note, "DISCARDED archive, with reason"),
        ]
        entries.append((.summary, .folder, "collapsed objects (over --max-nodes)"))
        // Last, so the entries before keep their numbers (element ids) in every drawing.
        entries.append((.secureCoding, .box, "SECURE CODING refused a value it encoded or decoded"))
        return canvas.legend(entries, notes: [
            "Numbers give the order steps began.",
            "A failed object's last failed step says why: its verdict's first line (restoretrace explain says the rest).",
            "One row per object: locate → decode - - ▸ finishedRestoring.",
            relaunchArrow ? "A dashed arrow between passes: the app terminated and relaunched."
                : "Between the passes the app terminated and relaunched (no arrow in flows this big).",
            "Durations in the trace's clock (\(steps.formatter.unitName)).",
        ])
    }
}

extension Tone {
    var isProblem: Bool {
        switch self {
        case .process, .step, .restored, .preserved, .summary, .described, .notAsked, .declined: return false
        default: return true
        }
    }
}
