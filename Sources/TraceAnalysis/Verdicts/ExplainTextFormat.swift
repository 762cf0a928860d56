// ExplainTextFormat: `explain --format text`, each verdict as a sentence wrapped for a
// terminal (problems first, restored objects last, one line each), and `--format markdown`,
// the same for issues and docs.

import TraceFormat

/// Renders ``RestorationVerdicts`` for people: plain text (optionally coloured) or Markdown.
public struct ExplainTextFormat: Sendable {
    public enum Style: Sendable { case text, markdown }

    public var style: Style
    /// ANSI colour; callers turn it on only for a terminal without `NO_COLOR`.
    public var colour: Bool
    public var maxWidth: Int

    public init(style: Style = .text, colour: Bool = false, maxWidth: Int = 100) {
        self.style = style
        self.colour = colour
        self.maxWidth = maxWidth
    }

    /// The whole report for the trace `name`, ending in a newline.
    public func render(_ verdicts: RestorationVerdicts, name: String) -> String {
        var out = ""
        out.reserveCapacity(256 + verdicts.all.count * 160)
        switch style {
        case .text: text(verdicts, name: name, into: &out)
        case .markdown: markdown(verdicts, name: name, into: &out)
        }
        return out
    }

    /// The groups in their order, with their titles.
    private static let groups: [(status: RestorationVerdict.Status, title: String)] = [
        (.notRestored, "Not restored"), (.preservedOnly, "Preserved, no relaunch"), (.restored, "Restored"),
    ]

    // MARK: Text

    private func text(_ verdicts: RestorationVerdicts, name: String, into out: inout String) {
        out += PathText.sanitized(name)
        if let scenario = verdicts.header.scenario { out += " (scenario " + PathText.sanitized(scenario) + ")" }
        out += "\n"
        let run = verdicts.run
        var sentence = "Outcome: " + run.summary
        if !run.because.isEmpty { sentence += " — " + VerdictWording.list(run.because) }
        wrap(sentence + ".", indent: "", continuation: "    ", into: &out)
        if let fix = run.fix { wrap("Fix: " + fix + ".", indent: "  ", continuation: "    ", into: &out) }
        var start = 0
        for group in Self.groups {
            let end = verdicts.all[start...].firstIndex { $0.status != group.status } ?? verdicts.all.endIndex
            defer { start = end }
            guard end > start else { continue }
            out += "\n" + heading("\(group.title.uppercased()) (\(end - start))", status: group.status) + "\n"
            if group.status != .notRestored { out += "\n" }
            for verdict in verdicts.all[start..<end] {
                if group.status == .restored {
                    wrap(verdict.subject.displayNameWithClass + ": " + verdict.summary.dropPrefix("restored: ")
                         + (verdict.because.isEmpty ? "" : " (" + verdict.because.joined(separator: "; ") + ")"),
                         indent: "", continuation: "    ", into: &out)
                    continue
                }
                out += "\n"
                var sentence = verdict.subject.displayNameWithClass + " was " + verdict.summary
                if !verdict.because.isEmpty { sentence += " — " + VerdictWording.list(verdict.because) }
                wrap(sentence + ".", indent: "", continuation: "    ", into: &out)
                if let fix = verdict.fix { wrap("Fix: " + fix + ".", indent: "  ", continuation: "    ", into: &out) }
                if let source = verdict.source { wrap("Source: " + source.description, indent: "  ", continuation: "    ", into: &out) }
                if !verdict.rows.isEmpty { out += "  " + lines(verdict.rows, verdicts).prefix(1).uppercased() + lines(verdict.rows, verdicts).dropFirst() + "\n" }
            }
        }
        if verdicts.all.isEmpty { out += "\nNo object was preserved or named in this trace.\n" }
    }

    private func heading(_ text: String, status: RestorationVerdict.Status) -> String {
        guard colour else { return text }
        let code = status == .notRestored ? "1;31" : status == .restored ? "1;32" : "1"
        return "\u{1B}[\(code)m" + text + "\u{1B}[0m"
    }

    /// "trace lines 28, 29, 30".
    private func lines(_ rows: [Int], _ verdicts: RestorationVerdicts) -> String {
        let numbers = rows.map { String(verdicts.line(ofRow: $0)) }
        return (numbers.count == 1 ? "trace line " : "trace lines ") + numbers.joined(separator: ", ")
    }

    /// Appends `text` wrapped at spaces to ``maxWidth``: the first line after `indent`, the others after `continuation`.
    private func wrap(_ text: String, indent: String, continuation: String, into out: inout String) {
        var line = indent
        var lineCount = indent.count
        var first = true
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let wordCount = word.count
            if !first && lineCount + 1 + wordCount > maxWidth && lineCount > continuation.count {
                out += line + "\n"
                line = continuation
                lineCount = continuation.count
                first = true
            }
            if !first {
                line += " "
                lineCount += 1
            }
            line += word
            lineCount += wordCount
            first = false
        }
        out += line + "\n"
    }

    // MARK: Markdown

    private func markdown(_ verdicts: RestorationVerdicts, name: String, into out: inout String) {
        out += "# restoretrace explain: " + Markdown.code(verdicts.header.scenario ?? name) + "\n\n"
        out += "**Run:** " + Markdown.escaped(verdicts.run.sentence) + "\n"
        var start = 0
        for group in Self.groups {
            let end = verdicts.all[start...].firstIndex { $0.status != group.status } ?? verdicts.all.endIndex
            defer { start = end }
            guard end > start else { continue }
            out += "\n## \(group.title) (\(end - start))\n"
            if group.status == .restored {
                out += "\n| object | class | how it was found |\n|---|---|---|\n"
                for verdict in verdicts.all[start..<end] {
                    let how = String(verdict.summary.dropPrefix("restored: "))
                        + (verdict.because.isEmpty ? "" : "; " + verdict.because.joined(separator: "; "))
                    out += "| " + Markdown.code(verdict.subject.displayName) + " | "
                        + (verdict.subject.className.map(Markdown.code) ?? "") + " | " + Markdown.escaped(how) + " |\n"
                }
                continue
            }
            for verdict in verdicts.all[start..<end] {
                out += "\n- " + Markdown.code(verdict.subject.displayName)
                if let name = verdict.subject.className { out += " (" + Markdown.code(name) + ")" }
                var sentence = " was " + verdict.summary
                if !verdict.because.isEmpty { sentence += " — " + VerdictWording.list(verdict.because) }
                out += Markdown.escaped(sentence + ".")
                if let fix = verdict.fix { out += "\n  **Fix:** " + Markdown.escaped(fix + ".") }
                var facts: [String] = []
                if let source = verdict.source { facts.append("source " + Markdown.code(source.description)) }
                if !verdict.rows.isEmpty { facts.append(lines(verdict.rows, verdicts)) }
                if !facts.isEmpty { out += "\n  *" + facts.joined(separator: "; ").prefix(1).uppercased() + facts.joined(separator: "; ").dropFirst() + ".*" }
                out += "\n"
            }
        }
    }
}

/// Markdown for text from a trace.
enum Markdown {
    /// `text` as a code span, fenced with more backticks than any run in it; no line breaks.
    static func code(_ text: String) -> String {
        let flat = PathText.sanitized(text).replacingNewlines()
        var longest = 0
        var run = 0
        for character in flat {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padded = flat.hasPrefix("`") || flat.hasSuffix("`") ? " " + flat + " " : flat
        return fence + padded + fence
    }

    /// Prose with Markdown's special characters escaped.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for character in PathText.sanitized(text).replacingNewlines() {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "#": out.append("\\"); out.append(character)
            default: out.append(character)
            }
        }
        return out
    }
}

extension String {
    /// This text without `prefix` at its start.
    func dropPrefix(_ prefix: String) -> Substring { hasPrefix(prefix) ? dropFirst(prefix.count) : self[...] }

    /// Line breaks as spaces (control characters are already made visible by PathText).
    func replacingNewlines() -> String { contains("\n") ? split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ") : self }
}
