// The `auto` theme: one SVG for light and dark readers. Graphviz draws the light palette; every
// node, cluster and the graph carry classes (`tone-restored`, `frame`, `restoretrace`), and a
// style sheet inside the SVG gives those classes the light palette by default and the dark one
// under `@media (prefers-color-scheme: dark)`: the colours `--theme light` and `--theme dark`
// draw, to the byte. Rules are written only for the classes the drawing uses, in a fixed order,
// so the same drawing always gets the same style sheet.

import Graphviz

extension Tone {
    static let styleClassPrefix = "tone-"

    /// The class of the nodes drawn in this tone.
    var styleClass: String {
        let name: String
        switch self {
        case .process: name = "process"
        case .step: name = "step"
        case .restored: name = "restored"
        case .preserved: name = "preserved"
        case .excluded: name = "excluded"
        case .notFound: name = "not-found"
        case .classMismatch: name = "class-mismatch"
        case .notDecoded: name = "not-decoded"
        case .failure: name = "error"
        case .unfinished: name = "unfinished"
        case .discarded: name = "discarded"
        case .declined: name = "declined"
        case .notAsked: name = "not-asked"
        case .summary: name = "collapsed"
        case .described: name = "described"
        case .neverRestored: name = "never-restored"
        case .unreachable: name = "unreachable"
        case .secureCoding: name = "secure-coding"
        }
        return Tone.styleClassPrefix + name
    }
}

enum DiagramStyleSheet {
    /// The class of the graph: every rule is scoped under it, so a drawing inlined in a page
    /// colours only itself.
    static let scopeClass = "restoretrace"
    /// The class of clusters (passes, the legend, storyboard groups).
    static let frameClass = "frame"
    /// The class of edges drawn in a colour of their own, which the theme's edge colour leaves alone.
    static let accentEdgeClass = "accent"

    /// Heat in hundredths: the fill of each is one colour in each palette, and so one class.
    static func quantizedHeat(_ heat: Double) -> Double { (min(max(heat, 0), 1) * 100).rounded() / 100 }

    static func heatClass(_ heat: Double) -> String { "heat-\(Int((quantizedHeat(heat) * 100).rounded()))" }

    /// The style sheet of an `auto` drawing: the light palette, then the dark one for readers who prefer it.
    static func automatic(for graph: Graph) -> SVGStyleSheet {
        var classes = Set<String>()
        collectClasses(graph.statements, into: &classes)
        let tones = Tone.allCases.filter { classes.contains($0.styleClass) }
        let heats = (0...100).filter { classes.contains("heat-\($0)") }
        // Graphviz names the bold face as a family of its own, which browsers do not know: the
        // regular family in bold draws the glyphs it measured.
        let fonts = "." + scopeClass + " text[font-family=\"DejaVu Sans Bold\"] { font-family: \"DejaVu Sans Bold\", \"DejaVu Sans\", sans-serif; font-weight: bold; }\n"
        let light = fonts + rules(ThemeColors(.light), tones: tones, heats: heats, indent: "")
        let dark = rules(ThemeColors(.dark), tones: tones, heats: heats, indent: "  ")
        return SVGStyleSheet(light + "@media (prefers-color-scheme: dark) {\n" + dark + "}\n")
    }

    private static func rules(_ colors: ThemeColors, tones: [Tone], heats: [Int], indent: String) -> String {
        let scope = "." + scopeClass
        var out = ""
        func rule(_ selectors: [String], _ declarations: String) {
            out += indent + selectors.joined(separator: ", ") + " { " + declarations + " }\n"
        }
        func css(_ color: Color) -> String { color.hexString }
        // The drawing's background is the graph's first polygon; text is in the theme's text colour everywhere.
        rule([scope + " > polygon"], "fill: \(css(colors.background));")
        rule([scope + " text"], "fill: \(css(colors.text));")
        rule([scope + " ." + frameClass + " > path", scope + " ." + frameClass + " > polygon"],
             "fill: \(css(colors.clusterFill)); stroke: \(css(colors.clusterBorder));")
        let edge = scope + " .edge:not(." + accentEdgeClass + ")"
        rule([edge + " path"], "stroke: \(css(colors.edge));")
        rule([edge + " polygon"], "fill: \(css(colors.edge)); stroke: \(css(colors.edge));")
        let shapes = ["polygon", "path", "ellipse"]
        for tone in tones {
            let node = scope + " ." + tone.styleClass
            rule(shapes.map { node + " " + $0 + ":not([fill=\"none\"])" }, "fill: \(css(colors.fill(tone)));")
            rule((shapes + ["polyline"]).map { node + " " + $0 }, "stroke: \(css(colors.border(tone)));")
        }
        // After the tones: a heat class wins over its node's tone at equal specificity.
        for heat in heats {
            let node = scope + " .heat-\(heat)"
            rule(shapes.map { node + " " + $0 + ":not([fill=\"none\"])" },
                 "fill: \(css(colors.heatFill(Double(heat) / 100)));")
        }
        return out
    }

    private static func collectClasses(_ statements: [GraphStatement], into classes: inout Set<String>) {
        for statement in statements {
            switch statement {
            case .node(let node):
                if case .styleClasses(let names)? = node.attributes["class"] { classes.formUnion(names.names) }
            case .subgraph(let subgraph): collectClasses(subgraph.statements, into: &classes)
            case .edge: break
            }
        }
    }
}
