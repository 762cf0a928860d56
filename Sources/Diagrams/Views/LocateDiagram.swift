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
        graph(table: DiagramTrace.table(header: header, records: records), options: options)
    }

    /// The locate graph of a trace's table.
    static func graph(table: TraceTable, options: DiagramOptions) -> Graph {
        let canvas = DiagramCanvas(options: options)
        let traceSteps = TraceSteps(table: table)
        let header = table.header
        // Paths by number: the table numbers equal paths alike.
        var classDeclined = Set<Int32>()
        let exclude = table.number(ofKind: .exclude)
        let locate = table.number(ofKind: .locate)
        for step in traceSteps.indices where table.rows[traceSteps.first(step)].kind == exclude
            && traceSteps.reason(step) == ExclusionReason.restorationClassReturnedNil.rawValue
        {
            let path = table.rows[traceSteps.first(step)].path
            if path >= 0 { classDeclined.insert(path) }
        }
        let emptyPath = table.number(ofPath: [])
        let locates = traceSteps.indices.filter { step in
            let row = traceSteps.first(step)
            return table.rows[row].kind == locate && table.rows[row].phase != .end
        }
        let searches = locates.map { step in
            let path = table.rows[traceSteps.first(step)].path
            // A locate without a path counts as the empty path, as an exclusion with an empty one.
            let declined = !classDeclined.isEmpty && (path >= 0 ? classDeclined.contains(path)
                                                                 : emptyPath.map(classDeclined.contains) ?? false)
            return searchSteps(via: traceSteps.via(step), result: traceSteps.result(step),
                               foundClass: traceSteps.foundClass(step), unfinished: traceSteps.isUnfinished(step),
                               restorationClassDeclined: declined)
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
            for index in hiddenRun { counts[traceSteps.via(locates[index]) ?? "?", default: 0] += 1 }
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
            let path = traceSteps.path(locate)
            var lines = [DiagramText.short(path?.last ?? "(no path)")]
            if let className = traceSteps.className(locate) { lines.append(DiagramText.short(className)) }
            if let ancestry = DiagramText.ancestry(path ?? []) { lines.append(ancestry) }
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
        ], rankDirection: .leftToRight))
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
        case .objectRestorationClass: name = "object restoration class"
        case .registered: name = "registered at launch"
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
