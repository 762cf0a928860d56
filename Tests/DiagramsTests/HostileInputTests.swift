// Hostile identifiers — quotes, markup, newlines, 10 kB, right-to-left text — render as text:
// the SVG parses as XML, has only Graphviz's own elements, and PNG and PDF stay well-formed.

import Foundation
import Testing
import TestSupport
@testable import Diagrams
import Graphviz
import RestorationEngine
import TraceFormat

@Suite("Hostile identifiers")
struct HostileInputTests {
    static let identifiers = [
        #"say "hi""#, #""><script>alert(1)</script>"#, "two\nlines\r\nthree", String(repeating: "W", count: 10_240),
        "שלום \u{202E}evil\u{202C} مرحبا", #"\N\G\E back\"#, "{a|<b>}", "",
    ]

    static func hostileScenario() -> Scenario {
        let children = identifiers.enumerated().map { index, identifier in
            ScenarioViewController(className: identifier.isEmpty ? "Plain" : identifier, restorationIdentifier: identifier,
                                   views: [ScenarioView(className: "UIView\(index)", restorationIdentifier: identifier)])
        }
        return Scenario(name: #"evil" ] ; x [label="pwned"#, windows: [ScenarioWindow(root: ScenarioViewController(
            className: "UINavigationController", kind: .navigation, restorationIdentifier: #"<svg onload=alert(1)>"#,
            children: children))])
    }

    static func hostileTrace() -> (TraceHeader, [TraceRecord]) {
        let recorder = InMemoryRecorder(clock: .tick, header: TraceHeader(clock: "tick", scenario: "</text><script>x</script>"))
        let restoration = recorder.begin(.restoration)
        for identifier in identifiers {
            let path = ["Root\"", identifier]
            let locate = recorder.begin(.locate, path: path, className: identifier)
            recorder.end(locate, .locate, path: path, attributes: [TraceAttribute("via", .string(identifier)),
                                                                   TraceAttribute("result", "found")])
            recorder.instant(.error, path: path, className: nil, attributes: [TraceAttribute("message", .string(identifier))])
        }
        recorder.end(restoration, .restoration)
        return (recorder.header, recorder.records)
    }

    /// Graphviz's own elements, its links for tooltips (`a`), and the auto theme's `style`.
    static let graphvizElements: Set<String> = ["svg", "g", "title", "polygon", "path", "text", "ellipse", "polyline", "a",
                                                "style"]

    @Test("a hostile scenario's hierarchy renders to SVG that parses, with no injected element")
    func hostileScenarioSVG() throws {
        let graph = HierarchyDiagram.graph(scenario: Self.hostileScenario())
        let svg = try #require(SVGDocument.parse(try GraphvizRenderer.shared.render(graph, format: .svg).data))
        #expect(Set(svg.elementNames).isSubset(of: Self.graphvizElements))
        #expect(svg.texts.contains(#""><script>alert(1)</script>"#))
        #expect(svg.texts.contains(#"<svg onload=alert(1)>"#))
        #expect(svg.texts.contains { $0.hasPrefix("WWWW") && $0.hasSuffix("…") && $0.count == DiagramText.maximumIdentifierLength })
        #expect(!svg.texts.contains("pwned"))
        #expect(svg.texts.contains(#"\N\G\E back\"#))
        // A line break in an identifier is drawn as its escape, on the identifier's own line:
        // it cannot add lines that read like the diagram's.
        #expect(svg.texts.contains(#"two\nlines\r\nthree"#))
        #expect(!svg.texts.contains("lines") && !svg.texts.contains("three"))
        let dot = graph.dotSource
        for attribute in ["URL=", "href=", "image=", "target="] { #expect(!dot.contains(attribute)) }
    }

    @Test("every view of a hostile trace renders to SVG that parses, with no injected element")
    func hostileTraceSVG() throws {
        let (header, records) = Self.hostileTrace()
        for graph in [FlowDiagram.graph(header: header, records: records),
                      HierarchyDiagram.graph(header: header, records: records),
                      LocateDiagram.graph(header: header, records: records)] {
            let svg = try #require(SVGDocument.parse(try GraphvizRenderer.shared.render(graph, format: .svg).data))
            #expect(Set(svg.elementNames).isSubset(of: Self.graphvizElements), "\(graph.id)")
            #expect(!svg.elementNames.contains("script"))
            #expect(!svg.texts.contains("three"), "\(graph.id): a line break in an identifier started a line")
        }
    }

    @Test("line breaks and other control characters in a trace's text are drawn as escapes; long reasons wrap, whole")
    func visibleAndWrappedText() {
        #expect(DiagramText.visible("plain") == "plain")
        #expect(DiagramText.visible("a\nb\r\nc\td") == #"a\nb\r\nc\td"#)
        #expect(DiagramText.visible("x\u{2028}y\u{85}z\u{1B}") == #"x\u2028y\u0085z\u001B"#)
        #expect(DiagramText.visible("Café ⏎ שלום") == "Café ⏎ שלום")
        #expect(DiagramText.visible("a\u{202E}evil\u{202C}b\u{2067}c") == #"a\u202Eevil\u202Cb\u2067c"#)
        #expect(DiagramText.wrapped(String(repeating: " ", count: 60)).count == 1)
        let huge = DiagramText.wrapped(String(repeating: "y", count: 1_000_000))
        #expect(huge.count == DiagramText.maximumWrappedLines && huge.last?.hasSuffix("…") == true)
        let message = "restoration.archive is corrupt: checksum 0xe2fbf3c6cfa4ae14 does not match the stored "
            + "0x231d9e84d77f5f5d; it was deleted and the app launches fresh"
        let lines = DiagramText.wrapped(message)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.count <= DiagramText.wrapWidth })
        #expect(lines.joined(separator: " ") == message, "nothing is lost")
        let word = String(repeating: "x", count: 130)
        #expect(DiagramText.wrapped(word) == [String(repeating: "x", count: 48), String(repeating: "x", count: 48),
                                              String(repeating: "x", count: 34)])
        let long = DiagramText.wrapped(String(repeating: "word ", count: 400))
        #expect(long.count == DiagramText.maximumWrappedLines)
        #expect(long.last?.hasSuffix("…") == true)
        #expect(DiagramText.wrapped("short reason") == ["short reason"])
    }

    @Test("a hostile scenario renders to a well-formed PNG and PDF")
    func hostileBitmapAndPDF() throws {
        let graph = HierarchyDiagram.graph(scenario: Self.hostileScenario())
        let png = [UInt8](try GraphvizRenderer.shared.render(graph, format: .png).data)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png.suffix(8).prefix(4)) == Array("IEND".utf8))
        let pdf = String(decoding: try GraphvizRenderer.shared.render(graph, format: .pdf).data, as: UTF8.self)
        #expect(pdf.hasPrefix("%PDF-"))
        #expect(pdf.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("%%EOF"))
    }
}
