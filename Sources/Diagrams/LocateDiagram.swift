// The `locate` view: for each object the relaunch looked for, the steps of the search in
// UIKit's order (restoration class → app delegate → existing object → storyboard) and which
// one answered. A trace records only the answering step (`via`); the steps before it were
// asked and declined, except that an object with a restoration class is asked only of it (rule 13).

import Graphviz
import TraceFormat

/// Draws the relaunch search of every located object.
public enum LocateDiagram {
    /// The search steps in the order UIKit tries them.
    static let searchOrder: [LocateStep] = [.restorationClass, .appDelegate, .existing, .storyboard]

    /// One step of one object's search, as the view draws it.
    struct SearchStep: Equatable {
        var step: LocateStep
        var outcome: Outcome
        enum Outcome: Equatable {
            /// Not set: the object has no restoration class, so UIKit skips the step.
            case notSet
            case declined
            case answered(result: String, foundClass: String?)
            /// The process stopped during the search.
            case interrupted
        }
    }

    /// The steps tried for a `locate` that answered through `via` with `result`. `restorationClassDeclined`
    /// is true when an `exclude` says the restoration class returned nil.
    static func searchSteps(via: String?, result: String?, foundClass: String?, unfinished: Bool,
                            restorationClassDeclined: Bool) -> [SearchStep] {
        if unfinished {
            return [SearchStep(step: .restorationClass, outcome: .interrupted)]
        }
        let answered = SearchStep.Outcome.answered(result: result ?? "found", foundClass: foundClass)
        if via == LocateStep.restorationClass.rawValue || restorationClassDeclined {
            return [SearchStep(step: .restorationClass, outcome: restorationClassDeclined && via != LocateStep.restorationClass.rawValue
                               ? .answered(result: LocateResult.nil.rawValue, foundClass: nil) : answered)]
        }
        let answering = LocateStep(rawValue: via ?? "") ?? .none
        var steps = [SearchStep(step: .restorationClass, outcome: .notSet)]
        for step in searchOrder.dropFirst() {
            if step == answering {
                steps.append(SearchStep(step: step, outcome: answered))
                return steps
            }
            steps.append(SearchStep(step: step, outcome: .declined))
        }
        steps.append(SearchStep(step: .none, outcome: .answered(result: LocateResult.nil.rawValue, foundClass: nil)))
        return steps
    }

    /// The locate graph of a trace: one row per `locate` span, left to right through the search.
    public static func graph(header: TraceHeader, records: [TraceRecord], options: DiagramOptions = DiagramOptions())
        -> Graph
    {
        let canvas = DiagramCanvas(options: options)
        let traceSteps = TraceSteps(header: header, records: records)
        var classDeclined = Set<[String]>()
        for step in traceSteps.steps
        where step.kind == .exclude && step.reason == ExclusionReason.restorationClassReturnedNil.rawValue {
            if let path = step.path { classDeclined.insert(path) }
        }
        let locates = traceSteps.steps.filter { $0.kind == .locate && $0.first.phase != .end }
        let searches = locates.map { locate in
            searchSteps(via: locate.via, result: locate.result, foundClass: locate.end?.foundClass,
                        unfinished: locate.isUnfinished,
                        restorationClassDeclined: !classDeclined.isEmpty && classDeclined.contains(locate.path ?? []))
        }
        let candidates = zip(locates, searches).map { locate, search in
            RowCandidate(cost: search.count + 1, isProblem: isProblem(search), weight: 0)
        }
        let visible = RowSelection.visibleRows(candidates, budget: options.maximumNodes)

        let name = header.scenario.map { " — \(DiagramText.short($0))" } ?? ""
        var graph = canvas.graph(id: "locate", title: "Relaunch search per object\(name)", rankDirection: .leftToRight)
        graph.attributes.set(.rankSeparation(0.3))
        graph.attributes.set(.nodeSeparation(0.15))
        if locates.isEmpty {
            graph.add(canvas.node("nothing", ["no locate records: nothing was restored in this trace"], tone: .notAsked))
        }
        var hiddenRun: [Int] = []
        var previousRowHead: NodeID?
        func flushHidden() {
            guard !hiddenRun.isEmpty else { return }
            var counts: [String: Int] = [:]
            for index in hiddenRun { counts[locates[index].via ?? "?", default: 0] += 1 }
            let vias = Dictionary(uniqueKeysWithValues: counts.map { ("via " + $0.key, $0.value) })
            let id = NodeID("more\(hiddenRun[0])")
            graph.add(canvas.node(id, ["+\(hiddenRun.count) more objects found (collapsed)", DiagramText.tally(vias)],
                                  tone: .summary, shape: .folder))
            chainRow(id)
            hiddenRun = []
        }
        /// Keeps rows in trace order from top to bottom: an invisible edge from each row head to the next.
        func chainRow(_ head: NodeID) {
            if let previous = previousRowHead {
                graph.connect(previous, to: head, [.style([.invisible]), .constraint(false)])
            }
            previousRowHead = head
        }
        for (index, locate) in locates.enumerated() {
            guard visible[index] else {
                hiddenRun.append(index)
                continue
            }
            flushHidden()
            let objectID = NodeID("o\(index)")
            var lines = [DiagramText.short(locate.path?.last ?? "(no path)")]
            if let className = locate.className { lines.append(DiagramText.short(className)) }
            if let ancestry = DiagramText.ancestry(locate.path ?? []) { lines.append(ancestry) }
            if let duration = traceSteps.durationText(locate) { lines.append(duration) }
            graph.add(canvas.node(objectID, lines, tone: .process))
            chainRow(objectID)
            var previous = objectID
            for (position, step) in searches[index].enumerated() {
                let id = NodeID("o\(index)s\(position)")
                let (text, tone) = describe(step)
                graph.add(canvas.node(id, text, tone: tone))
                graph.connect(previous, to: id)
                previous = id
            }
        }
        flushHidden()
        graph.add(canvas.legend([
            (.process, .box, "object looked for at relaunch"),
            (.notAsked, .box, "step skipped: no restoration class"),
            (.declined, .box, "asked, returned nothing"),
            (.restored, .box, "answered: object found"),
            (.notFound, .box, "NOT FOUND: no step produced it"),
            (.classMismatch, .box, "CLASS MISMATCH: found another class"),
            (.unfinished, .box, "UNFINISHED: the process stopped"),
            (.summary, .folder, "collapsed objects (over --max-nodes)"),
        ], notes: [
            "Search order: restoration class → app delegate → existing object → storyboard.",
            "With a restoration class, only it is asked (rule 13).",
        ]))
        return graph
    }

    static func isProblem(_ search: [SearchStep]) -> Bool {
        guard let last = search.last else { return true }
        if case .answered(let result, _) = last.outcome { return result != LocateResult.found.rawValue }
        return true
    }

    static func describe(_ step: SearchStep) -> (lines: [String], tone: Tone) {
        let name: String
        switch step.step {
        case .restorationClass: name = "restoration class"
        case .appDelegate: name = "app delegate"
        case .existing: name = "existing object"
        case .storyboard: name = "storyboard"
        case .none: name = "NOT FOUND"
        }
        switch step.outcome {
        case .notSet: return ([name, "not set: skipped"], .notAsked)
        case .declined:
            let why = step.step == .existing ? "none with this path" : (step.step == .storyboard ? "no storyboard information" : "returned nil")
            return ([name, why], .declined)
        case .interrupted: return ([name + "?", "the process stopped during the search"], .unfinished)
        case .answered(let result, let foundClass):
            if result == LocateResult.classMismatch.rawValue {
                return ([name, "found " + DiagramText.short(foundClass ?? "another class"), "not decoded"], .classMismatch)
            }
            if step.step == .none { return ([name, "no step produced it"], .notFound) }
            if result == LocateResult.nil.rawValue {
                return ([name, "returned nil"], .notFound)
            }
            return ([name, "✓ found"], .restored)
        }
    }
}
