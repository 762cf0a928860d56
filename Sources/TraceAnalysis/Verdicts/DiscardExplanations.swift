// Why a relaunch restored nothing: each discard reason (rule 4's deletions, shouldRestore's
// refusals, a missing or unreadable archive) in words, with what the trace knows around it —
// the crash of the launch before, the versions and idioms, the archive's error, shouldSave's
// answer — and the fix. `explain` switches over every reason the format knows.

import TraceFormat

enum DiscardExplanations {
    /// Why relaunch pass `index` restored nothing, and the discard reason (recorded, or what its
    /// records amount to); nil when it read the archive and went on to restore.
    static func explain(passIndex index: Int, _ evidence: TraceEvidence) -> (Explanation, reason: String)? {
        let pass = evidence.passes[index]
        if let row = pass.discard {
            let reason = evidence.string(row, evidence.slots.reason) ?? "unspecified"
            return (explain(reason: reason, passIndex: index, evidence, discardRow: row), reason)
        }
        // No discard record, yet nothing restored: what the records amount to.
        // The format leaves archiveRead's results open; the reference engine's failures are these.
        if let read = pass.archiveRead, let result = evidence.text(read, evidence.slots.result),
           ["missing", "corrupt", "unreadable"].contains(result) {
            let reason = result == "missing" ? DiscardReason.archiveMissing : .corruptArchive
            return (explain(reason: reason.rawValue, passIndex: index, evidence, discardRow: nil), reason.rawValue)
        }
        if let row = pass.shouldRestore, evidence.bool(row, evidence.slots.result) == false {
            let reason = refusalReason(row, evidence)
            return (explain(reason: reason.rawValue, passIndex: index, evidence, discardRow: nil), reason.rawValue)
        }
        return nil
    }

    /// Which refusal a `shouldRestore` false is: versions differ, else idioms, else declined.
    private static func refusalReason(_ row: Int, _ evidence: TraceEvidence) -> DiscardReason {
        let archived = evidence.string(row, evidence.slots.archivedVersion)
        let current = evidence.string(row, evidence.slots.currentVersion)
        if archived != current { return .versionRefused }
        if evidence.string(row, evidence.slots.currentIdiom) != nil { return .idiomRefused }
        return .restoreDeclined
    }

    static func explain(reason: String, passIndex index: Int, _ evidence: TraceEvidence, discardRow: Int?) -> Explanation {
        guard let known = DiscardReason(rawValue: reason) else {
            return Explanation(summary: "discarded at relaunch for the reason \(VerdictWording.quoted(reason))",
                               because: ["restoretrace does not know this reason; the record says only that the archive was not used"])
        }
        let pass = evidence.passes[index]
        switch known {
        case .forceQuit:
            return Explanation(
                summary: "discarded at relaunch: the user force-quit the app",
                because: ["the user force-quit the app from the app switcher after the state was preserved",
                          "UIKit deletes the preserved state when the user force-quits (rule 4)"],
                fix: "nothing to fix: this is UIKit's design. To test restoration, send the app to the background and stop it "
                    + "from Xcode (or let the system end it) instead of force-quitting it")
        case .launchCrashes:
            return Explanation(
                summary: "discarded at relaunch: the app crashed during launch twice since the state was preserved",
                because: ["the app crashed during launch twice since the archive was written",
                          "UIKit then deletes the archive, so a state that crashes the app cannot make it crash forever (rule 4)"],
                fix: "fix the crash during launch (see the crash logs); a launch counts as crashed until it reaches didFinishLaunching")
        case .restorationIncomplete:
            return Explanation(
                summary: "discarded at relaunch: the previous launch crashed before its deferred restoration completed",
                because: ["the previous launch called extendStateRestoration() and crashed before the matching completeStateRestoration()",
                          "UIKit throws such a state away so it cannot crash the app again (UIApplication › extendStateRestoration(), rule 44)"],
                fix: "fix the crash in the asynchronous restoration work, and balance every extendStateRestoration() with a "
                    + "completeStateRestoration(), also on its error paths")
        case .restorationFailed:
            var because = ["the launch before this one crashed while restoring"]
            var fix = "fix the crash during restoration; the trace of that launch ends inside the span where it happened"
            if let crashed = evidence.passes[..<index].last(where: { $0.isRestoration && $0.end == nil }), let row = crashed.crashRow {
                because[0] = "the launch before this one crashed " + CrashWording.inside(row, evidence)
                    + " (line \(evidence.line(ofRow: row)))"
                fix = CrashWording.fix(row, evidence)
            }
            because.append("UIKit deletes the archive after a restoration that crashed, so the app does not crash again on the same state (rule 4)")
            return Explanation(summary: "discarded at relaunch: the previous restoration crashed", because: because, fix: fix)
        case .corruptArchive:
            var because = ["the archive on disk could not be read"]
            if let message = pass.errors.lazy.compactMap({ evidence.string($0, evidence.slots.message) }).first {
                because.append("the engine reported: " + PathText.sanitized(message))
            }
            because.append("UIKit deletes an archive it cannot read, and the app launches fresh")
            return Explanation(
                summary: "discarded at relaunch: the archive could not be read", because: because,
                fix: "nothing in the app, usually: the archive was damaged on disk (UIKit treats it as purgeable); if it happens "
                    + "often, check that nothing else writes into the app's saved-state directory")
        case .versionRefused:
            let (archived, current) = versions(pass, evidence)
            return Explanation(
                summary: "discarded at relaunch: shouldRestore refused the archived version",
                because: ["the archive was written by version \(archived) and the app is now version \(current)",
                          "application(_:shouldRestoreApplicationState:) answered false"],
                fix: "if the state version \(archived) wrote still decodes in \(current), accept it in "
                    + "application(_:shouldRestoreApplicationState:); otherwise a fresh launch after an update is expected")
        case .idiomRefused:
            var because = ["application(_:shouldRestoreApplicationState:) answered false"]
            if let row = pass.shouldRestore {
                let archived = evidence.string(row, evidence.slots.archivedIdiom) ?? "none"
                let current = evidence.string(row, evidence.slots.currentIdiom) ?? "another"
                because.insert("the archive was written on a \(PathText.sanitized(archived)) and the app now runs on a \(PathText.sanitized(current)), "
                    + "with the same version", at: 0)
            }
            return Explanation(
                summary: "discarded at relaunch: shouldRestore refused an archive from another kind of device", because: because,
                fix: "accept archives from the other idiom in application(_:shouldRestoreApplicationState:) if the layout can take "
                    + "their state; otherwise a fresh launch when state moves between devices is expected")
        case .restoreDeclined:
            return Explanation(
                summary: "discarded at relaunch: shouldRestore answered false",
                because: ["application(_:shouldRestoreApplicationState:) answered false",
                          "UIKit restores nothing unless the app opts in (rule 1); an app delegate that does not implement it opts out"],
                fix: "return true from application(_:shouldRestoreApplicationState:) (check the archived version there if you must)")
        case .archiveMissing:
            let preservation = evidence.passes[..<index].last { !$0.isRestoration }
            if let preservation, let row = preservation.shouldSave, evidence.bool(row, evidence.slots.result) == false {
                return Explanation(
                    summary: "not preserved: shouldSave answered false, so there was no archive at relaunch",
                    because: ["application(_:shouldSaveApplicationState:) answered false (line \(evidence.line(ofRow: row)))",
                              "UIKit preserves nothing unless the app opts in (rule 1), so no archive was written"],
                    fix: "return true from application(_:shouldSaveApplicationState:)")
            }
            if let preservation, let failure = ArchiveWording.writeFailure(preservation, evidence) {
                return Explanation(summary: "not restored: the archive was never written", because: failure.because, fix: failure.fix)
            }
            return Explanation(
                summary: "not restored: there was no archive at relaunch",
                because: ["there was no archive on disk when the app relaunched: it was never written, or it was deleted between the launches (UIKit treats it as purgeable)"],
                fix: "make sure the app preserves its state before it ends: shouldSave answers true and the app goes to the background first")
        }
    }

    private static func versions(_ pass: TraceEvidence.Pass, _ evidence: TraceEvidence) -> (String, String) {
        guard let row = pass.shouldRestore else { return ("(unknown)", "(unknown)") }
        let archived = evidence.string(row, evidence.slots.archivedVersion).map(VerdictWording.quoted) ?? "(none)"
        let current = evidence.string(row, evidence.slots.currentVersion).map(VerdictWording.quoted) ?? "(unknown)"
        return (archived, current)
    }
}

/// Words for a preservation whose archive was not written.
enum ArchiveWording {
    /// Why `pass` wrote no archive (its write failed, or the process stopped first); nil when it wrote one.
    static func writeFailure(_ pass: TraceEvidence.Pass, _ evidence: TraceEvidence) -> (because: [String], fix: String)? {
        if pass.end == nil, let row = pass.crashRow {
            return (["the process stopped during preservation, " + CrashWording.inside(row, evidence) + " (line \(evidence.line(ofRow: row)))",
                     "no archive was written"], CrashWording.fix(row, evidence))
        }
        guard let row = pass.archiveWrite, let result = evidence.text(row, evidence.slots.result), result == "failed" else { return nil }
        var because = ["the archive write ended with \(VerdictWording.quoted(result)) (line \(evidence.line(ofRow: row)))"]
        if let message = pass.errors.lazy.compactMap({ evidence.string($0, evidence.slots.message) }).first {
            because.append("the engine reported: " + PathText.sanitized(message))
        }
        return (because, "make the app's saved-state directory writable (free space, permissions); the error says what failed")
    }
}

/// Words for where a process stopped.
enum CrashWording {
    /// "inside the decode of Nav/Note (NoteViewController)" for the begin row of an unfinished span.
    static func inside(_ row: Int, _ evidence: TraceEvidence) -> String {
        let table = evidence.table
        let kind = table.kindValue(row)
        let path = table.pathValue(row).map(VerdictWording.path)
        let className = table.classValue(row).map { " (" + VerdictWording.type($0) + ")" } ?? ""
        guard let path else { return "inside its \(PathText.sanitized(kind.rawValue)) step" }
        switch kind {
        case .decode: return "inside the decodeRestorableState(with:) of \(path)\(className)"
        case .encode: return "inside the encodeRestorableState(with:) of \(path)\(className)"
        case .locate: return "while looking for \(path)\(className) (in its restoration class, the app delegate or its storyboard scene)"
        case .finishedRestoring: return "inside the applicationFinishedRestoringState() of \(path)\(className)"
        default: return "inside the \(PathText.sanitized(kind.rawValue)) of \(path)\(className)"
        }
    }

    /// What to fix for a crash inside the span begun at `row`.
    static func fix(_ row: Int, _ evidence: TraceEvidence) -> String {
        let table = evidence.table
        let className = VerdictWording.type(table.classValue(row))
        switch table.kindValue(row) {
        case .decode: return "fix the crash in \(className).decodeRestorableState(with:) (the crash log's stack points there)"
        case .encode: return "fix the crash in \(className).encodeRestorableState(with:)"
        case .finishedRestoring: return "fix the crash in \(className).applicationFinishedRestoringState()"
        case .locate: return "fix the crash in what makes \(className) at relaunch (its restoration class, the app delegate, or its storyboard scene)"
        default: return "fix the crash there (the crash log's stack points to it)"
        }
    }
}
