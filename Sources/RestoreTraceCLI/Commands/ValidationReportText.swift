// The one-screen text report `restoretrace validate` prints for a trace.

import RestoreTrace

/// Formats a ``TraceValidationReport`` for a terminal: a verdict line, what the trace holds,
/// its unfinished spans, then its problems (at most `maxListed`, then "… and N more").
struct ValidationReportText {
    var maxListed = 20

    func render(_ report: TraceValidationReport) -> String {
        var lines: [String] = [verdict(report)]
        if let header = report.header {
            var about = ["format \(header.format)", "clock \(header.clock)"]
            if let generator = header.generator { about.append("generator \(generator)") }
            if let scenario = header.scenario { about.append("scenario \(scenario)") }
            lines.append("  " + about.joined(separator: ", "))
        }
        let finished = report.spanCount - report.unfinishedSpans.count
        lines.append("  \(Self.plural(report.recordCount, "record")): \(Self.plural(report.spanCount, "span")) "
            + "(\(finished) finished, \(report.unfinishedSpans.count) unfinished), \(Self.plural(report.instantCount, "instant")), "
            + "\(Self.plural(report.kindCounts.count, "kind")), \(Self.size(report.byteCount))")
        if !report.kindCounts.isEmpty {
            let kinds = report.kindCounts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            lines.append("  kinds: " + kinds.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        if !report.unfinishedSpans.isEmpty {
            lines.append("  unfinished spans (the process stopped inside them):")
            for span in report.unfinishedSpans.prefix(maxListed) {
                var text = "    line \(span.beginLine.map(String.init) ?? "?"): \(span.kind) span \(span.span)"
                if let path = span.path { text += " at " + (path.isEmpty ? "(root)" : PathText.display(path)) }
                if let className = span.className { text += " (\(className))" }
                if let thread = span.thread { text += " on thread \(thread)" }
                lines.append(text)
            }
            if report.unfinishedSpans.count > maxListed {
                lines.append("    … and \(report.unfinishedSpans.count - maxListed) more")
            }
        }
        let total = report.errorCount + report.warningCount
        if total > 0 {
            lines.append("  problems:")
            let listed = report.diagnostics.prefix(maxListed)
            for problem in listed {
                lines.append("    \(problem.severity == .error ? "error  " : "warning") \(problem)")
            }
            if total > listed.count { lines.append("    … and \(total - listed.count) more") }
        }
        return lines.joined(separator: "\n")
    }

    func verdict(_ report: TraceValidationReport) -> String {
        let name = report.path == "-" ? "<stdin>" : report.path
        var counts: [String] = []
        if !report.unfinishedSpans.isEmpty { counts.append(Self.plural(report.unfinishedSpans.count, "unfinished span")) }
        if report.errorCount > 0 { counts.append(ValidationReportText.plural(report.errorCount, "error")) }
        if report.warningCount > 0 { counts.append(ValidationReportText.plural(report.warningCount, "warning")) }
        let detail = counts.isEmpty ? "" : " (\(counts.joined(separator: ", ")))"
        return "\(name): \(report.isValid ? "valid" : "INVALID")\(detail)"
    }

    static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    static func size(_ bytes: Int) -> String {
        if bytes >= 10 << 20 { return "\(bytes >> 20) MiB" }
        if bytes >= 10 << 10 { return "\(bytes >> 10) KiB" }
        return plural(bytes, "byte")
    }
}
