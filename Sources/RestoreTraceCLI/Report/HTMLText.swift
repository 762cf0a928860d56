// Text made safe for the report page: HTML text and attribute values with every markup
// character escaped, control and bidirectional-override characters made visible, and JSON for a
// `<script type="application/json">` that no string in it can end or break out of.

import RestoreTrace

enum HTMLText {
    /// `text` from a trace for HTML text or a quoted attribute value: controls and bidirectional
    /// overrides shown as `\u{…}` (as every command shows them), then `& < > " '` as entities.
    static func user(_ text: String) -> String {
        escaped(PathText.sanitized(text))
    }

    /// `text` with `& < > " '` as entities; for text the report itself writes.
    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            return text
        }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A JSON string literal that is also safe inside a `<script>` element: `<`, `>` and `&` are
    /// written as `\u003c`…, so no `</script>` or `<!--` can appear; U+2028 and U+2029, every
    /// control character and the bidirectional overrides are escaped too (the page's bytes never
    /// hold one raw).
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "<", ">", "&", "\u{2028}", "\u{2029}": out += hexEscape(scalar.value)
            default:
                switch scalar.value {
                case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: out += hexEscape(scalar.value)
                default: out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    private static func hexEscape(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
