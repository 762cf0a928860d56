// Labels made of hostile text render as literal text: no DOT injection, no SVG markup.

import Foundation
import Testing
import TestSupport
@testable import Graphviz

@Suite("Hostile labels")
struct HostileLabelTests {
    static let hostileTexts: [String] = [
        #"" ] ; "evil" [label="pwned"#,
        #""><script>alert(1)</script>"#,
        "line one\nline two\r\nline three",
        #"\N \G \E \T \H \L back\slash\"#,
        "{record|<port> field}",
        "NUL\u{0}inside and bell\u{7}",
        "مرحبا بالعالم \u{202E}reversed\u{202C} שלום",
        "<![CDATA[ x ]]> &amp; &lt; -- -->",
        String(repeating: "Z", count: 10_000),
    ]

    @Test("hostile labels render to well-formed SVG whose only elements are Graphviz's own")
    func hostileLabelsStayText() throws {
        var graph = Graph(nodeDefaults: [.fontName(.dejaVuSans), .shape(.box)])
        for (index, text) in Self.hostileTexts.enumerated() {
            graph.add(Node(NodeID("n\(index)"), label: Label(text)))
            if index > 0 { graph.connect(NodeID("n\(index - 1)"), to: NodeID("n\(index)"), [.label(Label(text))]) }
        }
        let rendering = try GraphvizRenderer.shared.render(graph, format: .svg)
        let svg = try #require(SVGDocument.parse(rendering.data), "the SVG must parse as XML")
        let allowed: Set<String> = ["svg", "g", "title", "polygon", "path", "text", "ellipse", "polyline"]
        #expect(Set(svg.elementNames).isSubset(of: allowed), "unexpected elements: \(Set(svg.elementNames).subtracting(allowed))")
        #expect(!svg.elementNames.contains("script"))
        #expect(svg.texts.contains(#""><script>alert(1)</script>"#))
        #expect(svg.texts.contains(#"\N \G \E \T \H \L back\slash\"#))
        #expect(svg.texts.contains("{record|<port> field}"))
        #expect(svg.texts.contains("NULinside and bell"))
        #expect(svg.texts.contains("line two"))
        #expect(!svg.texts.contains("pwned"), "no label may escape its quotes")
        #expect(svg.texts.contains { $0.contains("שלום") })
        #expect(svg.texts.contains { $0.hasPrefix("ZZZZ") && $0.hasSuffix(Label.ellipsis) })
        #expect(svg.elementNames.filter { $0 == "g" }.count == 1 + Self.hostileTexts.count * 2 - 1,
                "one group for the graph, one per node and per edge: nothing was added or dropped")
    }

    @Test("hostile node identifiers are quoted: the graph keeps exactly the nodes that were added")
    func hostileIdentifiersStayIdentifiers() throws {
        var graph = Graph()
        for (index, text) in Self.hostileTexts.enumerated() {
            graph.add(Node(NodeID(text), label: Label("node \(index)")))
        }
        let svg = try #require(SVGDocument.parse(try GraphvizRenderer.shared.render(graph, format: .svg).data))
        #expect(svg.texts.count == Self.hostileTexts.count)
        #expect(svg.elementNames.filter { $0 == "g" }.count == 1 + Self.hostileTexts.count)
    }
}
