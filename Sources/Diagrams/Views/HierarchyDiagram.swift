// The `hierarchy` view: the object tree by restoration path. From a trace, each object is
// coloured by what became of it; from a scenario, drawn as described, with the objects the
// rules exclude statically marked and the reason given.

import Graphviz
import RestorationEngine
import TraceAnalysis
import TraceFormat

/// Draws the object tree of a trace or a scenario.
public enum HierarchyDiagram {
    /// The tree a trace shows, each object with its outcome and own time.
    public static func graph(header: TraceHeader, records: [TraceRecord], options: DiagramOptions = DiagramOptions())
        -> Graph
    {
        graph(table: DiagramTrace.table(header: header, records: records), options: options)
    }

    /// The tree of a trace's table.
    static func graph(table: TraceTable, options: DiagramOptions) -> Graph {
        drawing(table: table, options: options).graph
    }

    /// The tree of a trace's table, and the object each drawn node stands for.
    static func drawing(table: TraceTable, options: DiagramOptions) -> (graph: Graph, subjects: [String: DrawnSubject]) {
        let hierarchy = TraceHierarchy(table: table)
        // Verdicts are worked out only for the failed nodes drawn.
        var verdicts = VerdictReasoner(table: table)
        let durations = ObjectDurations(table: table)
        let formatter = DurationFormatter(clock: table.header.clock)
        let sources = ObjectSources(table: table)
        var tree = HierarchyTree()
        tree.items.reserveCapacity(hierarchy.nodes.count + hierarchy.unplacedExclusions.count)
        // Keyed by the parent's node index, so drawing each node costs no path hash.
        var pathless: [Int: [TraceHierarchy.UnplacedExclusion]] = [:]
        // Those whose parent is no object of the tree (a window's root, or a path nothing else
        // names), grouped by that parent in first-seen order: nesting never crosses parents.
        var unplaced: [[TraceHierarchy.UnplacedExclusion]] = []
        var unplacedGroup: [[String]?: Int] = [:]
        let selection = FocusSelection.choosing(options.focus, hierarchy: hierarchy)
        // Objects secure coding refused something of (rules 41, 42): drawn in their own tone, with their verdict.
        var secureCoding: [Int: RestorationVerdict] = [:]
        for object in secureCodingObjects(table) {
            if let verdict = verdicts.verdict(ofObject: object), verdict.cause == .secureCodingViolation { secureCoding[object] = verdict }
        }
        for exclusion in hierarchy.unplacedExclusions {
            if !selection.showsPathless(parent: exclusion.parentPath, depth: exclusion.depth) { continue }
            if let parent = exclusion.parentPath.flatMap(hierarchy.nodeIndex(path:)) {
                pathless[parent, default: []].append(exclusion)
            } else if let group = unplacedGroup[exclusion.parentPath] {
                unplaced[group].append(exclusion)
            } else {
                unplacedGroup[exclusion.parentPath] = unplaced.count
                unplaced.append([exclusion])
            }
        }
        /// The pathless exclusions below one parent, nested by their `depth` (see ``nested(_:)``);
        /// without recursion, however deep the nesting.
        // Described only if drawn, as trace nodes are: numbered after the nodes.
        var drawnExclusions: [TraceHierarchy.UnplacedExclusion] = []
        func addPathless(_ exclusions: [TraceHierarchy.UnplacedExclusion], parent: Int?) {
            let (roots, children) = nested(exclusions)
            var pending = roots.reversed().map { (index: $0, parent: parent) }
            while let (index, under) = pending.popLast() {
                let exclusion = exclusions[index]
                var item = HierarchyItem(traceNode: hierarchy.nodes.count + drawnExclusions.count, tone: .excluded,
                                         outcomeName: "excluded")
                item.subject = DrawnSubject(path: nil, identifier: exclusion.identifier, className: exclusion.className,
                                            parent: exclusion.parentPath)
                let added = tree.add(item, parent: under)
                drawnExclusions.append(exclusion)
                pending += children[index].reversed().map { ($0, added) }
            }
        }
        func add(_ index: Int, parent: Int?) {
            // Whatever the focus leaves out, it leaves out with everything below it.
            guard selection.shows(object: index) else { return }
            let node = hierarchy.nodes[index]
            var item = HierarchyItem(traceNode: index, tone: secureCoding[index] == nil ? tone(of: node) : .secureCoding,
                                     outcomeName: node.outcome.name)
            item.subject = DrawnSubject(path: node.path, className: node.className)
            item.children.reserveCapacity(node.children.count + (pathless[index]?.count ?? 0))
            let added = tree.add(item, parent: parent)
            for child in node.children { add(child, parent: added) }
            if let exclusions = pathless[index] { addPathless(exclusions, parent: added) }
        }
        for root in hierarchy.roots { add(root, parent: nil) }
        for group in unplaced { addPathless(group, parent: nil) }
        let name = table.header.scenario.map { " — \(DiagramText.short($0))" } ?? ""
        let explain = { (index: Int) -> (anchor: String, facts: DiagramFacts) in
            guard index < hierarchy.nodes.count else {
                let exclusion = drawnExclusions[index - hierarchy.nodes.count]
                let verdict = verdicts.separateIndex(ofRow: exclusion.row).map { verdicts.verdict(ofSeparate: $0) }
                return ("item-\(index)", pathlessFacts(exclusion, verdict: verdict?.summary, source: sources.source(ofRow: exclusion.row)))
            }
            let node = hierarchy.nodes[index]
            let verdict = node.outcome.isProblem || node.outcome == .preserved ? verdicts.verdict(ofObject: index) : nil
            return (DiagramAnchor.object(node.path),
                    objectFacts(node, duration: durations.duration(ofObject: index).map(formatter.string),
                                verdict: secureCoding[index]?.summary ?? verdict.flatMap { $0.isProblem ? $0.summary : nil },
                                source: sources.source(ofPath: table.objectPath[index])))
        }
        let graph = draw(tree, title: selection.title("Hierarchy by restoration path\(name)"), options: options, fromScenario: false,
                         explain: explain) { index in
            guard index < hierarchy.nodes.count else {
                let exclusion = drawnExclusions[index - hierarchy.nodes.count]
                let verdict = verdicts.separateIndex(ofRow: exclusion.row).map { verdicts.verdict(ofSeparate: $0) }
                return (exclusion.identifier.map { DiagramText.short($0) } ?? "(no identifier)",
                        [DiagramText.short(exclusion.className ?? "object")]
                            + (verdict.map { DiagramText.verdict($0.summary) }
                               ?? DiagramText.wrapped("reason: " + (exclusion.reason ?? "unspecified"))),
                        ObjectShape.forClass(exclusion.className))
            }
            let node = hierarchy.nodes[index]
            // A failed object, or one preserved and not restored (the archive discarded, a crash first).
            let verdict = node.outcome.isProblem || node.outcome == .preserved ? verdicts.verdict(ofObject: index) : nil
            let item = traceItem(node, duration: durations.duration(ofObject: index).map(formatter.string),
                                 verdict: secureCoding[index]?.summary ?? verdict.flatMap { $0.isProblem ? $0.summary : nil })
            return (item.title, item.lines, item.shape)
        }
        // Each item is drawn as `o` and its number in the tree.
        var subjects: [String: DrawnSubject] = [:]
        for name in DrawnNodeNames.all(in: graph) where name.hasPrefix("o") {
            if let index = Int(name.dropFirst()), tree.items.indices.contains(index), let subject = tree.items[index].subject {
                subjects[name] = subject
            }
        }
        return (graph, subjects)
    }

    /// How deep pathless exclusions nest below their parent at most; a deeper one is drawn right
    /// below the parent. Apps nest a few levels inside an object without an identifier; the cap
    /// keeps a hand-made chain of thousands from making a tree too deep to draw (paths themselves
    /// are capped at 1,000 components by the table).
    static let maximumPathlessNesting = 100

    /// Pathless exclusions below one parent, in trace order, as a forest. The engine writes an
    /// excluded subtree parent first, depth first, so the open ancestors form a stack: one with a
    /// `depth` of d > 1 hangs below the last one still open at depth d - 1 (one that no
    /// exclusion at depth d - 1 or less has followed); one whose parent cannot be found that way,
    /// or deeper than ``maximumPathlessNesting``, is a root. Returns the roots and each one's
    /// children, by index.
    static func nested(_ exclusions: [TraceHierarchy.UnplacedExclusion]) -> (roots: [Int], children: [[Int]]) {
        var children = Array(repeating: [Int](), count: exclusions.count)
        var roots: [Int] = []
        // The open ancestors, depths increasing.
        var open: [(index: Int, depth: Int)] = []
        for (index, exclusion) in exclusions.enumerated() {
            let depth = max(1, exclusion.depth ?? 1)
            while let last = open.last, last.depth >= depth { open.removeLast() }
            if depth > 1, depth <= maximumPathlessNesting, let last = open.last, last.depth == depth - 1 {
                children[last.index].append(index)
            } else {
                roots.append(index)
            }
            if depth <= maximumPathlessNesting { open.append((index, depth)) }
        }
        return (roots, children)
    }

    /// The objects whose encode or decode ended `secureCodingViolation`: none, at the cost of one
    /// lookup, in a trace without the word.
    static func secureCodingObjects(_ table: TraceTable) -> [Int] {
        guard let violation = table.number(ofString: "secureCodingViolation"), let slot = table.namedSlots.result else { return [] }
        let encode = table.number(ofKind: .encode)
        let decode = table.number(ofKind: .decode)
        var found: [Int] = []
        var seen = Set<Int>()
        for row in 0..<table.count where table.rows[row].phase == .end && (table.rows[row].kind == encode || table.rows[row].kind == decode) {
            guard let value = table.attribute(row, slot), value.tag == .string, value.payload == Int64(violation),
                  let object = table.object(ofRow: row), seen.insert(object).inserted else { continue }
            found.append(object)
        }
        return found
    }

    /// The tone a trace node is drawn in, from its outcome.
    static func tone(of node: TraceHierarchy.Node) -> Tone {
        switch node.outcome {
        case .restored, .restoredWithoutFinish: return .restored
        case .preserved: return .preserved
        case .excluded: return .excluded
        case .notFound: return .notFound
        case .classMismatch: return .classMismatch
        case .notDecoded: return .notDecoded
        case .unfinished: return .unfinished
        case .unknown: return .notAsked
        }
    }

    /// The tree a scenario describes, before any run: identifiers, kinds, and static exclusions.
    public static func graph(scenario: Scenario, options: DiagramOptions = DiagramOptions()) -> Graph {
        let tree = ScenarioHierarchy.tree(scenario)
        return draw(tree, title: "Hierarchy as described — \(DiagramText.short(scenario.name))", options: options,
                    fromScenario: true) { _ in preconditionFailure("a scenario's items describe themselves") }
    }

    /// The item of a trace node; `verdict` is the first line of its verdict when it failed, said
    /// instead of the outcome's short words.
    static func traceItem(_ node: TraceHierarchy.Node, duration: String?, verdict: String? = nil) -> HierarchyItem {
        var lines: [String] = []
        if let className = node.className { lines.append(DiagramText.short(className)) }
        let tone = tone(of: node)
        var outcome = node.outcome.name
        // Reasons and messages come wrapped, whole up to a few lines; everything else is one line.
        var wrapped: [String]?
        switch node.outcome {
        case .restored:
            if let via = node.locateVia { outcome += " via \(via)" }
        case .restoredWithoutFinish:
            // UIKit calls applicationFinishedRestoringState on view controllers and registered
            // objects only: a view without it is simply restored.
            if ObjectShape.forClass(node.className) == ObjectShape.view {
                outcome = "restored" + (node.locateVia.map { " via \($0)" } ?? "")
            } else {
                outcome = "restored (no finishedRestoring)"
            }
        case .preserved: break
        case .excluded(let reason):
            wrapped = DiagramText.wrapped("reason: " + reason)
        case .notFound:
            outcome = node.locateVia.map { "search ended at \($0)" } ?? "no step produced it"
        case .classMismatch(let found):
            outcome = "found " + DiagramText.short(found ?? "another class") + "; not decoded"
        case .notDecoded(let message):
            wrapped = DiagramText.wrapped(message ?? "decode failed")
        case .unfinished(let kind):
            outcome = "the process stopped in \(kind.rawValue)"
        case .unknown:
            outcome = "no record of its own"
        }
        if let verdict {
            lines += DiagramText.verdict(verdict)
        } else {
            lines += wrapped ?? [outcome]
        }
        if let duration { lines.append(duration) }
        return HierarchyItem(title: DiagramText.short(node.identifier), lines: lines,
                             shape: ObjectShape.forClass(node.className), tone: tone, outcomeName: node.outcome.name)
    }

    /// Draws the cut of `tree` that fits the node budget; `describe` gives the title, lines and
    /// shape of an item made for a trace node (``HierarchyItem/traceNode``), when it is drawn.
    static func draw(_ tree: HierarchyTree, title: String, options: DiagramOptions, fromScenario: Bool,
                     explain: (Int) -> (anchor: String, facts: DiagramFacts) = { _ in ("", DiagramFacts()) },
                     describe: (Int) -> (title: String, lines: [String], shape: NodeShape)) -> Graph {
        let canvas = DiagramCanvas(options: options)
        var graph = canvas.graph(id: "hierarchy", title: title)
        graph.attributes.set(.rankSeparation(0.45))
        // A trace's focus has already chosen its objects; a scenario's depth is the cut's.
        let depthCap = fromScenario ? options.focus.depth.map { max(1, $0) } : nil
        var drawing = HierarchyDrawing(tree: tree, cut: tree.cut(budget: options.maximumNodes, maximumDepth: depthCap),
                                       canvas: canvas, explain: explain, describe: describe)
        // A drawing far taller than wide (a long chain) is cut shallower until it is within shape.
        // Without a budget (--max-nodes 0) everything is drawn, whatever its shape.
        let reshapes = options.maximumNodes != DiagramOptions.unlimited
        if reshapes && drawing.isTooTall {
            var low = 1
            var high = drawing.depth - 1
            var best: HierarchyDrawing?
            while low <= high {
                let middle = (low + high) / 2
                let candidate = HierarchyDrawing(tree: tree, cut: tree.cut(budget: options.maximumNodes, maximumDepth: middle),
                                                 canvas: canvas, explain: explain, describe: describe)
                if candidate.isTooTall {
                    high = middle - 1
                } else {
                    best = candidate
                    low = middle + 1
                }
            }
            if let best { drawing = best }
        }
        let legend = legend(canvas, fromScenario: fromScenario)
        func finished(_ drawing: HierarchyDrawing) -> Graph {
            var body = graph
            drawing.add(to: &body, canvas: canvas)
            body.add(legend)
            canvas.finish(&body, edgeMeaning: HierarchyDiagram.meaning)
            return body
        }
        var body = finished(drawing)
        // The estimate cannot see every layout (a long chain with leaves at each level drifts
        // sideways level by level): a big drawing is laid out once to check, and cut shallower
        // until its page is within shape.
        if reshapes, drawing.drawn.count >= HierarchyDiagram.checkedAbove, let size = GraphvizRenderer.shared.layoutSize(body),
            DrawingShape.isBeyondLimit(width: size.width, height: size.height)
        {
            var cap = drawing.depth / 2
            while cap >= 1 {
                let candidate = HierarchyDrawing(tree: tree, cut: tree.cut(budget: options.maximumNodes, maximumDepth: cap),
                                                 canvas: canvas, explain: explain, describe: describe)
                let candidateBody = finished(candidate)
                if let size = GraphvizRenderer.shared.layoutSize(candidateBody),
                    !DrawingShape.isBeyondLimit(width: size.width, height: size.height)
                {
                    body = candidateBody
                    break
                }
                cap /= 2
            }
        }
        return body
    }

    /// Drawings of at least this many nodes have their page checked by a layout.
    static let checkedAbove = 150

    static func legend(_ canvas: DiagramCanvas, fromScenario: Bool) -> Subgraph {
        let kinds: [(tone: Tone, shape: NodeShape, text: String)] = [
            (.described, ObjectShape.viewController, "view controller"),
            (.described, ObjectShape.container, "container (navigation, tab bar, split, page, custom)"),
            (.described, ObjectShape.view, "view"),
            (.described, ObjectShape.registeredObject, "registered object"),
        ]
        let outcomes: [(tone: Tone, shape: NodeShape, text: String)]
        if fromScenario {
            outcomes = [
                (.described, .box, "would be preserved (as described)"),
                (.excluded, .box, "EXCLUDED by the rules, with reason"),
            ]
        } else {
            outcomes = [
                (.restored, .box, "restored (and how it was found)"),
                (.preserved, .box, "preserved, not restored in this trace"),
                (.excluded, .box, "EXCLUDED, with reason"),
                (.notFound, .box, "NOT FOUND at relaunch"),
                (.classMismatch, .box, "CLASS MISMATCH: used, not decoded"),
                (.notDecoded, .box, "NOT DECODED: decode failed"),
                (.unfinished, .box, "UNFINISHED: the process stopped in it"),
                (.notAsked, .box, "no record of its own (an ancestor in paths)"),
            ]
        }
        // Last, so the entries before keep their numbers (element ids) in every drawing.
        let secureCoding: [(tone: Tone, shape: NodeShape, text: String)] = fromScenario ? [] : [
            (.secureCoding, .box, "SECURE CODING refused its encode or a decoded value"),
        ]
        return canvas.legend(kinds + outcomes + [(.summary, .folder, "collapsed objects (over --max-nodes)")] + secureCoding,
                             matchingShape: kinds.count,
                             notes: ["Shape: what the object is. Colour, border and text: what became of it."]
                                + (fromScenario ? [] : ["A failed object says why in its verdict's first line (restoretrace explain says the rest)."]))
    }
}

/// Node shapes for kinds of object.
enum ObjectShape {
    static let viewController = NodeShape.box
    static let container = NodeShape.tab
    static let view = NodeShape.ellipse
    static let registeredObject = NodeShape.cylinder

    /// A trace names only classes, so the kind is read from UIKit naming: containers by their
    /// UIKit class names, `...Controller` as view controllers, `...View` as views.
    static func forClass(_ className: String?) -> NodeShape {
        guard let name = className else { return viewController }
        let containers = ["NavigationController", "TabBarController", "SplitViewController", "PageViewController"]
        if containers.contains(where: name.hasSuffix) { return container }
        if name.hasSuffix("Controller") { return viewController }
        if name.hasSuffix("View") || name.hasSuffix("Cell") { return view }
        return viewController
    }
}
