// The hierarchy view's cut made into nodes and edges, with its page's shape: a parent with more
// children than fit a screen's width hangs them in several rows (each row below the subtrees of
// the one before, as Graphviz's `unflatten` staggers leaves), and the forest of windows likewise.

import Graphviz

/// What ``HierarchyDiagram`` draws of one cut of a ``HierarchyTree``.
struct HierarchyDrawing {
    /// A drawn node: an object of the tree or a summary of what the cut hid.
    struct Drawn {
        var node: Node
        /// Drawn children, in order (summaries last), by index in ``HierarchyDrawing/drawn``.
        var children: [Int] = []
        var edgeLabel: String?
        var isSummary = false
    }

    private(set) var drawn: [Drawn] = []
    /// The drawn roots (summary of hidden roots last).
    private(set) var roots: [Int] = []
    /// At most this many siblings side by side; Int.max for no wrapping.
    private(set) var rowLength = Int.max

    init(tree: HierarchyTree, cut: HierarchyTree.Cut, canvas: DiagramCanvas,
         explain: (Int) -> (anchor: String, facts: DiagramFacts),
         describe: (Int) -> (title: String, lines: [String], shape: NodeShape)) {
        var drawn: [Drawn] = []
        func summary(for parent: Int?, hidden: [Int], isDepthCut: Bool) -> Int {
            let (objects, counts, problems) = tree.outcomeCounts(hidden)
            let id = NodeID("more" + (parent.map(String.init) ?? "Roots"))
            let count = DiagramText.count(objects)
            var lines = [isDepthCut ? "+\(count) below (collapsed)" : "+\(count) more (collapsed)"]
            let failed = counts.filter { problems.contains($0.key) }
            let others = counts.filter { !problems.contains($0.key) }
            if !failed.isEmpty { lines += DiagramText.wrapped("problems: " + DiagramText.tally(failed)) }
            if !others.isEmpty { lines += DiagramText.wrapped(DiagramText.tally(others)) }
            let facts = DiagramFacts(lines: lines + ["raise --max-nodes to draw them"])
            drawn.append(Drawn(node: canvas.node(id, lines, tone: .summary, shape: .folder)
                .anchored("collapsed-" + (parent.map(String.init) ?? "roots"), facts), isSummary: true))
            return drawn.count - 1
        }
        func visit(_ index: Int) -> Int {
            let item = tree.items[index]
            let text = item.traceNode.map(describe) ?? (title: item.title, lines: item.lines, shape: item.shape)
            let (anchor, facts) = item.traceNode.map(explain)
                ?? (item.path.map(DiagramAnchor.object) ?? "item-\(index)", item.facts)
            drawn.append(Drawn(node: canvas.node(NodeID("o\(index)"), [text.title] + text.lines, tone: item.tone, shape: text.shape)
                .anchored(anchor, facts), edgeLabel: item.edgeLabel))
            let position = drawn.count - 1
            let shown = cut.shownChildren[index] ?? []
            var children: [Int] = []
            for child in shown { children.append(visit(child)) }
            if let hidden = cut.summaries[index] { children.append(summary(for: index, hidden: hidden, isDepthCut: shown.isEmpty)) }
            drawn[position].children = children
            return position
        }
        var roots = cut.shownRoots.map(visit)
        if let hidden = cut.summaries[nil] { roots.append(summary(for: nil, hidden: hidden, isDepthCut: false)) }
        self.drawn = drawn
        self.roots = roots
        self.sizes = drawn.map { DrawingShape.size(of: $0.node) }
        chooseRowLength()
    }

    private var sizes: [(width: Double, height: Double)] = []

    /// Ranks between a parent and its children, in points (ranksep 0.45 in).
    private static let rankGap = 32.4
    private static let siblingGap = 18.0

    /// The extent of `siblings`' subtrees hung in rows of `rowLength`: width, height and ranks.
    private func extent(_ siblings: [Int], rowLength: Int) -> (width: Double, height: Double, ranks: Int) {
        var width = 0.0
        var height = 0.0
        var ranks = 0
        var start = 0
        while start < siblings.count {
            let row = siblings[start ..< min(start + rowLength, siblings.count)]
            var rowWidth = 0.0
            var rowHeight = 0.0
            var rowRanks = 0
            for sibling in row {
                let size = subtree(sibling, rowLength: rowLength)
                rowWidth += size.width + HierarchyDrawing.siblingGap
                rowHeight = max(rowHeight, size.height)
                rowRanks = max(rowRanks, size.ranks)
            }
            width = max(width, rowWidth)
            height += rowHeight + (start > 0 ? HierarchyDrawing.rankGap : 0)
            ranks += rowRanks
            start += rowLength
        }
        return (width, height, ranks)
    }

    private func subtree(_ index: Int, rowLength: Int) -> (width: Double, height: Double, ranks: Int) {
        let own = sizes[index]
        guard !drawn[index].children.isEmpty else { return (own.width, own.height, 1) }
        let below = extent(drawn[index].children, rowLength: rowLength)
        return (max(own.width, below.width), own.height + HierarchyDrawing.rankGap + below.height, 1 + below.ranks)
    }

    /// The estimated page with siblings in rows of `rowLength`.
    private func page(rowLength: Int) -> (width: Double, height: Double) {
        let size = extent(roots, rowLength: rowLength)
        return (size.width, size.height)
    }

    /// The page as dot lays a tree out without wrapping: each level as wide as its nodes side by
    /// side, as tall as its tallest (nodes of different levels share columns, unlike subtrees' boxes).
    private func levelPage() -> (width: Double, height: Double) {
        var widths: [Double] = []
        var heights: [Double] = []
        var level = roots
        while !level.isEmpty {
            widths.append(level.reduce(0) { $0 + sizes[$1].width + HierarchyDrawing.siblingGap })
            heights.append(level.reduce(0) { max($0, sizes[$1].height) } + HierarchyDrawing.rankGap)
            level = level.flatMap { drawn[$0].children }
        }
        return (widths.max() ?? 0, heights.reduce(0, +))
    }

    /// How many levels the drawing has.
    var depth: Int { extent(roots, rowLength: Int.max).ranks }

    /// Far taller than wide even before any wrapping: a cut too deep for its width.
    var isTooTall: Bool {
        guard drawn.count >= DrawingShape.smallestReshaped else { return false }
        let size = levelPage()
        return DrawingShape.isOutOfShape(width: size.width, height: size.height) && size.height > size.width && depth > 2
    }

    /// The row length whose page comes nearest a screen's shape, when the unwrapped page is far too wide.
    private mutating func chooseRowLength() {
        // A small tree is within shape with its legend beside it, whatever its levels.
        guard drawn.count >= DrawingShape.smallestReshaped else { return }
        let levels = levelPage()
        guard DrawingShape.isOutOfShape(width: levels.width, height: levels.height), levels.width > levels.height else { return }
        let natural = page(rowLength: Int.max)
        let widest = max(roots.count, drawn.reduce(0) { max($0, $1.children.count) })
        var best = Int.max
        var bestDistance = DrawingShape.distance(width: natural.width, height: natural.height)
        var candidate = widest - 1
        while candidate >= 1 {
            let size = page(rowLength: candidate)
            let distance = DrawingShape.distance(width: size.width, height: size.height)
            if distance < bestDistance {
                best = candidate
                bestDistance = distance
            }
            // Every length while few, then about 5 % steps.
            candidate = candidate > 40 ? candidate * 19 / 20 : candidate - 1
        }
        rowLength = best
    }

    /// Adds the nodes and edges to `graph`. Wrapped rows hang below the one before through
    /// invisible edges from each sibling to the one a row down, as long as its subtree. The
    /// leaves of a parent with more than a row of them go in a box of their own with one arrow
    /// from the parent: an arrow to each would cross every row above it and make the page as
    /// wide as before.
    func add(to graph: inout Graph, canvas: DiagramCanvas) {
        var boxed = [Bool](repeating: false, count: drawn.count)
        var boxes: [(parent: Int, children: [Int])] = []
        if rowLength != Int.max {
            for (index, item) in drawn.enumerated() where item.children.count > rowLength {
                let leaves = item.children.filter { drawn[$0].children.isEmpty }
                guard leaves.count > rowLength else { continue }
                boxes.append((index, leaves))
                for child in leaves { boxed[child] = true }
            }
        }
        // Each node, then each child's subtree followed by the edge to it, depth first and without
        // recursion: the order dot reads them in decides the order it draws siblings in.
        func emitEdge(_ from: Int, _ child: Int) {
            var attributes: [Attribute] = []
            if drawn[child].isSummary {
                attributes = [.style([.dashed])]
            } else if let label = drawn[child].edgeLabel {
                attributes = [.label(Label(label)), .style(label == "presents" ? [.dashed] : [.dotted])]
            }
            graph.connect(drawn[from].node.id, to: drawn[child].node.id, attributes)
        }
        for root in roots {
            graph.add(drawn[root].node)
            var stack: [(index: Int, childrenLeft: ArraySlice<Int>)] = [(root, drawn[root].children[...])]
            while let top = stack.last {
                guard let child = top.childrenLeft.first else {
                    stack.removeLast()
                    // The edge to a finished subtree follows it (a boxed leaf's is the box's).
                    if let parent = stack.last?.index, !boxed[top.index] { emitEdge(parent, top.index) }
                    continue
                }
                stack[stack.count - 1].childrenLeft = top.childrenLeft.dropFirst()
                if !boxed[child] { graph.add(drawn[child].node) }
                stack.append((child, drawn[child].children[...]))
            }
        }
        guard rowLength != Int.max else { return }
        func wrap(_ siblings: [Int], into body: inout some GraphBody) {
            guard siblings.count > rowLength else { return }
            for position in rowLength ..< siblings.count {
                let above = siblings[position - rowLength]
                let ranks = subtree(above, rowLength: rowLength).ranks
                body.connect(drawn[above].node.id, to: drawn[siblings[position]].node.id,
                             [.style([.invisible]), .minimumLength(ranks)])
            }
            // Each row in order, left to right.
            var start = 0
            while start < siblings.count {
                let row = siblings[start ..< min(start + rowLength, siblings.count)]
                var ordered = Subgraph(SubgraphID("row\(siblings[start])", isCluster: false), attributes: [.rank(.same)])
                for (left, right) in zip(row, row.dropFirst()) {
                    ordered.connect(drawn[left].node.id, to: drawn[right].node.id, [.style([.invisible])])
                }
                if row.count > 1 { body.add(ordered) }
                start += rowLength
            }
        }
        wrap(roots, into: &graph)
        for item in drawn { wrap(item.children.filter { !boxed[$0] }, into: &graph) }
        if !boxes.isEmpty { graph.attributes.set(.compound(true)) }
        for box in boxes {
            let id = SubgraphID("children\(box.parent)")
            var cluster = canvas.cluster(id.rawValue, title: "\(DiagramText.count(box.children.count)) below")
            for child in box.children { cluster.add(drawn[child].node) }
            wrap(box.children, into: &cluster)
            graph.add(cluster)
            graph.connect(drawn[box.parent].node.id, to: drawn[box.children[0]].node.id, [.headCluster(id)])
        }
    }
}
