// Restoration paths and other trace strings as text for people: a terminal never receives a
// control character from a trace, and a path can always be told apart from another one.

/// Display text for identifiers, class names and paths in summaries, diffs and tables.
public enum PathText {
    /// The identifiers joined by `/`. A component that contains `/`, `"`, a control character or
    /// nothing at all is written as a JSON string (`Tabs/"a/b"/List`), so `["a/b"]` and
    /// `["a","b"]` never look alike and escape sequences never reach a terminal.
    public static func display(_ path: [String]) -> String {
        path.map { component in
            component.isEmpty || component.unicodeScalars.contains(where: { $0 == "/" || $0 == "\"" || isControl($0) })
                ? quoted(component) : component
        }.joined(separator: "/")
    }

    /// `text` with control characters (C0, DEL, C1, bidirectional overrides) made visible as `\u{…}`.
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if isControl(scalar) { out += "\\u{" + String(scalar.value, radix: 16) + "}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    /// C0 controls, DEL, C1 controls, and the bidirectional embedding/override/isolate marks
    /// that can make text display as something else.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
