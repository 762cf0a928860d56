// The hierarchy view's tooltips: what the trace knows of each object (path, class, outcome,
// how it was found, its own time, its verdict, where the app defines it), and what each edge means.

import Graphviz
import TraceAnalysis
import TraceFormat

extension HierarchyDiagram {
    static func objectFacts(_ node: TraceHierarchy.Node, duration: String?, verdict: String?, source: String?) -> DiagramFacts {
        var facts = DiagramFacts(DiagramFacts.path(node.path))
        facts.add("path", DiagramFacts.path(node.path))
        facts.add("class", node.className)
        var outcome = node.outcome.name
        switch node.outcome {
        case .excluded(let reason): outcome += " (reason: \(reason))"
        case .classMismatch(let found): outcome += found.map { " (found \($0))" } ?? ""
        case .notDecoded(let message): outcome += message.map { " (\($0))" } ?? ""
        case .unfinished(let kind): outcome += " (the process stopped in \(kind.rawValue))"
        default: break
        }
        facts.add("outcome", outcome)
        facts.add("locate step", node.locateVia)
        facts.add("locate result", node.locateResult)
        facts.add("own time", duration)
        facts.add("verdict", verdict)
        facts.add("source", source)
        return facts
    }

    static func pathlessFacts(_ exclusion: TraceHierarchy.UnplacedExclusion, verdict: String?, source: String?) -> DiagramFacts {
        var facts = DiagramFacts("excluded " + (exclusion.identifier ?? exclusion.className ?? "object"))
        facts.add("identifier", exclusion.identifier ?? "(none)")
        facts.add("class", exclusion.className)
        facts.add("below", exclusion.parentPath.map { $0.isEmpty ? "a window's root" : DiagramFacts.path($0) })
        facts.add("reason", exclusion.reason ?? "unspecified")
        facts.add("verdict", verdict)
        facts.add("source", source)
        facts.add("record", "seq \(exclusion.seq)")
        return facts
    }

    /// What an edge of the hierarchy means.
    static func meaning(of edge: Edge) -> String? {
        if case .label(let label)? = edge.attributes["label"] {
            switch label.text {
            case "presents": return "presents it (a presented view controller)"
            case "view": return "holds this view"
            default: return label.text
            }
        }
        if case .style(let styles)? = edge.attributes["style"], styles.contains(.dashed) { return "its hidden children (collapsed)" }
        return "its child (the next component of the restoration path)"
    }
}
