// The text of a node, edge, cluster or graph label: plain text only, capped in size.

/// A plain-text label. Whatever the text holds — quotes, backslashes, `\N`, newlines, markup,
/// right-to-left text, a megabyte of identifier — it is drawn literally, and it is capped to
/// ``maximumUTF8Length`` bytes and ``maximumLineCount`` lines (an ellipsis marks the cut), because
/// libgvc parses labels in roughly quadratic time and crashes past 32,767 lines.
public struct Label: Sendable, Hashable, ExpressibleByStringLiteral {
    /// How the lines of a multi-line label line up.
    public enum Justification: Sendable, Hashable {
        case center, left, right

        /// The DOT escape that ends a line with this justification.
        var lineBreak: String {
            switch self {
            case .center: return "\\n"
            case .left: return "\\l"
            case .right: return "\\r"
            }
        }
    }

    /// Labels longer than this (in UTF-8 bytes) are cut.
    public static let maximumUTF8Length = 4096
    /// Labels with more lines than this are cut.
    public static let maximumLineCount = 64
    /// What marks a cut.
    public static let ellipsis = "…"

    /// The lines as they will be drawn (already capped).
    public let lines: [String]
    public let justification: Justification

    /// A label from text; `\n`, `\r\n` and `\r` separate lines.
    public init(_ text: String, justification: Justification = .center) {
        self.init(lines: Label.splitLines(text), justification: justification)
    }

    /// A label from lines; a line holding line breaks is split further.
    public init(lines: [String], justification: Justification = .center) {
        self.lines = Label.capped(lines.flatMap(Label.splitLines))
        self.justification = justification
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// The empty label (draws nothing, and stops Graphviz from drawing the node's name).
    public static let empty = Label("")

    /// The label's text, lines joined by `\n`.
    public var text: String { lines.joined(separator: "\n") }

    /// The label as a quoted DOT string.
    var dotValue: String {
        var out = ""
        appendDOT(to: &out)
        return out
    }

    /// Appends the label as a quoted DOT string.
    func appendDOT(to out: inout String) {
        out.append("\"")
        for (index, line) in lines.enumerated() {
            DOTQuoting.appendEscaped(line, to: &out, lineBreak: justification.lineBreak)
            if index < lines.count - 1 || justification != .center {
                out.append(justification.lineBreak)
            }
        }
        out.append("\"")
    }

    private static func splitLines(_ text: String) -> [String] {
        if !mayHoldLineBreak(text) { return [text] }
        var lines: [String] = []
        var current = ""
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            let isBreak = scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}"
                || scalar == "\u{85}"
            defer { previousWasCarriageReturn = scalar == "\r" }
            if isBreak {
                if scalar == "\n" && previousWasCarriageReturn { continue }
                lines.append(current)
                current = ""
            } else {
                current.unicodeScalars.append(scalar)
            }
            // Stop splitting far past the cap: the rest is cut anyway, and this bounds the work.
            if lines.count > maximumLineCount { return lines }
        }
        lines.append(current)
        return lines
    }

    /// False when `text` surely holds no line break — no \n, \r, U+0085 (C2 85) or U+2028/2029
    /// (E2 80 A8/A9) — as almost every line does; a byte scan is far cheaper than splitting.
    private static func mayHoldLineBreak(_ text: String) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case 0x0A, 0x0D: return true
            case 0x85 where previous == 0xC2: return true
            case 0xA8...0xA9 where previous == 0x80 && beforePrevious == 0xE2: return true
            default: break
            }
            beforePrevious = previous
            previous = byte
        }
        return false
    }

    /// At most `maximumLineCount` lines and `maximumUTF8Length` bytes; an ellipsis marks a cut.
    private static func capped(_ lines: [String]) -> [String] {
        var out: [String] = []
        var budget = maximumUTF8Length
        var wasCut = lines.count > maximumLineCount
        for line in lines.prefix(maximumLineCount) {
            let size = line.utf8.count
            if size <= budget {
                out.append(line)
                budget -= size
                continue
            }
            out.append(prefix(of: line, utf8Budget: budget))
            wasCut = true
            break
        }
        if wasCut {
            if out.isEmpty { out = [ellipsis] } else { out[out.count - 1] += ellipsis }
        }
        return out
    }

    /// The longest prefix of `line` of whole characters within `utf8Budget` bytes.
    private static func prefix(of line: String, utf8Budget: Int) -> String {
        var out = ""
        var used = 0
        for character in line {
            let size = character.utf8.count
            if used + size > utf8Budget { break }
            out.append(character)
            used += size
        }
        return out
    }
}
