// The app life cycle's scenario fields (docs/scenario-format.md "The app life cycle since iOS 7
// and 13.2"): read when right, refused with the JSON path when wrong, hostile values bounded,
// written back by ScenarioWriter to an equal scenario.

import RestorationEngine
import Testing
import TraceFormat

@Suite("Scenario fields: app life cycle")
struct ScenarioAppLifecycleFieldTests {
    private static let root = #""windows": [{"root": {"class": "A", "restorationIdentifier": "A", "state": {"photo": "x"}}}]"#

    private func document(_ members: String) -> String {
        #"{"format": "restoretrace-scenario/1", "# + members + "}"
    }

    private func errorPath(_ text: String) -> String? {
        loadError(text)?.jsonPath
    }

    @Test("every new field is read, and written back to an equal scenario")
    func readsAndRoundTrips() throws {
        let text = document(#"""
            "app": {"secureCoding": true, "legacyPair": false, "systemVersion": "15.4", "ignoreSnapshot": "inPreservation"},
            "windows": [{"root": {"class": "A", "restorationIdentifier": "A", "state": {"photo": "x", "data": "y"},
              "secureCoding": {"notSecureCoding": {"photo": "UIImage"}, "decodedWithoutAllowedClasses": {"data": "NSMutableData"}}}}],
            "registeredObjects": [{"restorationIdentifier": "R", "class": "Store", "restorationParent": ["A"],
              "objectRestorationClass": "StoreRestorer", "objectRestorationClassReturns": "nil", "registeredAtLaunch": false,
              "state": {"blob": 1}, "secureCoding": {"notSecureCoding": {"blob": "NSData"}}}],
            "relaunch": {"deferredRestoration": ["extend", "complete", "terminate"]},
            "debug": {"developerMode": true}
            """#)
        let scenario = try loadScenario(text)
        #expect(scenario.app.secureCoding && !scenario.app.legacyPair && scenario.app.systemVersion == "15.4")
        #expect(scenario.app.ignoreSnapshot == .inPreservation)
        #expect(scenario.windows[0].root.secureCoding.notSecureCoding == [JSONMember("photo", "UIImage")])
        let registered = scenario.registeredObjects[0]
        #expect(registered.restorationParent == ["A"] && registered.objectRestorationClass == "StoreRestorer")
        #expect(registered.objectRestorationClassReturns == .none && !registered.registeredAtLaunch)
        #expect(scenario.relaunch.deferredRestoration == [.extend, .complete, .terminate])
        #expect(scenario.debug.developerMode)
        var again = try loadScenario(ScenarioWriter.text(scenario))
        again.windows[0].root.jsonPath = scenario.windows[0].root.jsonPath
        #expect(ScenarioWriter.text(again) == ScenarioWriter.text(scenario))
        #expect(again.registeredObjects[0].restorationParent == ["A"] && again.debug == scenario.debug)
        #expect(again.relaunch.deferredRestoration == scenario.relaunch.deferredRestoration)
    }

    @Test("a scenario without the new fields keeps every default")
    func defaults() throws {
        let scenario = try loadScenario(document(Self.root))
        #expect(!scenario.app.secureCoding && scenario.app.legacyPair && scenario.app.systemVersion == nil)
        #expect(scenario.app.effectiveSystemVersion == "12.0")
        #expect(scenario.relaunch.deferredRestoration.isEmpty && !scenario.debug.developerMode)
    }

    @Test("wrong types and values name the JSON path of the field")
    func pathPreciseErrors() {
        #expect(errorPath(document(#""app": {"secureCoding": "yes"}, "# + Self.root)) == "app.secureCoding")
        #expect(errorPath(document(#""app": {"legacyPair": 1}, "# + Self.root)) == "app.legacyPair")
        #expect(errorPath(document(#""app": {"systemVersion": "thirteen"}, "# + Self.root)) == "app.systemVersion")
        #expect(errorPath(document(#""app": {"systemVersion": "13..2"}, "# + Self.root)) == "app.systemVersion")
        #expect(errorPath(document(#""app": {"secureCoding": true, "systemVersion": "12.4"}, "# + Self.root)) == "app.systemVersion")
        #expect(errorPath(document(#""app": {"ignoreSnapshot": "sometimes"}, "# + Self.root)) == "app.ignoreSnapshot")
        #expect(errorPath(document(#""debug": {"developerMode": 1}, "# + Self.root)) == "debug.developerMode")
        #expect(errorPath(document(#""debug": {"logging": true}, "# + Self.root)) == "debug.logging")
        #expect(errorPath(document(#""debug": [], "# + Self.root)) == "debug")
        #expect(errorPath(document(#""relaunch": {"deferredRestoration": "extend"}, "# + Self.root)) == "relaunch.deferredRestoration")
        #expect(errorPath(document(#""relaunch": {"deferredRestoration": ["extend", "finish"]}, "# + Self.root)) == "relaunch.deferredRestoration[1]")
        #expect(errorPath(document(#""relaunch": {"deferredRestoration": ["crash", "complete"]}, "# + Self.root)) == "relaunch.deferredRestoration[1]")
    }

    @Test("secureCoding names keys of the object's state, with a class each")
    func secureCodingErrors() {
        func root(_ secureCoding: String) -> String {
            document(#""windows": [{"root": {"class": "A", "restorationIdentifier": "A", "state": {"photo": "x"}, "secureCoding": "# + secureCoding + "}}]")
        }
        #expect(errorPath(root(#"{"notSecureCoding": {"logo": "UIImage"}}"#)) == "windows[0].root.secureCoding.notSecureCoding.logo")
        #expect(errorPath(root(#"{"notSecureCoding": {"photo": 3}}"#)) == "windows[0].root.secureCoding.notSecureCoding.photo")
        #expect(errorPath(root(#"{"notSecureCoding": {"photo": ""}}"#)) == "windows[0].root.secureCoding.notSecureCoding.photo")
        #expect(errorPath(root(#"{"decodedWithoutAllowedClasses": []}"#)) == "windows[0].root.secureCoding.decodedWithoutAllowedClasses")
        #expect(errorPath(root(#"{"notSecure": {}}"#)) == "windows[0].root.secureCoding.notSecure")
        let message = loadError(root(#"{"notSecureCoding": {"logo": "UIImage"}}"#))?.description ?? ""
        #expect(message.contains("not a key of this object's state"))
    }

    @Test("registered objects' new fields are checked with their path")
    func registeredObjectErrors() {
        func registered(_ fields: String) -> String {
            document(Self.root + #", "registeredObjects": [{"restorationIdentifier": "R", "class": "C", "# + fields + "}]")
        }
        #expect(errorPath(registered(#""restorationParent": "A""#)) == "registeredObjects[0].restorationParent")
        #expect(errorPath(registered(#""restorationParent": []"#)) == "registeredObjects[0].restorationParent")
        #expect(errorPath(registered(#""restorationParent": ["A", ""]"#)) == "registeredObjects[0].restorationParent[1]")
        #expect(errorPath(registered(#""objectRestorationClass": """#)) == "registeredObjects[0].objectRestorationClass")
        #expect(errorPath(registered(#""objectRestorationClassReturns": "other""#)) == "registeredObjects[0].objectRestorationClassReturns")
        #expect(errorPath(registered(#""registeredAtLaunch": "no""#)) == "registeredObjects[0].registeredAtLaunch")
        #expect(errorPath(registered(#""secureCoding": {"notSecureCoding": {"x": "C"}}"#)) == "registeredObjects[0].secureCoding.notSecureCoding.x")
    }

    @Test("hostile values: too many deferred calls and too deep a parent path are refused, not run")
    func hostileValues() {
        let calls = Array(repeating: #""extend""#, count: 10_001).joined(separator: ",")
        #expect(errorPath(document(Self.root + #", "relaunch": {"deferredRestoration": ["# + calls + "]}")) == "relaunch.deferredRestoration")
        let deep = Array(repeating: #""P""#, count: 1_001).joined(separator: ",")
        #expect(errorPath(document(Self.root + #", "registeredObjects": [{"restorationIdentifier": "R", "class": "C", "restorationParent": ["# + deep + "]}]")) == "registeredObjects[0].restorationParent")
    }

    @Test("hostile values within the limits run: 10,000 balanced calls and parents that name each other")
    func hostileValuesRun() throws {
        let calls = (Array(repeating: #""extend""#, count: 5_000) + Array(repeating: #""complete""#, count: 5_000)).joined(separator: ",")
        let balanced = try loadScenario(document(Self.root + #", "relaunch": {"deferredRestoration": ["# + calls + "]}"))
        let cycle = try Fixtures.cycle(balanced)
        #expect(cycle.restoration.filter { $0.kind == .completeRestoration }.last?[attribute: "depth"] == .int(0))
        // Two registered objects naming each other as parent: neither resolves, both are ignored.
        let loop = try loadScenario(document(#""app": {"encodes": ["P", "Q"]}, "# + Self.root
            + #", "registeredObjects": [{"restorationIdentifier": "P", "class": "C", "restorationParent": ["Q"]}, "#
            + #"{"restorationIdentifier": "Q", "class": "C", "restorationParent": ["P"]}]"#))
        let loopCycle = try Fixtures.cycle(loop)
        #expect(Set(loopCycle.preservation.begins(.encode).compactMap(\.path)) == [["A"], ["P"], ["Q"]])
    }
}
