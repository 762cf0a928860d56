// LifecycleExplanation: what `explain` says beyond the objects — the app life cycle's facts
// (AppLifecycleFacts) and, for a scene trace, one account per scene session read from its
// SceneTimeline lane (connects, background saves and their result, reads, discards) with its
// SceneVerdict. Written as explain's "App life cycle" and "Scene sessions" sections and as the
// JSON members `lifecycle` and `sessions`, each only when there is something to say.

import TraceFormat
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One scene session as `explain` tells it.
public struct SessionExplanation: Sendable, Hashable {
    /// One step of the session: a connect's reason, a save's or read's result, a discard's reason.
    public struct Event: Sendable, Hashable {
        public var value: String
        public var activityType: String?
        public var line: Int
    }

    /// The session's persistent identifier.
    public var session: String
    public var connects: [Event]
    /// Background saves (`activitySave`), `value` their result.
    public var saves: [Event]
    public var reads: [Event]
    /// `sessionDiscard` reasons, and state discarded at launch (`restorationIncomplete`).
    public var discards: [Event]
    public var verdict: SceneVerdict
    /// Every line of the session's steps.
    public var lines: [Int]

    /// A save's result in a developer's words (rules 25–30).
    public static func meaning(ofSave result: String) -> String {
        switch ActivitySaveResult(rawValue: result) {
        case .written?: return "saved"
        case .unchanged?: return "unchanged, write skipped"
        case .cleared?: return "nil returned, saved activity cleared"
        case .notPersisted?: return "type not in NSUserActivityTypes, not saved"
        case .encodeFailed?: return "userInfo not a property list, not saved"
        case nil: return PathText.sanitized(result)
        }
    }
}

/// The app life cycle's facts and the scene sessions of one trace.
public struct LifecycleExplanation: Sendable {
    public var facts: [AppLifecycleFact]
    public var sessions: [SessionExplanation]

    /// True when there is nothing to say (a trace of the app life cycle before iOS 7's additions).
    public var isEmpty: Bool { facts.isEmpty && sessions.isEmpty }

    public init(facts: [AppLifecycleFact] = [], sessions: [SessionExplanation] = []) {
        self.facts = facts
        self.sessions = sessions
    }

    /// Reads the records of a trace (in order, each with its line).
    public init(header: TraceHeader, records: some Sequence<(line: Int, record: TraceRecord)>) {
        var builder = Builder(header: header)
        for (line, record) in records { builder.add(record, line: line) }
        self = builder.explanation
    }

    /// Reads a trace's bytes, a record at a time (lines the reader cannot read are skipped: the
    /// caller has reported them).
    public static func read(_ bytes: [UInt8], name: String) -> LifecycleExplanation {
        let reader = TraceReader(bytes: bytes, name: name, options: TraceReaderOptions(skipMalformedLines: true))
        var builder = Builder(header: TraceHeader())
        while let line = reader.next() {
            switch line {
            case .header(let header): builder = Builder(header: header)
            case .record(let record): builder.add(record, line: reader.lineNumber)
            }
        }
        return builder.explanation
    }

    /// The facts and, for a scene trace, the timeline, gathered record by record.
    private struct Builder {
        var facts = AppLifecycleFacts()
        let isScene: Bool
        var timeline = SceneTimeline()
        var lineOfSeq: [Int64: Int] = [:]

        init(header: TraceHeader) { isScene = SceneTimeline.isSceneTrace(header) }

        mutating func add(_ record: TraceRecord, line: Int) {
            facts.add(record, line: line)
            guard isScene else { return }
            timeline.add(record)
            lineOfSeq[record.seq] = line
        }

        var explanation: LifecycleExplanation {
            LifecycleExplanation(facts: facts.facts,
                                 sessions: isScene ? LifecycleExplanation.sessions(timeline, lineOfSeq: lineOfSeq) : [])
        }
    }

    /// Whether `bytes` may hold anything to say: a word every record this reads carries. A trace
    /// without one (most of a big app's) is not read a second time.
    public static func mayHaveFacts(_ bytes: [UInt8]) -> Bool {
        // Each word with the index of a byte that is rare in traces (capitals, `u`, `w`):
        // one pass over the bytes looks each one up in a table, and compares a word only where
        // its rare byte is (a pass per word, or at each word's first byte, cost 0.5 s on 100 MB).
        let words: [(text: String, anchor: Int)] = [
            ("\"secure\"", 4), ("secureCodingViolation", 12), ("Restoration\"", 0), ("discardSuppressed", 7),
            ("registeredObject", 10), ("ignoreSnapshot", 6), ("restorationIncomplete", 11),
            ("completeStateRestoration", 8), ("\"warning\"", 1),
        ]
        // A scene trace says so in its header: `"lifecycle":"scene"` on the first line.
        let header = bytes.prefix { $0 != 0x0A }
        if header.count >= 7, header.indices.contains(where: { header[$0...].starts(with: "\"scene\"".utf8) }) { return true }
        var flat: [UInt8] = []
        var entries: [(anchorByte: UInt8, first: UInt8, start: Int, count: Int, anchor: Int)] = []
        for (text, anchor) in words {
            let utf8 = Array(text.utf8)
            entries.append((utf8[anchor], utf8[0], flat.count, utf8.count, anchor))
            flat += utf8
        }
        var isAnchor = [Bool](repeating: false, count: 256)
        for entry in entries { isAnchor[Int(entry.anchorByte)] = true }
        return bytes.withUnsafeBufferPointer { buffer in
            isAnchor.withUnsafeBufferPointer { isAnchor in
                flat.withUnsafeBufferPointer { flat in
                    entries.withUnsafeBufferPointer { entries in
                        guard let base = buffer.baseAddress, let words = flat.baseAddress else { return false }
                        let count = buffer.count
                        for index in 0..<count where isAnchor[Int(base[index])] {
                            for entry in entries where entry.anchorByte == base[index] {
                                let start = index - entry.anchor
                                if start >= 0, start + entry.count <= count, base[start] == entry.first,
                                   memcmp(base + start, words + entry.start, entry.count) == 0 { return true }
                            }
                        }
                        return false
                    }
                }
            }
        }
    }

    static func sessions(_ timeline: SceneTimeline, lineOfSeq: [Int64: Int]) -> [SessionExplanation] {
        let verdicts = timeline.verdicts
        return zip(timeline.sessions, verdicts).map { session, verdict in
            func events(_ kinds: Set<SceneTimeline.Step.Kind>) -> [SessionExplanation.Event] {
                session.steps.filter { kinds.contains($0.kind) }.map {
                    SessionExplanation.Event(value: $0.detail, activityType: $0.activityType, line: lineOfSeq[$0.seq] ?? 0)
                }
            }
            return SessionExplanation(
                session: session.identifier, connects: events([.connect]), saves: events([.save]), reads: events([.read]),
                discards: events([.discard, .discardState]), verdict: verdict,
                lines: session.steps.compactMap { lineOfSeq[$0.seq] })
        }
    }
}

extension SessionExplanation {
    /// The session's steps in one line, for people: "Connects: new (line 3), launch (line 20);
    /// saves: written = saved (line 9); discards: none".
    public var history: String {
        func list(_ events: [SessionExplanation.Event], _ words: (SessionExplanation.Event) -> String) -> String {
            events.isEmpty ? "none" : events.map { words($0) + " (line \($0.line))" }.joined(separator: ", ")
        }
        var parts = ["connects: " + list(connects) { PathText.sanitized($0.value) }]
        parts.append("saves: " + list(saves) { event in
            PathText.sanitized(event.value) + " = " + SessionExplanation.meaning(ofSave: event.value)
        })
        if !reads.isEmpty { parts.append("reads: " + list(reads) { PathText.sanitized($0.value) }) }
        parts.append("discards: " + list(discards) { PathText.sanitized($0.value) })
        let text = parts.joined(separator: "; ")
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}

// MARK: - Text and Markdown

extension ExplainTextFormat {
    func lifecycleText(_ lifecycle: LifecycleExplanation, into out: inout TextBuffer) {
        if !lifecycle.facts.isEmpty {
            out.newline()
            out.append(heading("APP LIFE CYCLE (\(lifecycle.facts.count))", status: .preservedOnly))
            out.newline()
            out.newline()
            for fact in lifecycle.facts {
                out.wrapped([fact.title, ": ", fact.summary, "."], indent: "", continuation: "    ")
                out.append("  Trace line" + (fact.lines.count == 1 ? " " : "s ") + fact.lines.map(String.init).joined(separator: ", "))
                out.newline()
            }
        }
        if !lifecycle.sessions.isEmpty {
            out.newline()
            out.append(heading("SCENE SESSIONS (\(lifecycle.sessions.count))", status: .preservedOnly))
            out.newline()
            for session in lifecycle.sessions {
                let verdict = session.verdict
                out.newline()
                out.wrapped(["Session ", PathText.sanitized(session.session), " was ", verdict.summary] + chain(verdict.because) + ["."],
                            indent: "", continuation: "    ")
                if let fix = verdict.fix { out.wrapped(["Fix: ", fix, "."], indent: "  ", continuation: "    ") }
                out.wrapped([session.history, "."], indent: "  ", continuation: "    ")
                if !session.lines.isEmpty {
                    out.append("  Trace line" + (session.lines.count == 1 ? " " : "s ") + session.lines.map(String.init).joined(separator: ", "))
                    out.newline()
                }
            }
        }
    }

    func lifecycleMarkdown(_ lifecycle: LifecycleExplanation, into out: inout TextBuffer) {
        if !lifecycle.facts.isEmpty {
            out.newline()
            out.append("## App life cycle (\(lifecycle.facts.count))\n\n")
            for fact in lifecycle.facts {
                out.append("- **" + fact.title + ":** ")
                out.appendEscaped([fact.summary, "."])
                out.append("\n  *Trace line" + (fact.lines.count == 1 ? " " : "s ") + fact.lines.map(String.init).joined(separator: ", ") + ".*\n")
            }
        }
        if !lifecycle.sessions.isEmpty {
            out.newline()
            out.append("## Scene sessions (\(lifecycle.sessions.count))\n\n")
            for session in lifecycle.sessions {
                let verdict = session.verdict
                out.append("- Session " + Markdown.code(session.session))
                out.appendEscaped([" was ", verdict.summary] + chain(verdict.because) + ["."])
                if let fix = verdict.fix {
                    out.append("\n  **Fix:** ")
                    out.appendEscaped([fix, "."])
                }
                out.append("\n  *")
                out.appendEscaped([session.history])
                if !session.lines.isEmpty {
                    out.append("; trace line" + (session.lines.count == 1 ? " " : "s ") + session.lines.map(String.init).joined(separator: ", "))
                }
                out.append(".*\n")
            }
        }
    }
}

// MARK: - JSON

extension ExplainJSONFormat {
    /// The members `lifecycle` and `sessions`, each only when it has entries.
    static func lifecycleMembers(_ lifecycle: LifecycleExplanation, into json: inout JSONByteWriter) {
        if !lifecycle.facts.isEmpty {
            json.key("lifecycle")
            json.beginArray()
            for fact in lifecycle.facts {
                json.beginObject()
                json.key("topic"); json.string(fact.topic.rawValue)
                json.key("path"); json.strings(fact.path)
                json.key("summary"); json.string(fact.summary)
                json.key("lines"); ints(fact.lines, &json)
                json.endObject()
            }
            json.endArray()
        }
        if !lifecycle.sessions.isEmpty {
            json.key("sessions")
            json.beginArray()
            for session in lifecycle.sessions {
                let verdict = session.verdict
                json.beginObject()
                json.key("session"); json.string(session.session)
                json.key("outcome"); json.string(verdict.outcome.rawValue)
                json.key("summary"); json.string(verdict.summary)
                json.key("because"); json.strings(verdict.because)
                json.key("fix"); json.string(verdict.fix)
                json.key("connects"); events(session.connects, valueKey: "reason", &json)
                json.key("saves")
                json.beginArray()
                for save in session.saves {
                    json.beginObject()
                    json.key("result"); json.string(save.value)
                    json.key("meaning"); json.string(SessionExplanation.meaning(ofSave: save.value))
                    json.key("activityType"); json.string(save.activityType)
                    json.key("line"); json.int(save.line)
                    json.endObject()
                }
                json.endArray()
                json.key("reads"); events(session.reads, valueKey: "result", &json)
                json.key("discards"); events(session.discards, valueKey: "reason", &json)
                json.key("lines"); ints(session.lines, &json)
                json.endObject()
            }
            json.endArray()
        }
    }

    private static func events(_ events: [SessionExplanation.Event], valueKey: String, _ json: inout JSONByteWriter) {
        json.beginArray()
        for event in events {
            json.beginObject()
            json.key(valueKey); json.string(event.value)
            json.key("activityType"); json.string(event.activityType)
            json.key("line"); json.int(event.line)
            json.endObject()
        }
        json.endArray()
    }

    private static func ints(_ values: [Int], _ json: inout JSONByteWriter) {
        json.beginArray()
        for value in values { json.int(value) }
        json.endArray()
    }
}
