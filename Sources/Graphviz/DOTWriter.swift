// Writes a Graph as DOT text. Deterministic: statements in the order added, attributes sorted.

enum DOTWriter {
    static func write(_ graph: Graph) -> String {
        var out = "digraph " + DOTQuoting.quoted(graph.id) + " {\n"
        var nodeDefaults = graph.nodeDefaults
        // Nodes that appear only in an edge would otherwise be drawn with their identifier.
        if nodeDefaults["label"] == nil { nodeDefaults.set(.label(.empty)) }
        writeBody(attributes: graph.attributes, nodeDefaults: nodeDefaults, edgeDefaults: graph.edgeDefaults,
                  statements: graph.statements, indent: "  ", into: &out)
        out += "}\n"
        return out
    }

    private static func writeBody(
        attributes: AttributeList, nodeDefaults: AttributeList, edgeDefaults: AttributeList,
        statements: [GraphStatement], indent: String, into out: inout String
    ) {
        if !attributes.isEmpty { out += indent + "graph " + attributes.dotText + ";\n" }
        if !nodeDefaults.isEmpty { out += indent + "node " + nodeDefaults.dotText + ";\n" }
        if !edgeDefaults.isEmpty { out += indent + "edge " + edgeDefaults.dotText + ";\n" }
        for statement in statements {
            switch statement {
            case .node(let node):
                out += indent + DOTQuoting.quoted(node.id.rawValue)
                if !node.attributes.isEmpty { out += " " + node.attributes.dotText }
                out += ";\n"
            case .edge(let edge):
                out += indent + DOTQuoting.quoted(edge.from.rawValue) + " -> " + DOTQuoting.quoted(edge.to.rawValue)
                if !edge.attributes.isEmpty { out += " " + edge.attributes.dotText }
                out += ";\n"
            case .subgraph(let subgraph):
                out += indent + "subgraph " + DOTQuoting.quoted(subgraph.id.dotName) + " {\n"
                writeBody(attributes: subgraph.attributes, nodeDefaults: subgraph.nodeDefaults,
                          edgeDefaults: subgraph.edgeDefaults, statements: subgraph.statements,
                          indent: indent + "  ", into: &out)
                out += indent + "}\n"
            }
        }
    }
}
