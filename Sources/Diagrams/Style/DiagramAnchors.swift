// How a node is found and explained: its SVG id, derived from the restoration path (`o-` and
// the path, each component percent-encoded, joined by `/`; a step node adds `~` and its kind),
// and its tooltip, the facts the trace holds about it, one `name: value` per line.

import Graphviz

enum DiagramAnchor {
    /// `o-Tabs/CountryNav`: the node of the object at `path`.
    static func object(_ path: [String]) -> String {
        "o-" + path.map(ElementID.encodedComponent).joined(separator: "/")
    }

    /// `o-Tabs/CountryNav~decode`: the node of one step of the object at `path`.
    static func step(_ path: [String], _ kind: String) -> String {
        object(path) + "~" + ElementID.encodedComponent(kind)
    }
}

/// The lines of a tooltip. Text from a trace or scenario is made visible as on the nodes
/// (control and bidirectional-override characters written as escapes), so a tooltip line
/// cannot be split or reordered by what an identifier holds.
struct DiagramFacts {
    private(set) var lines: [String] = []

    init(_ first: String? = nil) {
        if let first { lines.append(DiagramText.visible(first)) }
    }

    /// Facts of several lines at once: each made visible on its own, so the breaks between them
    /// stay line breaks (`visible` would write a line break inside one line as an escape).
    init(lines: [String]) {
        self.lines = lines.map(DiagramText.visible)
    }

    /// Adds `name: value` when there is a value.
    mutating func add(_ name: String, _ value: String?) {
        guard let value else { return }
        lines.append(name + ": " + DiagramText.visible(value))
    }

    /// Adds a line as it is (made visible).
    mutating func add(_ line: String) { lines.append(DiagramText.visible(line)) }

    var tooltip: Tooltip { Tooltip(lines.joined(separator: "\n")) }

    /// A path as the tooltip shows it: whole, `/` between components.
    static func path(_ path: [String]) -> String { path.isEmpty ? "(empty path)" : path.joined(separator: "/") }
}

extension Node {
    /// The node with its id (made unique in the drawing when it is finished) and tooltip.
    func anchored(_ id: String, _ facts: DiagramFacts) -> Node {
        var node = self
        node.attributes.set(.elementID(ElementID(id)))
        node.attributes.set(.tooltip(facts.tooltip))
        return node
    }
}
