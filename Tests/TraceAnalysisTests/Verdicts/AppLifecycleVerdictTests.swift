// explain's verdicts on the app life cycle's samples (spec/SCENE_RULES.md rules 40–54): a
// secure-coding violation, deferred restoration discarded by a crash, registered objects not
// found below their restorationParent or refused by their object restoration class.

import Testing
import TraceAnalysis
import TraceFormat

@Suite("Verdicts on the app life cycle")
struct AppLifecycleVerdictTests {
    @Test("a value refused by secure coding: restored without part of its state, with UIKit's message and the fix")
    func secureCodingViolation() throws {
        let verdicts = try VerdictTraces.verdicts("secure-coding-violation")
        let editor = try #require(verdicts.verdict(["Nav", "Editor"]))
        #expect(editor.status == .restored && editor.cause == .secureCodingViolation)
        #expect(editor.summary == "restored without part of its state: a value was refused by secure coding")
        #expect(editor.because.contains { $0.contains("unexpected class 'NSMutableData'") })
        #expect(editor.fix?.contains("decodeObject(of:forKey:)") == true)
    }

    @Test("an encode secure coding refused: restored without its own state, with UIKit's message and the fix (rule 42)")
    func secureCodingEncodeViolation() throws {
        let verdicts = try VerdictTraces.verdicts("secure-coding-violation")
        let gallery = try #require(verdicts.verdict(["Nav", "Gallery"]))
        #expect(gallery.status == .restored && gallery.cause == .secureCodingViolation)
        #expect(gallery.summary == "restored without its own state: secure coding refused its encode")
        #expect(gallery.because.contains { $0.contains("'photo' is a UIImage") })
        #expect(gallery.because.contains { $0.contains("rule 42") })
        #expect(gallery.fix?.contains("adopts NSSecureCoding") == true)
    }

    @Test("a crash between extend and complete: the run and every object say the archive was discarded, restorationIncomplete")
    func deferredRestorationDiscarded() throws {
        let verdicts = try VerdictTraces.verdicts("deferred-restoration-crash")
        #expect(verdicts.run.outcome == .discarded && verdicts.run.discardReason == "restorationIncomplete")
        #expect(verdicts.run.summary.contains("crashed before its deferred restoration completed"))
        let document = try #require(verdicts.verdict(["Split", "Document"]))
        #expect(document.status == .notRestored && document.cause == .archiveDiscarded && document.reason == "restorationIncomplete")
        #expect(document.fix?.contains("completeStateRestoration()") == true)
    }

    @Test("registered objects: found by their object restoration class, not found, refused, or below a parent not restored")
    func registeredObjects() throws {
        let verdicts = try VerdictTraces.verdicts("registered-object-parents")
        let draft = try #require(verdicts.verdict(["Tabs", "Inbox", "Draft"]))
        #expect(draft.status == .restored && draft.foundBy == "objectRestorationClass")
        #expect(draft.summary.contains("object(withRestorationIdentifierPath:coder:)"))
        let lost = try #require(verdicts.verdict(["Lost"]))
        #expect(lost.cause == .notFound && lost.because.contains { $0.contains("no objectRestorationClass") })
        let stale = try #require(verdicts.verdict(["Stale"]))
        #expect(stale.cause == .restorationClassReturnedNil)
        #expect(stale.summary == "not restored: its object restoration class returned nil")
        #expect(stale.fix?.contains("object(withRestorationIdentifierPath:coder:)") == true)
        let outbox = try #require(verdicts.verdict(["Tabs", "Archive", "Outbox"]))
        #expect(outbox.cause == .ancestorExcluded)
    }
}
