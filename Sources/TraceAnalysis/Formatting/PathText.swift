// Restoration paths and other trace strings as text for people: a terminal never receives a
// control character from a trace, and a path can always be told apart from another one.

import TraceFormat

/// Display text for identifiers, class names and paths in summaries, diffs and tables.
public enum PathText {
    /// The identifiers joined by `/`. A component that contains `/`, `"`, a control character or
    /// nothing at all is written as a JSON string (`Tabs/"a/b"/List`), so `["a/b"]` and
    /// `["a","b"]` never look alike and escape sequences never reach a terminal.
    public static func display(_ path: [String]) -> String {
        // Plain ASCII identifiers (nearly all) need no look at their scalars.
        if path.allSatisfy({ component in
            !component.isEmpty && component.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "\"") }
        }) {
            return path.joined(separator: "/")
        }
        return path.map { component in
            component.isEmpty || component.unicodeScalars.contains(where: { $0 == "/" || $0 == "\"" || isControl($0) })
                ? quoted(component) : component
        }.joined(separator: "/")
    }

    /// The path `text` names, read as ``display(_:)`` writes it: identifiers joined by `/`, any
    /// of them a JSON-style quoted string (`Tabs/"a/b"/List`, `"\u{1b}"` for a control
    /// character); or a JSON array of strings (`["Tabs","a/b"]`). Nil, with why, when it is neither.
    public static func parse(_ text: String) -> Result<[String], PathTextError> {
        if text.hasPrefix("[") {
            guard let value = try? JSONValue.parse(text), let components = value.stringArrayValue else {
                return .failure(PathTextError(text: text, problem: "it starts with [ but is not a JSON array of strings"))
            }
            return components.isEmpty ? .failure(PathTextError(text: text, problem: "the array is empty")) : .success(components)
        }
        var components: [String] = []
        var scalars = Array(text.unicodeScalars)[...]
        while true {
            var component = ""
            if scalars.first == "\"" {
                scalars = scalars.dropFirst()
                var closed = false
                while let scalar = scalars.popFirst() {
                    if scalar == "\"" { closed = true; break }
                    guard scalar == "\\" else { component.unicodeScalars.append(scalar); continue }
                    switch scalars.popFirst() {
                    case "\""?: component += "\""
                    case "\\"?: component += "\\"
                    case "u"? where scalars.first == "{":
                        guard let close = scalars.firstIndex(of: "}"),
                              let value = UInt32(String(String.UnicodeScalarView(scalars[scalars.index(after: scalars.startIndex)..<close])), radix: 16),
                              let decoded = Unicode.Scalar(value)
                        else { return .failure(PathTextError(text: text, problem: "a \\u{...} escape is not a hexadecimal code point")) }
                        component.unicodeScalars.append(decoded)
                        scalars = scalars[scalars.index(after: close)...]
                    default:
                        return .failure(PathTextError(text: text, problem: "inside quotes, \\ is followed by \", \\ or u{...} only"))
                    }
                }
                guard closed else { return .failure(PathTextError(text: text, problem: "a quoted identifier has no closing quote")) }
                guard scalars.isEmpty || scalars.first == "/" else {
                    return .failure(PathTextError(text: text, problem: "a closing quote must end the identifier (a / or the end follows it)"))
                }
            } else {
                while let scalar = scalars.first, scalar != "/" {
                    component.unicodeScalars.append(scalar)
                    scalars = scalars.dropFirst()
                }
                if component.isEmpty {
                    return .failure(PathTextError(text: text, problem: "an identifier is empty (write an empty one as \"\")"))
                }
            }
            components.append(component)
            guard scalars.popFirst() != nil else { return .success(components) }
        }
    }

    /// `text` with control characters (C0, DEL, C1, bidirectional overrides) made visible as `\u{…}`.
    public static func sanitized(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
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

/// Why a text is not a path (see ``PathText/parse(_:)``).
public struct PathTextError: Error, Sendable, Hashable, CustomStringConvertible {
    public var text: String
    public var problem: String
    public var description: String {
        "\(PathText.sanitized(text)) is not a restoration path: \(problem); write identifiers joined by / "
            + "(Tabs/CountryNav/Detail), quote one that holds a / (Tabs/\"a/b\"), or give a JSON array ([\"Tabs\",\"a/b\"])"
    }
}
