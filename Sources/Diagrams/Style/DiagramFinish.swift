// What every drawing gets once its view has drawn it: every node an id unique in the drawing,
// every visible edge a tooltip saying what it joins and means, the legend cut to what the
// drawing uses and laid out compactly, and, for the `auto` theme, the style sheet that follows
// the reader's light or dark preference.

import Graphviz

enum DiagramFinish {
    /// Classes that mark the legend's parts (read back when the legend is laid out).
    static let legendEntryClass = "legend-entry"
    static let legendNotesClass = "legend-notes"

    /// Finishes `graph` drawn with `canvas`. `edgeMeaning` says what an edge means in the view
    /// (`child`, `then`); nil leaves the tooltip at what it joins.
    static func finish(_ graph: inout Graph, canvas: DiagramCanvas, edgeMeaning: (Edge) -> String? = { _ in nil }) {
        layOutLegend(&graph, mode: canvas.options.legend)
        var titles: [NodeID: String] = [:]
        collectTitles(graph.statements, into: &titles)
        var used = Set<String>()
        graph.statements = annotated(graph.statements, titles: titles, used: &used, edgeMeaning: edgeMeaning)
        if canvas.options.theme == .auto { graph.svgStyleSheet = DiagramStyleSheet.automatic(for: graph) }
    }

    // MARK: ids and edge tooltips

    /// Each node's first tooltip line (else its label's first line): what an edge tooltip names it by.
    private static func collectTitles(_ statements: [GraphStatement], into titles: inout [NodeID: String]) {
        for statement in statements {
            switch statement {
            case .node(let node):
                if case .tooltip(let tooltip)? = node.attributes["tooltip"] {
                    titles[node.id] = String(tooltip.text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
                } else {
                    titles[node.id] = node.label.lines.first ?? node.id.rawValue
                }
            case .subgraph(let subgraph): collectTitles(subgraph.statements, into: &titles)
            case .edge: break
            }
        }
    }

    /// Gives every node a unique id (a repeat of an id gets `~2`, `~3`, ...; a node without one
    /// `node-` and its DOT name), and every visible edge a tooltip.
    private static func annotated(_ statements: [GraphStatement], titles: [NodeID: String], used: inout Set<String>,
                                  edgeMeaning: (Edge) -> String?) -> [GraphStatement] {
        statements.map { statement in
            switch statement {
            case .node(var node):
                let base: String
                if case .elementID(let id)? = node.attributes["id"] { base = id.rawValue } else {
                    base = "node-" + ElementID.encodedComponent(node.id.rawValue)
                }
                var id = base
                var repeatCount = 1
                while used.contains(id) {
                    repeatCount += 1
                    id = base + "~\(repeatCount)"
                }
                used.insert(id)
                node.attributes.set(.elementID(ElementID(id)))
                return .node(node)
            case .edge(var edge):
                if case .style(let styles)? = edge.attributes["style"], styles.contains(.invisible) { return .edge(edge) }
                if edge.attributes["tooltip"] == nil {
                    // Each end by its title, shortened: the tooltip's cap must not cut off the arrow.
                    let from = DiagramText.short(titles[edge.from] ?? edge.from.rawValue, limit: 200)
                    var text = from + " → " + DiagramText.short(titles[edge.to] ?? edge.to.rawValue, limit: 200)
                    if let meaning = edgeMeaning(edge) { text += "\n" + meaning }
                    edge.attributes.set(.tooltip(Tooltip(text)))
                }
                return .edge(edge)
            case .subgraph(var subgraph):
                subgraph.statements = annotated(subgraph.statements, titles: titles, used: &used, edgeMeaning: edgeMeaning)
                return .subgraph(subgraph)
            }
        }
    }

    // MARK: the legend

    /// Keeps the legend entries the drawing uses (or all, or none) and lays them out compactly
    /// beside the diagram: in a top-to-bottom drawing, rows of three entries (up to five when
    /// the diagram is shallow) with the notes below; in a left-to-right one, where every rank is a column as wide as its widest node, one
    /// column with the notes wrapped narrow below, so the legend widens no column but the first.
    private static func layOutLegend(_ graph: inout Graph, mode: LegendMode) {
        guard let position = graph.statements.firstIndex(where: { statement in
            if case .subgraph(let subgraph) = statement { return subgraph.id == SubgraphID("legend") }
            return false
        }), case .subgraph(var legend) = graph.statements[position] else { return }
        graph.statements.remove(at: position)
        guard mode != .none else { return }

        var drawnTones = Set<String>()
        var drawnShapes = Set<NodeShape>()
        collectLooks(graph.statements, tones: &drawnTones, shapes: &drawnShapes)
        var entries: [Node] = []
        var notes: Node?
        for node in legend.nodes {
            let classes = styleClasses(node)
            if classes.contains(legendNotesClass) { notes = node; continue }
            guard mode == .used else { entries.append(node); continue }
            let isUsed = classes.contains("legend-by-shape") ? drawnShapes.contains(shape(node))
                : classes.contains { drawnTones.contains($0) }
            if isUsed { entries.append(node) }
        }
        if entries.isEmpty && notes == nil { return }

        var rankDirection = RankDirection.topToBottom
        if case .rankDirection(let direction)? = graph.attributes["rankdir"] { rankDirection = direction }
        let across = rankDirection == .leftToRight || rankDirection == .rightToLeft
        // Top to bottom, every legend row takes one of the diagram's ranks: rows of three, or of
        // up to five when the diagram has too few ranks for that (the notes take one more).
        let span = rankSpan(graph.statements)
        let rowsAvailable = max(1, (span?.lastRank ?? 0) + 1 - (notes == nil ? 0 : 1))
        let perGroup = across ? max(1, entries.count) : min(5, max(3, (entries.count + rowsAvailable - 1) / rowsAvailable))
        // Balanced groups: 5 entries in rows of three make 3 + 2; columns of four, 4 + 1 becomes 3 + 2.
        let groupCount = max(1, (entries.count + perGroup - 1) / perGroup)
        let size = max(1, (entries.count + groupCount - 1) / groupCount)
        legend.statements = []
        var previousHead: NodeID?
        var groups = stride(from: 0, to: entries.count, by: size).map { Array(entries[$0..<min($0 + size, entries.count)]) }
        // Ranks run across: the notes go below the first column, where a rank of their own would
        // widen a column of the diagram beside it.
        if across, var note = notes {
            let lines = note.label.lines.flatMap { DiagramText.wrapped($0, width: 44, maximumLines: 4) }
            note.attributes.set(.label(Label(lines: lines, justification: .left)))
            if groups.isEmpty { groups = [[note]] } else { groups[0].append(note) }
            notes = nil
        }
        for (groupIndex, members) in groups.enumerated() {
            var group = Subgraph(SubgraphID("legendGroup\(groupIndex)", isCluster: false), attributes: [.rank(.same)])
            for member in members { group.add(member) }
            // Within a rank, invisible edges keep the entries in order (left to right, or top to
            // bottom when ranks run across, where an edge's head goes above its tail).
            for (first, second) in zip(members, members.dropFirst()) {
                if across { group.connect(second.id, to: first.id, [.style([.invisible])]) } else {
                    group.connect(first.id, to: second.id, [.style([.invisible])])
                }
            }
            legend.add(group)
            if let previousHead, let head = members.first { legend.connect(previousHead, to: head.id, [.style([.invisible])]) }
            previousHead = members.first?.id
        }
        if let notes {
            legend.add(notes)
            if let previousHead { legend.connect(previousHead, to: notes.id, [.style([.invisible])]) }
        }
        // Ranks running across, the legend's column would stand first, above the rows: it goes
        // after the diagram's last rank instead, to its right, level with the first node.
        if across, let head = groups.first?.first?.id, let (first, lastRank) = span {
            graph.connect(first, to: head, [.style([.invisible]), .minimumLength(lastRank + 1)])
        }
        graph.add(legend)
    }

    /// The first node drawn on the first rank, and the diagram's last rank, as its edges rank
    /// them (the longest chain of edges that constrain ranks; edges in a cycle left out); nil
    /// when no edge ranks anything.
    private static func rankSpan(_ statements: [GraphStatement]) -> (first: NodeID, lastRank: Int)? {
        var order: [NodeID] = []
        var known = Set<NodeID>()
        var edges: [(NodeID, NodeID)] = []
        func walk(_ statements: [GraphStatement]) {
            for statement in statements {
                switch statement {
                case .node(let node): if known.insert(node.id).inserted { order.append(node.id) }
                case .edge(let edge):
                    if case .constraint(false)? = edge.attributes["constraint"] { continue }
                    edges.append((edge.from, edge.to))
                case .subgraph(let subgraph): walk(subgraph.statements)
                }
            }
        }
        walk(statements)
        guard !edges.isEmpty else { return nil }
        var successors: [NodeID: [NodeID]] = [:]
        var incoming: [NodeID: Int] = [:]
        for (from, to) in edges where from != to {
            successors[from, default: []].append(to)
            incoming[to, default: 0] += 1
        }
        var rank: [NodeID: Int] = [:]
        var ready = order.filter { incoming[$0, default: 0] == 0 }
        var position = 0
        while position < ready.count {
            let node = ready[position]
            position += 1
            for next in successors[node] ?? [] {
                rank[next] = max(rank[next] ?? 0, (rank[node] ?? 0) + 1)
                incoming[next, default: 0] -= 1
                if incoming[next] == 0 { ready.append(next) }
            }
        }
        guard let top = rank.values.max(), top > 0, let first = ready.first else { return nil }
        return (first, top)
    }

    private static func collectLooks(_ statements: [GraphStatement], tones: inout Set<String>, shapes: inout Set<NodeShape>) {
        for statement in statements {
            switch statement {
            case .node(let node):
                shapes.insert(shape(node))
                for name in styleClasses(node) where name.hasPrefix(Tone.styleClassPrefix) { tones.insert(name) }
            case .subgraph(let subgraph): collectLooks(subgraph.statements, tones: &tones, shapes: &shapes)
            case .edge: break
            }
        }
    }

    private static func styleClasses(_ node: Node) -> [String] {
        if case .styleClasses(let classes)? = node.attributes["class"] { return classes.names }
        return []
    }

    private static func shape(_ node: Node) -> NodeShape {
        if case .shape(let shape)? = node.attributes["shape"] { return shape }
        return .box
    }
}

extension DiagramCanvas {
    /// Finishes a drawing made with this canvas (see ``DiagramFinish``).
    func finish(_ graph: inout Graph, edgeMeaning: (Edge) -> String? = { _ in nil }) {
        DiagramFinish.finish(&graph, canvas: self, edgeMeaning: edgeMeaning)
    }
}
