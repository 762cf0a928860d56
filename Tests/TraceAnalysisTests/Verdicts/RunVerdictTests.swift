// The run's verdict and the objects' on every discard reason, each on its trace of Traces/,
// and on crashes: what became of the archive, why, and the fix.

import Testing
import TraceAnalysis
import TraceFormat

@Suite("Verdicts on discarded archives and crashes")
struct RunVerdictTests {
    /// The run's verdict and the verdict on Nav (every discard scenario preserves Nav).
    private func discard(_ trace: String) throws -> (run: RunVerdict, nav: RestorationVerdict) {
        let verdicts = try VerdictTraces.verdicts(trace)
        return (verdicts.run, try #require(verdicts.verdict(["Nav"])))
    }

    @Test("force quit: UIKit's design, and how to test without force-quitting")
    func forceQuit() throws {
        let (run, nav) = try discard("discard-force-quit")
        #expect(run.outcome == .discarded && run.discardReason == "forceQuit")
        #expect(run.summary == "the archive was discarded at relaunch: the user force-quit the app")
        #expect(run.fix?.hasPrefix("nothing to fix") == true)
        #expect(nav.cause == .archiveDiscarded && nav.reason == "forceQuit")
        #expect(nav.summary == "not restored: the archive was discarded at relaunch (the user force-quit the app)")
    }

    @Test("two launch crashes: fix the launch crash")
    func launchCrashes() throws {
        let (run, nav) = try discard("discard-launch-crashes")
        #expect(run.discardReason == "launchCrashes" && nav.reason == "launchCrashes")
        #expect(run.because.contains { $0.contains("crashed during launch twice") })
        #expect(run.fix?.hasPrefix("fix the crash during launch") == true)
    }

    @Test("restoration failed: names the decode the launch before crashed in, from the same trace")
    func restorationFailed() throws {
        let verdicts = try VerdictTraces.verdicts("discard-restoration-failed")
        #expect(verdicts.run.discardReason == "restorationFailed")
        #expect(verdicts.run.because.first == "the launch before this one crashed inside the decodeRestorableState(with:) of Nav/Note (NoteViewController) (line 30)")
        #expect(verdicts.run.fix == "fix the crash in NoteViewController.decodeRestorableState(with:) (the crash log's stack points there)")
        // The object it crashed in: its own unfinished decode, then the deletion at the next launch.
        let note = try #require(verdicts.verdict(["Nav", "Note"]))
        #expect(note.cause == .unfinished)
        #expect(note.because.contains("at the next launch UIKit deleted the archive (\"restorationFailed\", line 33)"))
        // Restored by the launch that crashed, then discarded by the next.
        let notes = try #require(verdicts.verdict(["Nav", "Notes"]))
        #expect(notes.cause == .archiveDiscarded && notes.reason == "restorationFailed")
    }

    @Test("corrupt and truncated archives: the engine's own message about the file")
    func corruptArchive() throws {
        for trace in ["discard-corrupt-archive", "discard-truncated-archive"] {
            let (run, nav) = try discard(trace)
            #expect(run.discardReason == "corruptArchive")
            #expect(run.because.contains { $0.hasPrefix("the engine reported: restoration.archive is ") })
            #expect(nav.reason == "corruptArchive")
        }
    }

    @Test("version refused: both versions, and when accepting them is right")
    func versionRefused() throws {
        let (run, nav) = try discard("discard-version-refused")
        #expect(run.discardReason == "versionRefused")
        #expect(run.because.first == "the archive was written by version \"1.0\" and the app is now version \"2.0\"")
        #expect(nav.fix?.contains("application(_:shouldRestoreApplicationState:)") == true)
    }

    @Test("idiom refused: both idioms")
    func idiomRefused() throws {
        let (run, _) = try discard("discard-idiom-refused")
        #expect(run.discardReason == "idiomRefused")
        #expect(run.because.first == "the archive was written on a phone and the app now runs on a pad, with the same version")
    }

    @Test("restore declined: return true from shouldRestore")
    func restoreDeclined() throws {
        let (run, nav) = try discard("rule-01-should-restore-false")
        #expect(run.discardReason == "restoreDeclined")
        #expect(run.fix?.hasPrefix("return true from application(_:shouldRestoreApplicationState:)") == true)
        #expect(nav.reason == "restoreDeclined")
    }

    @Test("archive missing: nothing there at relaunch, and the fix is to preserve before ending")
    func archiveMissing() throws {
        let (run, nav) = try discard("discard-archive-missing")
        #expect(run.discardReason == "archiveMissing")
        #expect(run.summary == "nothing was restored: there was no archive at relaunch")
        #expect(nav.summary == "not restored: there was no archive at relaunch")
    }

    @Test("shouldSave false: the run says nothing was preserved, and there is no object to judge")
    func shouldSaveFalse() throws {
        let verdicts = try VerdictTraces.verdicts("rule-01-should-save-false")
        #expect(verdicts.run.summary == "nothing was preserved: shouldSave answered false, so there was no archive at relaunch")
        #expect(verdicts.run.fix == "return true from application(_:shouldSaveApplicationState:)")
        #expect(verdicts.all.isEmpty)
    }

    @Test("a crash during decode: the object crashed in is unfinished, the others stopped with the process")
    func crashDuringDecode() throws {
        let verdicts = try VerdictTraces.verdicts("crash-during-decode")
        #expect(verdicts.run.outcome == .crashed)
        let note = try #require(verdicts.verdict(["Nav", "Note"]))
        #expect(note.cause == .unfinished)
        #expect(note.summary == "not restored: the process stopped inside its decodeRestorableState(with:)")
        #expect(note.because.first == "its decode began at line 30 and never ended: the app crashed there")
        let nav = try #require(verdicts.verdict(["Nav"]))
        #expect(nav.cause == .processStopped)
        #expect(nav.because.first == "it was decoded (line 26), but the launch did not survive")
        #expect(nav.fix == note.fix)
        #expect(verdicts.counts.restored == 0 && verdicts.counts.notRestored == 3)
    }

    @Test("a crash in a sibling's decode: an object found but not yet decoded stopped with the process")
    func crashBeforeDecode() throws {
        let verdicts = try VerdictTraces.verdicts("feed-tabs-crash")
        let table = try #require(verdicts.verdict(["Tabs", "FeedNav", "Feed", "FeedTable"]))
        #expect(table.cause == .processStopped)
        #expect(table.because.first == "it was found at line 29, and its decode never began")
    }
}
