// A node's or edge's tooltip (SVG `xlink:title`): plain text, capped, made safe for the two
// places Graphviz treats it specially — its escapes (`\N`, `\G`, ... expand even after a doubled
// backslash, so backslashes are replaced) and XML (which Graphviz escapes itself).

/// Text shown when the pointer rests on a node or edge of an SVG drawing.
public struct Tooltip: Sendable, Hashable {
    /// Longer tooltips are cut (with an ellipsis).
    public static let maximumUTF8Length = 2048

    /// The text as it will be written, lines separated by `\n`.
    public let text: String

    public init(_ text: String) {
        let hasBackslash = text.utf8.contains(UInt8(ascii: "\\"))
        if !hasBackslash && text.utf8.count <= Tooltip.maximumUTF8Length {
            self.text = text
            return
        }
        // U+2216 SET MINUS looks like a backslash and means nothing to Graphviz. The replacement
        // is three bytes for one, so the cut is measured on the text as written.
        let fits = text.utf8.count + (hasBackslash ? 2 * text.utf8.lazy.filter { $0 == UInt8(ascii: "\\") }.count : 0)
            <= Tooltip.maximumUTF8Length
        let room = fits ? Int.max : Tooltip.maximumUTF8Length - 3
        var cleaned = ""
        var length = 0
        for character in text {
            var written = character
            if character.unicodeScalars.contains("\\") {
                var scalars = String.UnicodeScalarView()
                for scalar in character.unicodeScalars { scalars.append(scalar == "\\" ? "\u{2216}" : scalar) }
                written = Character(String(scalars))
            }
            let size = written.utf8.count
            guard length + size <= room else { break }
            cleaned.append(written)
            length += size
        }
        self.text = fits ? cleaned : cleaned + "…"
    }

    /// The tooltip as a quoted DOT string; line breaks become `\n`.
    var dotValue: String {
        var out = "\""
        DOTQuoting.appendEscaped(text, to: &out, lineBreak: "\\n")
        out.append("\"")
        return out
    }
}
