// SVG drawings that explain themselves: every node of every view of every sample has a unique
// id (from its restoration path where it has one) and a tooltip, every visible edge a tooltip;
// the auto theme carries both palettes, switched by prefers-color-scheme, and gives each class
// the colours the fixed themes draw; the legend shows what the drawing uses; hostile
// identifiers cannot reach markup through ids, classes, tooltips or the style sheet.

import Foundation
import Testing
import TestSupport
@testable import Diagrams
@testable import Graphviz
import RestorationEngine
import TraceFormat

@Suite("SVG that explains itself")
struct ExplainedSVGTests {
    static func svg(_ graph: Graph) throws -> SVGDocument {
        try #require(SVGDocument.parse(try GraphvizRenderer.shared.render(graph, format: .svg).data))
    }

    /// Node ids and tooltips of a drawing; records what is missing in `problems`.
    static func check(_ document: SVGDocument, name: String, problems: inout [String]) -> [String: String] {
        var tooltips: [String: String] = [:]
        var ids = Set<String>()
        for (index, element) in document.elements.enumerated() {
            if let id = element.attributes["id"] {
                if !ids.insert(id).inserted { problems.append("\(name): id \(id) twice") }
                if id.utf8.contains(where: { !(isSafe($0)) }) { problems.append("\(name): id \(id) has unsafe characters") }
            }
            guard element.name == "g" else { continue }
            let title = document.descendants(of: index).first { $0.name == "a" }?.attributes["xlink:title"]
            if element.classes.contains("node") {
                guard let id = element.attributes["id"], !id.hasPrefix("node") else {
                    problems.append("\(name): a node without an id of its own")
                    continue
                }
                guard let title, !title.isEmpty else {
                    problems.append("\(name): node \(id) has no tooltip")
                    continue
                }
                tooltips[id] = title
            } else if element.classes.contains("edge"), document.descendants(of: index).contains(where: { $0.name == "path" }) {
                if title?.contains(" → ") != true { problems.append("\(name): edge \(element.attributes["id"] ?? "?") has no tooltip") }
            }
        }
        return tooltips
    }

    static func isSafe(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "_.-~/%".utf8.contains(byte)
    }

    @Test("every node of every view of every sample has a unique id and a tooltip; every visible edge a tooltip")
    func everyNodeExplained() throws {
        var problems: [String] = []
        var drawings = 0
        for (name, source) in try GoldenDOTTests.samples() {
            for view in source.availableViews {
                guard let graph = source.graph(view: view) else { continue }
                _ = Self.check(try Self.svg(graph), name: "\(name).\(view)", problems: &problems)
                drawings += 1
            }
        }
        let storyboard = try Self.svg(SceneMapDiagram.graph(SceneMapDiagramTests.map))
        _ = Self.check(storyboard, name: "storyboard", problems: &problems)
        #expect(drawings > 100)
        #expect(problems.isEmpty, "\(problems.prefix(20))")
    }

    @Test("objects are found by their restoration path in every view: o-PATH, a flow step o-PATH~KIND")
    func idsFromRestorationPaths() throws {
        let samples = try GoldenDOTTests.samples()
        let countries = try #require(samples.first { $0.name == "countries" }?.source)
        var problems: [String] = []
        let flow = Self.check(try Self.svg(try #require(countries.graph(view: .flow))), name: "flow", problems: &problems)
        let hierarchy = Self.check(try Self.svg(try #require(countries.graph(view: .hierarchy))), name: "hierarchy", problems: &problems)
        let locate = Self.check(try Self.svg(try #require(countries.graph(view: .locate))), name: "locate", problems: &problems)
        #expect(problems.isEmpty)
        let encode = try #require(flow["o-Tabs/CountryNav~encode"])
        #expect(encode.contains("class: UINavigationController") && encode.contains("bytes encoded: 267"))
        #expect(encode.contains("duration: 1 tick"))
        let locateStep = try #require(flow["o-Tabs/CountryNav/CountryDetail~locate"])
        #expect(locateStep.contains("locate step: restorationClass"))
        #expect(flow["o-Tabs/CountryNav~decode"] != nil && flow["o-Tabs/CountryNav~finishedRestoring"] != nil)
        #expect(flow["step-1"]?.hasPrefix("1. shouldSave") == true)
        let node = try #require(hierarchy["o-Tabs/CountryNav/CountryList/CountryTable"])
        #expect(node.contains("path: Tabs/CountryNav/CountryList/CountryTable") && node.contains("class: UITableView"))
        #expect(node.contains("outcome: restored") && node.contains("locate step: existing"))
        #expect(locate["o-Tabs/CountryNav/CountryDetail"]?.contains("locate step: restorationClass") == true)
        #expect(locate["o-Tabs/CountryNav/CountryDetail~restorationClass"]?.contains("outcome: answered") == true)
        #expect(locate["o-Tabs~storyboard"] == nil && locate["o-Tabs~existing"] != nil)
    }

    @Test("exclusions and their reasons, and the source file and line when the trace has them, are in the tooltips")
    func reasonsAndSources() throws {
        let recorder = InMemoryRecorder(clock: .tick)
        let span = recorder.begin(.encode, path: ["Root"], className: "RootViewController", attributes: [
            TraceAttribute("source", ObjectSource(file: "Main.storyboard", line: 17, column: 9).jsonValue),
        ])
        recorder.end(span, .encode, path: ["Root"], attributes: [TraceAttribute("bytes", 64), TraceAttribute("keys", .array([.string("title")]))])
        recorder.instant(.exclude, path: ["Root", "Settings"], className: "SettingsViewController",
                         attributes: [TraceAttribute("reason", .string(ExclusionReason.ancestorExcluded.rawValue))])
        let flow = FlowDiagram.graph(header: recorder.header, records: recorder.records)
        var problems: [String] = []
        let tooltips = Self.check(try Self.svg(flow), name: "flow", problems: &problems)
        #expect(problems.isEmpty, "\(problems)")
        let encode = try #require(tooltips["o-Root~encode"])
        #expect(encode.contains("source: Main.storyboard:17:9") && encode.contains("keys: title") && encode.contains("bytes encoded: 64"))
        #expect(tooltips["o-Root/Settings~exclude"]?.contains("reason: ancestorExcluded") == true)
        let hierarchy = Self.check(try Self.svg(HierarchyDiagram.graph(header: recorder.header, records: recorder.records)),
                                   name: "hierarchy", problems: &problems)
        #expect(hierarchy["o-Root"]?.contains("source: Main.storyboard:17:9") == true)
        #expect(hierarchy["o-Root/Settings"]?.contains("excluded (reason: ancestorExcluded)") == true)
    }

    @Test("ids percent-encode each path component's bytes outside [A-Za-z0-9_.-]; repeats get ~2, ~3")
    func idScheme() {
        #expect(DiagramAnchor.object(["Tabs", "a b/c~d", "é", "%"]) == "o-Tabs/a%20b%2Fc%7Ed/%C3%A9/%25")
        #expect(DiagramAnchor.step(["Tabs", "CountryNav"], "decode") == "o-Tabs/CountryNav~decode")
        let canvas = DiagramCanvas(options: DiagramOptions())
        var graph = canvas.graph(id: "test", title: "repeats")
        for index in 0..<3 { graph.add(canvas.node(NodeID("n\(index)"), ["x"], tone: .step).anchored("o-A~decode", DiagramFacts("x"))) }
        graph.add(Node("plain", label: "plain"))
        canvas.finish(&graph)
        let ids = graph.nodes.compactMap { node -> String? in
            if case .elementID(let id)? = node.attributes["id"] { return id.rawValue } else { return nil }
        }
        #expect(ids == ["o-A~decode", "o-A~decode~2", "o-A~decode~3", "node-plain"])
    }

    @Test("auto SVG carries both palettes, switched by prefers-color-scheme, and is byte-identical run to run")
    func autoTheme() throws {
        let samples = try GoldenDOTTests.samples()
        let source = try #require(samples.first { $0.name == "rule-16-class-mismatch" }?.source)
        for view in source.availableViews {
            let auto = try #require(source.graph(view: view, options: DiagramOptions(theme: .auto)))
            let first = try GraphvizRenderer.shared.render(auto, format: .svg).data
            let second = try GraphvizRenderer.shared.render(try #require(source.graph(view: view)), format: .svg).data
            #expect(first == second, "\(view): the default is auto, and auto is deterministic")
            let document = try #require(SVGDocument.parse(first))
            let styles = document.elements.filter { $0.name == "style" }
            #expect(styles.count == 1)
            let css = try #require(styles.first?.text)
            let parts = css.components(separatedBy: "@media (prefers-color-scheme: dark) {")
            #expect(parts.count == 2)
            #expect(parts[0].contains(".restoretrace > polygon { fill: #ffffff; }"))
            #expect(parts[1].contains(".restoretrace > polygon { fill: #1e1e1e; }"))

            // The dark rules give every node the fill --theme dark draws it in.
            let dark = try Self.svg(try #require(source.graph(view: view, options: DiagramOptions(theme: .dark))))
            #expect(dark.elements.allSatisfy { $0.name != "style" })
            var checked = 0
            for (index, element) in dark.elements.enumerated() where element.classes.contains("node") {
                guard let tone = element.classes.first(where: { $0.hasPrefix("tone-") }),
                    let fill = dark.descendants(of: index).first(where: {
                        ["polygon", "path", "ellipse"].contains($0.name) && $0.attributes["fill"] != "none"
                    })?.attributes["fill"]
                else { continue }
                #expect(parts[1].contains(".\(tone) ellipse:not([fill=\"none\"]) { fill: \(fill); }"), "\(view) \(tone) \(fill)")
                checked += 1
            }
            #expect(checked > 3)
            // Fixed themes carry no style sheet; a PNG of auto is the light one.
            let light = try #require(source.graph(view: view, options: DiagramOptions(theme: .light)))
            #expect(try GraphvizRenderer.shared.render(light, format: .svg).data.range(of: Data("<style>".utf8)) == nil)
            #expect(try GraphvizRenderer.shared.render(light, format: .png).data
                == GraphvizRenderer.shared.render(auto, format: .png).data)
        }
    }

    @Test("the legend shows only what the drawing uses; full shows every entry, none no legend")
    func legendOfWhatIsUsed() throws {
        for (name, source) in try GoldenDOTTests.samples() {
            for view in source.availableViews {
                let graph = try #require(source.graph(view: view))
                var tones = Set<String>()
                var shapes = Set<String>()
                var entries: [(classes: [String], shape: String)] = []
                func walk(_ statements: [GraphStatement], inLegend: Bool) {
                    for statement in statements {
                        switch statement {
                        case .node(let node):
                            var classes: [String] = []
                            if case .styleClasses(let names)? = node.attributes["class"] { classes = names.names }
                            var shape = "box"
                            if case .shape(let value)? = node.attributes["shape"] { shape = value.rawValue }
                            if inLegend {
                                if classes.contains("legend-entry") { entries.append((classes, shape)) }
                            } else {
                                tones.formUnion(classes.filter { $0.hasPrefix("tone-") })
                                shapes.insert(shape)
                            }
                        case .subgraph(let subgraph): walk(subgraph.statements, inLegend: inLegend || subgraph.id.rawValue == "legend")
                        case .edge: break
                        }
                    }
                }
                walk(graph.statements, inLegend: false)
                #expect(tones.isEmpty || !entries.isEmpty, "\(name).\(view): no legend entry")
                for entry in entries {
                    let used = entry.classes.contains("legend-by-shape") ? shapes.contains(entry.shape)
                        : entry.classes.contains { tones.contains($0) }
                    #expect(used, "\(name).\(view): a legend entry the drawing does not use: \(entry.classes)")
                }
            }
        }
        let source = try #require(try GoldenDOTTests.samples().first { $0.name == "countries" }?.source)
        let used = try #require(source.graph(view: .flow)).dotSource
        let full = try #require(source.graph(view: .flow, options: DiagramOptions(legend: .full))).dotSource
        let none = try #require(source.graph(view: .flow, options: DiagramOptions(legend: .none))).dotSource
        #expect(used.contains("\"legend-1\"") && !used.contains("\"legend-2\""))
        #expect((0..<10).allSatisfy { full.contains("\"legend-\($0)\"") })
        #expect(!none.contains("cluster_legend") && !none.contains("legend-"))
    }

    @Test("hostile identifiers reach ids, classes and tooltips only as text: no element, no attribute, no reordering")
    func hostileIdentifiers() throws {
        let (header, records) = HostileInputTests.hostileTrace()
        var graphs = [FlowDiagram.graph(header: header, records: records), HierarchyDiagram.graph(header: header, records: records),
                      LocateDiagram.graph(header: header, records: records),
                      HierarchyDiagram.graph(scenario: HostileInputTests.hostileScenario())]
        graphs.append(SceneMapDiagram.graph(SceneMap(title: "</style><script>x</script>", scenes: [
            .init(id: "\"><img onerror=alert(1)>", title: "</script>", outcome: .restored, verdict: "\u{202E}evil",
                  tooltip: "\"><img src=x onerror=alert(1)> \u{202E}"),
        ])))
        for graph in graphs {
            let data = try GraphvizRenderer.shared.render(graph, format: .svg).data
            let document = try #require(SVGDocument.parse(data))
            #expect(Set(document.elementNames).isSubset(of: HostileInputTests.graphvizElements), "\(graph.id)")
            var problems: [String] = []
            let tooltips = Self.check(document, name: graph.id, problems: &problems)
            #expect(problems.isEmpty, "\(problems.prefix(5))")
            for element in document.elements {
                for (name, _) in element.attributes {
                    #expect(!name.lowercased().hasPrefix("on") && name != "href" && name != "src", "\(graph.id): \(name)")
                }
            }
            let css = document.elements.first { $0.name == "style" }?.text ?? ""
            #expect(!css.contains("script") && !css.contains("<") && !css.contains("evil"))
            // A right-to-left override in a tooltip is written as its escape: it cannot reverse the line.
            #expect(tooltips.values.allSatisfy { !$0.unicodeScalars.contains("\u{202E}") })
        }
        var ignored: [String] = []
        let tooltips = Self.check(try Self.svg(graphs[1]), name: "hierarchy", problems: &ignored)
        #expect(tooltips.values.contains { $0.contains(#""><script>alert(1)</script>"#) })
        // Written `∖u202E`: a tooltip's backslashes become U+2216, which Graphviz does not expand.
        #expect(tooltips.values.contains { $0.contains("u202E") })
    }
}
