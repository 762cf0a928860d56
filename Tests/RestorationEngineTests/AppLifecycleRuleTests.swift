// Rules 40–51 and 54 of spec/SCENE_RULES.md (the app life cycle since iOS 7 and 13.2), one
// test or more each, asserted through the trace: the secure pair, secure-coding violations,
// deferred restoration as a counter, registered objects' parents and restoration classes,
// developer mode, UIKit's log lines (rule 55).

import Foundation
import RestorationEngine
import Testing
import TraceFormat

@Suite("App life cycle rules (40–55)")
struct AppLifecycleRuleTests {
    /// A scenario from JSON text (the format's own fields, so the loader is exercised too).
    private func scenario(_ text: String) throws -> Scenario {
        try ScenarioLoader().load(bytes: Array(text.utf8), fileName: "test.scenario.json")
    }

    private static let plainRoot = #""windows": [{"root": {"class": "HomeViewController", "restorationIdentifier": "Home", "state": {"tab": 2}}}]"#

    // MARK: F. Secure coding

    @Test("rule 40: with the secure pair only the secure methods are asked, secure: true, and no deprecation warning")
    func rule40SecurePairSupersedes() throws {
        let cycle = try Fixtures.cycle(scenario(#"{"format": "restoretrace-scenario/1", "app": {"secureCoding": true}, "# + Self.plainRoot + "}"))
        let shouldSave = try #require(cycle.preservation.first { $0.kind == .shouldSave })
        let shouldRestore = try #require(cycle.restoration.first { $0.kind == .shouldRestore })
        #expect(shouldSave[attribute: "secure"] == .bool(true) && shouldRestore[attribute: "secure"] == .bool(true))
        #expect(!cycle.all.contains { $0.kind == .warning })
        #expect(cycle.report.decodedPaths == [["Home"]])
    }

    @Test("rule 40: the old pair alone still works on iOS 14, secure: false, with UIKit's deprecation warning before each call")
    func rule40LegacyPairWarns() throws {
        let cycle = try Fixtures.cycle(scenario(#"{"format": "restoretrace-scenario/1", "app": {"systemVersion": "14.0"}, "# + Self.plainRoot + "}"))
        let kinds = cycle.all.filter { [.warning, .shouldSave, .shouldRestore].contains($0.kind) }.map(\.kind)
        #expect(kinds == [.warning, .shouldSave, .warning, .shouldRestore])
        #expect(cycle.all.first { $0.kind == .warning }?.message?.contains("application:shouldSaveApplicationState: is deprecated") == true)
        #expect(cycle.preservation.first { $0.kind == .shouldSave }?[attribute: "secure"] == .bool(false))
        #expect(cycle.report.decodedPaths == [["Home"]])
    }

    @Test("rule 40: before iOS 13.2 the records say nothing of pairs, as before")
    func rule40OldSystemUnchanged() throws {
        let cycle = try Fixtures.cycle(scenario(#"{"format": "restoretrace-scenario/1", "# + Self.plainRoot + "}"))
        #expect(cycle.preservation.first { $0.kind == .shouldSave }?[attribute: "secure"] == nil)
        #expect(!cycle.all.contains { $0.kind == .warning })
    }

    @Test("rule 40: a delegate implementing neither pair opts out of preservation")
    func rule40NeitherPair() throws {
        let cycle = try Fixtures.cycle(scenario(#"{"format": "restoretrace-scenario/1", "app": {"legacyPair": false, "systemVersion": "15.0"}, "# + Self.plainRoot + "}"))
        #expect(cycle.preservation.first { $0.kind == .shouldSave }?.result == "false")
        #expect(!cycle.preservation.contains { $0.kind == .encode })
    }

    @Test("rule 41: a value decoded without allowed classes ends the decode with secureCodingViolation; later keys are lost, finishedRestoring still runs")
    func rule41DecodeViolation() throws {
        let cycle = try Fixtures.cycle(scenario(#"""
            {"format": "restoretrace-scenario/1", "app": {"secureCoding": true},
             "windows": [{"root": {"class": "EditorViewController", "restorationIdentifier": "Editor",
               "state": {"buffer": "SGVsbG8=", "cursor": 5},
               "secureCoding": {"decodedWithoutAllowedClasses": {"buffer": "NSMutableData"}}}}]}
            """#))
        let decode = try #require(cycle.restoration.ends(.decode).first)
        #expect(decode.result == "secureCodingViolation")
        #expect(decode[attribute: "violation"] == .object(JSONObject([JSONMember("key", "buffer"), JSONMember("class", "NSMutableData")])))
        let error = try #require(cycle.restoration.first { $0.kind == .error })
        #expect(error.message?.hasPrefix("Exception occurred restoring state value for key 'buffer' was of unexpected class 'NSMutableData'") == true)
        #expect(cycle.report.finishedPaths == [["Editor"]])
    }

    @Test("rule 41: under the old pair the same decode is no violation")
    func rule41OldPairDecodes() throws {
        let cycle = try Fixtures.cycle(scenario(#"""
            {"format": "restoretrace-scenario/1",
             "windows": [{"root": {"class": "EditorViewController", "restorationIdentifier": "Editor", "state": {"buffer": "SGVsbG8="},
               "secureCoding": {"decodedWithoutAllowedClasses": {"buffer": "NSMutableData"}}}}]}
            """#))
        #expect(cycle.restoration.ends(.decode).map(\.result) == ["decoded"])
    }

    @Test("rule 42: encoding a non-NSSecureCoding value drops the object's own values, keeps its references and still writes the archive")
    func rule42EncodeViolation() throws {
        let cycle = try Fixtures.cycle(scenario(#"""
            {"format": "restoretrace-scenario/1", "app": {"secureCoding": true},
             "windows": [{"root": {"class": "UINavigationController", "kind": "navigation", "restorationIdentifier": "Nav",
               "state": {"theme": "dark", "logo": "iVBO"}, "secureCoding": {"notSecureCoding": {"logo": "UIImage"}},
               "children": [{"class": "GalleryViewController", "restorationIdentifier": "Gallery", "state": {"album": "Summer"}}]}}]}
            """#))
        let nav = try #require(cycle.preservation.ends(.encode).first { $0.path == ["Nav"] })
        #expect(nav.result == "secureCodingViolation")
        #expect(nav.keys == ["UINavigationControllerViewControllers"])
        #expect(cycle.preservation.contains { $0.kind == .error && $0.path == ["Nav"] && $0.message?.contains("UIImage") == true })
        #expect(cycle.preservation.contains { $0.kind == .archiveWrite && $0.result == "written" })
        #expect(cycle.report.decodedPaths == [["Nav"], ["Nav", "Gallery"]])
        #expect(cycle.restoration.ends(.decode).first { $0.path == ["Nav", "Gallery"] }?.keys == ["album"])
    }

    @Test("rule 43: under the secure pair the application coder holds the system version and timestamp keys")
    func rule43CoderKeys() throws {
        let cycle = try Fixtures.cycle(scenario(#"{"format": "restoretrace-scenario/1", "app": {"secureCoding": true}, "# + Self.plainRoot + "}"))
        let keys = try #require(cycle.preservation.first { $0.kind == .shouldSave }?[attribute: "coderKeys"]?.stringArrayValue)
        #expect(keys.contains(StateCoderKey.systemVersion) && keys.contains(StateCoderKey.timestamp))
        #expect(keys.contains(StateCoderKey.bundleVersion) && keys.contains(StateCoderKey.userInterfaceIdiom))
    }

    // MARK: G. Deferred restoration

    private func deferred(_ calls: String, developerMode: Bool = false) throws -> Scenario {
        try scenario(#"{"format": "restoretrace-scenario/1", "# + Self.plainRoot
            + #", "relaunch": {"deferredRestoration": "# + calls + "}"
            + (developerMode ? #", "debug": {"developerMode": true}"# : "") + "}")
    }

    /// preserve → restore (crashing as the scenario says) → restore again, each recorded.
    /// The report is nil when the next launch crashes again (developer mode restores the same state).
    private func crashAndRelaunch(_ scenario: Scenario) throws -> (crashed: [TraceRecord], next: [TraceRecord], report: RestorationReport?) {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let simulation = ScenarioSimulation(scenario: scenario, archiveDirectory: directory, clock: .deterministic)
        try simulation.preserve(recorder: InMemoryRecorder(clock: .tick))
        try simulation.prepareRelaunch()
        let crashed = InMemoryRecorder(clock: .tick)
        #expect(throws: SimulatedCrash.self) { _ = try simulation.restore(recorder: crashed, crash: .throwSimulatedCrash) }
        let next = InMemoryRecorder(clock: .tick)
        let report = try? simulation.restore(recorder: next, crash: .throwSimulatedCrash)
        return (crashed.records, next.records, report)
    }

    @Test("rule 44: extend in didDecode, a crash before the matching complete: the next launch discards restorationIncomplete")
    func rule44CrashDiscards() throws {
        let run = try crashAndRelaunch(deferred(#"["extend", "extend", "complete", "crash"]"#))
        let depths = run.crashed.filter { $0.kind == .extendRestoration || $0.kind == .completeRestoration }
            .map { "\($0.kind.rawValue) \($0[attribute: "depth"]?.intValue ?? -1)" }
        #expect(depths == ["extendRestoration 1", "extendRestoration 2", "completeRestoration 1"])
        // The extends are made inside didDecode, the complete after didFinishLaunching.
        let didDecodeEnd = try #require(run.crashed.firstIndex { $0.kind == .didDecode && $0.phase == .end })
        let didFinish = try #require(run.crashed.firstIndex { $0.step == "didFinishLaunching" })
        #expect(run.crashed.lastIndex { $0.kind == .extendRestoration }! < didDecodeEnd)
        #expect(run.crashed.firstIndex { $0.kind == .completeRestoration }! > didFinish)
        #expect(!run.crashed.contains { $0.kind == .restoration && $0.phase == .end })
        #expect(run.next.filter { $0.kind == .discard }.map(\.reason) == [DiscardReason.restorationIncomplete.rawValue])
        #expect(run.report?.discarded == .restorationIncomplete && run.report?.launchedFresh == true)
    }

    @Test("rule 44: a crash after the counter is back at zero keeps the archive")
    func rule44CrashAfterCompletionKeeps() throws {
        let run = try crashAndRelaunch(deferred(#"["extend", "complete", "crash"]"#))
        #expect(!run.next.contains { $0.kind == .discard })
        // The same state is restored again (and the scenario's work crashes again, after it).
        #expect(run.next.ends(.decode).map(\.path) == [["Home"]])
    }

    @Test("rule 45: an unmatched complete is ignored with an error record; the counter stays at zero")
    func rule45UnmatchedComplete() throws {
        let cycle = try Fixtures.cycle(deferred(#"["extend", "complete", "complete"]"#))
        #expect(cycle.restoration.filter { $0.kind == .completeRestoration }.map { $0[attribute: "depth"] } == [.int(0)])
        #expect(cycle.restoration.contains { $0.kind == .error && $0.message?.contains("without a matching extendStateRestoration") == true })
    }

    @Test("rule 45: a clean termination with the counter above zero keeps the archive for the next launch")
    func rule45CleanTerminationKeeps() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let simulation = ScenarioSimulation(scenario: try deferred(#"["extend", "terminate"]"#), archiveDirectory: directory, clock: .deterministic)
        try simulation.preserve(recorder: InMemoryRecorder(clock: .tick))
        try simulation.prepareRelaunch()
        let first = InMemoryRecorder(clock: .tick)
        _ = try simulation.restore(recorder: first, crash: .throwSimulatedCrash)
        #expect(first.records.contains { $0.kind == .launch && $0.step == "willTerminate" })
        let next = InMemoryRecorder(clock: .tick)
        let report = try simulation.restore(recorder: next, crash: .throwSimulatedCrash)
        #expect(report.discarded == nil && report.decodedPaths == [["Home"]])
    }

    @Test("rule 45: after the counter reached zero a further extend is ignored")
    func rule45ExtendAfterCompletionIgnored() throws {
        let cycle = try Fixtures.cycle(deferred(#"["extend", "complete", "extend"]"#))
        let last = try #require(cycle.restoration.last { $0.kind == .extendRestoration })
        #expect(last[attribute: "ignored"] == .bool(true) && last[attribute: "depth"] == .int(0))
    }

    @Test("rule 46: the restoration-in-progress marker of a crashed restoration still discards restorationFailed (not restorationIncomplete)")
    func rule46CrashInsideRestoration() throws {
        let crashing = try scenario(#"""
            {"format": "restoretrace-scenario/1", "windows": [{"root": {"class": "A", "restorationIdentifier": "A",
              "restore": {"crashesDuringDecode": true}}}], "relaunch": {"deferredRestoration": ["extend"]}}
            """#)
        let run = try crashAndRelaunch(crashing)
        #expect(run.next.filter { $0.kind == .discard }.map(\.reason) == [DiscardReason.restorationFailed.rawValue])
    }

    @Test("rule 47: ignoreSnapshot is honoured from willEncode and not from applicationDidEnterBackground")
    func rule47IgnoreSnapshot() throws {
        let inside = try Fixtures.cycle(scenario(#"{"format": "restoretrace-scenario/1", "app": {"ignoreSnapshot": "inPreservation"}, "# + Self.plainRoot + "}"))
        let outside = try Fixtures.cycle(scenario(#"{"format": "restoretrace-scenario/1", "app": {"ignoreSnapshot": "outsidePreservation"}, "# + Self.plainRoot + "}"))
        #expect(inside.preservation.filter { $0.kind == .ignoreSnapshot }.map { $0[attribute: "honoured"] } == [.bool(true)])
        #expect(outside.preservation.filter { $0.kind == .ignoreSnapshot }.map { $0[attribute: "honoured"] } == [.bool(false)])
    }

    // MARK: H. Registered objects

    private static let parentsScenario = #"""
        {"format": "restoretrace-scenario/1", "app": {"encodes": ["Search", "Cursor", "Ghost", "Outbox", "Stale", "Lost"]},
         "windows": [{"root": {"class": "UITabBarController", "kind": "tabBar", "restorationIdentifier": "Tabs", "children": [
           {"class": "InboxViewController", "restorationIdentifier": "Inbox", "encodes": ["Draft"]},
           {"class": "ArchiveViewController", "restorationIdentifier": "Archive", "restore": {"createdAtLaunch": false}}]}}],
         "registeredObjects": [
           {"restorationIdentifier": "Draft", "class": "DraftStore", "restorationParent": ["Tabs", "Inbox"],
            "objectRestorationClass": "DraftRestorer", "registeredAtLaunch": false, "state": {"subject": "Lunch?"}},
           {"restorationIdentifier": "Cursor", "class": "TextCursor", "restorationParent": ["Tabs", "Inbox", "Draft"], "state": {"offset": 6}},
           {"restorationIdentifier": "Search", "class": "SearchSession"},
           {"restorationIdentifier": "Ghost", "class": "GhostObject", "restorationParent": ["Tabs", "Settings"]},
           {"restorationIdentifier": "Outbox", "class": "OutboxQueue", "restorationParent": ["Tabs", "Archive"]},
           {"restorationIdentifier": "Stale", "class": "StaleCache", "objectRestorationClass": "StaleRestorer",
            "objectRestorationClassReturns": "nil", "registeredAtLaunch": false},
           {"restorationIdentifier": "Lost", "class": "LostObject", "registeredAtLaunch": false}]}
        """#

    @Test("rule 49: a registered object's path is its parent's path plus its identifier; an unknown parent is ignored")
    func rule49Paths() throws {
        let cycle = try Fixtures.cycle(scenario(Self.parentsScenario))
        let paths = Set(cycle.preservation.begins(.encode).compactMap(\.path))
        #expect(paths.contains(["Tabs", "Inbox", "Draft"]))
        #expect(paths.contains(["Tabs", "Inbox", "Draft", "Cursor"]))
        #expect(paths.contains(["Search"]) && paths.contains(["Ghost"]))
        #expect(paths.contains(["Tabs", "Archive", "Outbox"]))
    }

    @Test("rule 50: located through objectRestorationClass with the whole path, or among the registered; nil and none are reported")
    func rule50Location() throws {
        let cycle = try Fixtures.cycle(scenario(Self.parentsScenario))
        func via(_ path: [String]) -> String? { cycle.restoration.ends(.locate).first { $0.path == path }?.via }
        #expect(via(["Tabs", "Inbox", "Draft"]) == "objectRestorationClass")
        #expect(via(["Tabs", "Inbox", "Draft", "Cursor"]) == "registered")
        #expect(via(["Search"]) == "registered")
        #expect(via(["Stale"]) == "objectRestorationClass")
        #expect(via(["Lost"]) == "none")
        #expect(cycle.restoration.exclusions(.restorationClassReturnedNil).map(\.path) == [["Stale"]])
        #expect(cycle.restoration.exclusions(.notFound).compactMap(\.path).contains(["Lost"]))
    }

    @Test("rule 51: a registered object whose parent was not restored cannot be located; located ones decode and finish")
    func rule51ParentNotRestored() throws {
        let cycle = try Fixtures.cycle(scenario(Self.parentsScenario))
        #expect(cycle.restoration.exclusions(.ancestorExcluded).map(\.path) == [["Tabs", "Archive", "Outbox"]])
        #expect(!cycle.restoration.contains { $0.kind == .locate && $0.path == ["Tabs", "Archive", "Outbox"] })
        #expect(cycle.report.finishedPaths.contains(["Tabs", "Inbox", "Draft", "Cursor"]))
        // The child is located after its parent, although the app delegate encoded it first.
        let draft = try #require(cycle.restoration.firstIndex { $0.kind == .locate && $0.path == ["Tabs", "Inbox", "Draft"] })
        let cursor = try #require(cycle.restoration.firstIndex { $0.kind == .locate && $0.path == ["Tabs", "Inbox", "Draft", "Cursor"] })
        #expect(draft < cursor)
    }

    @Test("rules 48, 49: through the Swift API, restorationParent is read at registration; same identifier under two parents gives two paths")
    func rule49SwiftAPI() throws {
        final class Note: RestorableObject {
            let parent: (any RestorableObject)?
            init(parent: (any RestorableObject)?) { self.parent = parent }
            var restorationParent: (any RestorableObject)? { parent }
            func encodeRestorableState(with coder: StateCoder) {}
            func decodeRestorableState(with coder: StateCoder) throws {}
        }
        let root = ViewController(restorationIdentifier: "Root")
        let left = ViewController(restorationIdentifier: "Left")
        let right = ViewController(restorationIdentifier: "Right")
        root.addChild(left)
        root.addChild(right)
        let application = Application(windows: [Window(rootViewController: root)])
        let first = Note(parent: left)
        let second = Note(parent: right)
        application.registerObject(forStateRestoration: first, restorationIdentifier: "Note")
        application.registerObject(forStateRestoration: second, restorationIdentifier: "Note")
        #expect(application.registeredObjects.count == 2)
        #expect(application.registrationPath(of: first)?.components == ["Root", "Left", "Note"])
        #expect(application.registrationPath(of: second)?.components == ["Root", "Right", "Note"])
    }

    // MARK: I. Developer mode

    @Test("rule 54: developer mode turns the force-quit deletion into discardSuppressed and restores")
    func rule54ForceQuit() throws {
        let normal = try Fixtures.cycle(scenario(#"{"format": "restoretrace-scenario/1", "# + Self.plainRoot + #", "relaunch": {"forceQuit": true}}"#))
        let developer = try Fixtures.cycle(scenario(#"{"format": "restoretrace-scenario/1", "# + Self.plainRoot
            + #", "relaunch": {"forceQuit": true}, "debug": {"developerMode": true}}"#))
        #expect(normal.report.discarded == .forceQuit)
        #expect(developer.report.discarded == nil && developer.report.decodedPaths == [["Home"]])
        let suppressed = try #require(developer.restoration.first { $0.kind == .discardSuppressed })
        #expect(suppressed.reason == "forceQuit")
        #expect(!developer.restoration.contains { $0.kind == .discard })
    }

    @Test("rule 54: developer mode keeps the archive after two launch crashes and after an incomplete deferred restoration")
    func rule54CrashDeletions() throws {
        let crashes = try Fixtures.cycle(scenario(#"{"format": "restoretrace-scenario/1", "# + Self.plainRoot
            + #", "relaunch": {"launchCrashes": 2}, "debug": {"developerMode": true}}"#))
        #expect(crashes.restoration.first { $0.kind == .discardSuppressed }?.reason == "launchCrashes")
        #expect(crashes.report.decodedPaths == [["Home"]])
        let run = try crashAndRelaunch(deferred(#"["extend", "crash"]"#, developerMode: true))
        #expect(run.next.first { $0.kind == .discardSuppressed }?.reason == "restorationIncomplete")
        #expect(!run.next.contains { $0.kind == .discard })
    }

    // MARK: I. Debugging

    @Test("rule 55: a restoration marker that cannot be created is UIKit's warning, with the system's reason; restoration goes on")
    func rule55MarkerFileWarning() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let simulation = ScenarioSimulation(
            scenario: try scenario(#"{"format": "restoretrace-scenario/1", "# + Self.plainRoot + "}"),
            archiveDirectory: directory, clock: .deterministic)
        try simulation.preserve(recorder: InMemoryRecorder(clock: .tick))
        try simulation.prepareRelaunch()
        // A directory where the marker's temporary file goes: creating it fails, for root too.
        let blocker = directory.appendingPathComponent(".\(ArchiveDirectory.restorationMarkerFileName).\(getpid()).tmp")
        try FileManager.default.createDirectory(at: blocker.appendingPathComponent("inside"), withIntermediateDirectories: true)
        let recorder = InMemoryRecorder(clock: .tick)
        let report = try simulation.restore(recorder: recorder, crash: .throwSimulatedCrash)
        let warning = try #require(recorder.records.first { $0.kind == .warning })
        #expect(warning.message == "Warning: Unable to create restoration in progress marker file")
        #expect(warning[attribute: "detail"]?.stringValue?.contains(ArchiveDirectory.restorationMarkerFileName) == true)
        #expect(report.decodedPaths == [["Home"]])
        #expect(!recorder.records.contains { $0.kind == .error })
    }
}
