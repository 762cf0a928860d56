// ScenarioLoaderErrorTests: every kind of bad input is refused with a ScenarioError whose message
// names the file and the JSON path (or the line and column of malformed JSON).

import RestorationEngine
import Testing
import TraceFormat

/// The error `text` gives, or a test failure if it loads.
func loadError(_ text: String, fileName: String = "countries.scenario.json") -> ScenarioError? {
    do {
        _ = try loadScenario(text, fileName: fileName)
        Issue.record("expected the scenario to be refused")
        return nil
    } catch {
        return error
    }
}

/// A scenario whose root view controller is `root` (JSON text).
func scenarioWithRoot(_ root: String) -> String {
    #"{"format": "restoretrace-scenario/1", "windows": [{"root": "# + root + "}]}"
}

@Suite("ScenarioLoader: bad input")
struct ScenarioLoaderErrorTests {
    @Test("a wrong type names the file, the path and both types, in the spec's style")
    func wrongTypeMessage() throws {
        let error = try #require(loadError(scenarioWithRoot(#"""
            {"class": "Tabs", "kind": "tabBar", "children": [{"class": "A"}, {"class": 42}]}
            """#)))
        #expect(error.description == "countries.scenario.json: windows[0].root.children[1].class: expected a string, found number")
        #expect(error.jsonPath == "windows[0].root.children[1].class")
        #expect(error.problem == .wrongType(expected: "a string", found: "number"))
    }

    @Test("messages name the file as the path was given, directories included")
    func namesFileAsGiven() throws {
        let error = try #require(loadError(scenarioWithRoot(#"{"class": true}"#), fileName: "/tmp/x/app.scenario.json"))
        #expect(error.description == "/tmp/x/app.scenario.json: windows[0].root.class: expected a string, found boolean")
        let relative = try #require(loadError("{", fileName: "apps/x.scenario.json"))
        #expect(relative.description.hasPrefix("apps/x.scenario.json:1:2: "))
    }

    @Test("a view controller without a class is refused, naming the missing field")
    func missingClass() throws {
        let error = try #require(loadError(scenarioWithRoot(#"""
            {"class": "Nav", "kind": "navigation", "children": [{"restorationIdentifier": "List"}]}
            """#)))
        #expect(error.jsonPath == "windows[0].root.children[0].class")
        #expect(error.description.hasPrefix("countries.scenario.json: windows[0].root.children[0].class: required field is missing"))
    }

    @Test("missing format, windows, root and registered-object fields are each named")
    func missingRequiredFields() throws {
        let noFormat = try #require(loadError(#"{"windows": [{"root": {"class": "A"}}]}"#))
        #expect(noFormat.jsonPath == "format")
        #expect(noFormat.description.contains("restoretrace-scenario/1"))
        let noWindows = try #require(loadError(#"{"format": "restoretrace-scenario/1"}"#))
        #expect(noWindows.jsonPath == "windows")
        let noRoot = try #require(loadError(#"{"format": "restoretrace-scenario/1", "windows": [{}]}"#))
        #expect(noRoot.jsonPath == "windows[0].root")
        let noIdentifier = try #require(loadError(#"""
            {"format": "restoretrace-scenario/1", "windows": [{"root": {"class": "A"}}],
             "registeredObjects": [{"class": "AppConfig"}]}
            """#))
        #expect(noIdentifier.jsonPath == "registeredObjects[0].restorationIdentifier")
        let noObjectClass = try #require(loadError(#"""
            {"format": "restoretrace-scenario/1", "windows": [{"root": {"class": "A"}}],
             "registeredObjects": [{"restorationIdentifier": "Config"}]}
            """#))
        #expect(noObjectClass.jsonPath == "registeredObjects[0].class")
        let noViewClass = try #require(loadError(scenarioWithRoot(#"{"class": "A", "views": [{"kind": "scroll"}]}"#)))
        #expect(noViewClass.jsonPath == "windows[0].root.views[0].class")
    }

    @Test("an empty windows array is refused")
    func emptyWindows() throws {
        let error = try #require(loadError(#"{"format": "restoretrace-scenario/1", "windows": []}"#))
        #expect(error.jsonPath == "windows")
    }

    @Test("an unknown field is refused naming its path and the field it was probably meant to be")
    func unknownField() throws {
        let error = try #require(loadError(scenarioWithRoot(#"{"class": "A", "restorationIdentifer": "A"}"#)))
        #expect(error.jsonPath == "windows[0].root.restorationIdentifer")
        #expect(error.problem == .unknownField(suggestion: "restorationIdentifier"))
        #expect(error.description.contains(#"did you mean "restorationIdentifier"?"#))
    }

    @Test("unknown fields are refused in every object of the format")
    func unknownFieldEverywhere() throws {
        let cases: [(String, String)] = [
            (#"{"format": "restoretrace-scenario/1", "windows": [{"root": {"class": "A"}}], "extra": 1}"#, "extra"),
            (#"{"format": "restoretrace-scenario/1", "windows": [{"root": {"class": "A"}, "frame": 1}]}"#, "windows[0].frame"),
            (#"{"format": "restoretrace-scenario/1", "windows": [{"root": {"class": "A"}}], "app": {"version": "1"}}"#, "app.version"),
            (#"{"format": "restoretrace-scenario/1", "windows": [{"root": {"class": "A"}}], "relaunch": {"crashes": 1}}"#, "relaunch.crashes"),
            (scenarioWithRoot(#"{"class": "A", "restore": {"decodeThrow": true}}"#), "windows[0].root.restore.decodeThrow"),
            (scenarioWithRoot(#"{"class": "A", "cost": {"micros": 1}}"#), "windows[0].root.cost.micros"),
            (scenarioWithRoot(#"{"class": "A", "views": [{"class": "V", "offset": [0, 0]}]}"#), "windows[0].root.views[0].offset"),
            (scenarioWithRoot(#"{"class": "A", "has space": 1}"#), #"windows[0].root["has space"]"#),
        ]
        for (text, path) in cases {
            let error = try #require(loadError(text))
            #expect(error.jsonPath == path)
            guard case .unknownField = error.problem else {
                Issue.record("expected an unknown-field error at \(path), got \(error)")
                continue
            }
        }
    }

    @Test("the same field twice in one object is refused")
    func duplicateField() throws {
        let error = try #require(loadError(scenarioWithRoot(#"{"class": "A", "class": "B"}"#)))
        #expect(error.jsonPath == "windows[0].root.class")
        #expect(error.problem == .duplicateField)
    }

    @Test("a different format is refused, naming the one this version reads")
    func wrongFormat() throws {
        let error = try #require(loadError(#"{"format": "restoretrace-scenario/2", "windows": [], "newField": 1}"#))
        #expect(error.jsonPath == "format")
        #expect(error.problem == .unsupportedFormat(found: "restoretrace-scenario/2",
                                                    supported: #"restoretrace-scenario/1" or "restoretrace-scenario/1.1"#))
        #expect(error.description.contains(#"this restoretrace reads "restoretrace-scenario/1" or "restoretrace-scenario/1.1""#))
    }

    @Test("enumerated values outside their set are refused, listing the allowed values")
    func badEnumValues() throws {
        let kind = try #require(loadError(scenarioWithRoot(#"{"class": "A", "kind": "tabbar"}"#)))
        #expect(kind.jsonPath == "windows[0].root.kind")
        #expect(kind.description.contains(#"use one of "plain", "navigation", "tabBar", "split", "page", "custom""#))

        let viewKind = try #require(loadError(scenarioWithRoot(#"{"class": "A", "views": [{"class": "V", "kind": "grid"}]}"#)))
        #expect(viewKind.jsonPath == "windows[0].root.views[0].kind")

        let shouldRestore = try #require(loadError(
            #"{"format": "restoretrace-scenario/1", "windows": [{"root": {"class": "A"}}], "relaunch": {"shouldRestore": "yes"}}"#))
        #expect(shouldRestore.jsonPath == "relaunch.shouldRestore")
        #expect(shouldRestore.problem == .invalidValue(found: "yes", expected: #"true, false, "sameVersion", "sameIdiom" or "sameVersionAndIdiom""#))
        let spelledOut = try #require(loadError(
            #"{"format": "restoretrace-scenario/1", "windows": [{"root": {"class": "A"}}], "relaunch": {"shouldRestore": "true"}}"#))
        #expect(spelledOut.problem == .invalidValue(found: "true", expected: #"true, false, "sameVersion", "sameIdiom" or "sameVersionAndIdiom""#))
        let emptyIdiom = try #require(loadError(
            #"{"format": "restoretrace-scenario/1", "app": {"idiom": ""}, "windows": [{"root": {"class": "A"}}]}"#))
        #expect(emptyIdiom.jsonPath == "app.idiom")
        let numberIdiom = try #require(loadError(
            #"{"format": "restoretrace-scenario/1", "windows": [{"root": {"class": "A"}}], "relaunch": {"idiom": 2}}"#))
        #expect(numberIdiom.jsonPath == "relaunch.idiom")

        let archive = try #require(loadError(
            #"{"format": "restoretrace-scenario/1", "windows": [{"root": {"class": "A"}}], "relaunch": {"archive": "broken"}}"#))
        #expect(archive.jsonPath == "relaunch.archive")

        let answer = try #require(loadError(scenarioWithRoot(
            #"{"class": "A", "restorationClass": "A", "restore": {"restorationClassReturns": "none"}}"#)))
        #expect(answer.jsonPath == "windows[0].root.restore.restorationClassReturns")
        #expect(answer.description.contains(#"use "instance", "nil" or {"class""#))

        let answerType = try #require(loadError(scenarioWithRoot(#"{"class": "A", "restore": {"appDelegateReturns": 1}}"#)))
        #expect(answerType.jsonPath == "windows[0].root.restore.appDelegateReturns")

        let answerClass = try #require(loadError(scenarioWithRoot(
            #"{"class": "A", "restore": {"appDelegateReturns": {"superclasses": []}}}"#)))
        #expect(answerClass.jsonPath == "windows[0].root.restore.appDelegateReturns.class")
    }

    @Test("selectedIndex must name one of the tab bar's children, and only on a tab bar")
    func selectedIndexRange() throws {
        let outOfRange = try #require(loadError(scenarioWithRoot(
            #"{"class": "T", "kind": "tabBar", "selectedIndex": 2, "children": [{"class": "A"}, {"class": "B"}]}"#)))
        #expect(outOfRange.jsonPath == "windows[0].root.selectedIndex")
        #expect(outOfRange.description.contains("use 0 to 1"))
        let negative = try #require(loadError(scenarioWithRoot(
            #"{"class": "T", "kind": "tabBar", "selectedIndex": -1, "children": [{"class": "A"}]}"#)))
        #expect(negative.jsonPath == "windows[0].root.selectedIndex")
        let fraction = try #require(loadError(scenarioWithRoot(
            #"{"class": "T", "kind": "tabBar", "selectedIndex": 0.5, "children": [{"class": "A"}]}"#)))
        #expect(fraction.jsonPath == "windows[0].root.selectedIndex")
        let notTabBar = try #require(loadError(scenarioWithRoot(#"{"class": "N", "kind": "navigation", "selectedIndex": 0}"#)))
        #expect(notTabBar.jsonPath == "windows[0].root.selectedIndex")
    }

    @Test("fields that do not apply to the object's kind are refused")
    func kindSpecificFields() throws {
        let encodesChildren = try #require(loadError(scenarioWithRoot(#"{"class": "N", "kind": "navigation", "encodesChildren": true}"#)))
        #expect(encodesChildren.jsonPath == "windows[0].root.encodesChildren")
        let offset = try #require(loadError(scenarioWithRoot(#"{"class": "A", "views": [{"class": "V", "contentOffset": [0, 1]}]}"#)))
        #expect(offset.jsonPath == "windows[0].root.views[0].contentOffset")
        let selection = try #require(loadError(scenarioWithRoot(
            #"{"class": "A", "views": [{"class": "V", "kind": "scroll", "selectedModelIds": ["a"]}]}"#)))
        #expect(selection.jsonPath == "windows[0].root.views[0].selectedModelIds")
        let answerWithoutClass = try #require(loadError(scenarioWithRoot(#"{"class": "A", "restore": {"restorationClassReturns": "nil"}}"#)))
        #expect(answerWithoutClass.jsonPath == "windows[0].root.restore.restorationClassReturns")
    }

    @Test("numbers outside their range and malformed points are refused")
    func badNumbers() throws {
        let point = try #require(loadError(scenarioWithRoot(
            #"{"class": "A", "views": [{"class": "V", "kind": "scroll", "contentOffset": [1, 2, 3]}]}"#)))
        #expect(point.description.hasSuffix("windows[0].root.views[0].contentOffset: expected an [x, y] array of two numbers, found an array of 3 items"))
        let huge = try #require(loadError(scenarioWithRoot(
            #"{"class": "A", "views": [{"class": "V", "kind": "scroll", "contentOffset": [1e400, -1e400]}]}"#)))
        #expect(huge.jsonPath == "windows[0].root.views[0].contentOffset[0]")
        #expect(huge.description.hasSuffix("contentOffset[0]: the number is out of range: a coordinate must be finite, at most ±1.7976931348623157e308"))
        let crashes = try #require(loadError(
            #"{"format": "restoretrace-scenario/1", "windows": [{"root": {"class": "A"}}], "relaunch": {"launchCrashes": -1}}"#))
        #expect(crashes.jsonPath == "relaunch.launchCrashes")
        let cost = try #require(loadError(scenarioWithRoot(#"{"class": "A", "cost": {"encodeMicros": 1e12}}"#)))
        #expect(cost.jsonPath == "windows[0].root.cost.encodeMicros")
        let manyCosts = (0..<7).map { #"{"class": "C\#($0)", "cost": {"encodeMicros": 9000000, "decodeMicros": 1000000}}"# }
        let total = try #require(loadError(scenarioWithRoot(
            #"{"class": "Tabs", "kind": "tabBar", "children": ["# + manyCosts.joined(separator: ",") + "]}")))
        #expect(total.jsonPath?.hasSuffix(".cost") == true)
        #expect(total.description.contains("add up to more than 60 s"))
        let stringInArray = try #require(loadError(scenarioWithRoot(#"{"class": "A", "superclasses": ["B", 3]}"#)))
        #expect(stringInArray.jsonPath == "windows[0].root.superclasses[1]")
    }

    @Test("references and registrations must agree")
    func references() throws {
        let unknownReference = try #require(loadError(#"""
            {"format": "restoretrace-scenario/1", "windows": [{"root": {"class": "A", "encodes": ["Cfg"]}}],
             "registeredObjects": [{"restorationIdentifier": "Config", "class": "AppConfig"}]}
            """#))
        #expect(unknownReference.jsonPath == "windows[0].root.encodes[0]")
        #expect(unknownReference.description.contains(#"registeredObjects has "Config""#))
        let appReference = try #require(loadError(#"""
            {"format": "restoretrace-scenario/1", "app": {"encodes": ["Session"]}, "windows": [{"root": {"class": "A"}}]}
            """#))
        #expect(appReference.jsonPath == "app.encodes[0]")
        let twice = try #require(loadError(#"""
            {"format": "restoretrace-scenario/1", "windows": [{"root": {"class": "A"}}],
             "registeredObjects": [{"restorationIdentifier": "C", "class": "X"}, {"restorationIdentifier": "C", "class": "Y"}]}
            """#))
        #expect(twice.jsonPath == "registeredObjects[1].restorationIdentifier")
    }

    @Test("the top level must be an object")
    func topLevelNotObject() throws {
        let error = try #require(loadError("[1, 2]"))
        #expect(error.jsonPath == "")
        #expect(error.description.hasPrefix("countries.scenario.json: (the top level): expected a scenario object"))
    }
}
