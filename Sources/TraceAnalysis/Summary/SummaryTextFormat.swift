// SummaryTextFormat: `summary --format text`, tidy aligned tables for a terminal, at most
// 100 columns wide, unfinished spans first; and `--format markdown`, the same sections as
// Markdown tables for pasting into issues and docs.

import TraceFormat

/// Renders a ``TraceSummary`` for people: plain text (optionally coloured) or Markdown.
public struct SummaryTextFormat: Sendable {
    public enum Style: Sendable { case text, markdown }

    public var style: Style
    /// ANSI colour; callers turn it on only for a terminal that shows it (not `TERM=dumb`) without `NO_COLOR`.
    public var colour: Bool
    public var maxWidth: Int

    public init(style: Style = .text, colour: Bool = false, maxWidth: Int = 100) {
        self.style = style
        self.colour = colour
        self.maxWidth = maxWidth
    }

    /// The whole report, ending in a newline.
    public func render(_ summary: TraceSummary) -> String {
        var sections: [String] = []
        if let unfinished = unfinishedSection(summary) { sections.append(unfinished) }
        sections.append(overview(summary))
        if let problems = problemsSection(summary) { sections.append(problems) }
        sections.append(
            table(
                title: "Spans by kind", rows: summary.kinds.map { ($0.kind.rawValue, $0.durations) },
                firstColumn: "kind", summary: summary))
        if summary.grouping != .kind {
            let title = summary.grouping == .class ? "Spans by kind and class" : "Spans by kind and path"
            sections.append(groupTable(title: title, summary: summary))
        }
        for phase in summary.phases {
            let passes = phase.occurrences == 1 ? "1 pass" : "\(TextNumbers.grouped(phase.occurrences)) passes"
            sections.append(
                table(
                    title: "Inside \(phase.phase.rawValue) (\(passes))",
                    rows: phase.kinds.map { ($0.kind.rawValue, $0.durations) }, firstColumn: "kind", summary: summary))
        }
        for row in summary.slowest { sections.append(slowestSection(row, summary: summary)) }
        sections.append(talliesSection(summary))
        if !summary.errors.isEmpty { sections.append(errorsSection(summary)) }
        if let sessions = summary.sessions { sections.append(sessionsSection(sessions, summary: summary)) }
        if let app = summary.appLifecycle { sections.append(appLifecycleSection(app)) }
        return sections.joined(separator: "\n\n") + "\n"
    }

    // MARK: - Scenes and the app's life cycle

    /// One row per scene session: connects, saves by result, reads, restores, how it ended, errors, time.
    private func sessionsSection(_ sessions: [SessionSummary], summary: TraceSummary) -> String {
        let title = "Sessions (scene life cycle)"
        var table = makeTable([
            .init("session", flexible: true), .init("connects", alignment: .right), .init("saves", flexible: true),
            .init("reads", flexible: true), .init("restores", alignment: .right), .init("last disconnect/discard"),
            .init("errors", alignment: .right), .init("time", alignment: .right),
        ])
        func list(_ tallies: [TraceSummary.Tally]) -> String {
            tallies.isEmpty ? "-" : tallies.map { "\($0.name) \(TextNumbers.grouped($0.count))" }.joined(separator: ", ")
        }
        for session in sessions {
            var ended = session.lastEnd ?? "-"
            if !session.stateDiscards.isEmpty {
                ended += "; state discarded: " + session.stateDiscards.map(\.name).joined(separator: ", ")
            }
            table.append([
                PathText.sanitized(session.identifier), TextNumbers.grouped(session.connectCount), list(session.saves),
                list(session.reads), TextNumbers.grouped(session.restores), ended,
                TextNumbers.grouped(session.errors), durationText(session.timeSpent, summary: summary),
            ])
        }
        var text = heading(title + unitNote(summary), loud: false) + "\n"
            + (table.isEmpty ? emptyLine("no session named in the trace") : renderTable(table))
        if summary.unattributedSceneRecords > 0 {
            let count = summary.unattributedSceneRecords
            text += "\n" + emptyLine(
                "\(TextNumbers.grouped(count)) scene \(count == 1 ? "record names" : "records name") no session")
        }
        return text
    }

    /// What the trace shows of the app's own life cycle, one line per topic it has.
    private func appLifecycleSection(_ app: AppLifecycleSummary) -> String {
        func n(_ value: Int64) -> String { TextNumbers.grouped(value) }
        var lines: [(String, String)] = [("launches", n(app.launches))]
        if !app.processExits.isEmpty {
            lines.append(("process exits", app.processExits.map { "\($0.name) \(n($0.count))" }.joined(separator: ", ")))
        }
        if app.deviceLocks + app.deviceUnlocks > 0 {
            lines.append(("device", "locked \(n(app.deviceLocks)), unlocked \(n(app.deviceUnlocks))"))
        }
        if app.securePairCalls + app.legacyPairCalls > 0 {
            lines.append(("shouldSave/Restore", "secure pair \(n(app.securePairCalls)), old pair \(n(app.legacyPairCalls))"))
        }
        if app.warnings > 0 { lines.append(("warnings", n(app.warnings))) }
        if app.encodeViolations + app.decodeViolations > 0 {
            lines.append(("secure coding", "violations on encode \(n(app.encodeViolations)), on decode \(n(app.decodeViolations))"))
        }
        if app.extendCalls + app.completeCalls > 0 {
            lines.append((
                "deferred restoration",
                "extend \(n(app.extendCalls)), complete \(n(app.completeCalls)), ignored \(n(app.ignoredCalls)), deepest \(n(app.deepestExtension))"
            ))
        }
        if app.ignoreSnapshotHonoured + app.ignoreSnapshotIgnored > 0 {
            lines.append(("ignoreSnapshot", "honoured \(n(app.ignoreSnapshotHonoured)), ignored \(n(app.ignoreSnapshotIgnored))"))
        }
        if !app.discardsSuppressed.isEmpty {
            lines.append((
                "developer mode kept",
                app.discardsSuppressed.map { "\($0.name) \(n($0.count))" }.joined(separator: ", ")
            ))
        }
        if app.deferredSessionDiscards > 0 {
            lines.append(("sessions discarded while not running", n(app.deferredSessionDiscards)))
        }
        var table = makeTable([.init("what"), .init("count", flexible: true)])
        for (label, value) in lines { table.append([label, value]) }
        return heading("App life cycle", loud: false) + "\n" + renderTable(table)
    }

    // MARK: - Sections

    private func unfinishedSection(_ summary: TraceSummary) -> String? {
        guard !summary.unfinished.isEmpty else { return nil }
        let count = summary.unfinished.count
        let headline = count == 1
            ? "UNFINISHED: 1 span never ended. The process stopped inside it."
            : "UNFINISHED: \(count) spans never ended. The process stopped inside them."
        var table = makeTable([
            .init("kind"), .init("path", flexible: true), .init("class"), .init("began", alignment: .right),
        ])
        for span in summary.unfinished {
            table.append([
                span.kind.rawValue, pathText(span.path), span.className ?? "",
                "seq \(span.beginSeq), ts \(summary.formatter.string(span.beginTimestamp))",
            ])
        }
        return heading(headline, loud: true) + "\n" + renderTable(table)
    }

    private func overview(_ summary: TraceSummary) -> String {
        var facts: [String] = []
        if let scenario = summary.header.scenario { facts.append(scenario) }
        facts.append(summary.header.format)
        facts.append("clock \(summary.header.clock)")
        facts.append("\(TextNumbers.grouped(summary.records)) records")
        facts.append("\(TextNumbers.grouped(summary.spansBegun)) spans")
        facts.append("\(summary.formatter.string(summary.elapsed)) first to last")
        if style == .markdown { return heading("Trace", loud: false) + "\n" + facts.joined(separator: " · ") }
        return wrapped(facts, label: "Trace", labelWidth: 5).joined(separator: "\n")
    }

    private func problemsSection(_ summary: TraceSummary) -> String? {
        var lines: [String] = []
        if summary.seqGapCount > 0 {
            let gaps = summary.seqGaps.prefix(5).map { "after seq \($0.after): \($0.missing) missing" }
            lines.append(
                "seq gaps: \(TextNumbers.grouped(summary.seqGapCount)), "
                    + "\(TextNumbers.grouped(summary.missingRecords)) records lost (\(gaps.joined(separator: "; ")))")
        }
        if summary.seqOutOfOrder > 0 {
            lines.append("seq out of order: \(TextNumbers.grouped(summary.seqOutOfOrder)) records repeat or go back")
        }
        if summary.unmatchedEnds > 0 {
            lines.append("unmatched ends: \(TextNumbers.grouped(summary.unmatchedEnds)) E records end no open span")
        }
        if summary.endsBeforeBegin > 0 {
            let spans = summary.endsBeforeBegin == 1 ? "span ends before it begins" : "spans end before they begin"
            lines.append("ts goes back: \(TextNumbers.grouped(summary.endsBeforeBegin)) \(spans) "
                + "(counted as 0; `restoretrace validate` names the lines)")
        }
        for warning in summary.warnings {
            lines.append(warning.line.map { "line \($0): \(warning.message)" } ?? warning.message)
        }
        if summary.warningCount > Int64(summary.warnings.count) {
            lines.append("… and \(summary.warningCount - Int64(summary.warnings.count)) more reader warnings")
        }
        guard !lines.isEmpty else { return nil }
        let bullet = style == .markdown ? "- " : "  "
        return heading("Warnings", loud: false, warning: true) + "\n"
            + lines.map { bullet + $0 }.joined(separator: "\n")
    }

    private func durationColumns(first: String) -> [TextTable.Column] {
        [.init(first, flexible: true), .init("count", alignment: .right)]
            + ["total", "mean", "p50", "p90", "p95", "p99", "max"].map {
                TextTable.Column($0, alignment: .right, spacing: 1)
            }
    }

    private func durationCells(_ statistics: DurationStatistics, summary: TraceSummary) -> [String] {
        let values = [statistics.total, statistics.roundedMean]
            + [statistics.p50, statistics.p90, statistics.p95, statistics.p99, statistics.maximum]
        return [TextNumbers.grouped(statistics.count)] + values.map { durationText($0, summary: summary) }
    }

    private func table(
        title: String, rows: [(String, DurationStatistics)], firstColumn: String, summary: TraceSummary
    ) -> String {
        var table = makeTable(durationColumns(first: firstColumn))
        for (name, statistics) in rows { table.append([name] + durationCells(statistics, summary: summary)) }
        if table.isEmpty { return heading(title, loud: false) + "\n" + emptyLine("no finished spans") }
        return heading(title + unitNote(summary), loud: false) + "\n" + renderTable(table)
    }

    private func groupTable(title: String, summary: TraceSummary) -> String {
        var table = makeTable(
            [.init("kind"), .init(summary.grouping == .class ? "class" : "path", flexible: true,
                                  keepsEnd: summary.grouping == .path)]
                + durationColumns(first: "").dropFirst())
        for row in summary.groups {
            table.append([row.kind.rawValue, row.group.label] + durationCells(row.durations, summary: summary))
        }
        if table.isEmpty { return heading(title, loud: false) + "\n" + emptyLine("no finished spans") }
        return heading(title + unitNote(summary), loud: false) + "\n" + renderTable(table)
    }

    private func slowestSection(_ row: TraceSummary.SlowestRow, summary: TraceSummary) -> String {
        let showsVia = row.kind == .locate
        var columns: [TextTable.Column] = [
            .init("#", alignment: .right), .init("duration", alignment: .right), .init("path", flexible: true),
            .init("class"),
        ]
        if showsVia { columns.append(.init("via")) }
        var table = makeTable(columns)
        for (rank, span) in row.spans.enumerated() {
            var cells = [
                "\(rank + 1)", summary.formatter.string(span.duration), pathText(span.path), span.className ?? "",
            ]
            if showsVia { cells.append(span.via ?? "") }
            table.append(cells)
        }
        return heading("Slowest \(row.kind.rawValue)", loud: false) + "\n" + renderTable(table)
    }

    private func talliesSection(_ summary: TraceSummary) -> String {
        let lists: [(String, [TraceSummary.Tally])] = [
            ("Locate answered by", summary.locateVia), ("Locate results", summary.locateResults),
            ("Exclusions", summary.exclusions), ("Discards", summary.discards), ("Instants", summary.instants),
        ]
        if style == .markdown {
            var table = makeTable([.init("what"), .init("name"), .init("count", alignment: .right)])
            for (label, tallies) in lists {
                if tallies.isEmpty { table.append([label, "none", "0"]) }
                for tally in tallies { table.append([label, tally.name, TextNumbers.grouped(tally.count)]) }
            }
            return heading("Counts", loud: false) + "\n" + renderTable(table)
        }
        let labelWidth = lists.map(\.0.count).max() ?? 0
        var lines: [String] = []
        for (label, tallies) in lists {
            let items = tallies.isEmpty ? ["none"] : tallies.map { "\($0.name) \(TextNumbers.grouped($0.count))" }
            lines.append(contentsOf: wrapped(items, label: label, labelWidth: labelWidth))
        }
        return lines.joined(separator: "\n")
    }

    private func errorsSection(_ summary: TraceSummary) -> String {
        var table = makeTable([.init("seq", alignment: .right), .init("path"), .init("message", flexible: true)])
        for error in summary.errors { table.append(["\(error.seq)", pathText(error.path), error.message]) }
        var text = heading("Errors (\(TextNumbers.grouped(summary.errorCount)))", loud: true) + "\n" + renderTable(table)
        if summary.errorCount > Int64(summary.errors.count) {
            text += "\n" + emptyLine("… and \(summary.errorCount - Int64(summary.errors.count)) more")
        }
        return text
    }

    // MARK: - Pieces

    private func makeTable(_ columns: [TextTable.Column]) -> TextTable {
        TextTable(columns: columns, indent: style == .text ? "  " : "")
    }

    private func renderTable(_ table: TextTable) -> String {
        switch style {
        case .text:
            return table.render(maxWidth: maxWidth) { colour ? "\u{1B}[2m" + $0 + "\u{1B}[0m" : $0 }
        case .markdown:
            return MarkdownTable.render(table)
        }
    }

    private func heading(_ text: String, loud: Bool, warning: Bool = false) -> String {
        switch style {
        case .markdown:
            return "### " + text + "\n"
        case .text:
            guard colour else { return text }
            let code = loud ? "1;31" : warning ? "1;33" : "1"
            return "\u{1B}[\(code)m" + text + "\u{1B}[0m"
        }
    }

    private func emptyLine(_ text: String) -> String { style == .text ? "  " + text : "_" + text + "_" }

    private func unitNote(_ summary: TraceSummary) -> String {
        summary.header.clock == ClockUnit.ns.rawValue ? "" : " (durations in \(summary.formatter.unitName))"
    }

    /// Durations in `ns` traces as `1.23 ms`; in other clocks as plain numbers (the unit is in the heading).
    private func durationText(_ value: Int64, summary: TraceSummary) -> String {
        summary.header.clock == ClockUnit.ns.rawValue ? summary.formatter.string(value) : TextNumbers.grouped(value)
    }

    private func pathText(_ path: [String]?) -> String {
        guard let path else { return "" }
        return PathText.display(path)
    }

    /// `label  a 1 · b 2 · …` wrapped to `maxWidth` with a hanging indent.
    private func wrapped(_ items: [String], label: String, labelWidth: Int) -> [String] {
        let boldLabel = colour ? "\u{1B}[1m" + label + "\u{1B}[0m" : label
        let prefix = boldLabel + String(repeating: " ", count: labelWidth - label.count + 2)
        let hanging = String(repeating: " ", count: labelWidth + 2)
        var lines: [String] = []
        var current = prefix
        var currentWidth = labelWidth + 2
        var first = true
        for item in items {
            let addition = (first ? "" : " · ") + item
            if !first && currentWidth + addition.count > maxWidth {
                lines.append(current + " ·")
                current = hanging + item
                currentWidth = hanging.count + item.count
            } else {
                current += addition
                currentWidth += addition.count
            }
            first = false
        }
        lines.append(current)
        return lines
    }
}

/// Numbers for people: `1,234,567`.
enum TextNumbers {
    static func grouped(_ value: Int64) -> String {
        let digits = String(value.magnitude)
        var out = value < 0 ? "-" : ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return out
    }
}

/// A ``TextTable`` as a GitHub Markdown table (pipes escaped in cells).
enum MarkdownTable {
    static func render(_ table: TextTable) -> String {
        func row(_ cells: [String]) -> String {
            "| " + cells.map { $0.replacing("|", with: "\\|") }.joined(separator: " | ") + " |"
        }
        let rule = "|" + table.columns.map { $0.alignment == .right ? "---:|" : "---|" }.joined()
        return ([row(table.columns.map(\.title)), rule] + table.rows.map(row)).joined(separator: "\n")
    }
}
