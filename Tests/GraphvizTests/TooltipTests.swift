// Tooltips: hostile text stays plain text in the SVG's xlink:title, Graphviz's escapes do not
// expand, and a huge one is cut.

import Foundation
import Testing
import TestSupport
@testable import Graphviz

@Suite("Tooltips")
struct TooltipTests {
    @Test("hostile tooltip text reaches the SVG as the same text: quotes, markup, line breaks; backslashes cannot expand")
    func hostileTooltips() throws {
        var graph = Graph(nodeDefaults: [.fontName(.dejaVuSans), .shape(.box)])
        let text = "Main.storyboard:17:9\n\"quoted\" <script>alert(1)</script> & {x|y} \\N \\G"
        graph.add(Node("n0", label: Label("node"), attributes: [.tooltip(Tooltip(text))]))
        let rendering = try GraphvizRenderer.shared.render(graph, format: .svg)
        let svg = try #require(SVGDocument.parse(rendering.data), "the SVG must parse as XML")
        #expect(!svg.elementNames.contains("script"))
        let expected = "Main.storyboard:17:9\n\"quoted\" <script>alert(1)</script> & {x|y} \u{2216}N \u{2216}G"
        #expect(svg.attributeValues.contains(expected), "\(svg.attributeValues)")
        #expect(!svg.attributeValues.contains { $0.contains("n0 ") || $0.hasSuffix(" G") })
    }

    @Test("a tooltip longer than the cap is cut with an ellipsis, on a character boundary")
    func capped() {
        let tooltip = Tooltip(String(repeating: "é", count: 5_000))
        #expect(tooltip.text.utf8.count <= Tooltip.maximumUTF8Length && tooltip.text.hasSuffix("…"))
        #expect(Tooltip("short").text == "short")
    }

    @Test("backslashes become U+2216 before the cap is measured; the cut counts the text as written")
    func cappedWithBackslashes() {
        let tooltip = Tooltip(String(repeating: "a\\", count: 2_000))
        #expect(tooltip.text == String(repeating: "a\u{2216}", count: 511) + "a…")
        #expect(Tooltip("a\\b").text == "a\u{2216}b")
        // A backslash that carries a combining mark is still replaced.
        #expect(Tooltip("x\\\u{301}").text == "x\u{2216}\u{301}")
        // Exactly at the cap after replacement: not cut.
        let atCap = String(repeating: "b", count: Tooltip.maximumUTF8Length - 3) + "\\"
        #expect(Tooltip(atCap).text == String(repeating: "b", count: Tooltip.maximumUTF8Length - 3) + "\u{2216}")
    }
}
