// The storyboard view: scenes left to right as the app reaches them, each coloured by what
// restoration would do with it and carrying its lint findings; segues drawn by kind; the initial
// view controller entered by an arrow from "launch"; where each scene is defined in its tooltip.

import Graphviz

/// Draws a SceneMap.
public enum SceneMapDiagram {
    /// The graph of `map`; past `options.maximumNodes` scenes, the rest become one summary node.
    public static func graph(_ map: SceneMap, options: DiagramOptions = DiagramOptions()) -> Graph {
        let canvas = DiagramCanvas(options: options)
        var graph = canvas.graph(id: "storyboard", title: map.title, rankDirection: .leftToRight)
        graph.attributes.set(.rankSeparation(0.6))
        let budget = max(1, options.maximumNodes - 12)
        let shown = Array(map.scenes.prefix(budget))
        let hidden = map.scenes.count - shown.count
        var nodeOfScene: [String: NodeID] = [:]
        for (index, scene) in shown.enumerated() { nodeOfScene[scene.id] = NodeID("s\(index)") }

        // Scenes, grouped by storyboard when there are several.
        let groups = orderedGroups(shown)
        for group in groups {
            var cluster = canvas.cluster("g\(group.index)", title: group.name)
            // Scenes only code shows sit apart, in a box of their own.
            var apart = canvas.cluster("code\(group.index)", title: "Shown only by code (no segue leads here from launch)")
            for scene in shown where scene.group == group.name {
                let node = self.node(scene, id: nodeOfScene[scene.id]!, canvas: canvas)
                if scene.outcome == .notReachable {
                    apart.add(node)
                } else if groups.count > 1 {
                    cluster.add(node)
                } else {
                    graph.add(node)
                }
            }
            if !apart.statements.isEmpty {
                if groups.count > 1 { cluster.add(apart) } else { graph.add(apart) }
            }
            if groups.count > 1 { graph.add(cluster) }
        }
        if hidden > 0 {
            graph.add(canvas.node("more", ["+\(hidden) more scenes (collapsed)", "raise --max-nodes to draw them"], tone: .summary,
                                  shape: .folder)
                .anchored("collapsed-scenes", DiagramFacts(lines: ["+\(hidden) more scenes (collapsed)", "raise --max-nodes to draw them"])))
        }
        // The launch arrow.
        for scene in shown where scene.isInitial {
            let launch = NodeID("launch")
            graph.add(Node(launch, label: Label("launch"), attributes: [.shape(.plainText), .fontSize(11)])
                .anchored("launch", DiagramFacts("launch: the app starts with the initial view controller")))
            graph.connect(launch, to: nodeOfScene[scene.id]!, [.penWidth(2), .arrowHead(.normal)])
            break
        }
        for segue in map.segues {
            guard let from = nodeOfScene[segue.from], let to = nodeOfScene[segue.to] else { continue }
            graph.connect(from, to: to, attributes(segue, canvas: canvas))
        }
        graph.add(legend(canvas))
        canvas.finish(&graph) { edge in
            if edge.from == NodeID("launch") { return "the initial view controller" }
            if case .label(let label)? = edge.attributes["label"] { return "segue: " + label.text }
            return nil
        }
        return graph
    }

    private static func node(_ scene: SceneMap.Scene, id: NodeID, canvas: DiagramCanvas) -> Node {
        let tone: Tone
        let shape: NodeShape
        switch scene.outcome {
        case .restored: tone = .restored
        case .neverRestored: tone = .neverRestored
        case .notReachable: tone = .unreachable
        case .reference: tone = .process
        case .unresolvedReference: tone = .unreachable
        }
        switch scene.outcome {
        case .reference, .unresolvedReference: shape = .note
        default: shape = scene.isContainer ? ObjectShape.container : ObjectShape.viewController
        }
        var lines = [DiagramText.short(scene.title)] + scene.lines.map { DiagramText.short($0, limit: 48) }
        if !scene.verdict.isEmpty { lines += DiagramText.wrapped(scene.verdict) }
        lines += scene.findings.map { DiagramText.short($0, limit: 48) }
        var facts = DiagramFacts(scene.title)
        if scene.tooltip.isEmpty {
            for line in scene.lines { facts.add(line) }
            facts.add("verdict", scene.verdict.isEmpty ? nil : scene.verdict)
            for finding in scene.findings { facts.add(finding) }
        }
        let anchor = scene.path.map(DiagramAnchor.object) ?? "scene-" + ElementID.encodedComponent(scene.id)
        var node = canvas.node(id, lines, tone: tone, shape: shape).anchored(anchor, facts)
        if !scene.tooltip.isEmpty {
            let lines = scene.tooltip.split(separator: "\n", omittingEmptySubsequences: false).map { DiagramText.visible(String($0)) }
            node.attributes.set(.tooltip(Tooltip(lines.joined(separator: "\n"))))
        }
        return node
    }

    private static func attributes(_ segue: SceneMap.Segue, canvas: DiagramCanvas) -> [Attribute] {
        var attributes: [Attribute] = [.label(Label(DiagramText.short(segue.label)))]
        switch segue.style {
        case .relationship: attributes.append(.penWidth(1.5))
        case .embed: attributes += [.style([.bold]), .penWidth(2)]
        case .show, .showDetail: attributes.append(.style([.dashed]))
        case .present: attributes.append(.style([.dotted]))
        case .reference:
            attributes += [.style([.dashed]), .color(OkabeIto.grey), .arrowHead(.empty),
                           .styleClasses(StyleClasses([DiagramStyleSheet.accentEdgeClass]))]
        }
        // Navigation never pulls a scene back to the left of where containment put it.
        if segue.style != .relationship && segue.style != .embed { attributes.append(.weight(0)) }
        return attributes
    }

    private static func orderedGroups(_ scenes: [SceneMap.Scene]) -> [(index: Int, name: String)] {
        var names: [String] = []
        for scene in scenes where !names.contains(scene.group) { names.append(scene.group) }
        return names.enumerated().map { ($0.offset, $0.element) }
    }

    static func legend(_ canvas: DiagramCanvas) -> Subgraph {
        // The container entry stands for the shape (shown when a container is drawn), the rest for their tones.
        let entries: [(tone: Tone, shape: NodeShape, text: String)] = [
            (.restored, ObjectShape.container, "container (navigation, tab bar, split, page, container views)"),
            (.restored, ObjectShape.viewController, "restored at relaunch"),
            (.neverRestored, ObjectShape.viewController, "NEVER RESTORED, and why"),
            (.unreachable, ObjectShape.viewController, "NOT REACHABLE AT LAUNCH: only code shows it"),
            (.process, .note, "storyboard reference"),
        ]
        return canvas.legend(entries, matchingShape: 1, notes: [
            "Edges: solid = relationship (a container's child), bold = embed,",
            "dashed = show / push, dotted = present, grey = storyboard reference.",
            "Hover a scene (SVG) for its file:line and the full verdict.",
        ])
    }
}
