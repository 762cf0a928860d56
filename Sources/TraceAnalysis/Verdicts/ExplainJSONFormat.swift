// ExplainJSONFormat: `explain --format json`, the stable machine-readable shape
// `restoretrace-explain/1` documented in docs/explain.md and docs/explain-schema.json. Keys are
// always written, in the same order (null or [] when there is nothing to say), except
// `lifecycle` and `sessions`, written only when they have entries (so older documents stay valid).

import TraceFormat

/// Writes ``RestorationVerdicts`` as JSON.
public enum ExplainJSONFormat {
    /// The `format` value of the document.
    public static let format = "restoretrace-explain/1"

    /// The verdicts of the trace `name` as JSON text, ending in a newline. `warnings` are the
    /// reader's (skipped lines, a cut-off last line).
    public static func render(_ verdicts: RestorationVerdicts, name: String, warnings: [TraceDiagnostic] = [],
                              lifecycle: LifecycleExplanation? = nil, pretty: Bool = true) -> [UInt8] {
        let output = MemoryOutput()
        // Memory takes every write.
        try? write(verdicts, name: name, warnings: warnings, lifecycle: lifecycle, pretty: pretty, to: output)
        return output.bytes
    }

    /// Writes the document to `output` as it is made, a mebibyte at a time. `lifecycle` adds the
    /// members `lifecycle` and `sessions` (after `verdicts`) when it has entries.
    public static func write(_ verdicts: RestorationVerdicts, name: String, warnings: [TraceDiagnostic] = [],
                             lifecycle: LifecycleExplanation? = nil, pretty: Bool = true,
                             to output: any ExportOutput) throws(ExportError) {
        var json = JSONByteWriter(pretty: pretty, capacity: chunk + 8192)
        json.beginObject()
        json.key("format"); json.string(format)
        json.key("trace"); json.string(name)
        json.key("scenario"); json.string(verdicts.header.scenario)
        json.key("subtree"); json.strings(verdicts.subtree)
        json.key("run")
        json.beginObject()
        let run = verdicts.run
        json.key("outcome"); json.string(run.outcome.rawValue)
        json.key("discardReason"); json.string(run.discardReason)
        json.key("summary"); json.string(run.summary)
        json.key("because"); json.strings(run.because)
        json.key("fix"); json.string(run.fix)
        json.key("lines"); lines(run.rows, verdicts, &json)
        json.endObject()
        json.key("counts")
        json.beginObject()
        json.key("verdicts"); json.int(verdicts.counts.total)
        json.key("restored"); json.int(verdicts.counts.restored)
        json.key("notRestored"); json.int(verdicts.counts.notRestored)
        json.key("preservedOnly"); json.int(verdicts.counts.preservedOnly)
        json.endObject()
        json.key("verdicts")
        json.beginArray()
        for verdict in verdicts.all {
            if json.count >= chunk { try output.write(json.takeBytes()) }
            json.beginObject()
            json.key("path"); json.strings(verdict.subject.path)
            json.key("identifier"); json.string(verdict.subject.identifier)
            json.key("class"); json.string(verdict.subject.className)
            json.key("parent"); json.strings(verdict.subject.parent)
            json.key("status"); json.string(verdict.status.rawValue)
            json.key("cause"); json.string(verdict.cause.rawValue)
            json.key("reason"); json.string(verdict.reason)
            json.key("foundBy"); json.string(verdict.foundBy)
            json.key("summary"); json.string(verdict.summary)
            json.key("because"); json.strings(verdict.because)
            json.key("fix"); json.string(verdict.fix)
            json.key("source")
            if let source = verdict.source {
                json.beginObject()
                json.key("file"); json.string(source.file)
                json.key("line"); optionalInt(source.line, &json)
                json.key("column"); optionalInt(source.column, &json)
                json.key("id"); json.string(source.objectID)
                json.key("text"); json.string(source.text)
                json.endObject()
            } else {
                json.null()
            }
            json.key("lines"); lines(verdict.rows, verdicts, &json)
            json.endObject()
        }
        json.endArray()
        if let lifecycle { lifecycleMembers(lifecycle, into: &json) }
        json.key("warnings")
        json.beginArray()
        for warning in warnings {
            json.beginObject()
            json.key("line"); optionalInt(warning.line, &json)
            json.key("message"); json.string(warning.message)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        json.newline()
        try output.write(json.takeBytes())
    }

    /// How much is gathered before it goes out.
    private static let chunk = 1 << 20

    private static func lines(_ rows: [Int], _ verdicts: RestorationVerdicts, _ json: inout JSONByteWriter) {
        json.beginArray()
        for row in rows { json.int(verdicts.line(ofRow: row)) }
        json.endArray()
    }

    private static func optionalInt(_ value: Int?, _ json: inout JSONByteWriter) {
        if let value { json.int(value) } else { json.null() }
    }
}
