// Shared fixtures: the countries app of seed 001 as a scenario, a temporary archive
// directory, and a one-call cycle (preserve → relaunch → restore) recorded in memory.

import Foundation
import RestorationEngine
import TraceFormat

enum Fixtures {
    /// The countries app (seed 001): a tab bar, two navigation controllers, the country table
    /// with model association, a detail view controller with a restoration class, and settings.
    static func countries(relaunch: ScenarioRelaunch = ScenarioRelaunch(shouldRestore: .sameVersion)) -> Scenario {
        let table = ScenarioView(
            className: "UITableView", kind: .table, restorationIdentifier: "CountryTable", contentOffset: [0, 480],
            dataSourceModelAssociation: true, selectedModelIds: ["Paris"], firstVisibleModelId: "Oslo")
        let list = ScenarioViewController(
            className: "CountryListViewController", superclasses: ["UITableViewController", "UIViewController"],
            restorationIdentifier: "CountryList", views: [table])
        let detail = ScenarioViewController(
            className: "CountryViewController", superclasses: ["UIViewController"], restorationIdentifier: "CountryDetail",
            restorationClass: "CountryViewController", state: JSONObject([JSONMember("capital", "Paris")]),
            restore: ScenarioRestoreBehavior(createdAtLaunch: false))
        let countryNav = ScenarioViewController(
            className: "UINavigationController", kind: .navigation, restorationIdentifier: "CountryNav", children: [list, detail])
        let settings = ScenarioViewController(
            className: "SettingsViewController", restorationIdentifier: "Settings", storyboardIdentifier: "Settings")
        let settingsNav = ScenarioViewController(
            className: "UINavigationController", kind: .navigation, restorationIdentifier: "SettingsNav", children: [settings])
        let tabs = ScenarioViewController(
            className: "UITabBarController", kind: .tabBar, restorationIdentifier: "Tabs", children: [countryNav, settingsNav],
            selectedIndex: 0)
        return Scenario(
            name: "countries",
            app: ScenarioApp(bundleVersion: "1.0", state: JSONObject([JSONMember("uiVersion", 3)]), encodes: ["Config"]),
            windows: [ScenarioWindow(root: tabs)],
            registeredObjects: [ScenarioRegisteredObject(restorationIdentifier: "Config", className: "AppConfig",
                                                         state: JSONObject([JSONMember("theme", "dark")]))],
            relaunch: relaunch)
    }

    /// A fresh, empty directory; removed by the caller's `defer`.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("restoretrace-engine-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Result of one whole simulated cycle.
    struct Cycle {
        var preservation: [TraceRecord]
        var restoration: [TraceRecord]
        var report: RestorationReport
        var all: [TraceRecord] { preservation + restoration }
    }

    /// preserve → prepareRelaunch → restore, each process recorded separately, deterministic clock.
    static func cycle(_ scenario: Scenario, crash: CrashBehavior = .throwSimulatedCrash) throws -> Cycle {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let simulation = ScenarioSimulation(scenario: scenario, archiveDirectory: directory, clock: .deterministic)
        let first = InMemoryRecorder(clock: .tick)
        try simulation.preserve(recorder: first)
        try simulation.prepareRelaunch()
        let second = InMemoryRecorder(clock: .tick)
        let report = try simulation.restore(recorder: second, crash: crash)
        return Cycle(preservation: first.records, restoration: second.records, report: report)
    }
}

extension TraceRecord {
    /// A compact one-line form for ordering assertions: `B encode Tabs/CountryNav`.
    var summary: String {
        var parts = [phase.rawValue, kind.rawValue]
        if let path { parts.append(path.joined(separator: "/")) }
        for key in ["step", "reason", "via", "result"] {
            if let value = self[attribute: key] {
                switch value {
                case .string(let s): parts.append("\(key)=\(s)")
                case .bool(let b): parts.append("\(key)=\(b)")
                default: break
                }
            }
        }
        return parts.joined(separator: " ")
    }
}

extension Array where Element == TraceRecord {
    func exclusions(_ reason: ExclusionReason) -> [TraceRecord] { filter { $0.kind == .exclude && $0.reason == reason.rawValue } }
    func ends(_ kind: RecordKind) -> [TraceRecord] { filter { $0.kind == kind && $0.phase == .end } }
    func begins(_ kind: RecordKind) -> [TraceRecord] { filter { $0.kind == kind && $0.phase == .begin } }
    var summaries: [String] { map(\.summary) }
}
