// SummaryJSONFormat: `summary --format json`, the stable machine-readable shape documented
// in docs/profiling.md ("The JSON summary"). Keys are always written in the same order.

import TraceFormat

/// Writes a ``TraceSummary`` as JSON, shape `restoretrace-summary/1`.
///
/// Durations are integers in the trace's clock unit (`clock`), except `mean` (3 decimals).
/// Members that have nothing to report are still written (as `{}`, `[]` or 0), so consumers
/// never need to test for presence; `groups` is written only with `--by class|path`,
/// `sessions` and `unattributedSceneRecords` only for a trace with scene records, and
/// `appLifecycle` only for one that shows the app's life cycle (see ``SceneSummaryBuilder``),
/// so the summaries of older traces are unchanged.
public enum SummaryJSONFormat {
    /// The `format` value of the summary document.
    public static let format = "restoretrace-summary/1"

    /// The summary as pretty-printed JSON text, ending in a newline.
    public static func render(_ summary: TraceSummary, pretty: Bool = true) -> [UInt8] {
        var json = JSONByteWriter(pretty: pretty)
        json.beginObject()
        json.key("format"); json.string(format)
        json.key("trace")
        json.beginObject()
        json.key("format"); json.string(summary.header.format)
        json.key("generator"); json.string(summary.header.generator)
        json.key("scenario"); json.string(summary.header.scenario)
        json.key("origin"); json.string(summary.header.origin)
        json.endObject()
        json.key("clock"); json.string(summary.header.clock)
        json.key("records"); json.int(summary.records)
        json.key("spans"); json.int(summary.spansBegun)
        json.key("firstTs"); optionalInt(summary.firstTimestamp, &json)
        json.key("lastTs"); optionalInt(summary.lastTimestamp, &json)
        json.key("kinds"); kindTable(summary.kinds, &json)
        json.key("phases")
        json.beginObject()
        for phase in summary.phases {
            json.key(phase.phase.rawValue)
            json.beginObject()
            json.key("occurrences"); json.int(phase.occurrences)
            json.key("kinds"); kindTable(phase.kinds, &json)
            json.endObject()
        }
        json.endObject()
        if summary.grouping != .kind {
            json.key("groups")
            json.beginObject()
            json.key("by"); json.string(summary.grouping.rawValue)
            json.key("rows")
            json.beginArray()
            for row in summary.groups {
                json.beginObject()
                json.key("kind"); json.string(row.kind.rawValue)
                switch row.group {
                case .className(let name): json.key("class"); json.string(name)
                case .path(let path): json.key("path"); json.strings(path)
                }
                statisticsMembers(row.durations, &json)
                json.endObject()
            }
            json.endArray()
            json.endObject()
        }
        json.key("instants"); tallies(summary.instants, &json)
        json.key("exclusions"); tallies(summary.exclusions, &json)
        json.key("discards"); tallies(summary.discards, &json)
        json.key("locateVia"); tallies(summary.locateVia, &json)
        json.key("locateResults"); tallies(summary.locateResults, &json)
        json.key("unfinished")
        json.beginArray()
        for span in summary.unfinished {
            json.beginObject()
            json.key("kind"); json.string(span.kind.rawValue)
            json.key("path"); json.strings(span.path)
            json.key("class"); json.string(span.className)
            json.key("span"); json.int(span.span)
            json.key("seq"); json.int(span.beginSeq)
            json.key("ts"); json.int(span.beginTimestamp)
            json.endObject()
        }
        json.endArray()
        json.key("slowest")
        json.beginObject()
        for row in summary.slowest {
            json.key(row.kind.rawValue)
            json.beginArray()
            for span in row.spans {
                json.beginObject()
                json.key("duration"); json.int(span.duration)
                json.key("path"); json.strings(span.path)
                json.key("class"); json.string(span.className)
                json.key("seq"); json.int(span.beginSeq)
                if row.kind == .locate {
                    json.key("via"); json.string(span.via)
                }
                if let result = span.result {
                    json.key("result"); json.string(result)
                }
                json.endObject()
            }
            json.endArray()
        }
        json.endObject()
        json.key("seq")
        json.beginObject()
        json.key("gaps"); json.int(summary.seqGapCount)
        json.key("missing"); json.int(summary.missingRecords)
        json.key("outOfOrder"); json.int(summary.seqOutOfOrder)
        json.key("firstGaps")
        json.beginArray()
        for gap in summary.seqGaps {
            json.beginObject()
            json.key("after"); json.int(gap.after)
            json.key("next"); json.int(gap.next)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        json.key("unmatchedEnds"); json.int(summary.unmatchedEnds)
        json.key("endsBeforeBegin"); json.int(summary.endsBeforeBegin)
        json.key("errors")
        json.beginObject()
        json.key("count"); json.int(summary.errorCount)
        json.key("first")
        json.beginArray()
        for error in summary.errors {
            json.beginObject()
            json.key("seq"); json.int(error.seq)
            json.key("path"); json.strings(error.path)
            json.key("message"); json.string(error.message)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        json.key("warnings")
        json.beginObject()
        json.key("count"); json.int(summary.warningCount)
        json.key("first")
        json.beginArray()
        for warning in summary.warnings {
            json.beginObject()
            json.key("line"); optionalInt(warning.line.map(Int64.init), &json)
            json.key("message"); json.string(warning.message)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        if let sessions = summary.sessions {
            json.key("sessions")
            json.beginArray()
            for session in sessions { sessionObject(session, &json) }
            json.endArray()
            json.key("unattributedSceneRecords"); json.int(summary.unattributedSceneRecords)
        }
        if let app = summary.appLifecycle {
            json.key("appLifecycle"); appLifecycleObject(app, &json)
        }
        json.endObject()
        json.newline()
        return json.takeBytes()
    }

    private static func sessionObject(_ session: SessionSummary, _ json: inout JSONByteWriter) {
        json.beginObject()
        json.key("session"); json.string(session.identifier)
        json.key("connects"); tallies(session.connects, &json)
        json.key("saves"); tallies(session.saves, &json)
        json.key("reads"); tallies(session.reads, &json)
        json.key("restores"); json.int(session.restores)
        json.key("disconnects"); tallies(session.disconnects, &json)
        json.key("discards"); tallies(session.discards, &json)
        json.key("stateDiscards"); tallies(session.stateDiscards, &json)
        json.key("errors"); json.int(session.errors)
        json.key("timeSpent"); json.int(session.timeSpent)
        json.key("lastEnd"); json.string(session.lastEnd)
        json.endObject()
    }

    private static func appLifecycleObject(_ app: AppLifecycleSummary, _ json: inout JSONByteWriter) {
        json.beginObject()
        json.key("launches"); json.int(app.launches)
        json.key("processExits"); tallies(app.processExits, &json)
        json.key("deviceLocks"); json.int(app.deviceLocks)
        json.key("deviceUnlocks"); json.int(app.deviceUnlocks)
        json.key("securePair")
        json.beginObject()
        json.key("secure"); json.int(app.securePairCalls)
        json.key("legacy"); json.int(app.legacyPairCalls)
        json.endObject()
        json.key("warnings"); json.int(app.warnings)
        json.key("secureCodingViolations")
        json.beginObject()
        json.key("encode"); json.int(app.encodeViolations)
        json.key("decode"); json.int(app.decodeViolations)
        json.endObject()
        json.key("deferredRestoration")
        json.beginObject()
        json.key("extend"); json.int(app.extendCalls)
        json.key("complete"); json.int(app.completeCalls)
        json.key("ignored"); json.int(app.ignoredCalls)
        json.key("deepest"); json.int(app.deepestExtension)
        json.endObject()
        json.key("ignoreSnapshot")
        json.beginObject()
        json.key("honoured"); json.int(app.ignoreSnapshotHonoured)
        json.key("ignored"); json.int(app.ignoreSnapshotIgnored)
        json.endObject()
        json.key("discardsSuppressed"); tallies(app.discardsSuppressed, &json)
        json.key("deferredSessionDiscards"); json.int(app.deferredSessionDiscards)
        json.endObject()
    }

    private static func optionalInt(_ value: Int64?, _ json: inout JSONByteWriter) {
        if let value { json.int(value) } else { json.null() }
    }

    private static func kindTable(_ rows: [TraceSummary.KindRow], _ json: inout JSONByteWriter) {
        json.beginObject()
        for row in rows {
            json.key(row.kind.rawValue)
            json.beginObject()
            statisticsMembers(row.durations, &json)
            json.endObject()
        }
        json.endObject()
    }

    private static func statisticsMembers(_ statistics: DurationStatistics, _ json: inout JSONByteWriter) {
        json.key("count"); json.int(statistics.count)
        json.key("total"); json.int(statistics.total)
        json.key("mean"); json.double(statistics.mean)
        json.key("p50"); json.int(statistics.p50)
        json.key("p90"); json.int(statistics.p90)
        json.key("p95"); json.int(statistics.p95)
        json.key("p99"); json.int(statistics.p99)
        json.key("max"); json.int(statistics.maximum)
    }

    private static func tallies(_ tallies: [TraceSummary.Tally], _ json: inout JSONByteWriter) {
        json.beginObject()
        for tally in tallies {
            json.key(tally.name)
            json.int(tally.count)
        }
        json.endObject()
    }
}
