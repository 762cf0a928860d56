// The parts every view shares: graph-wide attributes for a theme, node construction in a tone,
// and the legend.

import Graphviz

/// Builds the common frame of a diagram.
struct DiagramCanvas {
    let options: DiagramOptions
    let colors: ThemeColors

    init(options: DiagramOptions) {
        self.options = options
        self.colors = ThemeColors(options.theme)
    }

    /// A graph with the theme's colours and fonts, titled `title`.
    func graph(id: String, title: String, rankDirection: RankDirection = .topToBottom) -> Graph {
        Graph(
            id: id,
            attributes: [
                .label(Label(DiagramText.visible(title))), .labelLocation(.top), .labelAlignment(.left), .fontName(.dejaVuSans),
                .fontSize(16), .fontColor(colors.text), .backgroundColor(colors.background),
                .rankDirection(rankDirection), .nodeSeparation(0.25), .rankSeparation(0.35), .newRank(true),
                .pad(0.3),
            ],
            nodeDefaults: [
                .shape(.box), .fontName(.dejaVuSans), .fontSize(11), .fontColor(colors.text),
                .margin(0.08),
                .height(0.3),
            ],
            edgeDefaults: [.color(colors.edge), .fontName(.dejaVuSans), .fontSize(9), .fontColor(colors.text),
                           .arrowHead(.vee)]
        )
    }

    /// A cluster in the theme's colours.
    func cluster(_ id: String, title: String) -> Subgraph {
        Subgraph.cluster(id, label: Label(DiagramText.visible(title)), attributes: [
            .style([.rounded, .filled]), .color(colors.clusterBorder), .fillColor(colors.clusterFill),
            .fontName(.dejaVuSansBold), .fontSize(12), .labelAlignment(.left),
        ])
    }

    /// A node drawn in `tone` with `lines` of text (the tone's tag added when it has one).
    func node(_ id: NodeID, _ lines: [String], tone: Tone, shape: NodeShape = .box, heat: Double? = nil) -> Node {
        var text = lines.map(DiagramText.visible)
        if let tag = tone.tag, !lines.contains(where: { $0.hasPrefix(tag) }) { text.insert(tag, at: 0) }
        return Node(id, label: Label(lines: text), attributes: [.shape(shape)] + colors.attributes(tone, heat: heat))
    }

    /// A legend cluster: one sample node per entry, chained invisibly so they stack in order.
    ///
    /// In a left-to-right graph a chain would run across the page (a legend wider than the
    /// diagram): there the entries share one rank, which stacks them top to bottom, chained
    /// the other way round to keep their order.
    func legend(_ entries: [(tone: Tone, shape: NodeShape, text: String)], notes: [String] = [],
                rankDirection: RankDirection = .topToBottom) -> Subgraph {
        var legend = cluster("legend", title: "Legend")
        let across = rankDirection == .leftToRight
        if across { legend.attributes.set(.rank(.same)) }
        var previous: NodeID?
        func chain(_ id: NodeID) {
            if let previous {
                if across { legend.connect(id, to: previous, [.style([.invisible])]) } else {
                    legend.connect(previous, to: id, [.style([.invisible])])
                }
            }
            previous = id
        }
        for (index, entry) in entries.enumerated() {
            let id = NodeID("legend\(index)")
            legend.add(node(id, [entry.text], tone: entry.tone, shape: entry.shape))
            chain(id)
        }
        if !notes.isEmpty {
            let id = NodeID("legendNotes")
            legend.add(Node(id, label: Label(lines: notes, justification: .left),
                            attributes: [.shape(.plainText), .fontSize(10)]))
            chain(id)
        }
        return legend
    }
}
