// A trace read straight into a table (the scan) draws exactly what its records draw, in every
// view and style; a trace the scan leaves to the reader still loads, with the reader's warnings;
// and a graph built in cgraph through its API lays out as its DOT text does.

import Foundation
@testable import Graphviz
import Testing
import TraceFormat
import TraceGeneration
@testable import Diagrams

@Suite("Loading traces for drawing")
struct DiagramLoadingTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every trace of Traces/, and generated ones of several sizes.
    static func traces() throws -> [(name: String, bytes: [UInt8])] {
        let directory = repository.appendingPathComponent("Traces")
        var traces: [(String, [UInt8])] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() where name.hasSuffix(".jsonl") {
            traces.append((name, [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))))
        }
        for objects in [3, 60, 700] {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("loading-\(UUID().uuidString).jsonl").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            _ = try SyntheticTraceGenerator(configuration: .init(objects: objects, seed: UInt64(objects))).write(to: path)
            traces.append(("generated-\(objects).jsonl", [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))))
        }
        return traces
    }

    /// The same trace the way the library's users draw records already in memory.
    static func fromRecords(_ bytes: [UInt8]) throws -> DiagramSource {
        .trace(DiagramTrace(document: try TraceDocument.load(bytes: bytes)))
    }

    static let styles: [DiagramOptions] = [
        DiagramOptions(), DiagramOptions(theme: .dark), DiagramOptions(heat: true), DiagramOptions(maximumNodes: 25),
    ]

    @Test("every sample and generated trace draws the same DOT scanned as from its records, in every view and style")
    func scannedDrawsAsRecords() throws {
        for (name, bytes) in try Self.traces() {
            let scanned = try DiagramSource.load(bytes: bytes, name: name)
            guard case .trace(let trace) = scanned else {
                Issue.record("\(name) did not load as a trace")
                continue
            }
            #expect(trace.diagnostics.isEmpty)
            let records = try Self.fromRecords(bytes)
            for view in DiagramView.allCases {
                for options in Self.styles {
                    let a = scanned.graph(view: view, options: options)?.dotSource
                    let b = records.graph(view: view, options: options)?.dotSource
                    #expect(a == b, "\(name) \(view) \(options)")
                }
            }
        }
    }

    @Test("a trace the scan leaves to the reader loads through it: warnings kept, bad lines skipped on request")
    func readerTakesOver() throws {
        let header = #"{"type":"header","format":"restoretrace/1","clock":"tick"}"#
        let lines = [
            header,
            #"{"seq":0,"ts":1,"ph":"B","span":1,"kind":"encode","path":["Tabs"],"class":"UITabBarController"}"#,
            "",
            #"{"seq":1,"ts":2,"ph":"i","kind":"x-custom-step","path":["Tabs"]}"#,
            #"{"seq":2,"ts":3,"ph":"E","span":1,"kind":"encode","path":["Tabs"],"bytes":10}"#,
        ]
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        let source = try DiagramSource.load(bytes: bytes, name: "t.jsonl")
        guard case .trace(let trace) = source else { throw DiagramLoadingError.notATrace }
        #expect(trace.diagnostics.map(\.message) == ["blank line"])
        #expect(trace.recordCount == 3)
        #expect(source.graph(view: .flow)?.dotSource == (try Self.fromRecords(bytes)).graph(view: .flow)?.dotSource)

        var malformed = lines
        malformed.insert(#"{"seq":9,"ts":"#, at: 2)
        let malformedBytes = Array((malformed.joined(separator: "\n") + "\n").utf8)
        #expect(throws: DiagramSource.LoadError.self) { try DiagramSource.load(bytes: malformedBytes, name: "t.jsonl") }
        let skipped = try DiagramSource.load(bytes: malformedBytes, name: "t.jsonl", skipBadLines: true)
        guard case .trace(let kept) = skipped else { throw DiagramLoadingError.notATrace }
        #expect(kept.recordCount == 3)
        #expect(kept.diagnostics.contains { $0.line == 3 && $0.severity == .warning })
    }

    @Test("the depth and size limits name the line, scanned or read through the reader")
    func limitsNameTheLine() throws {
        let header = #"{"type":"header","format":"restoretrace/1","clock":"tick"}"#
        let deep = (0...DiagramSource.maximumPathDepth).map { "\"c\($0)\"" }.joined(separator: ",")
        let record = #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","path":[\#(deep)],"reason":"x"}"#
        for blank in ["", "\n"] {  // a blank line sends the trace to the reader
            let bytes = Array((header + "\n" + blank + record + "\n").utf8)
            #expect {
                try DiagramSource.load(bytes: bytes, name: "deep.jsonl")
            } throws: { error in
                (error as? DiagramSource.LoadError)?.description.hasPrefix("deep.jsonl:\(blank.isEmpty ? 2 : 3): the path has 1001 components") ?? false
            }
        }
    }

    enum DiagramLoadingError: Error { case notATrace }
}

@Suite("cgraph built through its API")
struct CGraphBuildingTests {
    /// Every view of the sample traces, and the hostile-identifier scenario.
    static func graphs() throws -> [(String, Graph)] {
        var graphs: [(String, Graph)] = []
        for (name, bytes) in try DiagramLoadingTests.traces() where !name.hasPrefix("generated-700") {
            let source = try DiagramSource.load(bytes: bytes, name: name)
            for view in DiagramView.allCases {
                for options in [DiagramOptions(), DiagramOptions(theme: .dark, heat: true)] {
                    if let graph = source.graph(view: view, options: options) { graphs.append(("\(name) \(view)", graph)) }
                }
            }
        }
        return graphs
    }

    @Test("every diagram renders to the same SVG built through cgraph's API as parsed from its DOT text")
    func builtAsParsed() throws {
        for (name, graph) in try Self.graphs() {
            let built = try GraphvizRenderer.shared.render(graph, format: .svg)
            let parsed = try GraphvizRenderer.shared.render(dotSource: graph.dotSource, format: .svg)
            // DOT text has no place for the auto theme's style sheet: it is embedded in the SVG.
            #expect(built.data == graph.svgStyleSheet.map { $0.embedded(in: parsed.data) } ?? parsed.data, "\(name)")
        }
    }

    @Test("identifiers and labels that need escaping reach cgraph as the DOT lexer would hand them over")
    func hostileTextBuiltAsParsed() throws {
        let texts = ["\"quoted\"", "back\\slash", "\\N \\G \\E", "{ } | < >", "line\nbreak\r\nand\ttab", "Ünïcødé → ✓",
                     "\"><script>alert(1)</script>", "trailing backslash\\", String(repeating: "long ", count: 400),
                     "\u{202E}right to left", "nul\u{0}byte", "\\\"both\\\""]
        var graph = Graph(id: "hostile \"graph\"", nodeDefaults: [.fontName(.dejaVuSans)])
        var cluster = Subgraph.cluster("c \"1\"", label: Label(texts[0]))
        for (index, text) in texts.enumerated() {
            let id = NodeID("n\(index) " + text)
            let node = Node(id, label: Label(lines: [text, "second " + text]), attributes: [.shape(.box)])
            if index % 2 == 0 { cluster.add(node) } else { graph.add(node) }
            if index > 0 { graph.connect(NodeID("n\(index - 1) " + texts[index - 1]), to: id, [.label(Label(text))]) }
        }
        graph.add(cluster)
        let built = try GraphvizRenderer.shared.render(graph, format: .svg)
        let parsed = try GraphvizRenderer.shared.render(dotSource: graph.dotSource, format: .svg)
        #expect(built.data == parsed.data)
        #expect(CGraphBuilder.lexed(quoted: #""a\"b\\c\{d""#) == #"a"b\\c\{d"#)
    }
}
