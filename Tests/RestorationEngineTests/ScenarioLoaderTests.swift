// ScenarioLoaderTests: a valid scenario maps to the model field by field, with JSON paths and
// extensions kept, and the defaults of spec/SCENARIO_FORMAT.md applied.

import RestorationEngine
import Testing
import TraceFormat

/// The specification's own example (spec/SCENARIO_FORMAT.md), plus a few `x-` fields.
let specExampleScenario = """
    {
      "format": "restoretrace-scenario/1",
      "name": "countries",
      "x-description": "the seed 001 app",
      "app": { "bundleVersion": "1.0", "shouldSave": true, "state": { "uiVersion": 3 } },
      "windows": [ { "root": {
        "class": "UITabBarController", "kind": "tabBar", "restorationIdentifier": "Tabs", "selectedIndex": 0,
        "children": [
          { "class": "UINavigationController", "kind": "navigation", "restorationIdentifier": "CountryNav",
            "children": [
              { "class": "CountryListViewController", "superclasses": ["UITableViewController"],
                "restorationIdentifier": "CountryList", "encodes": ["Config"],
                "views": [ { "class": "UITableView", "kind": "table", "restorationIdentifier": "CountryTable",
                             "contentOffset": [0, 480], "dataSourceModelAssociation": true,
                             "selectedModelIds": ["Paris"], "firstVisibleModelId": "Oslo" } ] },
              { "class": "CountryViewController", "restorationIdentifier": "CountryDetail",
                "restorationClass": "CountryViewController", "state": { "capital": "Paris" },
                "restore": { "createdAtLaunch": false, "x-note": "pushed" } } ] },
          { "class": "SettingsViewController", "restorationIdentifier": "Settings", "storyboardIdentifier": "Settings",
            "x-owner": "settings team" } ] } } ],
      "registeredObjects": [ { "restorationIdentifier": "Config", "class": "AppConfig", "state": { "theme": "dark" } } ],
      "relaunch": { "bundleVersion": "1.0", "shouldRestore": "sameVersion" }
    }
    """

/// Loads `text` as if it were the file `fileName`.
func loadScenario(_ text: String, fileName: String = "countries.scenario.json") throws(ScenarioError) -> Scenario {
    try ScenarioLoader().load(bytes: Array(text.utf8), fileName: fileName)
}

@Suite("ScenarioLoader: valid scenarios")
struct ScenarioLoaderTests {
    @Test("the specification's example maps to the model field by field")
    func mapsSpecExample() throws {
        let scenario = try loadScenario(specExampleScenario)
        #expect(scenario.format == "restoretrace-scenario/1")
        #expect(scenario.name == "countries")
        #expect(scenario.app.bundleVersion == "1.0")
        #expect(scenario.app.state["uiVersion"] == .int(3))
        #expect(scenario.relaunch.shouldRestore == .sameVersion)
        #expect(scenario.relaunch.bundleVersion == "1.0")

        let tabs = try #require(scenario.windows.first?.root)
        #expect(tabs.kind == .tabBar)
        #expect(tabs.selectedIndex == 0)
        #expect(tabs.children.map(\.restorationIdentifier) == ["CountryNav", "Settings"])

        let navigation = tabs.children[0]
        #expect(navigation.kind == .navigation)
        let list = navigation.children[0]
        #expect(list.superclasses == ["UITableViewController"])
        #expect(list.encodes == ["Config"])
        let table = try #require(list.views.first)
        #expect(table.kind == .table)
        #expect(table.contentOffset == [0, 480])
        #expect(table.dataSourceModelAssociation)
        #expect(table.selectedModelIds == ["Paris"])
        #expect(table.firstVisibleModelId == "Oslo")

        let detail = navigation.children[1]
        #expect(detail.restorationClass == "CountryViewController")
        #expect(detail.state["capital"] == .string("Paris"))
        #expect(detail.restore.createdAtLaunch == false)
        #expect(detail.restore.extensions == [JSONMember("x-note", "pushed")])

        #expect(tabs.children[1].storyboardIdentifier == "Settings")
        #expect(scenario.registeredObjects == [
            ScenarioRegisteredObject(restorationIdentifier: "Config", className: "AppConfig",
                                     state: JSONObject([JSONMember("theme", "dark")]), jsonPath: "registeredObjects[0]"),
        ])
    }

    @Test("every view controller, view and registered object knows its JSON path")
    func setsJSONPaths() throws {
        let scenario = try loadScenario(specExampleScenario)
        let tabs = try #require(scenario.windows.first?.root)
        #expect(tabs.jsonPath == "windows[0].root")
        #expect(tabs.children[0].jsonPath == "windows[0].root.children[0]")
        #expect(tabs.children[0].children[1].jsonPath == "windows[0].root.children[0].children[1]")
        #expect(tabs.children[0].children[0].views[0].jsonPath == "windows[0].root.children[0].children[0].views[0]")
        #expect(scenario.registeredObjects[0].jsonPath == "registeredObjects[0]")
    }

    @Test("x- fields are kept in order as extensions wherever they appear")
    func keepsExtensions() throws {
        let scenario = try loadScenario(specExampleScenario)
        #expect(scenario.extensions == [JSONMember("x-description", "the seed 001 app")])
        #expect(scenario.windows[0].root.children[1].extensions == [JSONMember("x-owner", "settings team")])
    }

    @Test("a minimal scenario gets the format's defaults")
    func appliesDefaults() throws {
        let scenario = try loadScenario(#"""
            {"format": "restoretrace-scenario/1", "windows": [{"root": {"class": "UIViewController"}}]}
            """#, fileName: "Traces/minimal.scenario.json")
        #expect(scenario.name == "minimal")
        #expect(scenario.app == ScenarioApp())
        #expect(scenario.relaunch == ScenarioRelaunch())
        let root = scenario.windows[0].root
        #expect(root.kind == .plain)
        #expect(root.restorationIdentifier == nil)
        #expect(root.restore == ScenarioRestoreBehavior())
        #expect(root.presented == nil)
        #expect(root.cost == nil)
    }

    @Test("null identifiers mean none, and an empty identifier is kept as written for the engine")
    func keepsNullAndEmptyIdentifiers() throws {
        let scenario = try loadScenario(#"""
            {"format": "restoretrace-scenario/1", "windows": [{"root": {"class": "Root", "restorationIdentifier": "Root",
              "kind": "navigation", "children": [
                {"class": "A", "restorationIdentifier": null},
                {"class": "B", "restorationIdentifier": ""}]}}]}
            """#)
        #expect(scenario.windows[0].root.children.map(\.restorationIdentifier) == [nil, ""])
    }

    @Test("sibling view controllers with the same identifier load: the engine reports duplicatePath")
    func acceptsDuplicateSiblings() throws {
        let scenario = try loadScenario(#"""
            {"format": "restoretrace-scenario/1", "windows": [{"root": {"class": "Tabs", "kind": "tabBar",
              "restorationIdentifier": "Tabs", "children": [
                {"class": "A", "restorationIdentifier": "Same"}, {"class": "B", "restorationIdentifier": "Same"}]}}]}
            """#)
        #expect(scenario.windows[0].root.children.count == 2)
    }

    @Test("restorationClassReturns and appDelegateReturns read all three forms")
    func readsAnswers() throws {
        let scenario = try loadScenario(#"""
            {"format": "restoretrace-scenario/1", "windows": [{"root": {"class": "Root", "restorationIdentifier": "R",
              "kind": "navigation", "children": [
                {"class": "A", "restorationIdentifier": "A", "restorationClass": "A", "restore": {"restorationClassReturns": "nil"}},
                {"class": "B", "restorationIdentifier": "B", "restore": {"appDelegateReturns": "instance", "decodeThrows": true}},
                {"class": "C", "restorationIdentifier": "C", "restore": {"appDelegateReturns": {"class": "D", "superclasses": ["C"]},
                  "crashesDuringDecode": true}}]}}],
             "relaunch": {"shouldRestore": false, "forceQuit": true, "launchCrashes": 2, "archive": "truncated",
                          "deletedModelIds": ["Oslo"], "bundleVersion": null}}
            """#)
        let children = scenario.windows[0].root.children
        #expect(children[0].restore.restorationClassReturns == .none)
        #expect(children[1].restore.appDelegateReturns == .instance)
        #expect(children[1].restore.decodeThrows)
        #expect(children[2].restore.appDelegateReturns == .other(className: "D", superclasses: ["C"]))
        #expect(children[2].restore.crashesDuringDecode)
        #expect(scenario.relaunch == ScenarioRelaunch(bundleVersion: nil, shouldRestore: .never, forceQuit: true,
                                                      launchCrashes: 2, archive: .truncated, deletedModelIds: ["Oslo"]))
    }

    @Test("presented view controllers, subviews and costs are read")
    func readsPresentedSubviewsAndCost() throws {
        let scenario = try loadScenario(#"""
            {"format": "restoretrace-scenario/1", "windows": [{"root": {"class": "Root", "restorationIdentifier": "R",
              "cost": {"encodeMicros": 5, "decodeMicros": 1.0},
              "presented": {"class": "Sheet", "restorationIdentifier": "Sheet",
                "views": [{"class": "UIView", "restorationIdentifier": "V",
                  "subviews": [{"class": "UIScrollView", "kind": "scroll", "restorationIdentifier": "S", "contentOffset": [1.5, -2]}]}]}}}]}
            """#)
        let root = scenario.windows[0].root
        #expect(root.cost == ScenarioCost(encodeMicros: 5, decodeMicros: 1))
        let sheet = try #require(root.presented)
        #expect(sheet.jsonPath == "windows[0].root.presented")
        #expect(sheet.views[0].subviews[0].contentOffset == [1.5, -2])
        #expect(sheet.views[0].subviews[0].jsonPath == "windows[0].root.presented.views[0].subviews[0]")
    }
}
