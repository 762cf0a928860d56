// The storyboard view: outcomes drawn as tones with their words, segues by kind, the launch
// arrow, scenes only code shows boxed apart, tooltips, and the node budget.

import Foundation
import Testing
@testable import Diagrams
import Graphviz

@Suite("Storyboard view")
struct SceneMapDiagramTests {
    static let map = SceneMap(title: "Storyboard Main", scenes: [
        .init(id: "tabs", title: "Tabs", lines: ["UITabBarController"], outcome: .restored, verdict: "restored: exists at launch",
              isInitial: true, isContainer: true, tooltip: "Main.storyboard:17:9 · object tabs"),
        .init(id: "list", title: "List", outcome: .neverRestored, verdict: "no restoration ID",
              findings: ["warning RT007 unfindable-at-relaunch"]),
        .init(id: "login", title: "Login", outcome: .notReachable, verdict: ""),
        .init(id: "ref", title: "→ Settings", outcome: .unresolvedReference, verdict: "leads nowhere among the storyboards given"),
    ], segues: [
        .init(from: "tabs", to: "list", style: .relationship, label: "tab 1"),
        .init(from: "list", to: "ref", style: .show, label: "show"),
        .init(from: "list", to: "login", style: .present, label: "presentation"),
        .init(from: "list", to: "gone", style: .embed, label: "embed"),
    ])

    @Test("each outcome in its words and tone; segues styled by kind; a segue to an unknown scene is left out")
    func drawsOutcomesAndSegues() {
        let graph = SceneMapDiagram.graph(Self.map)
        let dot = graph.dotSource
        #expect(dot.contains("label=\"Tabs\\nUITabBarController\\nrestored: exists at launch\""))
        #expect(dot.contains("label=\"NEVER RESTORED\\nList\\nno restoration ID\\nwarning RT007 unfindable-at-relaunch\""))
        #expect(dot.contains("label=\"NOT REACHABLE AT LAUNCH\\nLogin\""))
        #expect(dot.contains("tooltip=\"Main.storyboard:17:9 · object tabs\""))
        #expect(dot.contains("\"launch\" -> \"s0\""))
        #expect(dot.contains("\"s1\" -> \"s3\" [label=\"show\", style=\"dashed\", tooltip=\"List → → Settings\\nsegue: show\", weight=0]"))
        #expect(dot.contains("\"s1\" -> \"s2\" [label=\"presentation\", style=\"dotted\", tooltip=\"List → Login\\nsegue: presentation\", weight=0]"))
        #expect(!dot.contains("embed\""))
        // Scenes only code shows sit in a box of their own.
        #expect(graph.subgraphs.contains { $0.id.rawValue == "code0" && $0.totalNodeCount == 1 })
    }

    @Test("past the node budget the rest become one summary node")
    func budget() {
        var map = SceneMap(title: "Big")
        map.scenes = (0..<100).map { .init(id: "s\($0)", title: "S\($0)", outcome: .restored, verdict: "restored") }
        let graph = SceneMapDiagram.graph(map, options: DiagramOptions(maximumNodes: 40))
        #expect(graph.dotSource.contains("+72 more scenes (collapsed)"))
        #expect(graph.totalNodeCount < 60)
    }

    @Test("the drawing lays out and renders")
    func renders() throws {
        let rendering = try GraphvizRenderer.shared.render(SceneMapDiagram.graph(Self.map), format: .svg)
        #expect(String(decoding: rendering.data, as: UTF8.self).contains("NEVER RESTORED"))
    }
}
