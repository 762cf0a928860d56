// The DOT attributes this module can write, as typed values: there is no free-form attribute,
// so no URL, href or image can ever carry user text into the output (a tooltip carries plain
// text only, escaped for Graphviz and capped: see Tooltip; ids and classes are made of a few
// ASCII characters: see ElementIdentity).

/// One attribute of a graph, cluster, node or edge.
public enum Attribute: Sendable, Hashable {
    // Any element
    case label(Label)
    case color(Color)
    case fillColor(Color)
    case fontColor(Color)
    case fontName(FontName)
    /// Points.
    case fontSize(Double)
    case penWidth(Double)
    case style([Style])
    // Nodes
    case shape(NodeShape)
    /// Inches (a minimum unless the node is fixed-size).
    case width(Double)
    /// Inches.
    case height(Double)
    /// Inches around the label.
    case margin(Double)
    case peripheries(Int)
    /// SVG only: text shown when the pointer rests on the node or edge.
    case tooltip(Tooltip)
    /// SVG only: the element's `id`, for links (`diagram.svg#id`) and scripts.
    case elementID(ElementID)
    /// SVG only: names added to the element's `class`, for style sheets and scripts.
    case styleClasses(StyleClasses)
    // Edges
    case arrowHead(ArrowShape)
    case arrowTail(ArrowShape)
    case direction(EdgeDirection)
    /// false: the edge does not pull its ends onto different ranks.
    case constraint(Bool)
    case minimumLength(Int)
    case weight(Int)
    /// Clip the edge at this cluster's border (the graph needs ``compound(_:)``).
    case headCluster(SubgraphID)
    case tailCluster(SubgraphID)
    // Graphs, clusters and subgraphs
    case rankDirection(RankDirection)
    /// Inches.
    case nodeSeparation(Double)
    /// Inches.
    case rankSeparation(Double)
    case splines(SplineStyle)
    case backgroundColor(Color)
    case labelLocation(LabelLocation)
    case labelAlignment(LabelAlignment)
    case newRank(Bool)
    case compound(Bool)
    case ordering(EdgeOrdering)
    /// Inches of empty space around the drawing.
    case pad(Double)
    case rank(RankConstraint)
    /// Caps the network-simplex iterations of ranking and positioning (`nslimit`, `nslimit1`):
    /// a speed/quality trade-off for big graphs.
    case networkSimplexLimit(Double)
    /// Scales the crossing-minimisation effort (`mclimit`).
    case crossingMinimizationLimit(Double)

    /// The DOT attribute name.
    public var name: String {
        switch self {
        case .label: return "label"
        case .color: return "color"
        case .fillColor: return "fillcolor"
        case .fontColor: return "fontcolor"
        case .fontName: return "fontname"
        case .fontSize: return "fontsize"
        case .penWidth: return "penwidth"
        case .style: return "style"
        case .shape: return "shape"
        case .width: return "width"
        case .height: return "height"
        case .margin: return "margin"
        case .peripheries: return "peripheries"
        case .arrowHead: return "arrowhead"
        case .arrowTail: return "arrowtail"
        case .direction: return "dir"
        case .constraint: return "constraint"
        case .minimumLength: return "minlen"
        case .weight: return "weight"
        case .headCluster: return "lhead"
        case .tailCluster: return "ltail"
        case .rankDirection: return "rankdir"
        case .nodeSeparation: return "nodesep"
        case .rankSeparation: return "ranksep"
        case .splines: return "splines"
        case .backgroundColor: return "bgcolor"
        case .labelLocation: return "labelloc"
        case .labelAlignment: return "labeljust"
        case .newRank: return "newrank"
        case .compound: return "compound"
        case .ordering: return "ordering"
        case .pad: return "pad"
        case .rank: return "rank"
        case .networkSimplexLimit: return "nslimit"
        case .crossingMinimizationLimit: return "mclimit"
        case .tooltip: return "tooltip"
        case .elementID: return "id"
        case .styleClasses: return "class"
        }
    }

    /// How many cases there are: ``caseIndex`` is below it.
    static let caseCount = 38

    /// The case's position among the cases, 0 ..< ``caseCount``.
    var caseIndex: Int {
        switch self {
        case .label: return 0
        case .color: return 1
        case .fillColor: return 2
        case .fontColor: return 3
        case .fontName: return 4
        case .fontSize: return 5
        case .penWidth: return 6
        case .style: return 7
        case .shape: return 8
        case .width: return 9
        case .height: return 10
        case .margin: return 11
        case .peripheries: return 12
        case .arrowHead: return 13
        case .arrowTail: return 14
        case .direction: return 15
        case .constraint: return 16
        case .minimumLength: return 17
        case .weight: return 18
        case .headCluster: return 19
        case .tailCluster: return 20
        case .rankDirection: return 21
        case .nodeSeparation: return 22
        case .rankSeparation: return 23
        case .splines: return 24
        case .backgroundColor: return 25
        case .labelLocation: return 26
        case .labelAlignment: return 27
        case .newRank: return 28
        case .compound: return 29
        case .ordering: return 30
        case .pad: return 31
        case .rank: return 32
        case .networkSimplexLimit: return 33
        case .crossingMinimizationLimit: return 34
        case .tooltip: return 35
        case .elementID: return 36
        case .styleClasses: return 37
        }
    }

    /// The value as DOT text (quoted where DOT needs it).
    var dotValue: String {
        switch self {
        case .label(let label): return label.dotValue
        case .color(let color), .fillColor(let color), .fontColor(let color), .backgroundColor(let color):
            return color.dotValue
        case .fontName(let font): return "\"" + font.name + "\""
        case .fontSize(let number), .penWidth(let number), .width(let number), .height(let number),
            .margin(let number), .nodeSeparation(let number), .rankSeparation(let number), .pad(let number),
            .networkSimplexLimit(let number), .crossingMinimizationLimit(let number):
            return DOTNumber.text(number)
        case .style(let styles):
            return "\"" + styles.map { $0.rawValue }.joined(separator: ",") + "\""
        case .shape(let shape): return shape.rawValue
        case .peripheries(let count), .minimumLength(let count), .weight(let count):
            return String(max(0, count))
        case .arrowHead(let arrow), .arrowTail(let arrow): return arrow.rawValue
        case .direction(let direction): return direction.rawValue
        case .constraint(let flag), .newRank(let flag), .compound(let flag): return flag ? "true" : "false"
        case .headCluster(let id), .tailCluster(let id): return DOTQuoting.quoted(id.dotName)
        case .rankDirection(let direction): return direction.rawValue
        case .splines(let splines): return "\"" + splines.rawValue + "\""
        case .labelLocation(let location): return location.rawValue
        case .labelAlignment(let alignment): return alignment.rawValue
        case .ordering(let ordering): return ordering.rawValue
        case .rank(let rank): return rank.rawValue
        case .tooltip(let tooltip): return tooltip.dotValue
        case .elementID(let id): return id.dotValue
        case .styleClasses(let classes): return classes.dotValue
        }
    }
}

/// A set of attributes, at most one per name; the last one set wins. Written sorted by name, so
/// the DOT text does not depend on the order they were set in.
public struct AttributeList: Sendable, Hashable, ExpressibleByArrayLiteral {
    /// Sorted by name, one per name. A list holds a handful of attributes and a diagram thousands
    /// of lists: a sorted array is set without hashing and is already in the order DOT is written in.
    private var attributes: [Attribute] = []

    public init(_ attributes: [Attribute] = []) {
        for attribute in attributes { set(attribute) }
    }

    public init(arrayLiteral elements: Attribute...) { self.init(elements) }

    /// Sets `attribute`, replacing any attribute of the same name.
    public mutating func set(_ attribute: Attribute) {
        let name = attribute.name
        guard let index = attributes.firstIndex(where: { $0.name >= name }) else {
            attributes.append(attribute)
            return
        }
        if attributes[index].name == name {
            attributes[index] = attribute
        } else {
            attributes.insert(attribute, at: index)
        }
    }

    /// Removes the attribute named `name`.
    public mutating func remove(named name: String) { attributes.removeAll { $0.name == name } }

    /// The attribute named `name` (a DOT name such as `"fillcolor"`).
    public subscript(name: String) -> Attribute? { attributes.first { $0.name == name } }

    /// The attributes, sorted by name.
    public var sorted: [Attribute] { attributes }

    public var isEmpty: Bool { attributes.isEmpty }

    /// `[a=1, b=2]` (empty text when there is nothing to write).
    var dotText: String {
        var out = ""
        appendDOT(to: &out)
        return out
    }

    /// Appends ``dotText``.
    func appendDOT(to out: inout String) {
        if attributes.isEmpty { return }
        out.append("[")
        for (position, attribute) in attributes.enumerated() {
            if position > 0 { out.append(", ") }
            out.append(attribute.name)
            out.append("=")
            switch attribute {
            case .label(let label): label.appendDOT(to: &out)
            case .color(let color), .fillColor(let color), .fontColor(let color), .backgroundColor(let color):
                color.appendDOT(to: &out)
            default: out.append(attribute.dotValue)
            }
        }
        out.append("]")
    }
}
