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
    public func render(_ verdicts: RestorationVerdicts, name: String, lifecycle: LifecycleExplanation? = nil) -> [UInt8] {
        let output = MemoryOutput()
        // Memory takes every write.
        try? write(verdicts, name: name, lifecycle: lifecycle, to: output)
        return output.bytes
    }

    /// Writes the report to `output` as it is made, a mebibyte at a time: the report of a big
    /// trace is never whole in memory. `lifecycle`: the "App life cycle" and "Scene sessions"
    /// sections that follow the objects, when it has anything to say.
    public func write(_ verdicts: RestorationVerdicts, name: String, lifecycle: LifecycleExplanation? = nil,
                      to output: any ExportOutput) throws(ExportError) {
        var out = TextBuffer(output: output, maxWidth: maxWidth)
        switch style {
        case .text:
            try text(verdicts, name: name, into: &out)
            if let lifecycle { lifecycleText(lifecycle, into: &out) }
        case .markdown:
            try markdown(verdicts, name: name, into: &out)
            if let lifecycle { lifecycleMarkdown(lifecycle, into: &out) }
        }
        try out.flush()
    }

    /// The groups in their order, with their titles.
    private static let groups: [(status: RestorationVerdict.Status, title: String)] = [
        (.notRestored, "Not restored"), (.preservedOnly, "Preserved, no relaunch"), (.restored, "Restored"),
    ]

    /// Each group's range of ``RestorationVerdicts/all`` (sorted by status, so the counts say
    /// where each ends), in order, empty ones left out.
    private func groupRanges(_ verdicts: RestorationVerdicts) -> [(status: RestorationVerdict.Status, title: String, range: Range<Int>)] {
        var ranges: [(RestorationVerdict.Status, String, Range<Int>)] = []
        var start = 0
        for group in Self.groups {
            let count: Int
            switch group.status {
            case .notRestored: count = verdicts.counts.notRestored
            case .preservedOnly: count = verdicts.counts.preservedOnly
            case .restored: count = verdicts.counts.restored
            }
            if count > 0 { ranges.append((group.status, group.title, start..<(start + count))) }
            start += count
        }
        return ranges
    }

    // MARK: Text

    private func text(_ verdicts: RestorationVerdicts, name: String, into out: inout TextBuffer) throws(ExportError) {
        out.append(PathText.sanitized(name))
        if let scenario = verdicts.header.scenario { out.append(" (scenario " + PathText.sanitized(scenario) + ")") }
        out.newline()
        let run = verdicts.run
        out.wrapped(["Outcome: ", run.summary] + chain(run.because) + ["."], indent: "", continuation: "    ")
        if let fix = run.fix { out.wrapped(["Fix: ", fix, "."], indent: "  ", continuation: "    ") }
        if let subtree = verdicts.subtree {
            let counts = verdicts.counts
            out.wrapped(["Showing ", PathText.display(subtree), " and what is below it: \(counts.restored) restored, ",
                         "\(counts.notRestored) not restored", counts.preservedOnly > 0 ? ", \(counts.preservedOnly) preserved only." : "."],
                        indent: "", continuation: "    ")
        }
        for group in groupRanges(verdicts) {
            out.newline()
            out.append(heading("\(group.title.uppercased()) (\(group.range.count))", status: group.status))
            out.newline()
            if group.status != .notRestored { out.newline() }
            for verdict in verdicts.all[group.range] {
                try out.flushIfFull()
                // Objects that are no problem take a line each: how they were found, or where preserved.
                switch group.status {
                case .restored:
                    var parts = [verdict.subject.displayNameWithClass, ": ", String(verdict.summary.dropPrefix("restored: "))]
                    if !verdict.because.isEmpty { parts += [" (", verdict.because.joined(separator: "; "), ")"] }
                    out.wrapped(parts, indent: "", continuation: "    ")
                    continue
                case .preservedOnly:
                    out.wrapped([verdict.subject.displayNameWithClass, ": ", verdict.because.joined(separator: "; ")],
                                indent: "", continuation: "    ")
                    continue
                case .notRestored:
                    break
                }
                out.newline()
                out.wrapped([verdict.subject.displayNameWithClass, " was ", verdict.summary] + chain(verdict.because) + ["."],
                            indent: "", continuation: "    ")
                if let fix = verdict.fix { out.wrapped(["Fix: ", fix, "."], indent: "  ", continuation: "    ") }
                if let source = verdict.source { out.wrapped(["Source: ", source.description], indent: "  ", continuation: "    ") }
                if !verdict.rows.isEmpty {
                    out.append("  Trace line" + (verdict.rows.count == 1 ? " " : "s "))
                    appendLines(verdict.rows, verdicts, into: &out)
                    out.newline()
                }
            }
        }
        if verdicts.all.isEmpty {
            out.newline()
            out.append("No object was preserved or named in this trace.")
            out.newline()
        }
    }

    /// " — a, b, and c" as parts, none when there is no cause.
    func chain(_ because: [String]) -> [String] {
        because.isEmpty ? [] : [" — ", VerdictWording.list(because)]
    }

    func heading(_ text: String, status: RestorationVerdict.Status) -> String {
        guard colour else { return text }
        let code = status == .notRestored ? "1;31" : status == .restored ? "1;32" : "1"
        return "\u{1B}[\(code)m" + text + "\u{1B}[0m"
    }

    /// "28, 29, 30": the lines of `rows`.
    private func appendLines(_ rows: [Int], _ verdicts: RestorationVerdicts, into out: inout TextBuffer) {
        for (index, row) in rows.enumerated() {
            if index > 0 { out.append(", ") }
            out.append(String(verdicts.line(ofRow: row)))
        }
    }

    // MARK: Markdown

    private func markdown(_ verdicts: RestorationVerdicts, name: String, into out: inout TextBuffer) throws(ExportError) {
        out.append("# restoretrace explain: " + Markdown.code(verdicts.header.scenario ?? name))
        out.newline()
        out.newline()
        let run = verdicts.run
        out.append("**Outcome:** " + Markdown.escaped(run.summary + (chain(run.because).joined()) + "."))
        if let fix = run.fix { out.append(" **Fix:** " + Markdown.escaped(fix + ".")) }
        out.newline()
        if let subtree = verdicts.subtree {
            out.newline()
            out.append("Showing " + Markdown.code(PathText.display(subtree)) + " and what is below it.")
            out.newline()
        }
        for group in groupRanges(verdicts) {
            out.newline()
            out.append("## \(group.title) (\(group.range.count))")
            out.newline()
            out.newline()
            if group.status == .restored {
                out.append("| object | class | how it was found |\n|---|---|---|\n")
                for verdict in verdicts.all[group.range] {
                    try out.flushIfFull()
                    let how = String(verdict.summary.dropPrefix("restored: "))
                        + (verdict.because.isEmpty ? "" : "; " + verdict.because.joined(separator: "; "))
                    out.append("| " + Markdown.code(verdict.subject.displayName) + " | "
                        + (verdict.subject.className.map(Markdown.code) ?? "") + " | ")
                    out.appendEscaped([how])
                    out.append(" |\n")
                }
                continue
            }
            for verdict in verdicts.all[group.range] {
                try out.flushIfFull()
                out.append("- " + Markdown.code(verdict.subject.displayNameWithClass))
                out.appendEscaped([" was ", verdict.summary] + chain(verdict.because) + ["."])
                if let fix = verdict.fix {
                    out.append("\n  **Fix:** ")
                    out.appendEscaped([fix, "."])
                }
                var facts = ""
                if let source = verdict.source { facts += "Source " + Markdown.code(source.description) + "; " }
                if !verdict.rows.isEmpty {
                    out.append("\n  *" + facts + (facts.isEmpty ? "Trace line" : "trace line") + (verdict.rows.count == 1 ? " " : "s "))
                    appendLines(verdict.rows, verdicts, into: &out)
                    out.append(".*")
                } else if !facts.isEmpty {
                    out.append("\n  *" + facts.dropLast(2) + ".*")
                }
                out.newline()
            }
        }
    }
}

/// The report's bytes on their way to an output, with greedy wrapping at spaces.
struct TextBuffer {
    private(set) var bytes: [UInt8] = []
    let maxWidth: Int
    let output: any ExportOutput
    /// How much is gathered before it goes out.
    static let chunk = 1 << 20

    init(output: any ExportOutput, maxWidth: Int) {
        self.output = output
        self.maxWidth = maxWidth
        bytes.reserveCapacity(Self.chunk + 4096)
    }

    /// Hands what is gathered to the output once it reaches a chunk.
    mutating func flushIfFull() throws(ExportError) {
        if bytes.count >= Self.chunk { try flush() }
    }

    mutating func flush() throws(ExportError) {
        guard !bytes.isEmpty else { return }
        try output.write(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// The parts as Markdown prose: control characters made visible, Markdown's special
    /// characters escaped, line breaks as spaces (see ``Markdown/escaped(_:)``).
    mutating func appendEscaped(_ parts: [String]) {
        for part in parts {
            let text = PathText.sanitized(part)
            // Most parts hold nothing to escape: they go in whole.
            if text.utf8.allSatisfy({ !Markdown.isSpecial($0) && $0 != 0x0A }) {
                bytes.append(contentsOf: text.utf8)
                continue
            }
            for byte in text.utf8 {
                if Markdown.isSpecial(byte) {
                    bytes.append(UInt8(ascii: "\\"))
                    bytes.append(byte)
                } else {
                    bytes.append(byte == 0x0A ? 0x20 : byte)
                }
            }
        }
    }
    mutating func newline() { bytes.append(0x0A) }

    /// The parts, joined, wrapped at spaces to ``maxWidth`` columns: the first line after
    /// `indent`, the others after `continuation`. A column is a code point (a UTF-8 byte that is
    /// not a continuation byte); a word longer than a line stays whole. Ends with a line break.
    mutating func wrapped(_ parts: [String], indent: String, continuation: String) {
        Self.wrap(parts, indent: indent, continuation: continuation, maxWidth: maxWidth, into: &bytes)
    }

    private static func wrap(_ parts: [String], indent: String, continuation: String, maxWidth: Int, into bytes: inout [UInt8]) {
        bytes.append(contentsOf: indent.utf8)
        let continuationWidth = continuation.utf8.count
        var width = indent.utf8.count
        // The last space of the line, where it breaks when a word runs past the width, and the
        // width before it; nil before the line's first word ends.
        var lastSpace: Int?
        var widthAtSpace = 0
        var lineHasText = false
        for part in parts {
            // The part goes in whole; then its bytes are read where they landed, and a line that
            // runs past the width is broken at its last space.
            var index = bytes.count
            bytes.append(contentsOf: part.utf8)
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == 0x20 {
                    if lineHasText {
                        lastSpace = index - 1
                        widthAtSpace = width
                    }
                    width += 1
                    continue
                }
                lineHasText = true
                guard byte & 0xC0 != 0x80 else { continue }
                width += 1
                if width > maxWidth, let space = lastSpace {
                    // The word being read moves to the next line.
                    bytes[space] = 0x0A
                    bytes.insert(contentsOf: continuation.utf8, at: space + 1)
                    index += continuationWidth
                    width = continuationWidth + (width - widthAtSpace - 1)
                    lastSpace = nil
                }
            }
        }
        bytes.append(0x0A)
    }
}

/// Markdown for text from a trace.
enum Markdown {
    /// `text` as a code span, fenced with more backticks than any run in it; no line breaks.
    static func code(_ text: String) -> String {
        let flat = PathText.sanitized(text).replacingNewlines()
        var longest = 0
        var run = 0
        for byte in flat.utf8 {
            run = byte == UInt8(ascii: "`") ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padded = flat.hasPrefix("`") || flat.hasSuffix("`") ? " " + flat + " " : flat
        return fence + padded + fence
    }

    /// Prose with Markdown's special characters escaped.
    static func escaped(_ text: String) -> String {
        var buffer = TextBuffer(output: MemoryOutput(), maxWidth: 0)
        buffer.appendEscaped([text])
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    /// Whether Markdown gives `byte` a meaning in prose.
    @inline(__always)
    static func isSpecial(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "|"), UInt8(ascii: "#"):
            return true
        default:
            return false
        }
    }
}

extension String {
    /// This text without `prefix` at its start.
    func dropPrefix(_ prefix: String) -> Substring { hasPrefix(prefix) ? dropFirst(prefix.count) : self[...] }

    /// Line breaks as spaces (control characters are already made visible by PathText).
    func replacingNewlines() -> String {
        utf8.contains(0x0A) ? split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ") : self
    }
}
