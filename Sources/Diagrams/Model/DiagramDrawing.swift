// A view's graph together with what each of its nodes stands for: the object (path, class) a
// drawn node belongs to, keyed by the node's DOT name, which Graphviz writes as the `<title>` of
// the node's group in SVG. A page that embeds the drawing finds an object's nodes through it,
// whatever `id`s the SVG carries.

import Graphviz
import TraceAnalysis
import TraceFormat

/// The object a drawn node belongs to.
public struct DrawnSubject: Sendable, Hashable {
    /// Its restoration path; nil for an object excluded without one.
    public var path: [String]?
    /// Its own identifier when it has no path.
    public var identifier: String?
    public var className: String?
    /// For an object without a path: the path it hangs below, when the trace says.
    public var parent: [String]?

    public init(path: [String]?, identifier: String? = nil, className: String?, parent: [String]? = nil) {
        self.path = path
        self.identifier = identifier
        self.className = className
        self.parent = parent
    }
}

/// A view of a trace drawn as a graph, and the object behind each of its nodes.
public struct DiagramDrawing: Sendable {
    public var view: DiagramView
    public var graph: Graph
    /// The object each node stands for, by DOT node name. Nodes of no one object (app-level
    /// steps, collapsed summaries, the legend) are absent.
    public var subjects: [String: DrawnSubject]
}

extension DiagramTrace {
    /// The graph of `view` and the object behind each node.
    public func drawing(view: DiagramView, options: DiagramOptions = DiagramOptions()) -> DiagramDrawing {
        switch view {
        case .flow:
            let graph = FlowDiagram.graph(table: table, options: options)
            return DiagramDrawing(view: view, graph: graph, subjects: FlowSubjects.subjects(of: graph, table: table))
        case .hierarchy:
            let (graph, subjects) = HierarchyDiagram.drawing(table: table, options: options)
            return DiagramDrawing(view: view, graph: graph, subjects: subjects)
        case .locate:
            let graph = LocateDiagram.graph(table: table, options: options)
            return DiagramDrawing(view: view, graph: graph, subjects: LocateSubjects.subjects(of: graph, table: table))
        case .scene:
            // Lanes of sessions: no node stands for one object of the view-controller tree.
            return DiagramDrawing(view: view, graph: SceneDiagram.graph(table: table, options: options), subjects: [:])
        }
    }
}

/// The flow view names a step's node `s` and the step's number in ``TraceSteps``; a step in an
/// object's row stands for that object, and an exclusion without a path for the object it names.
enum FlowSubjects {
    static func subjects(of graph: Graph, table: TraceTable) -> [String: DrawnSubject] {
        let steps = TraceSteps(table: table)
        var subjects: [String: DrawnSubject] = [:]
        for name in DrawnNodeNames.all(in: graph) {
            guard name.hasPrefix("s"), let step = Int(name.dropFirst()), steps.indices.contains(step) else { continue }
            let kind = steps.kind(step)
            if let path = steps.path(step), !path.isEmpty, !FlowDiagram.spineKinds.contains(kind) {
                subjects[name] = DrawnSubject(path: path, className: steps.className(step))
            } else if kind == .exclude {
                subjects[name] = DrawnSubject(path: steps.path(step), identifier: steps.identifier(step),
                                              className: steps.className(step), parent: steps.attributeStrings(step, "parent"))
            }
        }
        return subjects
    }
}

/// The locate view names an object's row `o` and the number of its `locate` among the trace's
/// (begins and instants, in order), and the row's search steps `o<N>s<M>`: all stand for it.
enum LocateSubjects {
    static func subjects(of graph: Graph, table: TraceTable) -> [String: DrawnSubject] {
        let steps = TraceSteps(table: table)
        let locate = table.number(ofKind: .locate)
        let locates = steps.indices.filter { step in
            let row = steps.first(step)
            return table.rows[row].kind == locate && table.rows[row].phase != .end
        }
        var subjects: [String: DrawnSubject] = [:]
        for name in DrawnNodeNames.all(in: graph) {
            guard name.hasPrefix("o") else { continue }
            let digits = name.dropFirst().prefix { $0.isASCII && $0.isNumber }
            guard let index = Int(digits), locates.indices.contains(index) else { continue }
            let rest = name.dropFirst(1 + digits.count)
            guard rest.isEmpty || (rest.hasPrefix("s") && Int(rest.dropFirst()) != nil) else { continue }
            let step = locates[index]
            subjects[name] = DrawnSubject(path: steps.path(step), className: steps.className(step))
        }
        return subjects
    }
}

/// Every node name of a graph, its subgraphs' included.
enum DrawnNodeNames {
    static func all(in body: some GraphBody) -> [String] {
        var names: [String] = []
        func visit(_ body: some GraphBody) {
            for statement in body.statements {
                switch statement {
                case .node(let node): names.append(node.id.rawValue)
                case .edge: break
                case .subgraph(let subgraph): visit(subgraph)
                }
            }
        }
        visit(body)
        return names
    }
}
