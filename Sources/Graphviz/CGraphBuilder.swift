// CGraphBuilder: a Graph straight into cgraph through its API. It makes the calls cgraph's DOT
// parser makes for the graph's DOT text (Graph.dotSource), in the same order and with the same
// strings, so the graph — and the drawing — is the one the text gives, without writing the text
// and parsing it again (for a diagram of a few hundred nodes that is most of the time before the
// layout). The parser's steps are those of cgraph's grammar.y: `startgraph`, `attrstmt`,
// `appendnode`/`endnode`, `endedge`, `opensubg`.

import CGraphviz
import CGraphvizSupport

enum CGraphBuilder {
    /// The graph in cgraph, or nil when cgraph cannot open one (out of memory). Call with the
    /// libgvc lock held.
    static func build(_ graph: Graph) -> UnsafeMutablePointer<Agraph_t>? {
        guard let root = lexed(quoted: DOTQuoting.quoted(graph.id)).withCString({ restoretrace_open_graph($0) }) else {
            return nil
        }
        var builder = CGraphBuilder.Body(root: root)
        var nodeDefaults = graph.nodeDefaults
        // As DOTWriter: nodes that appear only in an edge would otherwise be drawn with their name.
        if nodeDefaults["label"] == nil { nodeDefaults.set(.label(.empty)) }
        builder.add(into: root, attributes: graph.attributes, nodeDefaults: nodeDefaults, edgeDefaults: graph.edgeDefaults,
                    statements: graph.statements)
        return root
    }

    private struct Body {
        let root: UnsafeMutablePointer<Agraph_t>
        /// The symbol a node or edge attribute was bound to, by kind and attribute: once a name
        /// is declared (the first bind declares it globally when missing), every later lookup
        /// finds a symbol with the same id, and the id is all `agxset` uses on nodes and edges.
        /// Looking names up is most of what building costs otherwise (string compares along
        /// the subgraph's dictionary view path).
        var bound = [UnsafeMutablePointer<Agsym_t>?](repeating: nil, count: 3 * Attribute.caseCount)

        /// The statements of one body, as DOTWriter writes them: the graph, node and edge defaults
        /// (when set), then nodes, edges and subgraphs in order.
        mutating func add(into graph: UnsafeMutablePointer<Agraph_t>, attributes: AttributeList, nodeDefaults: AttributeList,
                          edgeDefaults: AttributeList, statements: [GraphStatement]) {
            if !attributes.isEmpty { defaults(attributes, kind: AGRAPH, in: graph) }
            if !nodeDefaults.isEmpty { defaults(nodeDefaults, kind: AGNODE, in: graph) }
            if !edgeDefaults.isEmpty { defaults(edgeDefaults, kind: AGEDGE, in: graph) }
            for statement in statements {
                switch statement {
                case .node(let node):
                    // appendnode, then endnode: bind the attributes, then set them.
                    guard let made = CGraphBuilder.node(node.id, in: graph) else { continue }
                    set(node.attributes, on: UnsafeMutableRawPointer(made), kind: AGNODE, in: graph)
                case .edge(let edge):
                    guard let tail = CGraphBuilder.node(edge.from, in: graph),
                        let head = CGraphBuilder.node(edge.to, in: graph)
                    else { continue }
                    let values = bindCached(edge.attributes, kind: AGEDGE, in: graph)
                    guard let made = agedge(graph, tail, agsubnode(graph, head, 0), nil, 1) else { continue }
                    for (symbol, value) in values {
                        _ = value.withCString { agxset(UnsafeMutableRawPointer(made), symbol, UnsafeMutablePointer(mutating: $0)) }
                    }
                case .subgraph(let subgraph):
                    let name = lexed(quoted: DOTQuoting.quoted(subgraph.id.dotName))
                    guard let made = name.withCString({ agsubg(graph, UnsafeMutablePointer(mutating: $0), 1) }) else { continue }
                    add(into: made, attributes: subgraph.attributes, nodeDefaults: subgraph.nodeDefaults,
                        edgeDefaults: subgraph.edgeDefaults, statements: subgraph.statements)
                }
            }
        }

        /// `graph|node|edge [name=value, ...]`: the parser's attrstmt.
        private func defaults(_ list: AttributeList, kind: Int32, in graph: UnsafeMutablePointer<Agraph_t>) {
            for (symbol, value) in bind(list, kind: kind, in: graph) {
                var declared = symbol
                if symbol.pointee.fixed == 0 || graph != root {
                    guard let set = value.withCString({
                        agattr(graph, kind, symbol.pointee.name, UnsafeMutablePointer(mutating: $0))
                    }) else { continue }
                    declared = set
                }
                if graph == root { declared.pointee.print = 1 }
            }
        }

        /// A node or edge statement's attributes: bound, then set on `object`.
        private mutating func set(_ list: AttributeList, on object: UnsafeMutableRawPointer, kind: Int32,
                                  in graph: UnsafeMutablePointer<Agraph_t>) {
            for (symbol, value) in bindCached(list, kind: kind, in: graph) {
                _ = value.withCString { agxset(object, symbol, UnsafeMutablePointer(mutating: $0)) }
            }
        }

        /// ``bind(_:kind:in:)`` for a node or edge statement, remembering each symbol (see ``bound``).
        private mutating func bindCached(_ list: AttributeList, kind: Int32, in graph: UnsafeMutablePointer<Agraph_t>)
            -> [(UnsafeMutablePointer<Agsym_t>, String)]
        {
            var result: [(UnsafeMutablePointer<Agsym_t>, String)] = []
            result.reserveCapacity(list.sorted.count)
            for attribute in list.sorted {
                let slot = Int(kind) * Attribute.caseCount + attribute.caseIndex
                if let symbol = bound[slot] {
                    result.append((symbol, CGraphBuilder.lexedValue(attribute)))
                } else if let symbol = CGraphBuilder.symbol(attribute.name, kind: kind, in: graph) {
                    bound[slot] = symbol
                    result.append((symbol, CGraphBuilder.lexedValue(attribute)))
                }
            }
            return result
        }

        /// The parser's bindattrs: each name's symbol in `graph`, declared with an empty default
        /// when missing; paired with the value as the lexer reads it.
        private func bind(_ list: AttributeList, kind: Int32, in graph: UnsafeMutablePointer<Agraph_t>)
            -> [(UnsafeMutablePointer<Agsym_t>, String)]
        {
            list.sorted.compactMap { attribute in
                CGraphBuilder.symbol(attribute.name, kind: kind, in: graph).map { ($0, CGraphBuilder.lexedValue(attribute)) }
            }
        }
    }

    /// The symbol of attribute `name` for `kind` in `graph`, declared with an empty default when
    /// there is none yet (the parser's bindattrs for one name).
    private static func symbol(_ name: String, kind: Int32, in graph: UnsafeMutablePointer<Agraph_t>)
        -> UnsafeMutablePointer<Agsym_t>?
    {
        name.withCString { name in
            agattr(graph, kind, UnsafeMutablePointer(mutating: name), nil)
                ?? "".withCString { empty in
                    agattr(graph, kind, UnsafeMutablePointer(mutating: name), UnsafeMutablePointer(mutating: empty))
                }
        }
    }

    /// `agnode(g, name, TRUE)` for a node statement or an edge end.
    private static func node(_ id: NodeID, in graph: UnsafeMutablePointer<Agraph_t>) -> UnsafeMutablePointer<Agnode_t>? {
        lexed(quoted: DOTQuoting.quoted(id.rawValue)).withCString { agnode(graph, UnsafeMutablePointer(mutating: $0), 1) }
    }

    /// An attribute's value as the parser hands it to cgraph: the DOT text DOTWriter writes for
    /// it, read as the lexer reads it.
    static func lexedValue(_ attribute: Attribute) -> String {
        var text = ""
        switch attribute {
        case .label(let label): label.appendDOT(to: &text)
        case .color(let color), .fillColor(let color), .fontColor(let color), .backgroundColor(let color):
            color.appendDOT(to: &text)
        default: text = attribute.dotValue
        }
        return text.hasPrefix("\"") ? lexed(quoted: text) : text
    }

    /// What cgraph's lexer makes of a quoted DOT string (quotes included): `\"` becomes `"`, an
    /// escaped line break disappears, and every other backslash stays, with what follows it.
    static func lexed(quoted text: String) -> String {
        var utf8 = Substring(text).utf8
        if utf8.first == UInt8(ascii: "\"") { utf8 = utf8.dropFirst() }
        if utf8.last == UInt8(ascii: "\"") { utf8 = utf8.dropLast() }
        guard utf8.contains(UInt8(ascii: "\\")) else { return String(Substring(utf8)) }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            let next = utf8.index(after: index)
            guard byte == UInt8(ascii: "\\"), next != utf8.endIndex else {
                out.append(byte)
                index = next
                continue
            }
            switch utf8[next] {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
            case 0x0A: break
            default:
                out.append(byte)
                out.append(utf8[next])
            }
            index = utf8.index(after: next)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
