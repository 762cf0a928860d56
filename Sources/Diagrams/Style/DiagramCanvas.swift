// The parts every view shares: graph-wide attributes for a theme, node construction in a tone,
// the legend, and the finishing touches every drawing gets (DiagramFinish.swift).

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
                .pad(0.3), .styleClasses(StyleClasses([DiagramStyleSheet.scopeClass, "view-" + id])),
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
            .styleClasses(StyleClasses([DiagramStyleSheet.frameClass])), .elementID(ElementID("cluster-" + id)),
        ])
    }

    /// A node drawn in `tone` with `lines` of text (the tone's tag added when it has one).
    func node(_ id: NodeID, _ lines: [String], tone: Tone, shape: NodeShape = .box, heat: Double? = nil) -> Node {
        var text = lines.map(DiagramText.visible)
        if let tag = tone.tag, !lines.contains(where: { $0.hasPrefix(tag) }) { text.insert(tag, at: 0) }
        let heat = heat.map(DiagramStyleSheet.quantizedHeat)
        var classes = [tone.styleClass]
        if let heat { classes.append(DiagramStyleSheet.heatClass(heat)) }
        return Node(id, label: Label(lines: text),
                    attributes: [.shape(shape), .styleClasses(StyleClasses(classes))] + colors.attributes(tone, heat: heat))
    }

    /// What makes a legend entry count as used by a drawing.
    enum LegendMatch: String {
        /// A drawn node has the entry's tone (whatever its shape).
        case tone
        /// A drawn node has the entry's shape (whatever its tone).
        case shape
    }

    /// A legend cluster: one sample node per entry and the notes. ``finish(_:edgeMeaning:)``
    /// keeps the entries the drawing uses (per ``DiagramOptions/legend``) and lays them out.
    /// The first `shapeEntries` entries stand for a shape (an object's kind), the rest for a tone.
    func legend(_ entries: [(tone: Tone, shape: NodeShape, text: String)], matchingShape shapeEntries: Int = 0,
                notes: [String] = []) -> Subgraph {
        var legend = cluster("legend", title: "Legend")
        for (index, entry) in entries.enumerated() {
            var node = node(NodeID("legend\(index)"), [entry.text], tone: entry.tone, shape: entry.shape)
            let match: LegendMatch = index < shapeEntries ? .shape : .tone
            node.attributes.set(.styleClasses(StyleClasses([entry.tone.styleClass, DiagramFinish.legendEntryClass,
                                                            "legend-by-" + match.rawValue])))
            node.attributes.set(.elementID(ElementID("legend-\(index)")))
            node.attributes.set(.tooltip(Tooltip("Legend: " + entry.text)))
            legend.add(node)
        }
        if !notes.isEmpty {
            legend.add(Node(NodeID("legendNotes"), label: Label(lines: notes, justification: .left),
                            attributes: [.shape(.plainText), .fontSize(10), .elementID(ElementID("legend-notes")),
                                         .styleClasses(StyleClasses([DiagramFinish.legendNotesClass])),
                                         .tooltip(Tooltip(notes.joined(separator: "\n")))]))
        }
        return legend
    }
}
