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
        // U+2216 SET MINUS looks like a backslash and means nothing to Graphviz.
        var cleaned = text.replacingBackslashes
        if cleaned.utf8.count > Tooltip.maximumUTF8Length {
            var cut = ""
            for character in cleaned {
                guard cut.utf8.count + character.utf8.count <= Tooltip.maximumUTF8Length - 3 else { break }
                cut.append(character)
            }
            cleaned = cut + "…"
        }
        self.text = cleaned
    }

    /// The tooltip as a quoted DOT string; line breaks become `\n`.
    var dotValue: String {
        var out = "\""
        DOTQuoting.appendEscaped(text, to: &out, lineBreak: "\\n")
        out.append("\"")
        return out
    }
}

extension String {
    fileprivate var replacingBackslashes: String {
        guard utf8.contains(UInt8(ascii: "\\")) else { return self }
        var out = ""
        for scalar in unicodeScalars { out.unicodeScalars.append(scalar == "\\" ? "\u{2216}" : scalar) }
        return out
    }
}
