// How any Swift string becomes a safe DOT quoted string: the one place that escapes text for DOT.

/// Escapes text for a DOT double-quoted string.
///
/// The DOT lexer keeps every backslash in a quoted string except `\"`, and Graphviz later expands
/// `\N`, `\G`, `\E`, `\T`, `\H`, `\L` and `\n`, `\l`, `\r` inside labels. Doubling every backslash
/// turns all of those back into literal text. Control characters (NUL ends a C string; the others
/// are invisible or break lines) are dropped, except that line breaks are written as the DOT escape
/// the caller chooses. `{ } | < >` are escaped too: they are plain text in the shapes this module
/// offers, and the escape keeps them plain even in record-like shapes.
enum DOTQuoting {
    /// `text` as a complete quoted DOT string, quotes included.
    static func quoted(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &out)
        return out
    }

    /// Appends ``quoted(_:)`` of `text` without making it a string of its own first.
    static func appendQuoted(_ text: String, to out: inout String) {
        out.append("\"")
        appendEscaped(text, to: &out, lineBreak: "\\n")
        out.append("\"")
    }

    /// Appends `text` escaped for the inside of a quoted DOT string; each line break becomes `lineBreak`.
    static func appendEscaped(_ text: String, to out: inout String, lineBreak: String) {
        // Most text (identifiers, class names) is printable ASCII with nothing to escape: append
        // it whole. Otherwise (durations in µs, arrows, `·`) copy the runs between the characters
        // that need escaping or dropping, which are all told apart by their UTF-8 bytes.
        let utf8 = text.utf8
        if utf8.allSatisfy(isPlain) {
            out.append(text)
            return
        }
        var runStart = utf8.startIndex
        var index = runStart
        var previous: UInt8 = 0
        while index != utf8.endIndex {
            let byte = utf8[index]
            var next = utf8.index(after: index)
            let replacement: Substring?
            switch byte {
            case UInt8(ascii: "\\"): replacement = "\\\\"
            case UInt8(ascii: "\""): replacement = "\\\""
            case UInt8(ascii: "{"): replacement = "\\{"
            case UInt8(ascii: "}"): replacement = "\\}"
            case UInt8(ascii: "|"): replacement = "\\|"
            case UInt8(ascii: "<"): replacement = "\\<"
            case UInt8(ascii: ">"): replacement = "\\>"
            // \r\n is one line break.
            case 0x0A: replacement = previous == 0x0D ? "" : Substring(lineBreak)
            case 0x0D: replacement = Substring(lineBreak)
            case 0x09: replacement = " "
            case 0x00..<0x20, 0x7F: replacement = ""
            case 0xC2 where next != utf8.endIndex && (0x80...0x9F).contains(utf8[next]):
                // U+0080...U+009F: C1 controls, dropped, but U+0085 (next line) breaks the line.
                replacement = utf8[next] == 0x85 ? Substring(lineBreak) : ""
                next = utf8.index(after: next)
            case 0xE2 where isLineOrParagraphSeparator(utf8[next...]):
                replacement = Substring(lineBreak)
                next = utf8.index(next, offsetBy: 2)
            default: replacement = nil
            }
            previous = byte
            if let replacement {
                out.append(contentsOf: Substring(utf8[runStart..<index]))
                out.append(contentsOf: replacement)
                runStart = next
            }
            index = next
        }
        out.append(contentsOf: Substring(utf8[runStart..<index]))
    }

    /// True when `rest`, what follows an E2 lead byte, starts with 80 A8 or 80 A9: U+2028 or U+2029.
    private static func isLineOrParagraphSeparator(_ rest: Substring.UTF8View) -> Bool {
        var bytes = rest.makeIterator()
        return bytes.next() == 0x80 && (0xA8...0xA9).contains(bytes.next() ?? 0)
    }

    /// Printable ASCII that is written as it is.
    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "|"),
            UInt8(ascii: "<"), UInt8(ascii: ">"):
            return false
        default:
            return byte >= 0x20 && byte < 0x7F
        }
    }
}
