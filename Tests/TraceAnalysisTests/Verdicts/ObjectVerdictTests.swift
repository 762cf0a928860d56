// Verdicts that are no exclusion: restored (by each step of the search), a class mismatch, a
// failed decode, an object only preserved, an archive never written, a relaunch that never
// looked, a source location, reasons this version does not know, the order and the subtree.

import Testing
import TraceAnalysis
import TraceFormat

@Suite("Verdicts on objects")
struct ObjectVerdictTests {
    @Test("restored: each step of the search says how it found the object")
    func restoredBySearchStep() throws {
        let verdicts = try VerdictTraces.verdicts("rule-12-search-order")
        let expected: [([String], String, String)] = [
            (["Root", "ByClass"], "restorationClass", "restored: its restoration class ClassMadeViewController made it"),
            (["Root", "ByDelegate"], "appDelegate",
             "restored: the app delegate's application(_:viewControllerWithRestorationIdentifierPath:coder:) returned it"),
            (["Root", "First"], "existing", "restored: it existed at launch"),
            (["Root", "ByStoryboard"], "storyboard", "restored: it was instantiated from the storyboard \"Main\" (storyboard ID \"ByStoryboard\")"),
        ]
        for (path, step, summary) in expected {
            let verdict = try #require(verdicts.verdict(path))
            #expect(verdict.status == .restored && verdict.cause == .restored)
            #expect(verdict.foundBy == step)
            #expect(verdict.summary == summary)
            #expect(verdict.fix == nil)
        }
    }

    @Test("restored views and registered objects are found among the owner's views and the registered objects")
    func restoredViewsAndRegisteredObjects() throws {
        let verdicts = try VerdictTraces.verdicts("rule-08-separate-coders")
        #expect(verdicts.verdict(["Nav", "Player", "Scrubber"])?.summary == "restored: its owner had it in its views")
        #expect(verdicts.verdict(["Playback"])?.summary == "restored: it was registered at launch")
    }

    @Test("a restored table notes the model identifiers that no longer exist")
    func unmatchedModelIdentifiers() throws {
        let table = try #require(try VerdictTraces.verdicts("rule-10-views").verdict(["Tabs", "Cities", "CityTable"]))
        #expect(table.status == .restored)
        #expect(table.because.first?.hasPrefix("1 model identifier it kept no longer exists in the data source (\"Rome\")") == true)
    }

    @Test("class mismatch: which step gave which class, rule 16, and the fix for that step")
    func classMismatch() throws {
        let verdict = try #require(try VerdictTraces.verdicts("rule-16-class-mismatch").verdict(["Nav", "Legacy"]))
        #expect(verdict.cause == .classMismatch)
        #expect(verdict.summary == "not restored: a ModernViewController was found instead of a LegacyViewController, and not decoded")
        #expect(verdict.because.contains("the app delegate returned a ModernViewController"))
        #expect(verdict.because.contains { $0.contains("rule 16") })
        #expect(verdict.fix?.hasPrefix("return a LegacyViewController (or a subclass) from the app delegate") == true)
    }

    @Test("a class mismatch with a vowel takes an")
    func classMismatchArticle() throws {
        let verdict = try #require(try VerdictTraces.verdicts("rule-18-finished-restoring").verdict(["Tabs", "Ad"]))
        #expect(verdict.summary == "not restored: a PlaceholderViewController was found instead of an AdViewController, and not decoded")
    }

    @Test("a decode that throws: how it was found, the error, and that its children are still restored")
    func decodeThrows() throws {
        let verdicts = try VerdictTraces.verdicts("decode-throws")
        let verdict = try #require(verdicts.verdict(["Nav", "Note"]))
        #expect(verdict.cause == .decodeFailed)
        #expect(verdict.because[0] == "it was found: it was instantiated from the storyboard \"Main\" (storyboard ID \"Note\")")
        #expect(verdict.because[1].hasPrefix("its decode failed: the decode of NoteViewController threw"))
        #expect(verdict.fix?.hasPrefix("make NoteViewController.decodeRestorableState(with:) accept") == true)
        #expect(verdicts.verdict(["Nav", "Notes"])?.status == .restored)
    }

    @Test("problems come first, then restored objects, each group in trace order")
    func order() throws {
        let verdicts = try VerdictTraces.verdicts("rule-17-stack-truncated")
        #expect(verdicts.all.map { $0.subject.path ?? [] } == [
            ["Flow", "Step2"], ["Flow", "Step3"], ["Flow", "Step4"], ["Flow"], ["Flow", "Step1"],
        ])
        #expect(verdicts.counts.notRestored == 3 && verdicts.counts.restored == 2)
        #expect(verdicts.run.outcome == .restored)
    }

    @Test("a subtree: the object, everything below it, and the objects without a path hanging there")
    func subtree() throws {
        let document = try TraceDocument.load(path: VerdictTraces.directory.appendingPathComponent("rule-06-no-identifier.jsonl").path)
        let table = try RestorationVerdictsTestAccess.table(document)
        let tabs = try RestorationVerdicts(table: table, subtree: ["Tabs"])
        #expect(tabs.all.count == 6)
        let inbox = try RestorationVerdicts(table: table, subtree: ["Tabs", "Inbox"])
        #expect(inbox.all.map(\.subject.shortName) == ["Tabs/Inbox"])
        #expect(throws: RestorationVerdicts.SelectionError.self) { try RestorationVerdicts(table: table, subtree: ["Tabs", "Compose"]) }
    }

    @Test("a path nobody has is an error that names paths ending the same way")
    func noSuchPath() throws {
        let document = try TraceDocument.load(path: VerdictTraces.directory.appendingPathComponent("countries.jsonl").path)
        let table = try RestorationVerdictsTestAccess.table(document)
        do {
            _ = try RestorationVerdicts(table: table, subtree: ["CountryDetail"])
            Issue.record("no error")
        } catch {
            #expect(error.description == "no object of the trace has the path CountryDetail; objects that end the same way: Tabs/CountryNav/CountryDetail")
        }
    }
}

/// Makes the table ``RestorationVerdicts`` reads, from a document.
enum RestorationVerdictsTestAccess {
    static func table(_ document: TraceDocument) throws -> TraceTable {
        try TraceTable(header: try #require(document.header), records: document.records, keptAttributes: RestorationVerdicts.attributesRead)
    }
}
