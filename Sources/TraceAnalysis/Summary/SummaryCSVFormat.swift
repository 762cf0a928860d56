// SummaryCSVFormat: `summary --format csv`, the timing tables as one CSV sheet (RFC 4180).

/// Writes the per-kind timing rows of a ``TraceSummary`` as CSV.
///
/// Columns: `scope,kind,group,count,total,mean,p50,p90,p95,p99,max`. `scope` is `all` for the
/// whole trace, or `preservation` / `restoration` for spans inside that phase; `group` is the
/// class or `/`-joined path with `--by class|path` (rows with scope `all`), empty otherwise.
/// Durations are integers in the trace's clock unit; `mean` has up to 3 decimals.
public enum SummaryCSVFormat {
    public static let columns = ["scope", "kind", "group", "count", "total", "mean", "p50", "p90", "p95", "p99", "max"]

    public static func render(_ summary: TraceSummary) -> String {
        var lines = [columns.joined(separator: ",")]
        if summary.grouping == .kind {
            for row in summary.kinds { lines.append(line("all", row.kind.rawValue, "", row.durations)) }
        } else {
            for row in summary.groups { lines.append(line("all", row.kind.rawValue, row.group.label, row.durations)) }
        }
        for phase in summary.phases {
            for row in phase.kinds { lines.append(line(phase.phase.rawValue, row.kind.rawValue, "", row.durations)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func line(_ scope: String, _ kind: String, _ group: String, _ statistics: DurationStatistics) -> String {
        var mean = JSONByteWriter(capacity: 16)
        mean.double(statistics.mean)
        let numbers = [statistics.count, statistics.total].map(String.init) + [String(decoding: mean.bytes, as: UTF8.self)]
            + [statistics.p50, statistics.p90, statistics.p95, statistics.p99, statistics.maximum].map(String.init)
        return ([field(scope), field(kind), field(group)] + numbers).joined(separator: ",")
    }

    /// Quotes a field when it holds a comma, quote or line break (RFC 4180). A field a spreadsheet
    /// would run as a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return) gets a
    /// leading `'`, the usual guard against CSV injection.
    static func field(_ text: String) -> String {
        let text = text.first.map { "=+-@\t\r".contains($0) } == true ? "'" + text : text
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
