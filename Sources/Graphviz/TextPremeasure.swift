// Measuring a graph's label lines on the other core while this one builds the graph in cgraph.

import CGraphvizSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// libgvc measures every label line with pango at the start of its layout, about 10 µs a line,
/// on the rendering thread. Once the warm-up is over, the other core is free: this hands the
/// lines of `graph`'s labels, each with the font Graphviz will measure it in, to a thread that
/// measures them into the text-size memo (`restoretrace_premeasure_start`) while the rendering
/// thread builds the graph in cgraph and lays it out: with a pango of its own it measures from
/// the last line back while the layout measures from the first (see TextSizeMemo.c). Lines a
/// ``LabelLineStream`` handed over while the diagram was drawn are mostly measured by then.
///
/// The fonts are worked out here as Graphviz works them out (an object's own attribute, else
/// the nearest default around it). A line guessed wrong — a label text that libgvc rewrites,
/// such as an HTML entity — is only a wasted measurement: the memo is keyed on exactly what the
/// layout asks for, so it can never answer with another line's size. Lines in a font libgvc has
/// not measured in yet are left to the layout (the memo's key needs the PostScript alias libgvc
/// gives the font's name, and pango's plugin caches its font by name and size alone).
enum TextPremeasure {
    /// Hands `graph`'s lines to the pre-measuring thread when the memo is in place and no
    /// warm-up runs; whether it took them.
    @discardableResult
    static func start(_ graph: Graph) -> Bool {
        guard restoretrace_premeasure_possible() != 0 else { return false }
        return lines(of: graph).start()
    }

    /// `graph`'s label lines, each with the font Graphviz will measure it in.
    private static func lines(of graph: Graph) -> Lines {
        var lines = Lines()
        let fonts = Fonts(name: graph.attributes.fontName, size: graph.attributes.fontSize)
        lines.add(graph.attributes.label, font: fonts)
        lines.add(statements: graph.statements, graphFont: fonts,
                  nodeFont: Fonts().overridden(by: graph.nodeDefaults), edgeFont: Fonts().overridden(by: graph.edgeDefaults))
        return lines
    }

    /// The fonts, with their sizes, that `graph`'s label lines are measured in, as far as they
    /// are known (those the pre-measuring thread can take).
    package static func labelFonts(_ graph: Graph) -> Set<LabelFont> {
        let lines = lines(of: graph)
        return Set(zip(lines.fontIndices, lines.sizes).map { LabelFont(name: lines.fontNames[Int($0.0)], size: $0.1) })
    }

    package struct LabelFont: Hashable {
        package var name: String
        package var size: Double
    }

    /// A font as far as it is known: nil where nothing set it (Graphviz's default, Times-Roman,
    /// has a PostScript alias, which the memo keys on; such lines are left to the layout).
    fileprivate struct Fonts {
        var name: String?
        var size: Double?

        /// The font of an object with these attributes, inside what this font applies to.
        func overridden(by attributes: AttributeList) -> Fonts {
            Fonts(name: attributes.fontName ?? name, size: attributes.fontSize ?? size)
        }
    }

    struct Lines {
        var text: [UInt8] = []
        var fontIndices: [UInt32] = []
        var sizes: [Double] = []
        var fontNames: [String] = []

        var count: Int { sizes.count }

        fileprivate mutating func add(_ label: Label?, font: Fonts) {
            guard let label, let name = font.name else { return }
            add(label.lines, fontName: name, size: font.size)
        }

        mutating func add(_ lines: [String], fontName name: String, size: Double?) {
            // Graphviz's default size, read from its DOT text as Graphviz reads it, at least 1.
            let size = max(1, Double(DOTNumber.text(size ?? 14)) ?? 14)
            let index: Int
            if let known = fontNames.firstIndex(of: name) {
                index = known
            } else {
                index = fontNames.count
                fontNames.append(name)
            }
            // A NUL would end the C string early (and the DOT writer drops it anyway).
            for line in lines where !line.isEmpty && !line.utf8.contains(0) {
                text.append(contentsOf: line.utf8)
                text.append(0)
                fontIndices.append(UInt32(index))
                sizes.append(size)
            }
        }

        fileprivate mutating func add(statements: [GraphStatement], graphFont: Fonts, nodeFont: Fonts, edgeFont: Fonts) {
            for statement in statements {
                switch statement {
                case .node(let node):
                    add(node.attributes.label, font: nodeFont.overridden(by: node.attributes))
                case .edge(let edge):
                    add(edge.attributes.label, font: edgeFont.overridden(by: edge.attributes))
                case .subgraph(let subgraph):
                    // Subgraphs inherit the graph attributes around them; only clusters draw a label.
                    let inner = graphFont.overridden(by: subgraph.attributes)
                    if subgraph.id.isCluster { add(subgraph.attributes.label, font: inner) }
                    add(statements: subgraph.statements, graphFont: inner,
                        nodeFont: nodeFont.overridden(by: subgraph.nodeDefaults),
                        edgeFont: edgeFont.overridden(by: subgraph.edgeDefaults))
                }
            }
        }

        func start() -> Bool {
            guard !sizes.isEmpty else { return false }
            var names = fontNames.map { strdup($0) }
            defer { for name in names { free(name) } }
            guard !names.contains(nil) else { return false }
            return names.withUnsafeMutableBufferPointer { names in
                names.withMemoryRebound(to: UnsafePointer<CChar>?.self) { names in
                    text.withUnsafeBufferPointer { text in
                        text.withMemoryRebound(to: CChar.self) { text in
                            restoretrace_premeasure_start(
                                sizes.count, text.baseAddress, text.count, fontIndices, names.baseAddress, names.count, sizes) == 1
                        }
                    }
                }
            }
        }
    }
}

extension AttributeList {
    fileprivate var label: Label? {
        if case .label(let label)? = self["label"] { return label }
        return nil
    }

    fileprivate var fontName: String? {
        if case .fontName(let font)? = self["fontname"] { return font.name }
        return nil
    }

    fileprivate var fontSize: Double? {
        if case .fontSize(let size)? = self["fontsize"] { return size }
        return nil
    }
}

/// Label lines handed to the pre-measuring thread while a diagram is still being drawn, a few
/// dozen at a time, so that the thread starts measuring milliseconds before the graph is
/// finished (``TextPremeasure`` then hands it the finished graph's lines; those measured
/// already cost it a look-up each). Only worth it for a graph rendered right after, in this
/// process: lines measured for nothing are only the other core's time. The font is the one the
/// caller expects Graphviz to give the lines; a wrong guess is a wasted measurement, never a
/// wrong size (the memo is keyed on exactly what the layout asks for).
public final class LabelLineStream {
    private var lines = TextPremeasure.Lines()
    private let isOn: Bool
    /// Lines held before they are handed over.
    private static let batch = 48

    /// A stream that hands lines over when `enabled` and the pre-measuring thread may run now
    /// (the warm-up is over); otherwise one that drops them.
    public init(enabled: Bool) {
        isOn = enabled && restoretrace_premeasure_possible() != 0
    }

    /// Lines of one label, in `fontName` at `size` points.
    public func add(_ labelLines: [String], fontName: FontName, size: Double) {
        guard isOn else { return }
        lines.add(labelLines, fontName: fontName.name, size: size)
        if lines.count >= LabelLineStream.batch {
            _ = lines.start()
            lines = TextPremeasure.Lines()
        }
    }
}
