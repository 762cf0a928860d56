// The locate view's tooltips: each object's search (its path, class, how long the search took,
// the step that answered and with what, where the app defines it), each step's part in it, and
// what each edge means.

import Graphviz
import TraceFormat

extension LocateDiagram {
    static func objectFacts(_ steps: TraceSteps, _ locate: Int, source: String?) -> DiagramFacts {
        let path = steps.path(locate)
        var facts = DiagramFacts("locate " + (path.map(DiagramFacts.path) ?? "(no path)"))
        facts.add("path", path.map(DiagramFacts.path))
        facts.add("class", steps.className(locate))
        if steps.isUnfinished(locate) {
            facts.add("duration", "unfinished: the process stopped during the search")
        } else {
            facts.add("duration", steps.durationText(locate))
        }
        facts.add("locate step", steps.via(locate))
        facts.add("result", steps.result(locate))
        facts.add("found class", steps.foundClass(locate))
        facts.add("source", source)
        facts.add("record", "seq \(steps.seq(locate))")
        return facts
    }

    static func stepFacts(_ step: SearchStep, lines: [String], path: [String]?, position: Int) -> DiagramFacts {
        var facts = DiagramFacts(lines.joined(separator: ": "))
        facts.add("object", path.map(DiagramFacts.path) ?? "(no path)")
        facts.add("search step", "\(position + 1). " + step.step.rawValue)
        switch step.outcome {
        case .notSet: facts.add("outcome", "skipped: the object has no restoration class")
        case .declined: facts.add("outcome", "asked, returned nothing (a trace records only the step that answered)")
        case .interrupted: facts.add("outcome", "the process stopped during the search")
        case .answered(let result, let foundClass):
            facts.add("outcome", "answered")
            facts.add("result", result)
            facts.add("found class", foundClass)
        }
        return facts
    }

    static func summaryFacts(_ lines: [String], paths: [[String]?], hiddenCount: Int) -> DiagramFacts {
        var facts = DiagramFacts(lines: lines)
        let names = paths.map { $0.map(DiagramFacts.path) ?? "(no path)" }
        facts.add("objects", names.joined(separator: ", ") + (hiddenCount > names.count ? ", …" : ""))
        facts.add("shown", "raise --max-nodes to draw them")
        return facts
    }

    static func meaning(of edge: Edge) -> String? {
        edge.from.rawValue.contains("s") ? "declined: the search goes on to the next step" : "the search starts here"
    }
}
