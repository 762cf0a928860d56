// The whole cycle of the countries app (seed 001), record by record.

import Foundation
import RestorationEngine
import Testing
import TraceFormat

@Suite("Countries app cycle")
struct CountriesCycleTests {
    @Test("a whole preserve and restore cycle of the countries app happens in UIKit's order")
    func wholeCycleOrder() throws {
        let cycle = try Fixtures.cycle(Fixtures.countries())
        let objects = ["Tabs", "Tabs/CountryNav", "Tabs/CountryNav/CountryList", "Tabs/CountryNav/CountryList/CountryTable",
                       "Tabs/CountryNav/CountryDetail", "Tabs/SettingsNav", "Tabs/SettingsNav/Settings", "Config"]
        let via = ["existing", "existing", "existing", "existing", "restorationClass", "existing", "existing", "registered"]
        var expected = ["B preservation", "i shouldSave result=true", "B willEncode", "E willEncode"]
        expected += objects.flatMap { ["B encode \($0)", "E encode \($0)"] }
        expected += ["B archiveWrite", "E archiveWrite result=written", "E preservation"]
        expected += ["B restoration", "i launch step=willFinishLaunching", "B archiveRead", "E archiveRead result=read",
                     "i shouldRestore result=true"]
        expected += zip(objects, via).flatMap { ["B locate \($0)", "E locate \($0) via=\($1) result=found"] }
        expected += objects.flatMap { ["B decode \($0)", "E decode \($0) result=decoded"] }
        expected += ["B didDecode", "E didDecode"]
        // UIKit calls applicationFinishedRestoringState on view controllers and registered objects, not views.
        let finishing = objects.filter { $0 != "Tabs/CountryNav/CountryList/CountryTable" }
        expected += finishing.flatMap { ["B finishedRestoring \($0)", "E finishedRestoring \($0)"] }
        expected += ["i launch step=didFinishLaunching", "E restoration"]
        #expect(cycle.all.summaries == expected)
    }

    @Test("the countries cycle carries each object's keys, children and restored view state")
    func wholeCycleAttributes() throws {
        let cycle = try Fixtures.cycle(Fixtures.countries())
        let encodes = cycle.preservation.ends(.encode)
        let countryNav = try #require(encodes.first { $0.path == ["Tabs", "CountryNav"] })
        #expect(countryNav[attribute: "children"] == .array([.strings(["Tabs", "CountryNav", "CountryList"]),
                                                              .strings(["Tabs", "CountryNav", "CountryDetail"])]))
        #expect(countryNav.keys == [NavigationController.stackKey])
        let detail = try #require(encodes.first { $0.path == ["Tabs", "CountryNav", "CountryDetail"] })
        #expect(detail.keys == ["capital"])
        #expect((detail.bytes ?? 0) > 0)
        let willEncode = try #require(cycle.preservation.ends(.willEncode).first)
        #expect(willEncode.keys == ["uiVersion", "Config"])

        let tableDecode = try #require(cycle.restoration.ends(.decode).first { $0.path?.last == "CountryTable" })
        #expect(tableDecode[attribute: "contentOffset"] == .array([.double(0), .double(480)]))
        #expect(tableDecode[attribute: "selectedModelIds"] == .strings(["Paris"]))
        #expect(tableDecode[attribute: "firstVisibleModelId"] == .string("Oslo"))
        #expect(tableDecode[attribute: "unmatchedModelIds"] == .strings([]))

        let shouldRestore = try #require(cycle.restoration.first { $0.kind == .shouldRestore })
        #expect(shouldRestore[attribute: "archivedVersion"] == .string("1.0"))
        #expect(shouldRestore[attribute: "currentVersion"] == .string("1.0"))
        #expect(cycle.report.decodedPaths.count == 8)
        #expect(cycle.report.discarded == nil)
    }

    @Test("two runs with the deterministic clock give identical records and identical archives")
    func deterministic() throws {
        func run() throws -> ([TraceRecord], [UInt8]) {
            let directory = try Fixtures.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let recorder = InMemoryRecorder(clock: .tick)
            try ScenarioSimulation(scenario: Fixtures.countries(), archiveDirectory: directory, clock: .deterministic)
                .preserve(recorder: recorder)
            return (recorder.records, try ArchiveDirectory(url: directory).readArchive() ?? [])
        }
        let (firstRecords, firstArchive) = try run()
        let (secondRecords, secondArchive) = try run()
        #expect(firstRecords == secondRecords)
        #expect(!firstArchive.isEmpty)
        #expect(firstArchive == secondArchive)
    }
}
