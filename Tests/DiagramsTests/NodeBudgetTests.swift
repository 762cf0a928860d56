// The node budget on every view, whatever the trace's shape: wide, deep, long stacks, tens of
// thousands of exclusions, registered objects, failures, discards, unfinished spans and a
// mixture, at 10,000 and 100,000 objects; failures kept in sight or counted; pages within about
// 4:1; and focus (--focus, --only problems, --depth) drawing the parts it should.

import Foundation
import Testing
@testable import Diagrams
import Graphviz
import TraceAnalysis
import TraceFormat
import TraceGeneration

@Suite("Node budget")
struct NodeBudgetTests {
    /// A generated trace, loaded as `render` loads one (written to bytes, then scanned).
    static func source(_ shape: ShapedTraceGenerator.Shape, objects: Int) throws -> DiagramSource {
        let generator = ShapedTraceGenerator(shape: shape, objects: objects)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("restoretrace-budget-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Test cases run in parallel: each writes a file of its own.
        let file = directory.appendingPathComponent("\(shape.rawValue)-\(objects)-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try generator.write(to: file.path)
        let bytes = [UInt8](try Data(contentsOf: file))
        return try DiagramSource.load(bytes: bytes, name: file.lastPathComponent)
    }

    static func trace(_ source: DiagramSource) -> TraceTable {
        guard case .trace(let trace) = source else { preconditionFailure("a trace") }
        return trace.table
    }

    /// The labels of a graph's nodes (the legend's aside), by node id.
    static func labels(_ graph: Graph) -> [String: [String]] {
        var result: [String: [String]] = [:]
        func visit(_ body: some GraphBody) {
            for statement in body.statements {
                switch statement {
                case .node(let node):
                    if case .label(let label)? = node.attributes["label"] { result[node.id.rawValue] = label.lines }
                case .subgraph(let subgraph) where subgraph.id.rawValue != "legend": visit(subgraph)
                default: break
                }
            }
        }
        visit(graph)
        return result
    }

    /// The numbers a node's "problems: 3 not found · 1 class mismatch" line adds up to.
    static func problemCount(_ lines: [String]) -> Int {
        // A wrapped line goes on in the next one; they are read together.
        guard let start = lines.firstIndex(where: { $0.hasPrefix("problems: ") }) else { return 0 }
        let text = lines[start...].prefix { !$0.isEmpty }.joined(separator: " ")
        var total = 0
        for part in text.dropFirst("problems: ".count).components(separatedBy: " · ") {
            let digits = part.drop { $0 == "(" }.prefix { $0.isNumber || $0 == "," }.filter(\.isNumber)
            total += Int(digits) ?? 0
        }
        return total
    }

    /// The views of a view-controller trace (the scene view draws sessions, which these have none of).
    static let views: [DiagramView] = [.flow, .hierarchy, .locate]

    static let problemTags = ["NOT FOUND", "CLASS MISMATCH", "NOT DECODED", "UNFINISHED", "EXCLUDED", "DISCARDED", "ERROR"]

    @Test("every view stays within the default budget for every shape at 10,000 and 100,000 objects",
          arguments: ShapedTraceGenerator.Shape.allCases)
    func withinBudget(shape: ShapedTraceGenerator.Shape) throws {
        for objects in [10_000, 100_000] {
            let source = try Self.source(shape, objects: objects)
            for view in NodeBudgetTests.views {
                let graph = try #require(source.graph(view: view))
                #expect(graph.diagramNodeCount <= DiagramOptions.defaultMaximumNodes,
                        "\(shape) at \(objects), \(view): \(graph.diagramNodeCount) nodes")
                #expect(graph.diagramNodeCount >= 20 || view == .locate, "\(shape) at \(objects), \(view) drew almost nothing")
            }
        }
    }

    @Test("a smaller budget is honoured too", arguments: [20, 60, 150])
    func smallerBudgets(budget: Int) throws {
        let source = try Self.source(.mixed, objects: 10_000)
        for view in NodeBudgetTests.views {
            let graph = try #require(source.graph(view: view, options: DiagramOptions(maximumNodes: budget)))
            #expect(graph.diagramNodeCount <= budget, "\(view) at --max-nodes \(budget): \(graph.diagramNodeCount)")
        }
    }

    @Test("the hierarchy hides no failed object without counting it", arguments: [ShapedTraceGenerator.Shape.failures, .mixed, .deep, .unfinished])
    func hierarchyCountsHiddenFailures(shape: ShapedTraceGenerator.Shape) throws {
        let source = try Self.source(shape, objects: 10_000)
        let hierarchy = TraceHierarchy(table: Self.trace(source))
        // Failed as the view draws it: a view restored without finishedRestoring is restored.
        let failed = hierarchy.nodes.filter { HierarchyDiagram.tone(of: $0).isProblem }.count + hierarchy.unplacedExclusions.count
        let labels = Self.labels(try #require(source.graph(view: .hierarchy)))
        let drawn = labels.values.filter { lines in Self.problemTags.contains { tag in lines.first?.hasPrefix(tag) ?? false } }.count
        let counted = labels.values.reduce(0) { $0 + Self.problemCount($1) }
        #expect(failed > 0)
        #expect(drawn + counted == failed, "\(shape): \(drawn) drawn + \(counted) counted, \(failed) failed")
    }

    @Test("the flow hides no failed object without counting it", arguments: [ShapedTraceGenerator.Shape.failures, .mixed])
    func flowCountsHiddenFailures(shape: ShapedTraceGenerator.Shape) throws {
        let source = try Self.source(shape, objects: 10_000)
        let hierarchy = TraceHierarchy(table: Self.trace(source))
        let failed = hierarchy.nodes.filter { HierarchyDiagram.tone(of: $0).isProblem }.count
        let labels = Self.labels(try #require(source.graph(view: .flow)))
        // A failed object's row draws at least one step in a problem's tone; a hidden one is counted.
        let drawn = labels.values.filter { lines in Self.problemTags.contains { tag in lines.first?.hasPrefix(tag) ?? false } }.count
        let counted = labels.values.reduce(0) { $0 + Self.problemCount($1) }
        #expect(failed > 0 && counted > 0)
        #expect(drawn + counted >= failed, "\(shape): \(drawn) drawn + \(counted) counted, \(failed) failed")
    }

    @Test("every view of every shape keeps its page within 4:1", arguments: ShapedTraceGenerator.Shape.allCases)
    func pageShape(shape: ShapedTraceGenerator.Shape) throws {
        let source = try Self.source(shape, objects: 10_000)
        for view in NodeBudgetTests.views {
            let graph = try #require(source.graph(view: view))
            let size = try #require(GraphvizRenderer.shared.layoutSize(graph))
            let ratio = max(size.width / size.height, size.height / size.width)
            #expect(ratio <= 4.0, "\(shape), \(view): \(Int(size.width)) × \(Int(size.height)) pt (\(ratio))")
        }
    }

    @Test("collapsed nodes' tooltips list their facts on lines of their own, not joined by an escaped line break")
    func collapsedTooltipLines() throws {
        let source = try Self.source(.mixed, objects: 2_000)
        for view in NodeBudgetTests.views {
            let graph = try #require(source.graph(view: view, options: DiagramOptions(maximumNodes: 60)))
            var tooltips: [String] = []
            func visit(_ body: some GraphBody) {
                for statement in body.statements {
                    switch statement {
                    case .node(let node):
                        guard case .elementID(let id)? = node.attributes["id"], id.rawValue.hasPrefix("collapsed"),
                            case .tooltip(let tooltip)? = node.attributes["tooltip"] else { continue }
                        tooltips.append(tooltip.text)
                    case .subgraph(let subgraph): visit(subgraph)
                    default: break
                    }
                }
            }
            visit(graph)
            #expect(!tooltips.isEmpty || view == .locate, "\(view) collapsed nothing at --max-nodes 60")
            for tooltip in tooltips {
                #expect(!tooltip.contains("\u{2216}n"), "\(view): \(tooltip)")
                #expect(tooltip.contains("\n"), "\(view): a collapsed node's tooltip has several lines: \(tooltip)")
            }
        }
    }

    // MARK: Focus

    @Test("--focus draws the object's subtree and the chain of its ancestors, in every view")
    func focusDrawsSubtreeAndAncestors() throws {
        let source = try Self.source(.mixed, objects: 2_000)
        // Window 3's Screen 0 was restored; its siblings and the other windows are left out.
        let focus = DiagramFocus(path: ["Window 3", "Screen 0"])
        let options = DiagramOptions(focus: focus)
        let hierarchy = try #require(source.graph(view: .hierarchy, options: options))
        let titles = Self.labels(hierarchy).values.map { $0.first ?? "" }
        #expect(Set(titles) == ["Window 3", "Screen 0"])
        let locate = try #require(source.graph(view: .locate, options: options))
        let locateTitles = Set(Self.labels(locate).values.compactMap(\.first))
        #expect(locateTitles.contains("Window 3") && locateTitles.contains("Screen 0"))
        #expect(!locateTitles.contains { $0.hasPrefix("Window ") && $0 != "Window 3" })
        #expect(!locateTitles.contains("Screen 1"))
        let flow = try #require(source.graph(view: .flow, options: options))
        let flowLines = Self.labels(flow).values.flatMap { $0 }
        #expect(flowLines.contains { $0.hasSuffix("encode Screen 0") })
        #expect(!flowLines.contains { $0.hasSuffix("encode Screen 2") })
        guard case .label(let title)? = flow.attributes["label"] else { Issue.record("no title"); return }
        #expect(title.text.contains("focus Window 3/Screen 0"))
    }

    @Test("--only problems draws what did not go right and the ancestors that explain it")
    func onlyProblems() throws {
        let source = try Self.source(.failures, objects: 200)
        let options = DiagramOptions(maximumNodes: 10_000, focus: DiagramFocus(onlyProblems: true))
        let labels = Self.labels(try #require(source.graph(view: .hierarchy, options: options)))
        let hierarchy = TraceHierarchy(table: Self.trace(source))
        let failed = hierarchy.nodes.filter { $0.outcome.isProblem }
        // Every failed screen, its navigation controller and the tab bar; no restored screen.
        #expect(labels.count == failed.count + 1 + 5)
        #expect(!labels.values.contains { $0.first?.hasPrefix("Screen") ?? false && $0.contains { $0.hasPrefix("restored") } })
    }

    @Test("--depth cuts levels below the focus or the roots")
    func depthCuts() throws {
        let source = try Self.source(.deep, objects: 1_200)
        let options = DiagramOptions(maximumNodes: 10_000, focus: DiagramFocus(path: ["Level 0", "Level 1"], depth: 1))
        let labels = Self.labels(try #require(source.graph(view: .hierarchy, options: options)))
        let titles = Set(labels.values.compactMap(\.first))
        #expect(titles.contains("Level 0") && titles.contains("Level 1") && titles.contains("Level 2"))
        #expect(!titles.contains("Level 3"))
    }

    @Test("a focus on a path the trace does not hold is a problem the command line reports")
    func focusOnMissingPath() throws {
        let source = try Self.source(.stack, objects: 50)
        #expect(source.focusProblem(DiagramFocus(path: ["Navigation", "Nope"]))?.contains("no object of the trace has the path") == true)
        #expect(source.focusProblem(DiagramFocus(path: ["Navigation", "Screen 3"])) == nil)
    }

    @Test("the layout-time estimate grows as the square of the node count")
    func layoutEstimate() {
        #expect(LayoutCost.estimatedSeconds(nodes: 1_000) == 0.25)
        #expect(LayoutCost.estimatedSeconds(nodes: 20_000) == 100)
        #expect(LayoutCost.estimateText(nodes: 100) == "under a second")
        #expect(LayoutCost.estimateText(nodes: 5_000) == "about 6 s")
        #expect(LayoutCost.estimateText(nodes: 30_000) == "about 4 min")
    }
}

@Suite("No node budget and depth from the roots")
struct UnlimitedAndDepthTests {
    @Test("--max-nodes 0 (no budget) draws every view of a small trace whole, without overflow")
    func unlimited() throws {
        let source = try NodeBudgetTests.source(.mixed, objects: 300)
        for view in NodeBudgetTests.views {
            let graph = try #require(source.graph(view: view, options: DiagramOptions(maximumNodes: DiagramOptions.unlimited)))
            #expect(!graph.dotSource.contains("(collapsed)"), "\(view)")
        }
    }

    @Test("--depth without --focus counts the roots as level 0: depth 0 draws the roots, depth 1 their children too")
    func depthFromRoots() throws {
        let source = try NodeBudgetTests.source(.deep, objects: 1_100)
        func titles(_ depth: Int) throws -> Set<String> {
            let options = DiagramOptions(maximumNodes: 10_000, focus: DiagramFocus(depth: depth))
            return Set(NodeBudgetTests.labels(try #require(source.graph(view: .hierarchy, options: options))).values.compactMap(\.first))
        }
        #expect(try titles(0) == ["Level 0"])
        let one = try titles(1)
        #expect(one.contains("Level 0") && one.contains("Level 1") && !one.contains("Level 2"))
    }
}
