// The scene view of a scene trace: one lane per session, left to right in trace order —
// connect, background saves with their result, reads, restores, disconnects, discards — with the
// app's launches and exits as a lane of their own, so a relaunch lines up across sessions.

import Graphviz
import TraceAnalysis
import TraceFormat

/// Draws a SceneTimeline.
public enum SceneDiagram {
    /// The attributes the view reads, beyond those every view keeps.
    static let attributesRead = ["session", "sessions", "deferredToLaunch", "sceneActivity", "activityType", "file", "locked"]

    /// The graph of a trace's table: its records become a ``SceneTimeline``.
    static func graph(table: TraceTable, options: DiagramOptions) -> Graph {
        var timeline = SceneTimeline()
        let slots = attributeSlots(table)
        for row in 0..<table.count {
            var attributes: [TraceAttribute] = []
            for (name, slot) in slots {
                guard let value = table.attribute(row, slot) else { continue }
                switch value.tag {
                case .string: if let text = table.string(row, slot) { attributes.append(TraceAttribute(name, .string(text))) }
                case .strings: if let list = table.stringArray(row, slot) { attributes.append(TraceAttribute(name, .strings(list))) }
                case .bool: attributes.append(TraceAttribute(name, .bool(value.payload != 0)))
                case .int: attributes.append(TraceAttribute(name, .int(value.payload)))
                case .other: break
                }
            }
            let r = table.rows[row]
            timeline.add(TraceRecord(seq: r.seq, ts: r.ts, phase: r.phase, span: r.span == TraceTable.noSpan ? nil : r.span,
                                     kind: table.kindValue(row), attributes: attributes))
        }
        return graph(timeline, title: table.header.scenario ?? "scene trace", options: options)
    }

    private static func attributeSlots(_ table: TraceTable) -> [(String, Int)] {
        (["reason", "result", "via", "message", "step"] + attributesRead).compactMap { name in table.slot(named: name).map { (name, $0) } }
    }

    /// The graph of `timeline`; past `options.maximumNodes` steps the rest of each lane is collapsed.
    public static func graph(_ timeline: SceneTimeline, title: String, options: DiagramOptions = DiagramOptions()) -> Graph {
        let canvas = DiagramCanvas(options: options)
        var graph = canvas.graph(id: "scenes", title: "\(title): scene sessions", rankDirection: .leftToRight)
        guard !timeline.sessions.isEmpty else {
            graph.add(canvas.node("none", ["no scene sessions in this trace", "(the scene view draws traces of scene-based apps)"],
                                  tone: .summary))
            return graph
        }
        // Lanes (the process's one included) of perLane steps and a "more" node each stay within the budget.
        let budget = max(8, options.maximumNodes - 12)
        let lanesShown = min(timeline.sessions.count, max(1, budget / 3 - 1))
        let perLane = max(2, budget / (lanesShown + 1) - 1)
        // The process lane: launches and exits.
        var process = canvas.cluster("process", title: "app process")
        var previous: NodeID?
        for (index, step) in timeline.processSteps.prefix(perLane).enumerated() {
            let id = NodeID("p\(index)")
            process.add(canvas.node(id, [step.label], tone: step.label.hasPrefix("exit") ? .discarded : .process, shape: .box))
            if let previous { process.connect(previous, to: id) }
            previous = id
        }
        if timeline.processSteps.count > perLane, let last = previous {
            let more = NodeID("pmore")
            process.add(canvas.node(more, ["+\(timeline.processSteps.count - perLane) more"], tone: .summary))
            process.connect(last, to: more, [.style([.dashed])])
        }
        if !process.statements.isEmpty { graph.add(process) }
        let lanes = timeline.sessions.prefix(lanesShown)
        for (laneIndex, session) in lanes.enumerated() {
            var lane = canvas.cluster("s\(laneIndex)", title: "session " + session.identifier)
            var last: NodeID?
            let steps = session.steps
            for (index, step) in steps.prefix(perLane).enumerated() {
                let id = NodeID("s\(laneIndex)_\(index)")
                lane.add(canvas.node(id, lines(step), tone: tone(step)))
                if let last { lane.connect(last, to: id) }
                last = id
            }
            if steps.count > perLane, let last {
                let more = NodeID("s\(laneIndex)_more")
                let saves = steps.dropFirst(perLane).filter { $0.kind == .save }.count
                lane.add(canvas.node(more, ["+\(steps.count - perLane) more steps", "\(saves) of them saves"], tone: .summary))
                lane.connect(last, to: more, [.style([.dashed])])
            }
            graph.add(lane)
        }
        if timeline.sessions.count > lanes.count {
            graph.add(canvas.node("moreSessions", ["+\(timeline.sessions.count - lanes.count) more sessions (collapsed)",
                                                   "raise --max-nodes to draw them"], tone: .summary, shape: .folder))
        }
        graph.add(canvas.legend([
            (.preserved, .box, "save written / unchanged"), (.restored, .box, "restored"), (.excluded, .box, "not saved"),
            (.discarded, .box, "disconnect, discard"), (.failure, .box, "error"),
            (.step, .box, "connect, activation, extend / complete"), (.process, .box, "the app: launch, exit"),
            (.notAsked, .box, "no scene sessions"), (.summary, .folder, "collapsed (over --max-nodes)"),
        ]))
        anchorAll(&graph.statements)
        canvas.finish(&graph)
        return graph
    }

    /// Gives every node of the lanes an id of its own (`scene-` and its name) and its text as its
    /// tooltip: the lanes have no restoration paths to name them by.
    private static func anchorAll(_ statements: inout [GraphStatement]) {
        for index in statements.indices {
            switch statements[index] {
            case .node(let node) where node.attributes["id"] == nil:
                var lines: [String] = []
                if case .label(let label)? = node.attributes["label"] { lines = label.lines }
                statements[index] = .node(node.anchored("scene-" + node.id.rawValue, DiagramFacts(lines: lines)))
            case .subgraph(var subgraph) where subgraph.id.rawValue != "legend":
                anchorAll(&subgraph.statements)
                statements[index] = .subgraph(subgraph)
            default:
                break
            }
        }
    }

    private static func lines(_ step: SceneTimeline.Step) -> [String] {
        var out: [String]
        switch step.kind {
        case .connect: out = [step.detail == SceneTimeline.unspecified ? "connect" : "connect (\(step.detail))"]
        case .save: out = ["background save", step.detail]
        case .read: out = ["read: " + step.detail]
        case .restore: out = ["restoreInteractionState"]
        case .available: out = ["activity available"]
        case .activate: out = [step.detail]
        case .disconnect: out = ["disconnect", step.detail]
        case .discard: out = ["session discarded", step.detail]
        case .didDiscard: out = [step.detail]
        case .extend: out = ["extendStateRestoration"]
        case .complete: out = ["completeStateRestoration"]
        case .discardState: out = ["state discarded", step.detail]
        case .error: out = ["error", String(step.detail.prefix(60))]
        }
        if let type = step.activityType { out.append(String(type.prefix(48))) }
        return out
    }

    private static func tone(_ step: SceneTimeline.Step) -> Tone {
        switch step.kind {
        case .save: return step.detail == "written" || step.detail == "unchanged" ? .preserved : .excluded
        case .read: return step.detail == "read" ? .restored : .excluded
        case .restore, .available: return .restored
        case .disconnect, .discard, .didDiscard, .discardState: return .discarded
        case .error: return .failure
        case .connect, .activate, .extend, .complete: return .step
        }
    }
}
