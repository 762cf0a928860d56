// The graph model: a graph holds nodes, edges and subgraphs (clusters or rank groups) in the
// order they were added, which is the order they are written in and hence laid out in.

/// A node's identity in DOT. Always written quoted and escaped, so any text is safe; give nodes
/// synthetic identifiers (`n12`) and put what people read in the label.
public struct NodeID: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
}

/// A subgraph's identity. Clusters are written as `cluster_<id>` so Graphviz draws them as boxes.
public struct SubgraphID: Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String
    public let isCluster: Bool
    public init(_ rawValue: String, isCluster: Bool = true) {
        self.rawValue = rawValue
        self.isCluster = isCluster
    }
    /// The name written in DOT.
    public var dotName: String { isCluster ? "cluster_" + rawValue : rawValue }
    public var description: String { dotName }
}

/// A node. It always has an explicit label, so Graphviz never draws its identifier (`\N`).
public struct Node: Sendable, Hashable {
    public var id: NodeID
    public var attributes: AttributeList

    public init(_ id: NodeID, label: Label, attributes: [Attribute] = []) {
        self.id = id
        self.attributes = AttributeList(attributes)
        self.attributes.set(.label(label))
    }

    public var label: Label {
        if case .label(let label)? = attributes["label"] { return label }
        return .empty
    }
}

/// A directed edge between two nodes.
public struct Edge: Sendable, Hashable {
    public var from: NodeID
    public var to: NodeID
    public var attributes: AttributeList

    public init(from: NodeID, to: NodeID, attributes: [Attribute] = []) {
        self.from = from
        self.to = to
        self.attributes = AttributeList(attributes)
    }
}

/// One statement of a graph body, in the order added.
public enum GraphStatement: Sendable, Hashable {
    case node(Node)
    case edge(Edge)
    case subgraph(Subgraph)
}

/// What graphs and subgraphs share: attributes, defaults, and an ordered body.
public protocol GraphBody {
    var attributes: AttributeList { get set }
    var nodeDefaults: AttributeList { get set }
    var edgeDefaults: AttributeList { get set }
    var statements: [GraphStatement] { get set }
}

extension GraphBody {
    public mutating func add(_ node: Node) { statements.append(.node(node)) }
    public mutating func add(_ edge: Edge) { statements.append(.edge(edge)) }
    public mutating func add(_ subgraph: Subgraph) { statements.append(.subgraph(subgraph)) }

    /// Adds an edge from `from` to `to`.
    public mutating func connect(_ from: NodeID, to: NodeID, _ attributes: [Attribute] = []) {
        add(Edge(from: from, to: to, attributes: attributes))
    }

    /// The nodes directly in this body (not in its subgraphs).
    public var nodes: [Node] { statements.compactMap { if case .node(let node) = $0 { return node } else { return nil } } }
    /// The edges directly in this body.
    public var edges: [Edge] { statements.compactMap { if case .edge(let edge) = $0 { return edge } else { return nil } } }
    /// The subgraphs directly in this body.
    public var subgraphs: [Subgraph] {
        statements.compactMap { if case .subgraph(let subgraph) = $0 { return subgraph } else { return nil } }
    }

    /// How many nodes this body and its subgraphs hold.
    public var totalNodeCount: Int {
        statements.reduce(0) { count, statement in
            switch statement {
            case .node: return count + 1
            case .edge: return count
            case .subgraph(let subgraph): return count + subgraph.totalNodeCount
            }
        }
    }

    /// How many statements this body and its subgraphs hold (sizes the DOT text buffer).
    var totalStatementCount: Int {
        statements.reduce(0) { count, statement in
            if case .subgraph(let subgraph) = statement { return count + 1 + subgraph.totalStatementCount }
            return count + 1
        }
    }
}

/// A subgraph: a cluster (drawn as a labelled box) or a plain group (e.g. `rank=same`).
public struct Subgraph: Sendable, Hashable, GraphBody {
    public var id: SubgraphID
    public var attributes: AttributeList
    public var nodeDefaults: AttributeList
    public var edgeDefaults: AttributeList
    public var statements: [GraphStatement]

    public init(_ id: SubgraphID, attributes: [Attribute] = [], nodeDefaults: [Attribute] = [],
                edgeDefaults: [Attribute] = [], statements: [GraphStatement] = []) {
        self.id = id
        self.attributes = AttributeList(attributes)
        self.nodeDefaults = AttributeList(nodeDefaults)
        self.edgeDefaults = AttributeList(edgeDefaults)
        self.statements = statements
    }

    /// A cluster with a label (clusters without one would be unlabelled boxes).
    public static func cluster(_ id: String, label: Label, attributes: [Attribute] = []) -> Subgraph {
        Subgraph(SubgraphID(id), attributes: [.label(label)] + attributes)
    }
}

/// A directed graph, written as DOT by ``dotSource``.
public struct Graph: Sendable, Hashable, GraphBody {
    public var id: String
    public var attributes: AttributeList
    public var nodeDefaults: AttributeList
    public var edgeDefaults: AttributeList
    public var statements: [GraphStatement]
    /// SVG only: CSS written inside the drawing (DOT and other formats leave it out).
    public var svgStyleSheet: SVGStyleSheet?

    public init(id: String = "G", attributes: [Attribute] = [], nodeDefaults: [Attribute] = [],
                edgeDefaults: [Attribute] = [], statements: [GraphStatement] = []) {
        self.id = id
        self.attributes = AttributeList(attributes)
        self.nodeDefaults = AttributeList(nodeDefaults)
        self.edgeDefaults = AttributeList(edgeDefaults)
        self.statements = statements
    }

    /// The graph as DOT text: deterministic, every identifier quoted, every string escaped.
    public var dotSource: String { DOTWriter.write(self) }
}
