// Writes a Graph as DOT text. Deterministic: statements in the order added, attributes sorted.

enum DOTWriter {
    static func write(_ graph: Graph) -> String {
        // One buffer, reserved for the whole text (about 300 bytes a statement), appended to in place.
        var out = ""
        out.reserveCapacity(4096 + 300 * graph.totalStatementCount)
        out.append("digraph ")
        DOTQuoting.appendQuoted(graph.id, to: &out)
        out.append(" {\n")
        var nodeDefaults = graph.nodeDefaults
        // Nodes that appear only in an edge would otherwise be drawn with their identifier.
        if nodeDefaults["label"] == nil { nodeDefaults.set(.label(.empty)) }
        writeBody(attributes: graph.attributes, nodeDefaults: nodeDefaults, edgeDefaults: graph.edgeDefaults,
                  statements: graph.statements, indent: "  ", into: &out)
        out.append("}\n")
        return out
    }

    private static func writeBody(
        attributes: AttributeList, nodeDefaults: AttributeList, edgeDefaults: AttributeList,
        statements: [GraphStatement], indent: String, into out: inout String
    ) {
        for (keyword, list) in [("graph ", attributes), ("node ", nodeDefaults), ("edge ", edgeDefaults)] where !list.isEmpty {
            out.append(indent)
            out.append(keyword)
            list.appendDOT(to: &out)
            out.append(";\n")
        }
        for statement in statements {
            out.append(indent)
            switch statement {
            case .node(let node):
                DOTQuoting.appendQuoted(node.id.rawValue, to: &out)
                if !node.attributes.isEmpty {
                    out.append(" ")
                    node.attributes.appendDOT(to: &out)
                }
                out.append(";\n")
            case .edge(let edge):
                DOTQuoting.appendQuoted(edge.from.rawValue, to: &out)
                out.append(" -> ")
                DOTQuoting.appendQuoted(edge.to.rawValue, to: &out)
                if !edge.attributes.isEmpty {
                    out.append(" ")
                    edge.attributes.appendDOT(to: &out)
                }
                out.append(";\n")
            case .subgraph(let subgraph):
                out.append("subgraph ")
                DOTQuoting.appendQuoted(subgraph.id.dotName, to: &out)
                out.append(" {\n")
                writeBody(attributes: subgraph.attributes, nodeDefaults: subgraph.nodeDefaults,
                          edgeDefaults: subgraph.edgeDefaults, statements: subgraph.statements,
                          indent: indent + "  ", into: &out)
                out.append(indent)
                out.append("}\n")
            }
        }
    }
}
