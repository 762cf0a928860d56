// The words on the diagrams: shortened identifiers and paths, so one 10 kB identifier cannot
// swamp a drawing (Graphviz's Label caps what is left, and escapes all of it).

enum DiagramText {
    /// Identifiers and class names longer than this are cut with an ellipsis.
    static let maximumIdentifierLength = 40
    /// Displayed ancestor paths longer than this keep their end.
    static let maximumPathLength = 60

    /// Longer texts (reasons, error messages) are wrapped at spaces to lines of this many characters…
    static let wrapWidth = 48
    /// …and cut with an ellipsis past this many lines.
    static let maximumWrappedLines = 6

    /// `text` with every line break and other control character written as its JSON escape
    /// (`\n`, `\r`, `\t`, `\u2028`, ...): a trace's text is drawn on the line it belongs to, so an
    /// identifier cannot add lines that look like the diagram's own. The bidirectional embedding,
    /// override and isolate controls (U+202A–202E, U+2066–2069) are escaped too, so they cannot
    /// reverse what follows them on the line. Text without any of these is returned as is.
    static func visible(_ text: String) -> String {
        // Scanned as bytes first: C0 controls and DEL, C1 controls (C2 80–9F), U+2028–202E
        // (E2 80 A8–AE) and U+2066–2069 (E2 81 A6–A9).
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        var needsEscapes = false
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F)
                || (beforePrevious == 0xE2 && previous == 0x80 && byte >= 0xA8 && byte <= 0xAE)
                || (beforePrevious == 0xE2 && previous == 0x81 && byte >= 0xA6 && byte <= 0xA9)
            {
                needsEscapes = true
                break
            }
            beforePrevious = previous
            previous = byte
        }
        guard needsEscapes else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}"..."\u{202E}", "\u{2066}"..."\u{2069}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` in lines of at most ``wrapWidth`` characters, broken at spaces (a longer word is
    /// broken where it must), at most ``maximumWrappedLines`` of them, the last ending in `…`
    /// when text was left out.
    static func wrapped(_ text: String, width: Int = wrapWidth, maximumLines: Int = maximumWrappedLines) -> [String] {
        let text = visible(text)
        if text.isEmpty { return ["(empty)"] }
        if text.utf8.count <= width || text.count <= width { return [text] }
        var lines: [String] = []
        var current = Substring()
        var currentCount = 0
        for word in text.split(separator: " ") where lines.count <= maximumLines {
            var word = word
            var wordCount = word.count
            if currentCount > 0 && currentCount + 1 + wordCount > width {
                lines.append(String(current))
                (current, currentCount) = ("", 0)
            }
            // A word longer than a line fills lines of its own (no more than are drawn).
            while wordCount > width && lines.count <= maximumLines {
                lines.append(String(word.prefix(width)))
                word = word.dropFirst(width)
                wordCount -= width
            }
            if lines.count > maximumLines { break }
            guard wordCount > 0 else { continue }
            if currentCount > 0 {
                current += " "
                currentCount += 1
            }
            current += word
            currentCount += wordCount
        }
        if currentCount > 0 { lines.append(String(current)) }
        // Only spaces: drawn as they are, shortened.
        if lines.isEmpty { return [short(text, limit: width)] }
        guard lines.count > maximumLines else { return lines }
        let last = lines[maximumLines - 1]
        return lines.prefix(maximumLines - 1) + [(last.count >= width ? String(last.prefix(width - 1)) : last) + "…"]
    }

    /// How many lines a verdict's first line may take on a node.
    static let maximumVerdictLines = 3

    /// A failed object's verdict, as its node shows it: the first line, wrapped and capped.
    static func verdict(_ summary: String) -> [String] {
        wrapped(summary, maximumLines: maximumVerdictLines)
    }

    /// `text` cut to `limit` characters, ending in `…` when cut; `""` becomes `(empty)`.
    static func short(_ text: String, limit: Int = maximumIdentifierLength) -> String {
        if text.isEmpty { return "(empty)" }
        // A character is at least one UTF-8 byte: short text needs no character count, which
        // walks grapheme breaks.
        guard text.utf8.count > limit, text.count > limit else { return text }
        return String(text.prefix(limit - 1)) + "…"
    }

    /// A path as people read it: `Tabs › CountryNav › CountryList`, each part shortened,
    /// the start dropped (`… › CountryList`) when long.
    static func path(_ components: [String]) -> String {
        let parts = components.map { short($0, limit: 24) }
        var out = parts.joined(separator: " › ")
        if out.utf8.count > maximumPathLength, out.count > maximumPathLength {
            out = "… " + String(out.suffix(maximumPathLength - 2))
        }
        return out
    }

    /// "in Tabs › CountryNav" for an object's ancestors, nil at the top level.
    static func ancestry(_ path: [String]) -> String? {
        path.count > 1 ? "in " + self.path(Array(path.dropLast())) : nil
    }

    /// Counts as "398 restored · 14 excluded", largest first, names breaking ties.
    static func tally(_ counts: [String: Int]) -> String {
        counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.value) \($0.key)" }.joined(separator: " · ")
    }

    /// A count with thousands separated, as the summaries say it: 1,204.
    static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (position, digit) in digits.enumerated() {
            if position > 0 && (digits.count - position) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }
}
