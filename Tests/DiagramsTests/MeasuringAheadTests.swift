// The pre-measuring thread measures label lines with a pango of its own, and only in a font and
// size in which it has measured libgvc's plugin's line exactly as the plugin did. Every font and
// size the diagrams draw in must pass that check, or the diagrams' lines would all be left to
// the layout.

import CGraphvizSupport
@testable import Diagrams
@testable import Graphviz
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Measuring ahead")
struct MeasuringAheadTests {
    /// The fonts and sizes of every sample's views, and views that draw in all of them.
    private func diagramFonts() throws -> (fonts: Set<TextPremeasure.LabelFont>, covering: [Graph]) {
        var fonts = Set<TextPremeasure.LabelFont>()
        var covering: [Graph] = []
        for (_, source) in try GoldenDOTTests.samples() {
            for view in source.availableViews {
                for theme in [DiagramTheme.light, .dark] {
                    guard let graph = source.graph(view: view, options: DiagramOptions(theme: theme)) else { continue }
                    let its = TextPremeasure.labelFonts(graph)
                    if !its.isSubset(of: fonts) { covering.append(graph) }
                    fonts.formUnion(its)
                }
            }
        }
        return (fonts, covering)
    }

    @Test("the warm-up makes a reference line in exactly the fonts and sizes the diagrams draw in")
    func warmUpKnowsDiagramFonts() throws {
        var known = Set<TextPremeasure.LabelFont>()
        var name: UnsafePointer<CChar>?
        var size = 0.0
        var index = 0
        while restoretrace_diagram_font(index, &name, &size) == 1, let name {
            known.insert(.init(name: String(cString: name), size: size))
            index += 1
        }
        #expect(known == (try diagramFonts().fonts))
    }

    @Test("the thread's own pango measures each font and size the diagrams draw in exactly as libgvc's plugin does")
    func ownPangoMatchesPluginInDiagramFonts() throws {
        let (fonts, covering) = try diagramFonts()
        // The title, node, legend-note and edge sizes in DejaVu Sans, the cluster titles in bold.
        #expect(fonts.contains(.init(name: "DejaVu Sans", size: 11)))
        #expect(fonts.contains(.init(name: "DejaVu Sans Bold", size: 12)))
        #expect(fonts.count >= 5)
        func checked(_ font: TextPremeasure.LabelFont) -> Bool { restoretrace_premeasure_checked_in(font.name, font.size) == 1 }
        // Another test's render ends with a stop, which may come before the check: try again.
        for attempt in 0..<300 where !fonts.allSatisfy(checked) {
            if attempt > 0 { usleep(10_000) }
            // Rendered through libgvc, each font and size's first line measured by the plugin
            // becomes a reference; the thread checks them when it next starts.
            for graph in covering { _ = try GraphvizRenderer.shared.render(graph, format: .svg) }
            restoretrace_wait_for_warm_ups()
            TextPremeasure.start(covering[0])
            restoretrace_wait_for_premeasuring()
        }
        for font in fonts { #expect(checked(font), "\(font.name) \(font.size)") }
    }
}
