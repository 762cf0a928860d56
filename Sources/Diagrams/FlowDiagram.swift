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
        var builder = FlowBuilder(header: header, records: records, options: options)
        return builder.build()
    }

    /// Kinds that stay on the spine even when they carry a path: app-level steps.
    static let spineKinds: Set<RecordKind> = [
        .preservation, .restoration, .shouldSave, .willEncode, .archiveWrite, .archiveRead, .launch,
        .shouldRestore, .didDecode, .discard,
    ]
}

private struct FlowBuilder {
    let steps: TraceSteps
    let hierarchy: TraceHierarchy
    let options: DiagramOptions
    let canvas: DiagramCanvas
    /// Step number (1-based, in begin order) of each step; 0 for the passes, which are not numbered.
    var ordinals: [Int] = []
    /// ``SpanTimings/objectDuration(path:)`` of each row's object.
    var rowDurations: [Int64?] = []
    /// Whether each step belongs on the spine (app-level), not in an object's row.
    let onSpine: [Bool]

    init(header: TraceHeader, records: [TraceRecord], options: DiagramOptions) {
        (self.hierarchy, self.steps) = SideBySide.run(
            parallel: records.count >= SideBySide.minimumRecords,
            // The steps' own timings stay on this thread: two cores, two threads.
            { TraceHierarchy(records: records) }, { TraceSteps(header: header, records: records, parallel: false) })
        self.options = options
        self.canvas = DiagramCanvas(options: options)
        self.onSpine = steps.steps.map { step in
            guard let path = step.path, !path.isEmpty else { return true }
            return FlowDiagram.spineKinds.contains(step.kind)
        }
    }

    /// A spine entry: one step, one object's row, or a summary of hidden rows.
    enum SpineItem {
        case step(Int)
        case row(Int)
        case summary([Int])
    }

    struct Row {
        var path: [String]
        /// The object's node in ``FlowBuilder/hierarchy``.
        var node: Int?
        var stepIndices: [Int]
    }

    struct Phase {
        var stepIndex: Int?
        var members: [Int]
    }

    mutating func build() -> Graph {
        let all = steps.steps
        var number = 0
        ordinals = all.map { step in
            guard step.kind != .preservation && step.kind != .restoration else { return 0 }
            number += 1
            return number
        }
        let scenario = steps.header.scenario.map { " — \(DiagramText.short($0))" } ?? ""
        var graph = canvas.graph(id: "flow", title: "Flow of preservation and restoration\(scenario)")

        // Top level: phases (clusters) and the steps outside them, in time order.
        var topLevel: [Phase] = []
        var phaseEnd: Int64?
        for (index, step) in all.enumerated() {
            if let end = phaseEnd, step.seq <= end, !topLevel.isEmpty {
                topLevel[topLevel.count - 1].members.append(index)
                continue
            }
            phaseEnd = nil
            if step.kind == .preservation || step.kind == .restoration {
                topLevel.append(Phase(stepIndex: index, members: []))
                phaseEnd = step.end?.seq ?? Int64.max
            } else if let last = topLevel.last, last.stepIndex == nil {
                topLevel[topLevel.count - 1].members.append(index)
            } else {
                topLevel.append(Phase(stepIndex: nil, members: [index]))
            }
        }

        // Rows and spines, then the node budget across all phases.
        var spines: [[SpineItem]] = []
        var rows: [Row] = []
        for phase in topLevel {
            var spine: [SpineItem] = []
            // Rows by the object's node: the hierarchy has already matched every record's path.
            var rowOfNode: [Int: Int] = [:]
            for index in phase.members {
                let step = all[index]
                if !onSpine[index], let path = step.path, let node = hierarchy.nodeOfRecord[step.recordIndex] {
                    if let row = rowOfNode[node] {
                        rows[row].stepIndices.append(index)
                    } else {
                        rowOfNode[node] = rows.count
                        spine.append(.row(rows.count))
                        rows.append(Row(path: path, node: node, stepIndices: [index]))
                    }
                } else {
                    spine.append(.step(index))
                }
            }
            spines.append(spine)
        }
        let spineStepCount = spines.reduce(0) { $0 + $1.filter { if case .step = $0 { return true } else { return false } }.count }
        rowDurations = rows.map { steps.timings.objectDuration(path: $0.path) }
        let candidates = rows.indices.map { index in
            RowCandidate(cost: rows[index].stepIndices.count,
                         isProblem: rows[index].stepIndices.contains { tone(all[$0]).isProblem },
                         weight: rowDurations[index] ?? 0)
        }
        let visible = RowSelection.visibleRows(candidates, budget: max(options.maximumNodes - spineStepCount, 1))
        spines = spines.map { collapse($0, visible: visible) }

        // Draw.
        var previousTail: (node: NodeID, wasPhase: Bool)?
        for (phaseIndex, phase) in topLevel.enumerated() {
            let spine = spines[phaseIndex]
            guard !spine.isEmpty || phase.stepIndex != nil else { continue }
            var body: Subgraph
            if let stepIndex = phase.stepIndex {
                body = canvas.cluster("phase\(phaseIndex)", title: phaseTitle(all[stepIndex]))
            } else {
                body = Subgraph(SubgraphID("top\(phaseIndex)", isCluster: false))
            }
            var heads: [NodeID] = []
            for item in spine {
                heads.append(draw(item, rows: rows, into: &body))
            }
            if heads.isEmpty, let stepIndex = phase.stepIndex {
                let id = NodeID("empty\(phaseIndex)")
                body.add(canvas.node(id, ["nothing recorded in \(all[stepIndex].kind.rawValue)"], tone: .notAsked))
                heads.append(id)
            }
            for (from, to) in zip(heads, heads.dropFirst()) { body.connect(from, to: to) }
            graph.add(body)
            if let first = heads.first, let previous = previousTail {
                let betweenPhases = previous.wasPhase && phase.stepIndex != nil
                // No label on this edge: Graphviz 2.42 crashes routing a labelled constraint=false
                // edge between clusters of big graphs. The legend explains the dashed arrow.
                graph.connect(previous.node, to: first, betweenPhases ? [.style([.dashed]), .constraint(false)] : [])
            }
            if let last = heads.last { previousTail = (last, phase.stepIndex != nil) }
        }
        graph.add(legend())
        return graph
    }

    /// Replaces runs of hidden rows by one summary item.
    func collapse(_ spine: [SpineItem], visible: [Bool]) -> [SpineItem] {
        var out: [SpineItem] = []
        var hiddenRun: [Int] = []
        for item in spine {
            if case .row(let row) = item, !visible[row] {
                hiddenRun.append(row)
                continue
            }
            if !hiddenRun.isEmpty {
                out.append(.summary(hiddenRun))
                hiddenRun.removeAll(keepingCapacity: true)
            }
            out.append(item)
        }
        if !hiddenRun.isEmpty { out.append(.summary(hiddenRun)) }
        return out
    }

    /// Draws one spine item; returns its head node (where spine edges attach).
    func draw(_ item: SpineItem, rows: [Row], into body: inout Subgraph) -> NodeID {
        let all = steps.steps
        switch item {
        case .step(let index):
            let id = NodeID("s\(index)")
            body.add(stepNode(id, index: index, isRowHead: true))
            return id
        case .row(let rowIndex):
            let row = rows[rowIndex]
            var group = Subgraph(SubgraphID("row\(rowIndex)", isCluster: false), attributes: [.rank(.same)])
            var previous: NodeID?
            for (position, index) in row.stepIndices.enumerated() {
                let id = NodeID("s\(index)")
                group.add(stepNode(id, index: index, isRowHead: position == 0))
                if let previous {
                    group.connect(previous, to: id, all[index].kind == .finishedRestoring ? [.style([.dashed])] : [])
                }
                previous = id
            }
            body.add(group)
            return NodeID("s\(row.stepIndices[0])")
        case .summary(let hidden):
            let id = NodeID("summary\(hidden[0])")
            var outcomes: [String: Int] = [:]
            var total: Int64 = 0
            for rowIndex in hidden {
                let name = rows[rowIndex].node.map { hierarchy.nodes[$0].outcome.name } ?? "no record"
                outcomes[name, default: 0] += 1
                total = total.addingSaturating(rowDurations[rowIndex] ?? 0)
            }
            let noun = hidden.count == 1 ? "object" : "objects"
            var lines = ["+\(hidden.count) more \(noun) (collapsed)", DiagramText.tally(outcomes)]
            if total > 0 { lines.append(steps.timings.formatter.string(total) + " in all") }
            body.add(canvas.node(id, lines, tone: .summary, shape: .folder))
            return id
        }
    }

    func phaseTitle(_ step: TraceStep) -> String {
        let name = step.kind == .preservation ? "Preservation" : "Restoration"
        let duration = steps.durationText(step)
        if step.isUnfinished { return name + " · UNFINISHED" + (duration.map { ", " + $0 } ?? "") }
        return name + (duration.map { " · " + $0 } ?? "")
    }

    func stepNode(_ id: NodeID, index: Int, isRowHead: Bool) -> Node {
        let step = steps.steps[index]
        let tone = tone(step)
        var lines = ["\(ordinals[index]). " + headline(step)]
        if isRowHead, !onSpine[index], let path = step.path {
            if let className = step.className { lines.append(DiagramText.short(className)) }
            if let ancestry = DiagramText.ancestry(path) { lines.append(ancestry) }
        }
        lines += details(step)
        if step.isUnfinished { lines.append("the process stopped inside this step") }
        if let duration = steps.durationText(step) { lines.append(duration) }
        let heat = options.heat && tone == .step ? steps.heat(step) : nil
        let shape: NodeShape
        switch tone {
        case .excluded: shape = .octagon
        case .notFound where step.kind == .exclude: shape = .octagon
        case .discarded: shape = .note
        case .failure: shape = .hexagon
        default: shape = .box
        }
        return canvas.node(id, lines, tone: tone, shape: shape, heat: heat)
    }

    func headline(_ step: TraceStep) -> String {
        let identifier = step.path?.last.map { " " + DiagramText.short($0) } ?? ""
        switch step.kind {
        case .launch: return step.first.step ?? "launch"
        case .exclude: return "excluded" + (identifier.isEmpty ? " " + DiagramText.short(step.className ?? "object") : identifier)
        case .discard: return "archive discarded"
        case .error: return "error" + identifier
        case .archiveWrite: return "archive written"
        case .archiveRead: return "archive read"
        case .encode, .locate, .decode, .finishedRestoring:
            return step.kind.rawValue + identifier
        default:
            return step.kind.rawValue + (FlowDiagram.spineKinds.contains(step.kind) ? "" : identifier)
        }
    }

    func details(_ step: TraceStep) -> [String] {
        var lines: [String] = []
        switch step.kind {
        case .shouldSave, .shouldRestore:
            if let result = step.result { lines.append("answered \(result)") }
            if let archived = step.attribute("archivedVersion")?.stringValue,
                let current = step.attribute("currentVersion")?.stringValue
            {
                lines.append("archived \(DiagramText.short(archived, limit: 16)), current \(DiagramText.short(current, limit: 16))")
            }
            // Written only when the idiom changed (an archive carried to another kind of device).
            if let current = step.attribute("currentIdiom")?.stringValue {
                let archived = step.attribute("archivedIdiom")?.stringValue ?? "none"
                lines.append("idiom \(DiagramText.short(archived, limit: 16)) → \(DiagramText.short(current, limit: 16))")
            }
        case .exclude, .discard:
            lines.append("reason: " + DiagramText.short(step.reason ?? "unspecified"))
        case .error:
            lines.append(DiagramText.short(step.first.message ?? "no message", limit: 80))
        case .locate:
            if let via = step.via { lines.append("via \(via)") }
            if let result = step.result, result != LocateResult.found.rawValue {
                var text = "result: \(result)"
                if let found = step.end?.foundClass { text += " (found \(DiagramText.short(found)))" }
                lines.append(text)
            }
        case .decode:
            if let result = step.result { lines.append("result: " + DiagramText.short(result)) }
            if let unmatched = step.attribute("unmatchedModelIds")?.stringArrayValue, !unmatched.isEmpty {
                lines.append("\(unmatched.count) model id(s) no longer exist")
            }
        case .archiveWrite, .archiveRead:
            if let result = step.result { lines.append("result: " + DiagramText.short(result)) }
        default:
            break
        }
        if let bytes = step.end?.bytes, step.kind == .encode || step.kind == .willEncode || step.kind == .archiveWrite
            || step.kind == .archiveRead
        {
            lines.append("\(bytes) bytes")
        }
        return lines
    }

    static let successfulDecodeResults = ["ok", "success", "decoded", "true"]

    func tone(_ step: TraceStep) -> Tone {
        if step.isUnfinished { return .unfinished }
        switch step.kind {
        case .exclude: return step.reason == ExclusionReason.notFound.rawValue ? .notFound : .excluded
        case .discard: return .discarded
        case .error: return .failure
        case .locate:
            if step.result == LocateResult.classMismatch.rawValue { return .classMismatch }
            if step.result == LocateResult.nil.rawValue || step.via == LocateStep.none.rawValue { return .notFound }
            return .step
        case .decode:
            if let result = step.result, !FlowBuilder.successfulDecodeResults.contains(result) { return .notDecoded }
            return .step
        case .encode, .finishedRestoring: return .step
        default:
            if let path = step.path, !path.isEmpty, !FlowDiagram.spineKinds.contains(step.kind) { return .step }
            return .process
        }
    }

    func legend() -> Subgraph {
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
        return canvas.legend(entries, notes: [
            "Numbers give the order steps began.",
            "One row per object: locate → decode - - ▸ finishedRestoring.",
            "A dashed arrow between passes: the app terminated and relaunched.",
            "Durations in the trace's clock (\(steps.timings.formatter.unitName)).",
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
