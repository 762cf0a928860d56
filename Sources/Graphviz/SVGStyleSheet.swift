// A style sheet carried inside an SVG drawing (`<style>` right after the opening `<svg>` tag),
// which Graphviz cannot write itself (its `stylesheet` attribute only links an external file).
// Style rules can recolour what Graphviz drew, e.g. for a reader's dark preference; elements
// are found by the classes set with `Attribute.styleClasses`.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// CSS text embedded in an SVG drawing. The text cannot hold markup: `<` and `&` are dropped
/// (CSS needs neither), so it can never end the `<style>` element or start an entity.
public struct SVGStyleSheet: Sendable, Hashable {
    public let css: String

    public init(_ css: String) {
        self.css = css.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") })
            ? String(css.unicodeScalars.filter { $0 != "<" && $0 != "&" }.map(Character.init)) : css
    }

    /// `svg` (as Graphviz writes it) with the style sheet inserted after its opening `<svg …>`
    /// tag; unchanged when there is no such tag. ``GraphvizRenderer`` does this for a graph's
    /// ``Graph/svgStyleSheet``; this is for SVG rendered from DOT text.
    public func embedded(in svg: Data) -> Data {
        embedded(in: [UInt8](svg)).map { Data($0) } ?? svg
    }

    func embedded(in svg: [UInt8]) -> [UInt8]? {
        let opening = Array("<svg".utf8)
        guard let start = svg.indices.first(where: { index in
            index + opening.count <= svg.count && svg[index..<index + opening.count].elementsEqual(opening)
                && (svg.count > index + opening.count && (svg[index + opening.count] == UInt8(ascii: " ")
                    || svg[index + opening.count] == 0x0A || svg[index + opening.count] == UInt8(ascii: ">")))
        }), let close = svg[start...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(svg.count + css.utf8.count + 32)
        out += svg[...close]
        out += Array("\n<style>\n".utf8)
        out += Array(css.utf8)
        if css.utf8.last != 0x0A { out.append(0x0A) }
        out += Array("</style>".utf8)
        out += svg[(close + 1)...]
        return out
    }
}

/// Graphviz writes every `-` of an attribute as `&#45;` (so no text can make `--` in its
/// comments). In `id` and `class` values, which this module makes of a few ASCII characters
/// only (see ``ElementID``, ``StyleClasses``), it is written back as `-`: `id="o-Tabs"` is what a
/// page's link or a script's search looks for, and means the same to an XML reader.
enum SVGAttributeText {
    static func plainHyphens(in svg: [UInt8]) -> [UInt8] {
        let escaped = Array("&#45;".utf8)
        let starts = [Array(" id=\"".utf8), Array(" class=\"".utf8)]
        var out: [UInt8] = []
        out.reserveCapacity(svg.count)
        var index = 0
        var inValue = false
        while index < svg.count {
            let byte = svg[index]
            if inValue {
                if byte == UInt8(ascii: "\"") {
                    inValue = false
                } else if byte == UInt8(ascii: "&"), index + escaped.count <= svg.count,
                    svg[index..<index + escaped.count].elementsEqual(escaped)
                {
                    out.append(UInt8(ascii: "-"))
                    index += escaped.count
                    continue
                }
                out.append(byte)
                index += 1
                continue
            }
            if byte == UInt8(ascii: " "), let start = starts.first(where: { start in
                index + start.count <= svg.count && svg[index..<index + start.count].elementsEqual(start)
            }) {
                out += start
                index += start.count
                inValue = true
                continue
            }
            out.append(byte)
            index += 1
        }
        return out
    }
}
