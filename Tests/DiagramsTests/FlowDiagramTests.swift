// The flow view: clusters, rows per object, outcomes in words and shapes, durations, heat, collapse.

import Foundation
import Testing
import TraceGeneration
import TestSupport
@testable import Diagrams
import Graphviz
import TraceFormat

/// The number a step's label starts with (`12. didDecode`).
func stepNumber(of headline: String, in dot: String) -> Int? {
    guard let range = dot.range(of: ". " + headline) else { return nil }
    let digits = dot[..<range.lowerBound].reversed().prefix { $0.isNumber }
    return Int(String(digits.reversed()))
}

@Suite("Flow view")
struct FlowDiagramTests {
    @Test("the flow has a Preservation and a Restoration cluster holding the steps in the order they ran")
    func clustersInOrder() throws {
        let (header, records) = SampleTraces.countries()
        let graph = FlowDiagram.graph(header: header, records: records)
        let clusters = graph.subgraphs.filter(\.id.isCluster).map { $0.attributes["label"] }
        #expect(clusters.count == 3)
        let dot = graph.dotSource
        let order = ["1. shouldSave", "2. willEncode", "3. encode Tabs", "archive written", "willFinishLaunching",
                     "archive read", "shouldRestore", "locate Tabs", "didDecode", "didFinishLaunching"]
        let positions = order.map { dot.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "every step is drawn: \(zip(order, positions).filter { $0.1 == nil }.map(\.0))")
        let found = positions.compactMap { $0 }
        #expect(found == found.sorted(), "spine steps appear in the order they ran")
        let didDecode = try #require(stepNumber(of: "didDecode", in: dot))
        let finished = try #require(stepNumber(of: "finishedRestoring Tabs", in: dot))
        #expect(finished > didDecode, "finishedRestoring sits in its object's row but is numbered after didDecode")
        #expect(dot.contains(#"label="Preservation · "#))
        #expect(dot.contains(#"label="Restoration · "#))
    }

    @Test("exclusions, class mismatches, failed decodes and not-found objects say so in words, with their reasons")
    func outcomesInWords() {
        let (header, records) = SampleTraces.countries()
        let dot = FlowDiagram.graph(header: header, records: records).dotSource
        #expect(dot.contains(#"EXCLUDED\n"#) && dot.contains("reason: noRestorationIdentifier"))
        #expect(dot.contains("PasswordViewController"))
        #expect(dot.contains(#"CLASS MISMATCH\n"#) && dot.contains("found LegacyProfileViewController"))
        #expect(dot.contains(#"NOT DECODED\n"#) && dot.contains("result: failed"))
        #expect(dot.contains("decode threw: missing key"))
        #expect(dot.contains(#"NOT FOUND\n"#) && dot.contains("via none"))
        #expect(dot.contains("shape=octagon"), "exclusions have their own shape, not only a colour")
    }

    @Test("a failed object's verdict is on the last failed step of its row, once; a discard carries the run's")
    func verdictLines() {
        let recorder = InMemoryRecorder(clock: .tick)
        let preservation = recorder.begin(.preservation)
        for path in [["Nav"], ["Nav", "Detail"]] {
            let span = recorder.begin(.encode, path: path, className: "DetailViewController")
            recorder.end(span, .encode, path: path)
        }
        recorder.end(preservation, .preservation)
        let restoration = recorder.begin(.restoration)
        let locate = recorder.begin(.locate, path: ["Nav", "Detail"], className: "DetailViewController",
                                    attributes: [TraceAttribute("objectKind", "viewController"),
                                                 TraceAttribute("parentKey", "UINavigationControllerViewControllers"),
                                                 TraceAttribute("parentIndex", 1)])
        recorder.end(locate, .locate, path: ["Nav", "Detail"], attributes: [TraceAttribute("via", "none"), TraceAttribute("result", "nil")])
        recorder.instant(.exclude, path: ["Nav", "Detail"], className: "DetailViewController",
                         attributes: [TraceAttribute("reason", "notFound")])
        recorder.end(restoration, .restoration)
        let second = recorder.begin(.restoration)
        recorder.instant(.discard, path: nil, className: nil, attributes: [TraceAttribute("reason", "forceQuit")])
        recorder.end(second, .restoration)
        let dot = FlowDiagram.graph(header: recorder.header, records: recorder.records).dotSource
        let line = #"not restored: no step of the relaunch search\nfound it"#
        #expect(dot.components(separatedBy: line).count == 2, "once, on the exclusion")
        #expect(dot.contains(#"excluded Detail\nreason: notFound\n"# + line))
        #expect(dot.contains(#"reason: forceQuit\nthe archive was discarded at relaunch: the user\nforce-quit the app"#))
    }

    @Test("a span that never ended is drawn UNFINISHED, double-bordered, with the time until the trace stops")
    func unfinishedSpans() {
        let (header, records) = SampleTraces.countries(crashInDecodeOf: ["Tabs", "CountryNav", "CountryList"])
        let dot = FlowDiagram.graph(header: header, records: records).dotSource
        #expect(dot.contains(#"UNFINISHED\n"#))
        // The step it stopped in carries the object's verdict.
        #expect(dot.contains(#"not restored: the process stopped inside its\ndecodeRestorableState(with:)"#))
        #expect(dot.contains("peripheries=2"))
        #expect(dot.contains("Restoration · UNFINISHED"))
    }

    @Test("tick traces label durations in ticks")
    func durationsInTicks() {
        let (header, records) = SampleTraces.countries()
        let dot = FlowDiagram.graph(header: header, records: records).dotSource
        #expect(dot.contains(#"1 tick""#) || dot.contains(#"\n1 tick"#))
        #expect(!dot.contains(" ns"))
    }

    @Test("--heat colours object steps by duration; without it their fill is the plain step colour")
    func heatColoursSteps() {
        let (header, records) = SampleTraces.countries()
        let plain = FlowDiagram.graph(header: header, records: records).dotSource
        let heated = FlowDiagram.graph(header: header, records: records, options: DiagramOptions(heat: true)).dotSource
        #expect(plain != heated)
        #expect(heated.contains("darker = slower"))
    }

    @Test("a 5,000-object trace collapses to the node budget with summary nodes that count what they hide")
    func collapsesBigTraces() throws {
        let (header, records) = SampleTraces.wide(objects: 5_000)
        let options = DiagramOptions(maximumNodes: 300)
        let graph = FlowDiagram.graph(header: header, records: records, options: options)
        let legendNodes = graph.subgraphs.first { $0.id.rawValue == "legend" }?.totalNodeCount ?? 0
        #expect(graph.totalNodeCount - legendNodes <= 300)
        let dot = graph.dotSource
        #expect(dot.contains("more objects (collapsed)"))
        #expect(dot.contains("EXCLUDED"), "problem rows are kept visible first")
        #expect(graph.dotSource == FlowDiagram.graph(header: header, records: records, options: options).dotSource)
    }

    // How long it takes is measured by Benchmarks/render.sh, not asserted: test machines are noisy.
    @Test("a 5,000-object trace's flow, collapsed to the default node budget, renders to SVG")
    func bigTraceRenders() throws {
        let (header, records) = SampleTraces.wide(objects: 5_000)
        let graph = FlowDiagram.graph(header: header, records: records)
        #expect(graph.totalNodeCount <= DiagramOptions.defaultMaximumNodes + 60)
        let svg = try GraphvizRenderer.shared.render(graph, format: .svg)
        #expect(SVGDocument.parse(svg.data) != nil)
    }

    @Test("a flow over 1,000 nodes draws no relaunch arrow (Graphviz 2.42 crashes on it there) and renders; a small one keeps it")
    func bigFlowWithoutRelaunchArrow() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("big-flow-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        // 600 generated objects, nothing collapsed: about 1,700 nodes, a layout Graphviz crashed on with the arrow.
        _ = try SyntheticTraceGenerator(configuration: .init(objects: 600, seed: 1)).write(to: path)
        let source = try DiagramSource.load(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), name: path)
        let big = try #require(source.graph(view: .flow, options: DiagramOptions(maximumNodes: 5_000)))
        #expect(big.totalNodeCount > FlowDiagram.maximumNodesWithRelaunchArrow)
        // No dashed arrow between the passes (columns of one pass may be joined by invisible ones).
        #expect(!big.dotSource.contains(#"constraint=false, style="dashed""#))
        #expect(big.dotSource.contains("no arrow in flows this big"))
        let svg = try GraphvizRenderer.shared.render(big, format: .svg)
        #expect(SVGDocument.parse(svg.data) != nil)

        let small = try #require(source.graph(view: .flow))
        #expect(small.dotSource.contains("constraint=false"))
        #expect(small.dotSource.contains("A dashed arrow between passes"))
    }

    @Test("the same trace gives byte-identical DOT")
    func deterministic() {
        let (header, records) = SampleTraces.countries()
        #expect(FlowDiagram.graph(header: header, records: records).dotSource
                == FlowDiagram.graph(header: header, records: records).dotSource)
    }

    @Test("the dark theme changes the background and text colours, not the structure")
    func darkTheme() {
        let (header, records) = SampleTraces.countries()
        let light = FlowDiagram.graph(header: header, records: records)
        let dark = FlowDiagram.graph(header: header, records: records, options: DiagramOptions(theme: .dark))
        #expect(light.dotSource.contains(##"bgcolor="#ffffff""##))
        #expect(dark.dotSource.contains(##"bgcolor="#1e1e1e""##))
        #expect(light.totalNodeCount == dark.totalNodeCount)
    }
}
