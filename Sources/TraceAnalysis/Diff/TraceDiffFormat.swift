// TraceDiffFormat: `diff --format text|json`, the changes between two traces for people
// (regressions first) and for scripts (a stable JSON shape, documented in docs/profiling.md).

import TraceFormat

/// Renders a ``TraceDiff``.
public enum TraceDiffFormat {
    /// The text report, ending in a newline; at most `maxRows` rows per timing table.
    public static func text(_ diff: TraceDiff, nameA: String, nameB: String, maxRows: Int = 20) -> String {
        var sections = ["A: \(nameA)\nB: \(nameB)"]
        let regressions = diff.regressions
        if regressions.isEmpty {
            sections.append("No regression: B restores everything A did, excludes and discards nothing new, and is no slower beyond the threshold.")
        } else {
            let count = regressions.count == 1 ? "1 regression" : "\(regressions.count) regressions"
            var lines = regressions.prefix(maxRows).map { "  " + $0 }
            if regressions.count > maxRows { lines.append("  … and \(regressions.count - maxRows) more") }
            sections.append("REGRESSION: \(count) in B\n" + lines.joined(separator: "\n"))
        }
        func list(_ title: String, _ items: [String]) {
            guard !items.isEmpty else { return }
            sections.append(title + "\n" + items.map { "  " + $0 }.joined(separator: "\n"))
        }
        list("Restored only in A", diff.lostObjects.map(PathText.display))
        list("Restored only in B", diff.gainedObjects.map(PathText.display))
        list("Locate step changed", diff.viaChanges.map {
            "\(PathText.display($0.path)): \($0.before ?? "none") → \($0.after ?? "none")"
        })
        list("Exclusions only in B", diff.addedExclusions.map { "\($0.object) (\($0.reason))" })
        list("Exclusions only in A", diff.removedExclusions.map { "\($0.object) (\($0.reason))" })
        list("Discards", diff.discardChanges.map { "\($0.reason): \($0.before) → \($0.after)" })
        list("Unfinished only in B", diff.newUnfinished)
        list("Unfinished only in A", diff.resolvedUnfinished)
        if let sessions = diff.sessions {
            func capped(_ rows: [String]) -> [String] {
                rows.count > maxRows ? rows.prefix(maxRows) + ["… and \(rows.count - maxRows) more (see --format json)"] : rows
            }
            list("Sessions only in A", capped(sessions.onlyInA.map(PathText.sanitized)))
            list("Sessions only in B", capped(sessions.onlyInB.map(PathText.sanitized)))
            list("Session restores changed", capped(sessions.restoreChanges.map {
                "\(PathText.sanitized($0.session)): \(SessionDiff.describe($0))"
            }))
            list("Session saves changed", sessions.saveChanges.prefix(maxRows).map {
                "\(PathText.sanitized($0.session)) save \($0.number): \(SessionDiff.describe($0))"
            } + (sessions.saveChanges.count > maxRows ? ["… and \(sessions.saveChanges.count - maxRows) more (see --format json)"] : []))
            if sessions.onlyInA.isEmpty && sessions.onlyInB.isEmpty && sessions.restoreChanges.isEmpty
                && sessions.saveChanges.isEmpty
            {
                sections.append("Sessions: the same in A and B, with the same restores, reads and save results.")
            }
        }
        let formatter = DurationFormatter(clock: diff.clockB)
        func timingTable(_ title: String, _ changes: [TimingChange], showsPath: Bool) {
            guard !changes.isEmpty else { return }
            var columns: [TextTable.Column] = [.init("kind")]
            if showsPath { columns.append(.init("path", flexible: true)) }
            columns += [.init("A", alignment: .right), .init("B", alignment: .right), .init("change", alignment: .right)]
            var table = TextTable(columns: columns, indent: "  ")
            let ordered = changes.sorted { abs($0.after - $0.before) > abs($1.after - $1.before) }
            for change in ordered.prefix(maxRows) {
                var cells = [change.kind.rawValue]
                if showsPath { cells.append(change.path.map(PathText.display) ?? "") }
                cells += [formatter.string(change.before), formatter.string(change.after), percentText(change.percent)]
                table.append(cells)
            }
            var text = title + "\n" + table.render(maxWidth: 100)
            if changes.count > maxRows { text += "\n  … and \(changes.count - maxRows) more (see --format json)" }
            sections.append(text)
        }
        typealias TimingChange = TraceDiff.TimingChange
        let rule = "beyond \(formatPercent(diff.options.thresholdPercent))% and \(formatter.string(diff.options.minimumChange))"
        timingTable("Kinds whose mean changed \(rule)", diff.kindChanges, showsPath: false)
        timingTable("Object steps whose time changed \(rule)", diff.objectChanges, showsPath: true)
        if !diff.comparesTimings {
            sections.append("Timings not judged: both traces need the ns clock (A: \(diff.clockA), B: \(diff.clockB)).")
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// The JSON report (shape `restoretrace-diff/1`), ending in a newline.
    public static func json(_ diff: TraceDiff, nameA: String, nameB: String) -> [UInt8] {
        var json = JSONByteWriter(pretty: true)
        json.beginObject()
        json.key("format"); json.string("restoretrace-diff/1")
        json.key("a"); json.string(nameA)
        json.key("b"); json.string(nameB)
        json.key("regression"); json.bool(diff.isRegression)
        json.key("regressions"); json.strings(diff.regressions)
        json.key("thresholdPercent"); json.double(diff.options.thresholdPercent)
        json.key("minimumChange"); json.int(diff.options.minimumChange)
        json.key("timingsCompared"); json.bool(diff.comparesTimings)
        json.key("restored")
        json.beginObject()
        json.key("onlyInA"); paths(diff.lostObjects, &json)
        json.key("onlyInB"); paths(diff.gainedObjects, &json)
        json.endObject()
        json.key("locateVia")
        json.beginArray()
        for change in diff.viaChanges {
            json.beginObject()
            json.key("path"); json.strings(change.path)
            json.key("a"); json.string(change.before)
            json.key("b"); json.string(change.after)
            json.endObject()
        }
        json.endArray()
        json.key("exclusions")
        json.beginObject()
        json.key("onlyInA"); exclusions(diff.removedExclusions, &json)
        json.key("onlyInB"); exclusions(diff.addedExclusions, &json)
        json.endObject()
        json.key("discards")
        json.beginObject()
        for change in diff.discardChanges {
            json.key(change.reason)
            json.beginObject()
            json.key("a"); json.int(change.before)
            json.key("b"); json.int(change.after)
            json.endObject()
        }
        json.endObject()
        json.key("unfinished")
        json.beginObject()
        json.key("onlyInA"); json.strings(diff.resolvedUnfinished)
        json.key("onlyInB"); json.strings(diff.newUnfinished)
        json.endObject()
        json.key("kinds"); timings(diff.kindChanges, &json)
        json.key("objects"); timings(diff.objectChanges, &json)
        if let sessions = diff.sessions { sessionsObject(sessions, &json) }
        json.endObject()
        json.newline()
        return json.takeBytes()
    }

    /// `sessions`, written only when a trace has scene sessions.
    private static func sessionsObject(_ sessions: SessionDiff, _ json: inout JSONByteWriter) {
        func reads(_ tallies: [TraceSummary.Tally]) {
            json.beginObject()
            for tally in tallies {
                json.key(tally.name)
                json.int(tally.count)
            }
            json.endObject()
        }
        json.key("sessions")
        json.beginObject()
        json.key("onlyInA"); json.strings(sessions.onlyInA)
        json.key("onlyInB"); json.strings(sessions.onlyInB)
        json.key("restores")
        json.beginArray()
        for change in sessions.restoreChanges {
            json.beginObject()
            json.key("session"); json.string(change.session)
            json.key("a")
            json.beginObject()
            json.key("restores"); json.int(change.restoresBefore)
            json.key("reads"); reads(change.readsBefore)
            json.endObject()
            json.key("b")
            json.beginObject()
            json.key("restores"); json.int(change.restoresAfter)
            json.key("reads"); reads(change.readsAfter)
            json.endObject()
            json.key("regression"); json.bool(change.isRegression)
            json.endObject()
        }
        json.endArray()
        json.key("saves")
        json.beginArray()
        for change in sessions.saveChanges {
            json.beginObject()
            json.key("session"); json.string(change.session)
            json.key("save"); json.int(Int64(change.number))
            json.key("a"); json.string(change.before)
            json.key("b"); json.string(change.after)
            json.key("regression"); json.bool(change.isRegression)
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }

    private static func paths(_ paths: [[String]], _ json: inout JSONByteWriter) {
        json.beginArray()
        for path in paths { json.strings(path) }
        json.endArray()
    }

    private static func exclusions(_ exclusions: [TraceOutcomes.Exclusion], _ json: inout JSONByteWriter) {
        json.beginArray()
        for exclusion in exclusions {
            json.beginObject()
            json.key("object"); json.string(exclusion.object)
            json.key("reason"); json.string(exclusion.reason)
            json.endObject()
        }
        json.endArray()
    }

    private static func timings(_ changes: [TraceDiff.TimingChange], _ json: inout JSONByteWriter) {
        json.beginArray()
        for change in changes {
            json.beginObject()
            json.key("kind"); json.string(change.kind.rawValue)
            if let path = change.path { json.key("path"); json.strings(path) }
            json.key("a"); json.int(change.before)
            json.key("b"); json.int(change.after)
            json.key("percent")
            if let percent = change.percent { json.double(percent, decimals: 1) } else { json.null() }
            json.endObject()
        }
        json.endArray()
    }

    private static func percentText(_ percent: Double?) -> String {
        guard let percent else { return "new" }
        return (percent >= 0 ? "+" : "") + formatPercent(percent) + "%"
    }

    private static func formatPercent(_ value: Double) -> String {
        var writer = JSONByteWriter(capacity: 16)
        writer.double(value, decimals: 1)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
