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
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        appendEscaped(text, to: &out, lineBreak: "\\n")
        out.append("\"")
        return out
    }

    /// Appends `text` escaped for the inside of a quoted DOT string; each line break becomes `lineBreak`.
    static func appendEscaped(_ text: String, to out: inout String, lineBreak: String) {
        // Most text (identifiers, class names, durations) is printable ASCII with nothing to
        // escape: append it whole instead of scalar by scalar.
        if text.utf8.allSatisfy(isPlain) {
            out.append(text)
            return
        }
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
                if isDropped(scalar) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
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

    /// C0 and C1 controls (NUL included) and DEL: never meaningful in a label.
    private static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (value >= 0x7F && value <= 0x9F)
    }
}
