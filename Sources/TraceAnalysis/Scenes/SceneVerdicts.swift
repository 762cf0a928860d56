// SceneVerdicts: for each session of a scene trace, whether its window came back with its state
// at the last connection, and why not — the question "why did my window come back empty?" —
// read from the session's lane of a SceneTimeline. `explain` prints them for scene traces
// (LifecycleExplanation).

import TraceFormat

/// One session's verdict.
public struct SceneVerdict: Sendable, Hashable {
    public enum Outcome: String, Sendable, Hashable {
        /// Its last connection had the saved (or the event's) activity.
        case restored
        /// It connected again without its state.
        case notRestored
        /// The session was discarded.
        case discarded
        /// It never connected again after its state was saved (archived, waiting to be selected).
        case notReconnected
        /// It connected once and never came back: nothing to restore yet.
        case notRelaunched
    }

    public var session: String
    public var outcome: Outcome
    public var summary: String
    public var because: [String]
    public var fix: String?
}

extension SceneTimeline {
    /// A verdict per session, in lane order.
    public var verdicts: [SceneVerdict] {
        let launches = processSteps.filter { $0.label == "willFinishLaunching" }.map(\.seq)
        return sessions.map { Self.verdict($0, launches: launches) }
    }

    static func verdict(_ session: Session, launches: [Int64]) -> SceneVerdict {
        let steps = session.steps
        func make(_ outcome: SceneVerdict.Outcome, _ summary: String, _ because: [String], fix: String? = nil) -> SceneVerdict {
            SceneVerdict(session: session.identifier, outcome: outcome, summary: summary, because: because, fix: fix)
        }
        if let discard = steps.last(where: { $0.kind == .discard }) {
            let why = discard.detail == "userClosed" ? "the user closed it in the app switcher"
                : discard.detail == "requested" ? "the app called requestSceneSessionDestruction" : "UIKit could no longer display it"
            return make(.discarded, "discarded: \(why)", ["a discarded session's saved activity and userInfo are deleted (rule 24)"])
        }
        let connects = steps.indices.filter { steps[$0].kind == .connect }
        if let lastSave = steps.last(where: { $0.kind == .save }), connects.allSatisfy({ steps[$0].seq < lastSave.seq }),
           launches.contains(where: { $0 > lastSave.seq }) {
            return make(.notReconnected, "not reconnected: its state was saved, and no launch after it showed the session again",
                        ["an archived session reconnects when the user selects it in the app switcher (rules 22, 36)"])
        }
        guard let lastConnect = connects.last, steps[lastConnect].detail != "new" || connects.count > 1 else {
            return make(.notRelaunched, "not relaunched: the trace connects it once, as a new session",
                        ["there was no later connection to restore into"])
        }
        if steps[lastConnect].detail == "event" {
            return make(.restored, "connected for an event: it starts from the event's activity"
                + (steps[lastConnect].activityType.map { " (\($0))" } ?? ""),
                ["no connected scene's activation conditions took the event, so UIKit made a new session whose connection options carry it (rules 31, 37)"])
        }
        let before = steps[..<lastConnect]
        let lastSave = before.last { $0.kind == .save }
        guard steps[lastConnect].detail != "new" else {
            return make(.notRelaunched, "not relaunched: its last connection is a new session", [])
        }
        let after = steps[(lastConnect + 1)...]
        let read = after.first { $0.kind == .read && !$0.detail.hasPrefix("userInfo") }
        let restored = after.contains { $0.kind == .restore || $0.kind == .available }
        if let read {
            switch read.detail {
            case "read":
                return make(.restored, "restored from its saved activity" + (read.activityType.map { " (\($0))" } ?? ""), [])
            case "unavailable":
                if after.contains(where: { $0.kind == .available }) {
                    return make(.restored, "restored late: the device was locked at connection, the activity arrived at unlock",
                                ["the saved state is encrypted; stateRestorationActivity is nil until the data is available (rule 32)",
                                 "UIKit calls no delegate method when it arrives: code that read the session only in willConnect saw nil"],
                                fix: "restore in scene(_:restoreInteractionStateWith:) too, or read session.stateRestorationActivity again when the scene becomes active")
                }
                return make(.notRestored, "not restored: the device was locked, so the saved activity could not be read",
                            ["the saved state is encrypted on disk (rules 32, 53)"])
            case "noUserInfo":
                return make(.notRestored, "not restored: the activity was saved with a nil userInfo",
                            ["UIKit saves the activity but does not restore one whose userInfo is nil, not empty (rule 28)"],
                            fix: "give the activity a userInfo (an empty dictionary will do) before returning it from stateRestorationActivity(for:)")
            case "decodeFailed":
                return make(.notRestored, "not restored: the saved activity could not be decoded",
                            ["userInfo is decoded with the property-list classes only (rule 28)"])
            default: break
            }
        }
        if read == nil, restored || steps[lastConnect].activityType != nil {
            return make(.restored, "restored from the session kept in memory" + (steps[lastConnect].activityType.map { " (\($0))" } ?? ""),
                        ["the scene was disconnected for memory and its session kept its activity (rule 23)"])
        }
        var because: [String] = []
        var fix: String?
        if before.contains(where: { $0.kind == .discardState }) {
            because.append("the previous process crashed between extendStateRestoration and completeStateRestoration, so the saved activity was discarded (rule 34)")
            fix = "balance every extendStateRestoration with completeStateRestoration"
        } else if let lastSave {
            switch lastSave.detail {
            case "notPersisted":
                because.append("its last save returned an activity of type \(lastSave.activityType ?? "?") that is not listed in NSUserActivityTypes, so UIKit silently did not persist it (rule 29)")
                fix = "add \(lastSave.activityType ?? "the activity type") to the NSUserActivityTypes array of Info.plist"
            case "cleared":
                because.append("its last save asked stateRestorationActivity(for:), which returned nil, and that deletes the saved activity (rule 25)")
                fix = "return the scene's activity from stateRestorationActivity(for:) whenever there is state to keep"
            case "encodeFailed":
                because.append("its last save failed: userInfo held a value that is not a property-list type (rule 28)")
                fix = "keep only NSArray, NSData, NSDate, NSDictionary, NSNull, NSNumber, NSSet, NSString and NSURL values in userInfo"
            default:
                because.append("its last save ended \(lastSave.detail)")
            }
        } else {
            because.append("it was never sent to the background before its process ended, and UIKit saves only at background transitions (rule 26)")
            fix = "test restoration by sending the app to the background before stopping it (not by force quitting)"
        }
        return make(.notRestored, "not restored: its window came back without its state", because, fix: fix)
    }
}
