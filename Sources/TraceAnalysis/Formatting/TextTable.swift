// TextTable: aligned plain-text tables that fit a width, for `summary` and `diff` output.

/// Columns of text, aligned, two spaces apart; too-wide tables shorten their flexible column.
///
/// ```swift
/// var table = TextTable(columns: [.init("kind"), .init("count", alignment: .right)])
/// table.append(["encode", "12"])
/// print(table.render(maxWidth: 100))
/// ```
public struct TextTable: Sendable {
    public enum Alignment: Sendable { case left, right }

    public struct Column: Sendable {
        public var title: String
        public var alignment: Alignment
        /// When the table is too wide, flexible columns are shortened (keeping their end).
        public var flexible: Bool
        /// Spaces between this column and the one before it.
        public var spacing: Int
        /// Shortening keeps the end (paths: `…/Detail`) or, when false, the start (class names).
        public var keepsEnd: Bool
        public init(
            _ title: String, alignment: Alignment = .left, flexible: Bool = false, spacing: Int = 2,
            keepsEnd: Bool = true
        ) {
            self.title = title
            self.alignment = alignment
            self.flexible = flexible
            self.spacing = spacing
            self.keepsEnd = keepsEnd
        }
    }

    public var columns: [Column]
    public private(set) var rows: [[String]] = []
    /// Put before every line (for tables nested under a heading).
    public var indent: String

    public init(columns: [Column], indent: String = "") {
        self.columns = columns
        self.indent = indent
    }

    /// Adds a row; missing cells are empty, extra cells ignored.
    public mutating func append(_ cells: [String]) {
        // Trace text (class names, reasons) never reaches a terminal with its control characters.
        rows.append((0..<columns.count).map { $0 < cells.count ? PathText.sanitized(cells[$0]) : "" })
    }

    public var isEmpty: Bool { rows.isEmpty }

    /// The table as lines joined by `\n` (no final newline), the title row first, at most
    /// `maxWidth` columns wide when the flexible columns can shrink that far.
    /// `styleTitle` wraps the title row (e.g. in bold) after alignment.
    public func render(maxWidth: Int = 100, styleTitle: (String) -> String = { $0 }) -> String {
        var widths = columns.indices.map { index in
            rows.reduce(columns[index].title.count) { max($0, $1[index].count) }
        }
        let gaps = columns.dropFirst().reduce(indent.count) { $0 + $1.spacing }
        var excess = widths.reduce(gaps, +) - maxWidth
        for index in columns.indices where excess > 0 && columns[index].flexible {
            let minimum = max(columns[index].title.count, 12)
            let cut = min(excess, max(widths[index] - minimum, 0))
            widths[index] -= cut
            excess -= cut
        }
        var lines = [styleTitle(line(columns.map(\.title), widths: widths))]
        for row in rows { lines.append(line(row, widths: widths)) }
        return lines.joined(separator: "\n")
    }

    private func line(_ cells: [String], widths: [Int]) -> String {
        var text = indent
        for (index, cell) in cells.enumerated() {
            if index > 0 { text += String(repeating: " ", count: columns[index].spacing) }
            let width = widths[index]
            let fitted = cell.count <= width ? cell
                : columns[index].keepsEnd ? TextTable.shortened(cell, to: width) : TextTable.truncated(cell, to: width)
            let padding = String(repeating: " ", count: width - fitted.count)
            let isLast = index == cells.count - 1
            switch columns[index].alignment {
            case .left: text += isLast ? fitted : fitted + padding
            case .right: text += padding + fitted
            }
        }
        return text
    }

    /// `text` cut to `width` characters keeping its start: `UINavigationCon…`.
    public static func truncated(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        guard width > 1 else { return String(text.prefix(max(width, 0))) }
        return text.prefix(width - 1) + "…"
    }

    /// `text` cut to `width` characters keeping its end (paths end in what matters): `…/Detail`.
    public static func shortened(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        guard width > 1 else { return String(text.suffix(max(width, 0))) }
        return "…" + text.suffix(width - 1)
    }
}
