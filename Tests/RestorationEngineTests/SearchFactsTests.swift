// What the engine tells a reader about each object's relaunch search (the `locate` begin
// record's extension fields) and about where an excluded object hung from its parent's coder:
// the facts `restoretrace explain` builds its sentences from.

import RestorationEngine
import Testing
import TraceFormat

@Suite("Search facts in the trace")
struct SearchFactsTests {
    private func locateBegin(_ records: [TraceRecord], _ path: [String]) throws -> TraceRecord {
        try #require(records.first { $0.kind == .locate && $0.phase == .begin && $0.path == path })
    }

    @Test("a locate begin names the object's kind, its restoration class and where its parent's coder referenced it")
    func locateBeginCarriesTheArchivedFacts() throws {
        let cycle = try Fixtures.cycle(Fixtures.countries())
        let detail = try locateBegin(cycle.restoration, ["Tabs", "CountryNav", "CountryDetail"])
        #expect(detail[attribute: "objectKind"] == .string("viewController"))
        #expect(detail[attribute: "restorationClass"] == .string("CountryViewController"))
        #expect(detail[attribute: "parentKey"] == .string("UINavigationControllerViewControllers"))
        #expect(detail[attribute: "parentIndex"] == .int(1))
        #expect(detail[attribute: "storyboard"] == nil)

        let table = try locateBegin(cycle.restoration, ["Tabs", "CountryNav", "CountryList", "CountryTable"])
        #expect(table[attribute: "objectKind"] == .string("view"))
        #expect(table[attribute: "parentKey"] == .string("UIViewControllerViews"))
        #expect(table[attribute: "restorationClass"] == nil)

        let config = try locateBegin(cycle.restoration, ["Config"])
        #expect(config[attribute: "objectKind"] == .string("registeredObject"))
        #expect(config[attribute: "parentKey"] == nil)

        let root = try locateBegin(cycle.restoration, ["Tabs"])
        #expect(root[attribute: "parentKey"] == nil && root[attribute: "parentIndex"] == nil)
        let secondTab = try locateBegin(cycle.restoration, ["Tabs", "SettingsNav"])
        #expect(secondTab[attribute: "parentKey"] == .string("UITabBarControllerViewControllers"))
        #expect(secondTab[attribute: "parentIndex"] == .int(1))
    }

    @Test("a view controller made from a storyboard has the storyboard and its identifier on its locate begin")
    func storyboardFactsComeFromTheArchive() throws {
        let cycle = try Fixtures.cycle(Fixtures.countries())
        let settings = try locateBegin(cycle.restoration, ["Tabs", "SettingsNav", "Settings"])
        #expect(settings[attribute: "storyboard"] != nil)
        #expect(settings[attribute: "storyboardIdentifier"] == .string("Settings"))
    }

    @Test("a presented view controller is referenced under UIPresentedViewController, with no index")
    func presentedHasAKeyAndNoIndex() throws {
        let login = ScenarioViewController(className: "LoginViewController", restorationIdentifier: "Login")
        let home = ScenarioViewController(className: "HomeViewController", restorationIdentifier: "Home", presented: login)
        let scenario = Scenario(name: "presented", app: ScenarioApp(bundleVersion: "1.0"), windows: [ScenarioWindow(root: home)],
                                relaunch: ScenarioRelaunch(shouldRestore: .sameVersion))
        let cycle = try Fixtures.cycle(scenario)
        let begin = try locateBegin(cycle.restoration, ["Home", "Login"])
        #expect(begin[attribute: "parentKey"] == .string("UIPresentedViewController"))
        #expect(begin[attribute: "parentIndex"] == nil)
    }

    @Test("an excluded tab carries the key and position its tab bar's encode referenced it at")
    func excludedChildCarriesItsPlace() throws {
        let settings = ScenarioViewController(className: "SettingsViewController")
        let home = ScenarioViewController(className: "HomeViewController", restorationIdentifier: "Home")
        let tabs = ScenarioViewController(className: "UITabBarController", kind: .tabBar, restorationIdentifier: "Tabs",
                                          children: [home, settings])
        let scenario = Scenario(name: "tabs", app: ScenarioApp(bundleVersion: "1.0"), windows: [ScenarioWindow(root: tabs)],
                                relaunch: ScenarioRelaunch(shouldRestore: .sameVersion))
        let cycle = try Fixtures.cycle(scenario)
        let exclusion = try #require(cycle.preservation.first { $0.kind == .exclude })
        #expect(exclusion.reason == "noRestorationIdentifier")
        #expect(exclusion[attribute: "parentKey"] == .string("UITabBarControllerViewControllers"))
        #expect(exclusion[attribute: "parentIndex"] == .int(1))
    }
}
