// SceneSummaryBuilder: the per-session and app-life-cycle detail of `summary` (and the sessions
// `diff` compares), fed full TraceRecords. TraceStatistics stays the hot loop: the detail is
// read only for traces whose statistics show scene or app-life-cycle records (a second pass
// over a file, or alongside TraceInput for standard input), so older traces cost nothing more.

import TraceFormat

/// Collects ``SessionSummary`` values, the scene records no session can be named for, and an
/// ``AppLifecycleSummary``, record by record in trace order.
public struct SceneSummaryBuilder: Sendable {
    private var sessions: [SessionSummary] = []
    private var indexOfSession: [String: Int] = [:]
    /// Scene records (``RecordKind/sceneKinds`` but process exits and device locks) without `session`.
    public private(set) var unattributedSceneRecords: Int64 = 0
    private var app = AppLifecycleSummary()
    private struct Open: Sendable {
        var session: Int
        var ts: Int64
        var outermost: Bool
        /// An `activityRead` of the session's `userInfo.data`, not of its activity.
        var readsUserInfo: Bool
    }
    /// Spans of sessions still open, by span id.
    private var open: [Int64: Open] = [:]
    /// How many spans each session has open.
    private var openDepth: [Int] = []

    /// The scene kinds that are about one session (all but `processExit` and `deviceLock`).
    static let sessionKinds: Set<RecordKind> = Set(RecordKind.sceneKinds).subtracting([.processExit, .deviceLock])
    /// Kinds whose presence makes `summary` add the app-life-cycle section.
    static let appLifecycleKinds: Set<RecordKind> = [
        .processExit, .deviceLock, .warning, .extendRestoration, .completeRestoration, .ignoreSnapshot,
        .discardSuppressed,
    ]

    public init() {}

    /// True when a summary with these statistics has a per-session section: the header says
    /// `lifecycle` `scene`, or the trace has a scene session's records.
    public static func wantsSessions(_ summary: TraceSummary) -> Bool {
        SceneTimeline.isSceneTrace(summary.header) || summary.kinds.contains { sessionKinds.contains($0.kind) }
            || summary.instants.contains { sessionKinds.contains(RecordKind($0.name)) }
            || summary.unfinished.contains { sessionKinds.contains($0.kind) }
    }

    /// True when a summary with these statistics has an app-life-cycle section: a process
    /// exit, a device lock, a warning, deferred restoration (an unmatched complete's error among
    /// the errors summary keeps too), `ignoreSnapshot`, developer mode, or a secure-coding violation.
    public static func wantsAppLifecycle(_ summary: TraceSummary) -> Bool {
        summary.secureCodingViolations > 0 || summary.instants.contains { appLifecycleKinds.contains(RecordKind($0.name)) }
            || summary.errors.contains { AppLifecycleFacts.isUnmatchedComplete(message: $0.message) }
    }

    /// Takes the next record, in trace order.
    public mutating func add(_ record: TraceRecord) {
        let isSessionKind = SceneSummaryBuilder.sessionKinds.contains(record.kind)
        let identifier = record[attribute: "session"]?.stringValue
        var index: Int?
        if let identifier, isSessionKind || record.kind == .discard || record.kind == .error
            || record.kind == .extendRestoration || record.kind == .completeRestoration
        {
            index = session(identifier)
        } else if isSessionKind {
            unattributedSceneRecords += 1
        }
        switch record.phase {
        case .begin:
            if record.kind == .didDiscardSceneSessions, record[attribute: "deferredToLaunch"]?.boolValue == true {
                app.deferredSessionDiscards += Int64(record[attribute: "sessions"]?.stringArrayValue?.count ?? 1)
            }
            guard let index, let span = record.span else { break }
            open[span] = Open(
                session: index, ts: record.ts, outermost: openDepth[index] == 0,
                readsUserInfo: record[attribute: "file"]?.stringValue == "userInfo.data")
            openDepth[index] += 1
            switch record.kind {
            case .sceneConnect: SceneSummaryBuilder.count(&sessions[index].connects, record.reason ?? TraceStatistics.unspecified)
            case .restoreInteractionState: sessions[index].restores += 1
            default: break
            }
        case .end:
            if let span = record.span, let begun = open.removeValue(forKey: span) {
                openDepth[begun.session] -= 1
                if begun.outermost {
                    sessions[begun.session].timeSpent = sessions[begun.session].timeSpent.addingSaturating(max(record.ts - begun.ts, 0))
                }
                switch record.kind {
                case .activitySave:
                    let result = record.result ?? TraceStatistics.unspecified
                    SceneSummaryBuilder.count(&sessions[begun.session].saves, result)
                    sessions[begun.session].saveResults.append(result)
                case .activityRead:
                    // The session's userInfo file is read beside the activity's: it counts only when it failed.
                    if !begun.readsUserInfo || record.result != ActivityReadResult.read.rawValue {
                        SceneSummaryBuilder.count(
                            &sessions[begun.session].reads,
                            (begun.readsUserInfo ? "userInfo " : "") + (record.result ?? TraceStatistics.unspecified))
                    }
                default: break
                }
            }
            if record.result == "secureCodingViolation" {
                if record.kind == .encode { app.encodeViolations += 1 }
                if record.kind == .decode { app.decodeViolations += 1 }
            }
        case .instant:
            instant(record, session: index)
        }
    }

    private mutating func instant(_ record: TraceRecord, session index: Int?) {
        switch record.kind {
        case .sceneDisconnect:
            guard let index else { return }
            let reason = record.reason ?? TraceStatistics.unspecified
            SceneSummaryBuilder.count(&sessions[index].disconnects, reason)
            sessions[index].lastEnd = "disconnect " + reason
        case .sessionDiscard:
            guard let index else { return }
            let reason = record.reason ?? TraceStatistics.unspecified
            SceneSummaryBuilder.count(&sessions[index].discards, reason)
            sessions[index].lastEnd = "discard " + reason
        case .discard:
            guard let index else { return }
            SceneSummaryBuilder.count(&sessions[index].stateDiscards, record.reason ?? TraceStatistics.unspecified)
        case .error:
            if let index { sessions[index].errors += 1 }
            if AppLifecycleFacts.isUnmatchedComplete(record) {
                // Ignored with an error, no completeRestoration record (rule 45): a call all the same.
                app.completeCalls += 1
                app.ignoredCalls += 1
            }
        case .launch:
            if record.step == "didFinishLaunching" { app.launches += 1 }
        case .processExit:
            SceneSummaryBuilder.count(&app.processExits, record.reason ?? TraceStatistics.unspecified)
        case .deviceLock:
            if record[attribute: "locked"]?.boolValue == false { app.deviceUnlocks += 1 } else { app.deviceLocks += 1 }
        case .shouldSave, .shouldRestore:
            switch record[attribute: "secure"]?.boolValue {
            case true?: app.securePairCalls += 1
            case false?: app.legacyPairCalls += 1
            case nil: break
            }
        case .warning:
            app.warnings += 1
        case .extendRestoration, .completeRestoration:
            if record.kind == .extendRestoration { app.extendCalls += 1 } else { app.completeCalls += 1 }
            if record[attribute: "ignored"]?.boolValue == true { app.ignoredCalls += 1 }
            app.deepestExtension = max(app.deepestExtension, record[attribute: "depth"]?.intValue ?? 0)
        case .ignoreSnapshot:
            if record[attribute: "honoured"]?.boolValue == true { app.ignoreSnapshotHonoured += 1 } else { app.ignoreSnapshotIgnored += 1 }
        case .discardSuppressed:
            SceneSummaryBuilder.count(&app.discardsSuppressed, record.reason ?? TraceStatistics.unspecified)
        default:
            break
        }
    }

    /// The index of the session named `identifier`, added when new.
    private mutating func session(_ identifier: String) -> Int {
        if let known = indexOfSession[identifier] { return known }
        indexOfSession[identifier] = sessions.count
        sessions.append(SessionSummary(identifier: identifier))
        openDepth.append(0)
        return sessions.count - 1
    }

    private static func count(_ tallies: inout [TraceSummary.Tally], _ name: String) {
        if let index = tallies.firstIndex(where: { $0.name == name }) {
            tallies[index].count += 1
        } else {
            tallies.append(TraceSummary.Tally(name: name, count: 1))
        }
    }

    /// Sessions in the order the trace first names them.
    public var sessionSummaries: [SessionSummary] { sessions }
    public var appLifecycle: AppLifecycleSummary { app }

    /// Puts what this builder collected into `summary`, each part only when the summary's
    /// statistics call for it (``wantsSessions(_:)``, ``wantsAppLifecycle(_:)``).
    public func complete(_ summary: inout TraceSummary) {
        if SceneSummaryBuilder.wantsSessions(summary) {
            summary.sessions = sessions
            summary.unattributedSceneRecords = unattributedSceneRecords
        }
        if SceneSummaryBuilder.wantsAppLifecycle(summary) { summary.appLifecycle = app }
    }

    /// Reads the trace at `path` with the full reader (every record's every field).
    public static func read(path: String) throws(TraceInputError) -> SceneSummaryBuilder {
        let input = try TraceInput(path: path)
        var builder = SceneSummaryBuilder()
        while let record = try input.next() { builder.add(record) }
        return builder
    }
}
