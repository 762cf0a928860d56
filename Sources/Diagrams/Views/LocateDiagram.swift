// The `locate` view: for each object the relaunch looked for, the steps of the search in
// UIKit's order (restoration class → app delegate → existing object → storyboard) and which
// one answered. A trace records only the answering step (`via`); the steps before it were
// asked and declined, except that an object with a restoration class is asked only of it (rule 13).

import Graphviz
import TraceAnalysis
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
        let sources = ObjectSources(table: table)
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
        // The hierarchy is read only when part of it is drawn.
        let selection = options.focus.drawsEverything ? nil : FocusSelection.choosing(options.focus, hierarchy: TraceHierarchy(table: table))
        let locates = traceSteps.indices.filter { step in
            let row = traceSteps.first(step)
            guard table.rows[row].kind == locate && table.rows[row].phase != .end else { return false }
            guard let selection else { return true }
            return traceSteps.object(step).map(selection.shows(object:)) ?? false
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
        var graph = canvas.graph(id: "locate", title: (selection?.title("Relaunch search per object\(name)") ?? "Relaunch search per object\(name)"), rankDirection: .leftToRight)
        graph.attributes.set(.rankSeparation(0.3))
        graph.attributes.set(.nodeSeparation(0.15))
        if locates.isEmpty {
            graph.add(canvas.node("nothing", ["no locate records: nothing was restored in this trace"], tone: .notAsked)
                .anchored("nothing", DiagramFacts("no locate records: nothing was restored in this trace")))
        }
        var hiddenRun: [Int] = []
        var previousRowHead: NodeID?
        /// Each drawn row's nodes, for the page's shape.
        var drawnRows: [[Node]] = []
        func flushHidden() {
            guard !hiddenRun.isEmpty else { return }
            var found: [String: Int] = [:]
            var problems: [String: Int] = [:]
            for index in hiddenRun {
                if let last = searches[index].last, isProblem(searches[index]) {
                    problems[problemName(last), default: 0] += 1
                } else {
                    found["via " + (traceSteps.via(locates[index]) ?? TraceStatistics.unspecified), default: 0] += 1
                }
            }
            let id = NodeID("more\(hiddenRun[0])")
            var lines = ["+\(DiagramText.count(hiddenRun.count)) more objects looked for (collapsed)"]
            if !problems.isEmpty { lines.append("problems: " + DiagramText.tally(problems)) }
            if !found.isEmpty { lines.append("found " + DiagramText.tally(found)) }
            let node = canvas.node(id, lines, tone: .summary, shape: .folder)
                .anchored("collapsed-\(hiddenRun[0])", summaryFacts(lines, paths: hiddenRun.prefix(20).map { traceSteps.path(locates[$0]) },
                                                                    hiddenCount: hiddenRun.count))
            graph.add(node)
            drawnRows.append([node])
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
            let anchor = path.map(DiagramAnchor.object) ?? "locate-\(index)"
            let row = traceSteps.first(locate)
            var drawnRow = [canvas.node(objectID, lines, tone: .process)
                .anchored(anchor, objectFacts(traceSteps, locate, source: sources.source(ofRow: row, orPath: table.rows[row].path)))]
            graph.add(drawnRow[0])
            chainRow(objectID)
            var previous = objectID
            for (position, step) in searches[index].enumerated() {
                let id = NodeID("o\(index)s\(position)")
                let (text, tone) = describe(step)
                drawnRow.append(canvas.node(id, text, tone: tone)
                    .anchored(anchor + "~" + step.step.rawValue, stepFacts(step, lines: text, path: path, position: position)))
                graph.add(drawnRow[drawnRow.count - 1])
                graph.connect(previous, to: id)
                previous = id
            }
            drawnRows.append(drawnRow)
        }
        flushHidden()
        wrapIntoColumns(drawnRows, graph: &graph)
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
        canvas.finish(&graph, edgeMeaning: LocateDiagram.meaning)
        return graph
    }

    /// Rows stacked in one column make a page many times taller than wide: past the shape's
    /// limit they are laid out in columns side by side, each starting where the longest row of
    /// the one before ends, in trace order top to bottom and then left to right.
    static func wrapIntoColumns(_ rows: [[Node]], graph: inout Graph) {
        guard rows.count > 1 else { return }
        let sizes = rows.map { $0.map(DrawingShape.size(of:)) }
        let heights = sizes.map { row in row.reduce(0) { max($0, $1.height) } + 10.8 }
        func page(_ starts: [Int]) -> (width: Double, height: Double) {
            var width = 0.0
            var height = 0.0
            for (column, start) in starts.enumerated() {
                let end = column + 1 < starts.count ? starts[column + 1] : rows.count
                var positions: [Double] = []
                for row in start..<end {
                    for (position, size) in sizes[row].enumerated() {
                        if position < positions.count { positions[position] = max(positions[position], size.width) } else { positions.append(size.width) }
                    }
                }
                width += positions.reduce(0, +) + Double(max(positions.count - 1, 0)) * 21.6 + 21.6
                height = max(height, heights[start..<end].reduce(0, +))
            }
            return (width, height)
        }
        let natural = page([0])
        guard DrawingShape.isOutOfShape(width: natural.width, height: natural.height), natural.height > natural.width else { return }
        var best = [0]
        var bestDistance = DrawingShape.distance(width: natural.width, height: natural.height)
        for columns in 2...min(rows.count, 40) {
            let starts = DrawingShape.columnStarts(heights, columns: columns)
            let size = page(starts)
            let distance = DrawingShape.distance(width: size.width, height: size.height)
            if distance < bestDistance {
                best = starts
                bestDistance = distance
            }
        }
        guard best.count > 1 else { return }
        for (column, start) in best.enumerated() {
            let end = column + 1 < best.count ? best[column + 1] : rows.count
            // The column's heads share a rank (one x), chained to keep their order top to bottom.
            var heads = Subgraph(SubgraphID("column\(column)", isCluster: false), attributes: [.rank(.same)])
            for row in start + 1 ..< end {
                heads.connect(rows[row - 1][0].id, to: rows[row][0].id, [.style([.invisible])])
            }
            graph.add(heads)
            if column > 0 {
                let previous = best[column - 1]
                let longest = rows[previous..<start].reduce(0) { max($0, $1.count) }
                graph.connect(rows[previous][0].id, to: rows[start][0].id, [.style([.invisible]), .minimumLength(longest)])
            }
        }
    }

    /// What a failed search's last step counts as in a summary.
    static func problemName(_ step: SearchStep) -> String {
        switch step.outcome {
        case .interrupted: return "unfinished"
        case .answered(let result, _) where result == LocateResult.classMismatch.rawValue: return "class mismatch"
        default: return "not found"
        }
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
