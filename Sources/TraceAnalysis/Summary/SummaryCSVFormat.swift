// SummaryCSVFormat: `summary --format csv`, the timing tables as one CSV sheet (RFC 4180).

/// Writes the per-kind timing rows of a ``TraceSummary`` as CSV.
///
/// Columns: `scope,kind,group,count,total,mean,p50,p90,p95,p99,max`. `scope` is `all` for the
/// whole trace, or `preservation` / `restoration` for spans inside that phase; `group` is the
/// class or `/`-joined path with `--by class|path` (rows with scope `all`), empty otherwise.
/// Durations are integers in the trace's clock unit; `mean` has up to 3 decimals.
///
/// A trace with scene records adds rows of scope `session` (group: the session's identifier;
/// kind: what happened, such as `activitySave written`, with only `count`; kind `timeSpent`
/// with only `total`), and one that shows the app's life cycle rows of scope `appLifecycle`
/// (only `count`); older traces' sheets are unchanged.
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
        if let sessions = summary.sessions {
            for session in sessions { lines += sessionLines(session) }
            if summary.unattributedSceneRecords > 0 {
                lines.append(countLine("session", "unattributed", "", summary.unattributedSceneRecords))
            }
        }
        if let app = summary.appLifecycle { lines += appLifecycleLines(app) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A session's rows (scope `session`, group its identifier): counts by what happened, then
    /// `timeSpent` with only `total`.
    private static func sessionLines(_ session: SessionSummary) -> [String] {
        let id = session.identifier
        var lines: [String] = []
        for tally in session.connects { lines.append(countLine("session", "sceneConnect " + tally.name, id, tally.count)) }
        for tally in session.saves { lines.append(countLine("session", "activitySave " + tally.name, id, tally.count)) }
        for tally in session.reads { lines.append(countLine("session", "activityRead " + tally.name, id, tally.count)) }
        lines.append(countLine("session", "restoreInteractionState", id, session.restores))
        for tally in session.disconnects { lines.append(countLine("session", "sceneDisconnect " + tally.name, id, tally.count)) }
        for tally in session.discards { lines.append(countLine("session", "sessionDiscard " + tally.name, id, tally.count)) }
        for tally in session.stateDiscards { lines.append(countLine("session", "discard " + tally.name, id, tally.count)) }
        lines.append(countLine("session", "error", id, session.errors))
        lines.append(([field("session"), "timeSpent", field(id), "", String(session.timeSpent)] + Array(repeating: "", count: 6))
            .joined(separator: ","))
        return lines
    }

    /// The app life cycle's rows (scope `appLifecycle`): what the text format's section lists.
    private static func appLifecycleLines(_ app: AppLifecycleSummary) -> [String] {
        var counts: [(String, Int64)] = [("launch didFinishLaunching", app.launches)]
        counts += app.processExits.map { ("processExit " + $0.name, $0.count) }
        counts += [
            ("deviceLock locked", app.deviceLocks), ("deviceLock unlocked", app.deviceUnlocks),
            ("securePair", app.securePairCalls), ("legacyPair", app.legacyPairCalls), ("warning", app.warnings),
            ("encode secureCodingViolation", app.encodeViolations), ("decode secureCodingViolation", app.decodeViolations),
            ("extendRestoration", app.extendCalls), ("completeRestoration", app.completeCalls),
            ("restorationCallsIgnored", app.ignoredCalls), ("extendRestoration deepest", app.deepestExtension),
            ("ignoreSnapshot honoured", app.ignoreSnapshotHonoured), ("ignoreSnapshot ignored", app.ignoreSnapshotIgnored),
        ]
        counts += app.discardsSuppressed.map { ("discardSuppressed " + $0.name, $0.count) }
        counts.append(("didDiscardSceneSessions deferred", app.deferredSessionDiscards))
        return counts.enumerated().compactMap { index, item in
            index == 0 || item.1 > 0 ? countLine("appLifecycle", item.0, "", item.1) : nil
        }
    }

    /// A row with only `count`: the duration columns are empty.
    private static func countLine(_ scope: String, _ kind: String, _ group: String, _ count: Int64) -> String {
        ([field(scope), field(kind), field(group), String(count)] + Array(repeating: "", count: 7)).joined(separator: ",")
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
