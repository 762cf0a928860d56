// Import: the scenario of what the app shows at launch, the screens --open opens, the errors
// that list what could be given instead, and a scenario the loader and the engine accept.

import Foundation
import RestorationEngine
import Storyboard
import Testing
import TraceFormat

@Suite("Scenario import")
struct ScenarioImporterTests {
    static func set(_ scenes: [String], initial: String?) throws -> StoryboardSet {
        StoryboardSet([try Fixtures.read(Fixtures.storyboard(initial: initial, scenes.joined(separator: "\n")))])
    }

    static let app = [
        Scenes.controller("tabs", "tabBarController", restorationID: "Tabs", customClass: "MainTabs",
                          segues: [Scenes.relationship("nav", "viewControllers"), Scenes.relationship("settings", "viewControllers")]),
        Scenes.controller("nav", "navigationController", restorationID: "Nav", segues: [Scenes.relationship("list", "rootViewController")]),
        Scenes.controller("list", "tableViewController", restorationID: "List", customClass: "ListViewController",
                          segues: [Scenes.segue("detail", "show", identifier: "showDetail"), Scenes.segue("editor", "presentation")],
                          inside: #"<tableView key="view" restorationIdentifier="Table" id="table"/>"#),
        Scenes.controller("detail", restorationID: "Detail", storyboardID: "DetailID", segues: [Scenes.segue("detail", "show")]),
        Scenes.controller("editor", "navigationController", restorationID: "EditorNav", storyboardID: "EditorNavID",
                          segues: [Scenes.relationship("edit", "rootViewController")]),
        Scenes.controller("edit", restorationID: "Edit"),
        Scenes.controller("settings", restorationID: "Settings", segues: [Scenes.segue("about", "show")],
                          inside: Scenes.containers(["child"])),
        Scenes.controller("child", restorationID: "Child"),
        Scenes.controller("about", restorationID: "About", storyboardID: "AboutID"),
    ]

    @Test("the launch hierarchy: classes, kinds, identifiers, createdAtLaunch and a source on every object")
    func launchHierarchy() throws {
        let scenario = try ScenarioImporter().scenario(from: try Self.set(Self.app, initial: "tabs"))
        let root = scenario.windows[0].root
        #expect(root.className == "MainTabs" && root.superclasses == ["UITabBarController", "UIViewController"])
        #expect(root.kind == .tabBar && root.selectedIndex == 0 && root.restorationIdentifier == "Tabs")
        #expect(root.children.map(\.restorationIdentifier) == ["Nav", "Settings"])
        let list = root.children[0].children[0]
        #expect(list.className == "ListViewController" && list.views.map(\.restorationIdentifier) == ["Table"])
        #expect(list.views[0].kind == .table && list.views[0].source?.objectID == "table")
        // A plain view controller with container views is a custom container; its embedded child exists at launch.
        let settings = root.children[1]
        #expect(settings.kind == .custom && !settings.encodesChildren && settings.children.map(\.restorationIdentifier) == ["Child"])
        #expect(settings.children[0].restore.createdAtLaunch == true)
        var pending = [root]
        var count = 0
        while let next = pending.popLast() {
            count += 1
            #expect(next.source?.file == "Main.storyboard" && next.source?.line != nil && next.source?.objectID != nil)
            #expect(next.restore.createdAtLaunch == true)
            pending += next.children
        }
        #expect(count == 5)
        #expect(scenario.name == "Main")
    }

    @Test("--open pushes onto the navigation stack, presents, opens again, and selects a tab")
    func opening() throws {
        let set = try Self.set(Self.app, initial: "tabs")
        let pushed = try ScenarioImporter(options: .init(open: ["DetailID", "DetailID"])).scenario(from: set)
        let stack = pushed.windows[0].root.children[0].children
        #expect(stack.map(\.restorationIdentifier) == ["List", "Detail", "Detail"])
        #expect(stack[1].restore.createdAtLaunch == false && stack[1].storyboardIdentifier == "DetailID")

        let presented = try ScenarioImporter(options: .init(open: ["EditorNavID"])).scenario(from: set)
        let editor = try #require(presented.windows[0].root.children[0].children[0].presented)
        #expect(editor.kind == .navigation && editor.children.map(\.restorationIdentifier) == ["Edit"])
        #expect(editor.restore.createdAtLaunch == false && editor.children[0].restore.createdAtLaunch == false)

        let tab = try ScenarioImporter(options: .init(open: ["Settings", "AboutID"])).scenario(from: set)
        #expect(tab.windows[0].root.selectedIndex == 1)
        // No navigation controller around Settings: the show segue presents.
        #expect(tab.windows[0].root.children[1].presented?.restorationIdentifier == "About")
        #expect(tab.extensions.first?.key == "x-import")
    }

    @Test("errors name what could be given instead: no initial view controller, an unknown root, a step nothing leads to")
    func errors() throws {
        let noInitial = try Self.set(Self.app, initial: nil)
        #expect(throws: ImportError.noInitialViewController(files: ["Main.storyboard"], candidates: ["AboutID", "DetailID", "EditorNavID"])) {
            try ScenarioImporter().scenario(from: noInitial)
        }
        #expect(throws: ImportError.rootNotFound(name: "Nope", candidates: ["AboutID", "DetailID", "EditorNavID"])) {
            try ScenarioImporter(options: .init(root: "Nope")).scenario(from: noInitial)
        }
        let rooted = try ScenarioImporter(options: .init(root: "DetailID")).scenario(from: noInitial)
        #expect(rooted.windows[0].root.restorationIdentifier == "Detail")
        do {
            _ = try ScenarioImporter(options: .init(open: ["Nowhere"])).scenario(from: try Self.set(Self.app, initial: "tabs"))
            Issue.record("an --open step no segue leads to was accepted")
        } catch {
            #expect("\(error)".contains("--open Nowhere: no segue leads to Nowhere from List"))
            #expect("\(error)".contains("DetailID") && "\(error)".contains("EditorNavID") && "\(error)".contains("tab Settings"))
        }
        do {
            _ = try ScenarioImporter(options: .init(open: ["EditorNavID", "EditorNavID"])).scenario(from: try Self.set(Self.app, initial: "tabs"))
            Issue.record("a second presentation from the same scene was accepted")
        } catch {
            #expect("\(error)".contains("no segue leads to EditorNavID from Edit") || "\(error)".contains("already presents"))
        }
    }

    @Test("the written scenario loads back equal, and simulates: pushed and presented scenes are found through their storyboard IDs")
    func writesLoadsAndSimulates() throws {
        let scenario = try ScenarioImporter(options: .init(open: ["DetailID"])).scenario(from: try Self.set(Self.app, initial: "tabs"))
        let text = ScenarioWriter.text(scenario)
        var loaded = try ScenarioLoader().load(bytes: Array(text.utf8), fileName: "Main.scenario.json")
        #expect(ScenarioWriter.text(loaded) == text)
        loaded.windows[0].root.source = nil
        #expect(loaded.windows[0].root.source == nil)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let simulation = ScenarioSimulation(scenario: scenario, archiveDirectory: directory, clock: .deterministic)
        let recorder = InMemoryRecorder(clock: .tick)
        try simulation.preserve(recorder: recorder)
        try simulation.prepareRelaunch()
        _ = try simulation.restore(recorder: recorder, crash: .throwSimulatedCrash)
        let located = recorder.records.filter { $0.kind == .locate && $0.phase == .end }
        #expect(located.first { $0.path == ["Tabs", "Nav", "Detail"] }?.via == "storyboard")
        #expect(located.first { $0.path == ["Tabs", "Nav", "List"] }?.via == "existing")
        // The embedded child: its container does not encode it (rule 7).
        #expect(recorder.records.contains { $0.kind == .exclude && $0.path == ["Tabs", "Settings", "Child"] && $0.reason == "notEncodedByContainer" })
        // Every encode carries the object's source.
        #expect(recorder.records.filter { $0.kind == .encode && $0.phase == .begin }.allSatisfy { $0.source?.file == "Main.storyboard" })
    }
}
