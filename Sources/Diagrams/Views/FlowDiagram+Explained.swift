// The flow view's ids and tooltips: each object step is `o-<path>~<kind>`, each spine step
// `step-<number>` (the number drawn on it), and each says on hover what the trace knows of it.

import Graphviz
import TraceAnalysis
import TraceFormat

extension FlowBuilder {
    /// The step's node id before repeats are told apart (see ``DiagramFinish``).
    func anchor(_ step: Int) -> String {
        if !onSpine[step], let path = steps.path(step) { return DiagramAnchor.step(path, steps.kind(step).rawValue) }
        return "step-\(ordinals[step])"
    }

    /// What the trace knows of one step.
    func facts(_ step: Int) -> DiagramFacts {
        let kind = steps.kind(step)
        let path = steps.path(step)
        var facts = DiagramFacts("\(ordinals[step]). \(kind.rawValue)" + (path.map { " " + DiagramFacts.path($0) } ?? ""))
        facts.add("path", path.map(DiagramFacts.path))
        facts.add("class", steps.className(step))
        if kind == .exclude, path == nil {
            facts.add("identifier", steps.identifier(step))
            if let parent = steps.attributeStrings(step, "parent") { facts.add("below", parent.isEmpty ? "a window's root" : DiagramFacts.path(parent)) }
        }
        if steps.isUnfinished(step) {
            facts.add("duration", "unfinished: the process stopped inside this step" + (steps.durationText(step).map { ", after " + $0 } ?? ""))
        } else {
            facts.add("duration", steps.durationText(step))
        }
        switch kind {
        case .locate:
            facts.add("locate step", steps.via(step))
            facts.add("result", steps.result(step))
            facts.add("found class", steps.foundClass(step))
        case .exclude, .discard:
            facts.add("reason", steps.reason(step) ?? "unspecified")
        case .error:
            facts.add("message", steps.message(step))
        case .launch:
            facts.add("step", steps.launchStep(step))
        default:
            facts.add("result", steps.result(step))
        }
        if let bytes = steps.bytes(step) { facts.add("bytes encoded", String(bytes)) }
        if let keys = steps.attributeStrings(step, "keys") { facts.add("keys", keys.isEmpty ? "(none)" : keys.joined(separator: ", ")) }
        if let verdict = verdictLines[step] { facts.add("verdict", verdict.joined(separator: " ")) }
        let row = steps.first(step)
        facts.add("source", sources.source(ofRow: row, orPath: steps.table.rows[row].path))
        facts.add("record", "seq \(steps.seq(step))")
        return facts
    }

    /// What a summary of hidden rows stands for.
    func summaryFacts(_ hidden: [Int], rows: [Row], lines: [String]) -> DiagramFacts {
        var facts = DiagramFacts(lines: lines)
        let paths = hidden.prefix(20).map { DiagramFacts.path(hierarchy.nodes[rows[$0].node].path) }
        facts.add("objects", paths.joined(separator: ", ") + (hidden.count > paths.count ? ", …" : ""))
        facts.add("shown", "raise --max-nodes to draw them")
        return facts
    }

    /// What an edge of the flow means.
    static func meaning(of edge: Edge) -> String? {
        if case .style(let styles)? = edge.attributes["style"], styles.contains(.dashed) {
            if case .constraint(false)? = edge.attributes["constraint"] { return "the app terminated and relaunched" }
            return "finishedRestoring runs later, after didDecode"
        }
        return "then"
    }
}
