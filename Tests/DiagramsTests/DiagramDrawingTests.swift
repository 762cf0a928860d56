// DiagramDrawing: the object behind each drawn node agrees with what the node says (its label
// names the object), on every view of every sample trace; the graph is the one `render` draws;
// and the dark counterparts of the light palette.

import Foundation
import Testing
@testable import Diagrams
import Graphviz
import TraceFormat

@Suite struct DiagramDrawingTests {
    /// Every node of a graph, its subgraphs' included, by name.
    static func nodes(of graph: Graph) -> [String: Node] {
        var out: [String: Node] = [:]
        func visit(_ body: some GraphBody) {
            for statement in body.statements {
                switch statement {
                case .node(let node): out[node.id.rawValue] = node
                case .edge: break
                case .subgraph(let subgraph): visit(subgraph)
                }
            }
        }
        visit(graph)
        return out
    }

    @Test("each subject is a drawn node whose label names that object, in every view of every sample trace")
    func subjectsAgreeWithLabels() throws {
        var checked = 0
        for (name, source) in try GoldenDOTTests.samples() {
            guard case .trace(let trace) = source else { continue }
            for view in source.availableViews where view != .scene {
                let drawing = trace.drawing(view: view)
                #expect(drawing.graph == source.graph(view: view), "\(name) \(view): the graph render draws")
                let nodes = Self.nodes(of: drawing.graph)
                for (node, subject) in drawing.subjects {
                    let drawn = try #require(nodes[node], "\(name) \(view): \(node) is drawn")
                    // The locate view's search steps say only what the step answered: their row's
                    // head names the object, and they share its subject.
                    if view == .locate, let head = node.firstIndex(of: "s") {
                        #expect(drawing.subjects[String(node[..<head])] == subject, "\(name) locate \(node)")
                        continue
                    }
                    let text = drawn.label.lines.joined(separator: "\n")
                    let shown = subject.path?.last ?? subject.identifier ?? subject.className ?? ""
                    #expect(text.contains(DiagramText.visible(DiagramText.short(shown))),
                            "\(name) \(view): \(node) labelled \(text) stands for \(subject)")
                    if subject.path == nil, let className = subject.className {
                        #expect(text.contains(DiagramText.visible(DiagramText.short(className))), "\(name) \(view): \(node)")
                    }
                    checked += 1
                }
                // Legends and summaries stand for no one object.
                #expect(!drawing.subjects.keys.contains { $0.hasPrefix("legend") || $0.hasPrefix("summary") || $0.hasPrefix("more") })
            }
        }
        #expect(checked > 500)
    }

    @Test("every object of a small trace has its nodes: steps in the flow, its node in the tree, its search row")
    func everyObjectIsIndexed() throws {
        let countries = SampleTraces.countries()
        let trace = DiagramTrace(document: TraceDocument(header: countries.header, records: countries.records,
                                                         recordLines: [], diagnostics: []))
        let paths = Set(countries.records.compactMap(\.path).filter { !$0.isEmpty })
        for view in [DiagramView.flow, .hierarchy, .locate] {
            let drawn = Set(trace.drawing(view: view).subjects.values.compactMap(\.path))
            #expect(drawn == paths, "\(view)")
        }
    }

    @Test("the dark counterparts: the light background, text and edges become the dark theme's")
    func darkCounterparts() {
        let pairs = ThemeCounterparts.pairs()
        #expect(pairs.fill.first == ThemeCounterparts.Pair(light: "#ffffff", dark: "#1e1e1e"))
        #expect(pairs.fill.contains(ThemeCounterparts.Pair(light: "#1a1a1a", dark: "#ececec")))
        #expect(pairs.stroke.contains(ThemeCounterparts.Pair(light: "#4d4d4d", dark: "#b8b8b8")))
        #expect(Set(pairs.fill.map(\.light)).count == pairs.fill.count, "one dark colour for each light fill")
        #expect(Set(pairs.stroke.map(\.light)).count == pairs.stroke.count)
        #expect(pairs.fill.count >= 10)
    }
}
