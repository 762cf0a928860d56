// The words on the diagrams: shortened identifiers and paths, so one 10 kB identifier cannot
// swamp a drawing (Graphviz's Label caps what is left, and escapes all of it).

enum DiagramText {
    /// Identifiers and class names longer than this are cut with an ellipsis.
    static let maximumIdentifierLength = 40
    /// Displayed ancestor paths longer than this keep their end.
    static let maximumPathLength = 60

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
}
