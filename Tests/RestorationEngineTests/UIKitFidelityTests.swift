// Behaviours where the engine once parted from UIKit, found by a UIKit review: each test shows
// the UIKit behaviour through the trace (and the report), and failed before the fix.

import Foundation
import RestorationEngine
import Testing
import TraceFormat

@Suite("UIKit fidelity")
struct UIKitFidelityTests {
    @Test("finishedRestoring runs on view controllers and registered objects, never on views")
    func finishedRestoringSkipsViews() throws {
        let cycle = try Fixtures.cycle(Fixtures.countries())
        let table = ["Tabs", "CountryNav", "CountryList", "CountryTable"]
        #expect(cycle.report.decodedPaths.contains(table))
        let finished = cycle.restoration.begins(.finishedRestoring).compactMap { $0.path?.joined(separator: "/") }
        #expect(finished == ["Tabs", "Tabs/CountryNav", "Tabs/CountryNav/CountryList", "Tabs/CountryNav/CountryDetail",
                             "Tabs/SettingsNav", "Tabs/SettingsNav/Settings", "Config"])
        #expect(!cycle.report.finishedPaths.contains(table))
    }
}

/// Saves and restores everything; at relaunch it recreates any view controller below the root.
private final class RecreatingAppDelegate: ApplicationDelegate {
    func application(_ application: Application, shouldSaveApplicationState coder: StateCoder) -> Bool { true }
    func application(_ application: Application, shouldRestoreApplicationState coder: StateCoder) -> Bool { true }
    func application(_ application: Application, viewControllerWithRestorationIdentifierPath identifierComponents: [String],
                     coder: StateCoder) -> ViewController? {
        identifierComponents.count > 1 ? ViewController(restorationIdentifier: identifierComponents.last) : nil
    }
}

extension UIKitFidelityTests {
    @Test("a stack child that was never archived (a duplicate, no identifier) is left out; the children after it are restored")
    func stackSkipsChildrenNeverArchived() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let stack = ["A", "B", "B", nil, "C"].map { ViewController(restorationIdentifier: $0) }
        let navigation = NavigationController(restorationIdentifier: "Nav", viewControllers: stack)
        let app = Application(delegate: RecreatingAppDelegate(), windows: [Window(rootViewController: navigation)])
        let preservation = InMemoryRecorder()
        try Preserver(application: app).preserve(to: ArchiveDirectory(url: directory), recorder: preservation)
        #expect(preservation.records(kind: .exclude).map(\.reason) == ["duplicatePath", "noRestorationIdentifier"])

        let relaunchedNavigation = NavigationController(restorationIdentifier: "Nav", viewControllers: [ViewController(restorationIdentifier: "A")])
        let relaunched = Application(delegate: RecreatingAppDelegate(), windows: [Window(rootViewController: relaunchedNavigation)])
        let restoration = InMemoryRecorder()
        let report = try Restorer(application: relaunched).restore(from: ArchiveDirectory(url: directory), recorder: restoration)
        #expect(restoration.records(kind: .exclude).isEmpty)
        #expect(report.decodedPaths == [["Nav"], ["Nav", "A"], ["Nav", "B"], ["Nav", "C"]])
        #expect(relaunchedNavigation.viewControllers.map(\.restorationIdentifier) == ["A", "B", "C"])
    }
}

extension UIKitFidelityTests {
    @Test("on a path shared by a child and a presented view controller, relaunch acts out the one the walk kept (the presented)")
    func duplicatePathRelaunchUsesTheKeptNode() throws {
        let sheetRestore = ScenarioRestoreBehavior(createdAtLaunch: false, restorationClassReturns: .instance)
        let nav = node("Nav", kind: .navigation, children: [node("Home"), node("Sheet", "PushedSheetViewController")],
                       presented: node("Sheet", "PresentedSheetViewController", restore: sheetRestore, restorationClass: "SheetRestorer"))
        let cycle = try Fixtures.cycle(scenario(nav))
        let duplicate = try #require(cycle.preservation.exclusions(.duplicatePath).first)
        #expect(duplicate.path == ["Nav", "Sheet"] && duplicate.className == "PushedSheetViewController")
        let locate = try #require(cycle.restoration.ends(.locate).first { $0.path == ["Nav", "Sheet"] })
        #expect(locate.via == "restorationClass" && locate.result == "found" && locate.foundClass == "PresentedSheetViewController")
        #expect(cycle.restoration.filter { $0.kind == .error }.isEmpty)
        #expect(cycle.report.decodedPaths.contains(["Nav", "Sheet"]))
    }
}

extension UIKitFidelityTests {
    @Test("an app key named like one of UIKit's container keys is refused with an error naming it and drops nothing")
    func containerKeysAreReserved() throws {
        let state = JSONObject([JSONMember(ViewController.Key.presentedViewController, 1),
                                JSONMember(NavigationController.stackKey, "mine"), JSONMember("title", "Inbox")])
        let nav = node("Nav", kind: .navigation, children: [node("Home")],
                       presented: node("Sheet", restore: ScenarioRestoreBehavior(appDelegateReturns: .instance)), state: state)
        let cycle = try Fixtures.cycle(scenario(nav))
        #expect(cycle.preservation.filter { $0.kind == .exclude }.isEmpty)
        #expect(cycle.report.decodedPaths == [["Nav"], ["Nav", "Sheet"], ["Nav", "Home"]])
        let errors = cycle.preservation.filter { $0.kind == .error }
        #expect(errors.map(\.path) == [["Nav"], ["Nav"]])
        #expect(errors.map { $0.message?.contains("\"\(ViewController.Key.presentedViewController)\"") == true } == [true, false])
        #expect(errors.map { $0.message?.contains("\"\(NavigationController.stackKey)\"") == true } == [false, true])
        let encode = try #require(cycle.preservation.ends(.encode).first { $0.path == ["Nav"] })
        #expect(encode.keys == [ViewController.Key.presentedViewController, NavigationController.stackKey, "title"])
    }
}

extension UIKitFidelityTests {
    @Test("an identifier both selected and first visible, deleted from the model, is listed once in unmatchedModelIds")
    func unmatchedModelIdsListEachIdentifierOnce() throws {
        let table = ScenarioView(className: "UITableView", kind: .table, restorationIdentifier: "CityTable",
                                 dataSourceModelAssociation: true, selectedModelIds: ["Rome", "Oslo", "Pisa"], firstVisibleModelId: "Rome")
        let cycle = try Fixtures.cycle(scenario(node("Cities", views: [table]),
                                                relaunch: ScenarioRelaunch(deletedModelIds: ["Pisa", "Rome"])))
        let decode = try #require(cycle.restoration.ends(.decode).first { $0.path == ["Cities", "CityTable"] })
        #expect(decode[attribute: "unmatchedModelIds"] == .strings(["Rome", "Pisa"]))
        #expect(decode[attribute: "selectedModelIds"] == .strings(["Oslo"]))
    }
}

extension UIKitFidelityTests {
    @Test("an object excluded without a path keeps its own identifier in the exclude record")
    func pathlessExclusionsKeepTheirIdentifier() throws {
        let banner = ScenarioView(className: "UIView", restorationIdentifier: "Banner")
        let gap = node(nil, "GapViewController", kind: .custom, children: [node("Child"), node(nil, "Anonymous")], views: [banner],
                       encodesChildren: true)
        let cycle = try Fixtures.cycle(scenario(node("Nav", kind: .navigation, children: [node("Home"), gap])))
        let excluded = cycle.preservation.filter { $0.kind == .exclude }
        #expect(excluded.map(\.className) == ["GapViewController", "PlainViewController", "Anonymous", "UIView"])
        #expect(excluded.map { $0[attribute: "identifier"]?.stringValue } == [nil, "Child", nil, "Banner"])
        #expect(excluded.allSatisfy { $0.path == nil && $0[attribute: "parent"] == .strings(["Nav"]) })
        // The gap is a child of Nav; the rest are one level further down, inside it.
        #expect(excluded.map { $0[attribute: "depth"]?.intValue } == [nil, 2, 2, 2])
    }

    @Test("an excluded subtree without paths records each object's depth below the nearest path, parents first")
    func pathlessExclusionsRecordTheirDepth() throws {
        let leaf = node("Leaf")
        let middle = node(nil, "MiddleViewController", kind: .custom, children: [leaf], encodesChildren: true)
        let gap = node(nil, "GapViewController", kind: .custom, children: [middle, node("Sibling")], encodesChildren: true)
        let cycle = try Fixtures.cycle(scenario(node("Nav", kind: .navigation, children: [node("Home"), gap])))
        let excluded = cycle.preservation.filter { $0.kind == .exclude }
        #expect(excluded.map(\.className) == ["GapViewController", "MiddleViewController", "PlainViewController", "PlainViewController"])
        #expect(excluded.map { $0[attribute: "identifier"]?.stringValue } == [nil, nil, "Leaf", "Sibling"])
        #expect(excluded.map { $0[attribute: "depth"]?.intValue } == [nil, 2, 3, 2])
    }

    @Test("below an excluded object that has a path, depth counts again from that path")
    func depthBelowAnExcludedPath() throws {
        // The second "Same" is excluded (duplicate path) but has a path; its unnamed child hangs right below it.
        let duplicate = node("Same", "SecondViewController", kind: .custom,
                             children: [node(nil, "GapViewController", kind: .custom, children: [node("Leaf")], encodesChildren: true)],
                             encodesChildren: true)
        let cycle = try Fixtures.cycle(scenario(node("Nav", kind: .navigation, children: [node("Same"), duplicate])))
        let excluded = cycle.preservation.filter { $0.kind == .exclude }
        #expect(excluded.map(\.className) == ["SecondViewController", "GapViewController", "PlainViewController"])
        #expect(excluded.map(\.path) == [["Nav", "Same"], nil, nil])
        #expect(excluded.map { $0[attribute: "parent"] } == [nil, .strings(["Nav", "Same"]), .strings(["Nav", "Same"])])
        #expect(excluded.map { $0[attribute: "depth"]?.intValue } == [nil, nil, 2])
    }
}
