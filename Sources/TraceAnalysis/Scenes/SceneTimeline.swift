// SceneTimeline: what a scene trace (header `"lifecycle": "scene"`) says happened to each session,
// in order — connections, background saves with their result, reads, restores, disconnects,
// discards — and the process events between them. `explain` tells each session's story from it and
// `render --view scene` draws it as one lane per session.

import TraceFormat

/// The sessions of a scene trace and the steps of each, in trace order.
public struct SceneTimeline: Sendable, Hashable {
    public static func == (a: SceneTimeline, b: SceneTimeline) -> Bool { a.sessions == b.sessions && a.processSteps == b.processSteps }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(sessions)
        hasher.combine(processSteps)
    }

    /// One step of one session.
    public struct Step: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable {
            case connect, save, read, restore, available, activate, disconnect, discard, didDiscard, extend, complete, discardState, error
        }
        public var kind: Kind
        /// The record's `seq` (the begin record's for spans).
        public var seq: Int64
        /// What the step says in one word or two: the save's result, the connect's reason, …
        public var detail: String
        /// The activity type involved, when the record names one.
        public var activityType: String?
    }

    /// One session's lane.
    public struct Session: Sendable, Hashable {
        public var identifier: String
        public var steps: [Step] = []

        /// How many of its saves ended with each result, results in first-seen order.
        public var saveResults: [(result: String, count: Int)] {
            var order: [String] = []
            var counts: [String: Int] = [:]
            for step in steps where step.kind == .save {
                if counts[step.detail] == nil { order.append(step.detail) }
                counts[step.detail, default: 0] += 1
            }
            return order.map { ($0, counts[$0]!) }
        }

        public static func == (a: Session, b: Session) -> Bool { a.identifier == b.identifier && a.steps == b.steps }
        public func hash(into hasher: inout Hasher) {
            hasher.combine(identifier)
            hasher.combine(steps)
        }
    }

    /// A step of the app's process (launch, exit, device lock), between the sessions' steps.
    public struct ProcessStep: Sendable, Hashable {
        public var seq: Int64
        public var label: String
    }

    /// Sessions in the order the trace first names them.
    public var sessions: [Session] = []
    public var processSteps: [ProcessStep] = []

    public init() {}

    /// What a step says when its record leaves out the reason, result or `via` it should give:
    /// the word `summary` counts such records under, so the two agree.
    public static let unspecified = TraceStatistics.unspecified

    /// True when the header says the trace is of a scene app.
    public static func isSceneTrace(_ header: TraceHeader) -> Bool {
        header.extra.first { $0.key == "lifecycle" }?.value.stringValue == "scene"
    }

    private var indexOfSession: [String: Int] = [:]
    /// `B` records of open spans, by span id, for the steps that need their begin's fields.
    private var openBegins: [Int64: TraceRecord] = [:]
    /// Open `sceneConnect` spans: the lane and step their end completes.
    private var openConnects: [Int64: (lane: Int, step: Int)] = [:]

    /// Adds one record; records must come in trace order.
    public mutating func add(_ record: TraceRecord) {
        let session = record[attribute: "session"]?.stringValue
        switch (record.kind, record.phase) {
        case (.launch, _):
            if let step = record.step { processSteps.append(ProcessStep(seq: record.seq, label: step)) }
        case (.processExit, _):
            processSteps.append(ProcessStep(seq: record.seq, label: "exit: " + (record.reason ?? Self.unspecified)))
        case (.deviceLock, _):
            processSteps.append(ProcessStep(seq: record.seq, label: record[attribute: "locked"] == .bool(true) ? "device locked" : "device unlocked"))
        case (.sceneConnect, .begin):
            // The connect comes first in its lane; the activity the scene adopted is known at its end.
            append(.connect, session, seq: record.seq, detail: record.reason ?? Self.unspecified, activity: nil)
            if let span = record.span, let session, let lane = indexOfSession[session] {
                openConnects[span] = (lane, sessions[lane].steps.count - 1)
            }
        case (.activitySave, .begin), (.activityRead, .begin), (.didDiscardSceneSessions, .begin):
            if let span = record.span { openBegins[span] = record }
        case (.sceneConnect, .end):
            if let span = record.span, let (lane, step) = openConnects.removeValue(forKey: span) {
                sessions[lane].steps[step].activityType = record[attribute: "sceneActivity"]?.stringValue
            }
        case (.activitySave, .end):
            let begin = record.span.flatMap { openBegins.removeValue(forKey: $0) }
            append(.save, session, seq: begin?.seq ?? record.seq, detail: record.result ?? Self.unspecified,
                   activity: record[attribute: "activityType"]?.stringValue)
        case (.activityRead, .end):
            let begin = record.span.flatMap { openBegins.removeValue(forKey: $0) }
            // The activity's file tells the story; the session's userInfo file only when it failed.
            let file = begin?[attribute: "file"]?.stringValue
            if file == "userInfo.data" && record.result == "read" { break }
            append(.read, session, seq: begin?.seq ?? record.seq,
                   detail: (file == "userInfo.data" ? "userInfo " : "") + (record.result ?? Self.unspecified),
                   activity: record[attribute: "activityType"]?.stringValue)
        case (.restoreInteractionState, .begin):
            append(.restore, session, seq: record.seq, detail: "restoreInteractionState", activity: record[attribute: "activityType"]?.stringValue)
        case (.activityAvailable, _):
            append(.available, session, seq: record.seq, detail: "available", activity: record[attribute: "activityType"]?.stringValue)
        case (.sceneActivate, _):
            append(.activate, session, seq: record.seq, detail: "activate via " + (record.via ?? Self.unspecified), activity: nil)
        case (.sceneDisconnect, _):
            append(.disconnect, session, seq: record.seq, detail: record.reason ?? Self.unspecified, activity: nil)
        case (.sessionDiscard, _):
            append(.discard, session, seq: record.seq, detail: record.reason ?? Self.unspecified, activity: nil)
        case (.didDiscardSceneSessions, .end):
            let begin = record.span.flatMap { openBegins.removeValue(forKey: $0) }
            let deferred = begin?[attribute: "deferredToLaunch"] == .bool(true)
            for identifier in begin?[attribute: "sessions"]?.stringArrayValue ?? session.map { [$0] } ?? [] {
                append(.didDiscard, identifier, seq: begin?.seq ?? record.seq,
                       detail: deferred ? "didDiscardSceneSessions (deferred)" : "didDiscardSceneSessions", activity: nil)
            }
        case (.discard, _):
            append(.discardState, session, seq: record.seq, detail: record.reason ?? Self.unspecified, activity: nil)
        case (.error, _):
            append(.error, session, seq: record.seq, detail: record.message ?? "error", activity: nil)
        case (.extendRestoration, _):
            append(.extend, session, seq: record.seq, detail: "extend", activity: nil)
        case (.completeRestoration, _):
            append(.complete, session, seq: record.seq, detail: "complete", activity: nil)
        default:
            break
        }
    }

    private mutating func append(_ kind: Step.Kind, _ session: String?, seq: Int64, detail: String, activity: String?) {
        guard let session else { return }
        let index: Int
        if let known = indexOfSession[session] {
            index = known
        } else {
            index = sessions.count
            indexOfSession[session] = index
            sessions.append(Session(identifier: session))
        }
        sessions[index].steps.append(Step(kind: kind, seq: seq, detail: detail, activityType: activity))
    }

    /// Reads a whole trace file.
    public static func read(path: String) throws(TraceReadError) -> (header: TraceHeader, timeline: SceneTimeline) {
        let reader = try TraceReader(path: path)
        var timeline = SceneTimeline()
        var header = TraceHeader()
        while let line = reader.next() {
            switch line {
            case .header(let found): header = found
            case .record(let record): timeline.add(record)
            }
        }
        return (header, timeline)
    }
}
