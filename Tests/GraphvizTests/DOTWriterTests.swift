// The DOT text: quoting, escaping, attribute order, and structure.

import Testing
import TraceGeneration
import TraceFormat
@testable import Graphviz

@Suite("DOT writing")
struct DOTWriterTests {
    @Test("identifiers are always quoted and escaped")
    func quotesIdentifiers() {
        var graph = Graph(id: "g\"1")
        graph.add(Node(NodeID("a\"b\\c"), label: "x"))
        let dot = graph.dotSource
        #expect(dot.hasPrefix(#"digraph "g\"1" {"#))
        #expect(dot.contains(#""a\"b\\c" [label="x"];"#))
    }

    @Test("backslashes are doubled so \\N, \\G and \\E stay literal")
    func doublesBackslashes() {
        #expect(DOTQuoting.quoted(#"\N \G \E \L"#) == #""\\N \\G \\E \\L""#)
    }

    @Test("quotes, record punctuation and line breaks are escaped; NUL and controls are dropped")
    func escapesPunctuation() {
        #expect(DOTQuoting.quoted("a\"{b|c}<d>\u{0}\u{7}e\nf\tg") == #""a\"\{b\|c\}\<d\>e\nf g""#)
    }

    @Test("attributes are written sorted by name whatever order they were set in")
    func sortsAttributes() {
        let a = Node("n", label: "x", attributes: [.shape(.box), .color(Color(hex: 0x112233)), .fontSize(9.5)])
        let b = Node("n", label: "x", attributes: [.fontSize(9.5), .color(Color(hex: 0x112233)), .shape(.box)])
        var first = Graph()
        first.add(a)
        var second = Graph()
        second.add(b)
        #expect(first.dotSource == second.dotSource)
        #expect(first.dotSource.contains(##""n" [color="#112233", fontsize=9.5, label="x", shape=box];"##))
    }

    @Test("every graph gives nodes an empty default label so no identifier is ever drawn")
    func defaultsNodeLabel() {
        var graph = Graph()
        graph.connect("x", to: "y")
        #expect(graph.dotSource.contains(#"node [label=""];"#))
    }

    @Test("clusters are written as cluster_ subgraphs in the order added")
    func writesClusters() {
        var cluster = Subgraph.cluster("prep", label: "Preservation")
        cluster.add(Node("a", label: "A"))
        var graph = Graph()
        graph.add(cluster)
        graph.add(Node("b", label: "B"))
        graph.connect("a", to: "b", [.style([.dashed])])
        let expected = """
            digraph "G" {
              node [label=""];
              subgraph "cluster_prep" {
                graph [label="Preservation"];
                "a" [label="A"];
              }
              "b" [label="B"];
              "a" -> "b" [style="dashed"];
            }

            """
        #expect(graph.dotSource == expected)
        #expect(graph.totalNodeCount == 2)
    }

    @Test("numbers are written with at most two decimals and no exponent")
    func formatsNumbers() {
        #expect(DOTNumber.text(0.5) == "0.5")
        #expect(DOTNumber.text(12) == "12")
        #expect(DOTNumber.text(0.125) == "0.13")
        #expect(DOTNumber.text(0.05) == "0.05")
        #expect(DOTNumber.text(-1.5) == "-1.5")
        #expect(DOTNumber.text(1e30) == "1000000000")
        #expect(DOTNumber.text(.nan) == "0")
    }

    @Test("font names with anything but letters, digits and separators are refused")
    func validatesFontNames() {
        #expect(FontName("DejaVu Sans") != nil)
        #expect(FontName("x\" URL=\"javascript:1") == nil)
        #expect(FontName("") == nil)
    }

    @Test("colours are written as #rrggbb, with alpha only when not opaque")
    func writesColours() {
        #expect(Color(hex: 0xE69F00).hexString == "#e69f00")
        #expect(Color(hex: 0x000000, alpha: 0x80).hexString == "#00000080")
    }

    @Test("attribute lists keep one attribute per name, the last set, sorted by name")
    func attributeListSetsAndRemoves() {
        var list = AttributeList([.shape(.box), .fontSize(9), .color(Color(hex: 0x112233))])
        list.set(.fontSize(12))
        list.set(.arrowHead(.vee))
        #expect(list.sorted.map(\.name) == ["arrowhead", "color", "fontsize", "shape"])
        #expect(list["fontsize"] == .fontSize(12))
        list.remove(named: "color")
        #expect(list.dotText == "[arrowhead=vee, fontsize=12, shape=box]")
        #expect(list == AttributeList([.fontSize(12), .shape(.box), .arrowHead(.vee)]))
    }

    @Test("the run-copying escaper writes exactly what escaping scalar by scalar writes")
    func escaperMatchesScalarByScalar() {
        let pieces = ["a", "Zz9 ", "\\", "\"", "{", "}", "|", "<", ">", "\n", "\r", "\r\n", "\n\r", "\t", "\u{0}", "\u{7}",
                      "\u{1F}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}", "\u{A0}", "µs", "·", "→", "…", "\u{2028}", "\u{2029}",
                      "\u{2027}", "\u{202A}", "é", "e\u{301}", "שלום", "🙂", "\\N", "\"><script>"]
        var generator = SplitMix64(seed: 7)
        var corpus = pieces
        for _ in 0..<2000 {
            corpus.append((0..<Int(generator.next() % 12)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined())
        }
        for text in corpus {
            for lineBreak in ["\\n", "\\l"] {
                var fast = "x"
                DOTQuoting.appendEscaped(text, to: &fast, lineBreak: lineBreak)
                #expect(fast == "x" + Self.escapedScalarByScalar(text, lineBreak: lineBreak), "\(text.unicodeScalars.map(\.value))")
            }
        }
    }

    /// The escaper as first written, one scalar at a time: the reference the fast one must match.
    static func escapedScalarByScalar(_ text: String, lineBreak: String) -> String {
        var out = ""
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\\": out.append("\\\\")
            case "\"": out.append("\\\"")
            case "{", "}", "|", "<", ">":
                out.append("\\")
                out.unicodeScalars.append(scalar)
            case "\n":
                if !previousWasCarriageReturn { out.append(lineBreak) }
            case "\r", "\u{2028}", "\u{2029}", "\u{85}":
                out.append(lineBreak)
            case "\t":
                out.append(" ")
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
