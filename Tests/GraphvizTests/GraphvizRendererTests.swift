// Rendering through libgvc in-process: formats, determinism, errors, and the serial gate.

import Foundation
import Testing
import TestSupport
import CGraphvizSupport
@testable import Graphviz

/// A small graph: three nodes in a chain.
private func threeNodeGraph() -> Graph {
    var graph = Graph(id: "three", nodeDefaults: [.fontName(.dejaVuSans), .shape(.box)])
    graph.add(Node("a", label: "Preserve"))
    graph.add(Node("b", label: "Archive"))
    graph.add(Node("c", label: "Restore"))
    graph.connect("a", to: "b")
    graph.connect("b", to: "c")
    return graph
}

@Suite("Rendering through libgvc in-process")
struct GraphvizRendererTests {
    @Test("lays out and renders a three-node graph to SVG in-process")
    func rendersThreeNodeGraphToSVG() throws {
        let rendering = try GraphvizRenderer.shared.render(threeNodeGraph(), format: .svg)
        let svg = try #require(SVGDocument.parse(rendering.data))
        #expect(svg.elementNames.first == "svg")
        #expect(svg.texts == ["Preserve", "Archive", "Restore"])
        #expect(svg.elementNames.filter { $0 == "path" }.count == 2, "two edges are drawn")
        #expect(rendering.warnings.isEmpty)
    }

    @Test("malformed DOT throws invalidDOT carrying libgvc's own syntax error message")
    func malformedDOTSurfacesLibgvcMessage() {
        #expect {
            try GraphvizRenderer.shared.render(dotSource: "digraph { a -> ; }", format: .svg)
        } throws: { error in
            guard case GraphvizError.invalidDOT(let diagnostics) = error else { return false }
            return diagnostics.contains { $0.severity == .error && $0.message.contains("syntax error in line 1") }
        }
    }

    @Test("a render after a syntax error succeeds and carries no stale message")
    func recoversAfterSyntaxError() throws {
        _ = try? GraphvizRenderer.shared.render(dotSource: "digraph { ", format: .svg)
        let rendering = try GraphvizRenderer.shared.render(threeNodeGraph(), format: .svg)
        #expect(rendering.warnings.isEmpty)
        #expect(SVGDocument.parse(rendering.data) != nil)
    }

    @Test("syntax error line numbers count from the start of each DOT text, not across renders")
    func lineNumbersRestartPerParse() {
        _ = try? GraphvizRenderer.shared.render(threeNodeGraph(), format: .svg)
        #expect {
            try GraphvizRenderer.shared.render(dotSource: "digraph {\n a;\n b -> ;\n}\n", format: .svg)
        } throws: { error in
            (error as? GraphvizError)?.diagnostics.contains { $0.message.contains("syntax error in line 3") } == true
        }
    }

    @Test("libgvc warnings come back with the rendering instead of going to stderr")
    func warningsAreCaptured() throws {
        let rendering = try GraphvizRenderer.shared.render(
            dotSource: "digraph { a [label=\"x\", shape=nosuchshape]; }", format: .svg)
        #expect(rendering.warnings.contains { $0.message.contains("nosuchshape") })
    }

    @Test("the same graph gives byte-identical SVG on two runs")
    func svgIsDeterministic() throws {
        let first = try GraphvizRenderer.shared.render(threeNodeGraph(), format: .svg).data
        let second = try GraphvizRenderer.shared.render(threeNodeGraph(), format: .svg).data
        #expect(first == second)
    }

    @Test("an SVG render of the graph layoutSize just laid out is the bytes of a fresh render; other graphs and formats lay out anew")
    func renderAfterLayoutSizeMatchesFreshRender() throws {
        var laidOut = threeNodeGraph()
        laidOut.add(Node("d", label: "Relaunch"))
        laidOut.connect("c", to: "d")
        let fresh = try GraphvizRenderer.shared.render(laidOut, format: .svg)
        let size = try #require(GraphvizRenderer.shared.layoutSize(laidOut))
        #expect(size.width > 0 && size.height > 0)
        let reused = try GraphvizRenderer.shared.render(laidOut, format: .svg)
        #expect(reused.data == fresh.data)
        // The render drew that layout. Other tests render meanwhile, and one that comes between
        // the two calls makes the render lay out anew: a few tries make that vanishingly rare.
        var drewLayout = false
        for _ in 0..<10 where !drewLayout {
            let before = GraphvizRenderer.shared.layoutsReused
            _ = GraphvizRenderer.shared.layoutSize(laidOut)
            #expect(try GraphvizRenderer.shared.render(laidOut, format: .svg).data == fresh.data)
            drewLayout = GraphvizRenderer.shared.layoutsReused > before
        }
        #expect(drewLayout, "an SVG render right after layoutSize draws its layout")
        // A different graph after a layout: its own drawing, not the laid-out one.
        _ = GraphvizRenderer.shared.layoutSize(laidOut)
        let other = try GraphvizRenderer.shared.render(threeNodeGraph(), format: .svg).data
        #expect(other == (try GraphvizRenderer.shared.render(threeNodeGraph(), format: .svg).data))
        #expect(other != fresh.data)
        // Another format after a layout lays out for that format.
        _ = GraphvizRenderer.shared.layoutSize(laidOut)
        let png = try GraphvizRenderer.shared.render(laidOut, format: .png).data
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("cluster order, hence SVG, does not depend on what earlier renders allocated")
    func clusterOrderIsStableAcrossRenders() throws {
        func clustered(_ prefix: String) -> Graph {
            var graph = Graph(id: prefix)
            for index in 0..<6 {
                var cluster = Subgraph.cluster("\(prefix)\(index)", label: Label("C\(index)"))
                cluster.add(Node(NodeID("\(prefix)n\(index)"), label: Label("N\(index)")))
                graph.add(cluster)
            }
            return graph
        }
        let first = try GraphvizRenderer.shared.render(clustered("x"), format: .svg).data
        for round in 0..<20 { _ = try GraphvizRenderer.shared.render(clustered("other\(round)"), format: .svg) }
        let again = try GraphvizRenderer.shared.render(clustered("x"), format: .svg).data
        #expect(first == again)
        let titles = try #require(SVGDocument.parse(first)).texts
        #expect(titles.prefix(6) == ["C0", "C1", "C2", "C3", "C4", "C5"], "clusters come out in the order written")
    }

    @Test("PNG output has the PNG signature and IHDR dimensions matching the SVG size at 96 dpi")
    func pngIsWellFormed() throws {
        let png = [UInt8](try GraphvizRenderer.shared.render(threeNodeGraph(), format: .png).data)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(png.count > 33)
        #expect(Array(png[12..<16]) == Array("IHDR".utf8))
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        let svg = String(decoding: try GraphvizRenderer.shared.render(threeNodeGraph(), format: .svg).data, as: UTF8.self)
        let points = try #require(svgPointSize(svg))
        #expect(abs(Double(width) - points.width * 96 / 72) <= 2)
        #expect(abs(Double(height) - points.height * 96 / 72) <= 2)
        #expect(Array(png.suffix(8).prefix(4)) == Array("IEND".utf8))
    }

    @Test("PDF output starts with %PDF, ends with %%EOF, has the drawing's page size, and is byte-identical on two runs")
    func pdfIsWellFormedAndDeterministic() throws {
        let first = try GraphvizRenderer.shared.render(threeNodeGraph(), format: .pdf).data
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-"))
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("%%EOF"))
        // One page, the size of the drawing in points plus the 36-point margin libgvc's cairo
        // PDF device puts on every side.
        let pages = text.ranges(of: /\/Type \/Page[^s]/).count
        #expect(pages == 1)
        let mediaBox = try #require(text.range(of: #"/MediaBox \[ 0 0 ([0-9.]+) ([0-9.]+) \]"#, options: .regularExpression))
        let numbers = text[mediaBox].split(separator: " ").compactMap { Double($0) }
        let svg = String(decoding: try GraphvizRenderer.shared.render(threeNodeGraph(), format: .svg).data, as: UTF8.self)
        let points = try #require(svgPointSize(svg))
        #expect(numbers.count == 4)
        #expect(abs(numbers[2] - (points.width + 72)) <= 2, "\(numbers) against \(points)")
        #expect(abs(numbers[3] - (points.height + 72)) <= 2, "\(numbers) against \(points)")
        #expect(text.contains("/CreationDate (D:19700101000000"))
        Thread.sleep(forTimeInterval: 1.1)
        let second = try GraphvizRenderer.shared.render(threeNodeGraph(), format: .pdf).data
        #expect(first == second)
    }

    @Test("dot format returns the DOT source untouched")
    func dotFormatIsTheSource() throws {
        let graph = threeNodeGraph()
        let rendering = try GraphvizRenderer.shared.render(graph, format: .dot)
        #expect(String(decoding: rendering.data, as: UTF8.self) == graph.dotSource)
    }

    @Test("renders from many threads at once all succeed and agree (one serial gate)")
    func concurrentRendersAreSerialized() async throws {
        let expected = try GraphvizRenderer.shared.render(threeNodeGraph(), format: .svg).data
        let results = await withTaskGroup(of: Data?.self) { group in
            for _ in 0..<16 {
                group.addTask { try? GraphvizRenderer.shared.render(threeNodeGraph(), format: .svg).data }
            }
            var all: [Data?] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 16)
        #expect(results.allSatisfy { $0 == expected })
    }

    @Test("the text-size memo answers repeated lines, and SVG, PNG and PDF are the bytes measuring every line gives")
    func textSizeMemoChangesNothingDrawn() throws {
        // One text in six fonts, each repeated: DejaVu Sans at 14 and at 30, bold (HTML), DejaVu
        // Sans Mono at 14 (the name alone differs), and the edge labels' Times-Roman 9 (a name
        // libgvc gives a PostScript alias). A memo keyed on less than name, size, flags and alias
        // would give one of them another's width. Other tests may render meanwhile; they only
        // add to the counts.
        var lines = ["digraph memo {", "node [fontname=\"DejaVu Sans\", shape=box];"]
        for index in 0..<12 {
            lines.append("s\(index) [label=\"same text\\nline \(index % 3)\"];")
            lines.append("b\(index) [label=\"same text\", fontsize=30];")
            lines.append("h\(index) [label=<<B>same text</B>>];")
            lines.append("m\(index) [label=\"same text\", fontname=\"DejaVu Sans Mono\"];")
            lines.append("s\(index) -> b\(index) [label=\"same text\", fontsize=9];")
        }
        lines.append("}")
        let source = lines.joined(separator: "\n")
        func drawings() throws -> [Data] {
            try [OutputFormat.svg, .png, .pdf].map { try GraphvizRenderer.shared.render(dotSource: source, format: $0).data }
        }
        func counts() -> (hits: UInt, misses: UInt) {
            var hits: UInt = 0, misses: UInt = 0
            restoretrace_text_size_memo_counts(&hits, &misses)
            return (hits, misses)
        }
        func setMemo(_ enabled: Bool) {
            restoretrace_libgvc_lock()
            restoretrace_set_text_size_memo_enabled(enabled ? 1 : 0)
            restoretrace_libgvc_unlock()
        }
        _ = try GraphvizRenderer.shared.render(threeNodeGraph(), format: .svg)  // the context, with the memo
        setMemo(false)
        let measured = try drawings()
        setMemo(true)
        let before = counts()
        let remembered = try drawings()
        let after = counts()
        #expect(remembered == measured)
        // The SVG render measures 72 lines, 8 of them distinct: at least 64 come from the memo.
        // PNG and PDF, drawn by pango from each line's own PangoLayout, pass it by.
        #expect(after.hits - before.hits >= 64, "the memo answered the repeated lines")
        let svg = try #require(String(data: measured[0], encoding: .utf8))
        #expect(svg.contains("font-size=\"30.00\">same text</text>"))
        #expect(svg.contains("font-weight=\"bold\" font-size=\"14.00\">same text</text>"))
        #expect(svg.contains("font-family=\"DejaVu Sans Mono\" font-size=\"14.00\">same text</text>"))

        // A memo that fills up mid-layout starts again empty and answers the same: limits of 3
        // lines, then of 40 bytes of text, for a render that measures 8 different lines.
        for (entries, bytes) in [(3, 0), (0, 40)] {
            restoretrace_libgvc_lock()
            restoretrace_set_text_size_memo_limits(entries, bytes)
            restoretrace_libgvc_unlock()
            let small = try drawings()
            restoretrace_libgvc_lock()
            restoretrace_set_text_size_memo_limits(0, 0)
            restoretrace_libgvc_unlock()
            #expect(small == measured, "limits \(entries) lines, \(bytes) bytes")
        }

    }

    @Test("a drawing too wide for a bitmap is rendered at a lower resolution, within the pixel limit")
    func hugeBitmapIsScaledDown() throws {
        var graph = Graph(attributes: [.rankDirection(.leftToRight)], nodeDefaults: [.width(40), .height(40)])
        for index in 0..<8 { graph.add(Node(NodeID("n\(index)"), label: Label("\(index)"))) }
        for index in 0..<7 { graph.connect(NodeID("n\(index)"), to: NodeID("n\(index + 1)")) }
        let png = [UInt8](try GraphvizRenderer.shared.render(graph, format: .png).data)
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(Double(width) <= GraphvizRenderer.maximumBitmapSide)
        #expect(Double(width * height) <= GraphvizRenderer.maximumBitmapPixels * 1.01)
        #expect(width > 1000)
    }
}

/// `width="124pt" height="116pt"` of an SVG root.
private func svgPointSize(_ svg: String) -> (width: Double, height: Double)? {
    func value(_ name: String) -> Double? {
        guard let start = svg.range(of: name + "=\"")?.upperBound,
            let end = svg[start...].range(of: "pt\"")?.lowerBound
        else { return nil }
        return Double(svg[start..<end])
    }
    guard let width = value("width"), let height = value("height") else { return nil }
    return (width, height)
}
