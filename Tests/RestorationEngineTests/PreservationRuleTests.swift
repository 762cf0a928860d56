// Rules 1, 2 and 5–11 of spec/RULES.md, one test each, asserted through the trace.

import Foundation
import RestorationEngine
import Testing
import TraceFormat

/// A plain view controller node.
func node(_ identifier: String?, _ className: String = "PlainViewController", kind: ViewControllerKind = .plain,
          children: [ScenarioViewController] = [], presented: ScenarioViewController? = nil, views: [ScenarioView] = [],
          state: JSONObject = JSONObject(), encodes: [String] = [], restore: ScenarioRestoreBehavior = ScenarioRestoreBehavior(),
          restorationClass: String? = nil, storyboardIdentifier: String? = nil, encodesChildren: Bool = false,
          superclasses: [String] = []) -> ScenarioViewController {
    ScenarioViewController(className: className, superclasses: superclasses, kind: kind, restorationIdentifier: identifier,
                           restorationClass: restorationClass, storyboardIdentifier: storyboardIdentifier, state: state,
                           encodes: encodes, children: children, presented: presented, encodesChildren: encodesChildren,
                           views: views, restore: restore)
}

func scenario(_ root: ScenarioViewController, registered: [ScenarioRegisteredObject] = [], app: ScenarioApp = ScenarioApp(),
              relaunch: ScenarioRelaunch = ScenarioRelaunch()) -> Scenario {
    Scenario(name: "test", app: app, windows: [ScenarioWindow(root: root)], registeredObjects: registered, relaunch: relaunch)
}

@Suite("Preservation rules")
struct PreservationRuleTests {
    @Test("rule 1: nothing is preserved without shouldSave, nothing restored without shouldRestore, and a refused version says why")
    func rule1OptIn() throws {
        let noSave = try Fixtures.cycle(scenario(node("Root"), app: ScenarioApp(shouldSave: false)))
        #expect(noSave.preservation.summaries == ["B preservation", "i shouldSave result=false", "E preservation"])
        #expect(noSave.restoration.exclusions(.notFound).isEmpty)
        #expect(noSave.report.discarded == .archiveMissing)
        #expect(noSave.restoration.begins(.locate).isEmpty)

        let declined = try Fixtures.cycle(scenario(node("Root"), relaunch: ScenarioRelaunch(shouldRestore: .never)))
        #expect(declined.restoration.contains { $0.kind == .shouldRestore && $0.result == "false" })
        #expect(declined.restoration.contains { $0.kind == .discard && $0.reason == DiscardReason.restoreDeclined.rawValue })
        #expect(declined.restoration.begins(.locate).isEmpty)

        let upgraded = try Fixtures.cycle(scenario(node("Root"), app: ScenarioApp(bundleVersion: "1.0"),
                                                   relaunch: ScenarioRelaunch(bundleVersion: "2.0", shouldRestore: .sameVersion)))
        let answer = try #require(upgraded.restoration.first { $0.kind == .shouldRestore })
        #expect(answer.result == "false")
        #expect(answer[attribute: "archivedVersion"] == .string("1.0"))
        #expect(answer[attribute: "currentVersion"] == .string("2.0"))
        #expect(upgraded.restoration.contains { $0.kind == .discard && $0.reason == DiscardReason.versionRefused.rawValue })
        #expect(upgraded.report.decodedPaths.isEmpty)
        #expect(answer[attribute: "archivedIdiom"] == nil, "the idioms appear only when they differ")
    }

    @Test("rule 1: shouldRestore can read the archived idiom and refuse an archive from another kind of device")
    func rule1Idiom() throws {
        let phoneArchive = ScenarioApp(bundleVersion: "1.0", idiom: "phone")
        let onPad = try Fixtures.cycle(scenario(node("Root"), app: phoneArchive,
                                                relaunch: ScenarioRelaunch(idiom: "pad", shouldRestore: .sameVersionAndIdiom)))
        let answer = try #require(onPad.restoration.first { $0.kind == .shouldRestore })
        #expect(answer.result == "false")
        #expect(answer[attribute: "archivedIdiom"] == .string("phone"))
        #expect(answer[attribute: "currentIdiom"] == .string("pad"))
        #expect(onPad.restoration.contains { $0.kind == .discard && $0.reason == DiscardReason.idiomRefused.rawValue })
        #expect(onPad.restoration.begins(.locate).isEmpty)

        // A check of the version alone lets the iPhone archive restore on the iPad; the trace still names both idioms.
        let versionOnly = try Fixtures.cycle(scenario(node("Root"), app: phoneArchive,
                                                      relaunch: ScenarioRelaunch(idiom: "pad", shouldRestore: .sameVersion)))
        let accepted = try #require(versionOnly.restoration.first { $0.kind == .shouldRestore })
        #expect(accepted.result == "true")
        #expect(accepted[attribute: "currentIdiom"] == .string("pad"))
        #expect(versionOnly.report.decodedPaths == [["Root"]])

        // The same idiom passes the idiom check; a version change under "sameVersionAndIdiom" is still versionRefused.
        let samePad = try Fixtures.cycle(scenario(node("Root"), app: ScenarioApp(idiom: "pad"),
                                                  relaunch: ScenarioRelaunch(shouldRestore: .sameIdiom)))
        #expect(samePad.restoration.first { $0.kind == .shouldRestore }?.result == "true")
        let both = try Fixtures.cycle(scenario(node("Root"), app: phoneArchive,
                                               relaunch: ScenarioRelaunch(bundleVersion: "2.0", idiom: "pad",
                                                                          shouldRestore: .sameVersionAndIdiom)))
        #expect(both.report.discarded == .versionRefused)
    }

    @Test("rule 2: shouldSave, then willEncode before any object, then the encodes, then the archive write")
    func rule2PreservationOrder() throws {
        let cycle = try Fixtures.cycle(Fixtures.countries())
        let kinds = cycle.preservation.map(\.kind)
        let shouldSave = try #require(kinds.firstIndex(of: .shouldSave))
        let willEncodeEnd = try #require(cycle.preservation.firstIndex { $0.kind == .willEncode && $0.phase == .end })
        let firstEncode = try #require(kinds.firstIndex(of: .encode))
        let lastEncode = try #require(kinds.lastIndex(of: .encode))
        let write = try #require(kinds.firstIndex(of: .archiveWrite))
        #expect(shouldSave < willEncodeEnd && willEncodeEnd < firstEncode && lastEncode < write)
    }

    @Test("rule 5: every coder carries the bundle version and idiom, storyboard view controllers the storyboard key, and reserved keys are refused")
    func rule5CodersAndReservedKeys() throws {
        final class Probe: ViewController {
            var seen: [String: String] = [:]
            var storyboardInfo: JSONValue?
            var value = ""
            override func encodeRestorableState(with coder: StateCoder) {
                super.encodeRestorableState(with: coder)
                coder.encode(value, forKey: "value")
                coder.encode("sneaky", forKey: StateCoderKey.bundleVersion)
            }
            override func decodeRestorableState(with coder: StateCoder) throws {
                try super.decodeRestorableState(with: coder)
                seen["version"] = coder.decodeString(forKey: StateCoderKey.bundleVersion)
                seen["idiom"] = coder.decodeString(forKey: StateCoderKey.userInterfaceIdiom)
                storyboardInfo = coder.decodeValue(forKey: StateCoderKey.storyboard)
                value = coder.decodeString(forKey: "value") ?? ""
            }
        }
        final class Board: Storyboard {
            var name: String { "Main" }
            func instantiateViewController(withIdentifier identifier: String) -> ViewController? { nil }
        }
        func build(values: (String, String)) -> (Application, Probe, Probe) {
            let first = Probe(restorationIdentifier: "First")
            first.value = values.0
            first.storyboard = Board()
            first.storyboardIdentifier = "FirstScene"
            let second = Probe(restorationIdentifier: "Second")
            second.value = values.1
            let tabs = TabBarController(restorationIdentifier: "Tabs", viewControllers: [first, second])
            return (Application(delegate: OptIn(), windows: [Window(rootViewController: tabs)], bundleVersion: "7.1"), first, second)
        }
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let saving = InMemoryRecorder()
        let (app, _, _) = build(values: ("one", "two"))
        try Preserver(application: app, clock: .deterministic).preserve(to: ArchiveDirectory(url: directory), recorder: saving)
        let errors = saving.records(kind: .error)
        #expect(errors.count == 2)
        #expect(errors.allSatisfy { $0.message?.contains(StateCoderKey.bundleVersion) == true })
        #expect(Set(errors.compactMap(\.path)) == [["Tabs", "First"], ["Tabs", "Second"]])

        let (relaunched, first, second) = build(values: ("", ""))
        _ = try Restorer(application: relaunched).restore(from: ArchiveDirectory(url: directory), recorder: InMemoryRecorder())
        #expect(first.seen == ["version": "7.1", "idiom": "phone"])
        #expect(second.seen == ["version": "7.1", "idiom": "phone"])
        #expect(first.value == "one" && second.value == "two")
        #expect(first.storyboardInfo == .object(JSONObject([JSONMember("name", "Main"), JSONMember("identifier", "FirstScene")])))
        #expect(second.storyboardInfo == nil)
    }

    @Test("rule 6: a nil identifier excludes the object and everything below it, even identified children and views")
    func rule6NilIdentifierExcludesSubtree() throws {
        let table = ScenarioView(className: "UITableView", kind: .table, restorationIdentifier: "Table")
        let password = node(nil, "PasswordViewController", children: [node("Strength")], views: [table])
        let settings = node("Settings", "SettingsNav", kind: .navigation, children: [node("Account"), password])
        let cycle = try Fixtures.cycle(scenario(node("Tabs", "Tabs", kind: .tabBar, children: [settings])))
        let noIdentifier = cycle.preservation.exclusions(.noRestorationIdentifier)
        #expect(noIdentifier.map(\.className) == ["PasswordViewController"])
        #expect(noIdentifier.first?[attribute: "parent"] == .strings(["Tabs", "Settings"]))
        #expect(cycle.preservation.exclusions(.ancestorExcluded).map(\.className) == ["PlainViewController"])
        #expect(cycle.preservation.exclusions(.viewWithoutRestorableOwner).map(\.className) == ["UITableView"])
        #expect(cycle.preservation.begins(.encode).map { $0.path ?? [] } ==
                [["Tabs"], ["Tabs", "Settings"], ["Tabs", "Settings", "Account"]])
    }

    @Test("rule 7: the base encode saves presented and views but not children; built-in containers save children; custom ones only if they encode them")
    func rule7WhoEncodesChildren() throws {
        let plainParent = node("Plain", children: [node("Embedded")], presented: node("Modal"))
        let silent = node("Silent", "SilentContainer", kind: .custom, children: [node("Hidden", children: [node("Deeper")])])
        let loud = node("Loud", "LoudContainer", kind: .custom, children: [node("Shown")], encodesChildren: true)
        let nav = node("Nav", "UINavigationController", kind: .navigation, children: [node("First"), node("Second")])
        let root = node("Split", "UISplitViewController", kind: .split, children: [plainParent, silent, loud, nav])
        let cycle = try Fixtures.cycle(scenario(root))
        let encoded = cycle.preservation.begins(.encode).compactMap { $0.path?.joined(separator: "/") }
        #expect(encoded == ["Split", "Split/Plain", "Split/Plain/Modal", "Split/Silent", "Split/Loud", "Split/Loud/Shown",
                            "Split/Nav", "Split/Nav/First", "Split/Nav/Second"])
        #expect(cycle.preservation.exclusions(.notEncodedByContainer).compactMap(\.path) ==
                [["Split", "Plain", "Embedded"], ["Split", "Silent", "Hidden"]])
        #expect(cycle.preservation.exclusions(.ancestorExcluded).compactMap(\.path) == [["Split", "Silent", "Hidden", "Deeper"]])
        let navEnd = try #require(cycle.preservation.ends(.encode).first { $0.path == ["Split", "Nav"] })
        #expect(navEnd[attribute: "children"] == .array([.strings(["Split", "Nav", "First"]), .strings(["Split", "Nav", "Second"])]))
    }

    @Test("rule 8: encoding a restorable object writes only its path; its own state goes in its own portion")
    func rule8ReferencesOnly() throws {
        let detail = node("Detail", state: JSONObject([JSONMember("capital", "Paris")]))
        let nav = node("Nav", "UINavigationController", kind: .navigation, children: [node("List"), detail])
        let world = ScenarioWorld(scenario: scenario(nav), phase: .beforeTermination)
        let result = try Preserver(application: world.application, clock: .deterministic).makeArchive(recorder: InMemoryRecorder())
        let archive = try #require(result.archive)
        let navPortion = try #require(archive.objects.first { $0.path == RestorationPath(["Nav"]) })
        #expect(navPortion.slots.map(\.key) == [NavigationController.stackKey])
        #expect(navPortion.references(forKey: NavigationController.stackKey) ==
                [RestorationPath(["Nav", "List"]), RestorationPath(["Nav", "Detail"])])
        #expect(navPortion.value(forKey: "capital") == nil)
        let detailPortion = try #require(archive.objects.first { $0.path == RestorationPath(["Nav", "Detail"]) })
        #expect(detailPortion.value(forKey: "capital") == .string("Paris"))
    }

    @Test("rule 9: paths run from the root, presented counts as a child, duplicates keep the first, and an empty identifier is nil")
    func rule9PathsAndDuplicates() throws {
        let root = node("Root", "UITabBarController", kind: .tabBar,
                        children: [node("Same", "FirstClass"), node("Same", "SecondClass", children: [node("Under")]), node("")],
                        presented: node("Sheet"))
        let cycle = try Fixtures.cycle(scenario(root))
        let encoded = cycle.preservation.begins(.encode)
        #expect(encoded.map { $0.path ?? [] } == [["Root"], ["Root", "Sheet"], ["Root", "Same"]])
        #expect(encoded.first { $0.path == ["Root", "Same"] }?.className == "FirstClass")
        let duplicate = cycle.preservation.exclusions(.duplicatePath)
        #expect(duplicate.map(\.className) == ["SecondClass"])
        #expect(duplicate.first?.path == ["Root", "Same"])
        #expect(cycle.preservation.exclusions(.noRestorationIdentifier).count == 1)
        #expect(cycle.preservation.exclusions(.ancestorExcluded).first?.path == ["Root", "Same", "Under"])
    }

    @Test("rule 10: views need an identifier and a preserved owner; offsets and model identifiers come back, deleted ones do not")
    func rule10Views() throws {
        let table = ScenarioView(className: "UITableView", kind: .table, restorationIdentifier: "Table", contentOffset: [0, 120],
                                 dataSourceModelAssociation: true, selectedModelIds: ["Oslo", "Rome"], firstVisibleModelId: "Bern")
        let plainTable = ScenarioView(className: "UITableView", kind: .table, restorationIdentifier: "NoModel",
                                      selectedModelIds: ["Oslo"])
        let scroll = ScenarioView(className: "UIScrollView", kind: .scroll, restorationIdentifier: "Scroll", contentOffset: [3, 4],
                                  subviews: [ScenarioView(className: "UILabel", restorationIdentifier: "Label")])
        let anonymous = ScenarioView(className: "UIImageView")
        let root = node("List", views: [table, plainTable, scroll, anonymous])
        let cycle = try Fixtures.cycle(scenario(root, relaunch: ScenarioRelaunch(deletedModelIds: ["Rome", "Bern"])))
        #expect(cycle.preservation.begins(.encode).compactMap { $0.path?.last } == ["List", "Table", "NoModel", "Scroll", "Label"])
        #expect(cycle.preservation.exclusions(.noRestorationIdentifier).map(\.className) == ["UIImageView"])
        let noModel = try #require(cycle.preservation.ends(.encode).first { $0.path?.last == "NoModel" })
        #expect(noModel.keys == [ScrollView.contentOffsetKey])

        let decodes = cycle.restoration.ends(.decode)
        let tableDecode = try #require(decodes.first { $0.path?.last == "Table" })
        #expect(tableDecode[attribute: "contentOffset"] == .array([.double(0), .double(120)]))
        #expect(tableDecode[attribute: "selectedModelIds"] == .strings(["Oslo"]))
        #expect(tableDecode[attribute: "firstVisibleModelId"] == nil)
        #expect(tableDecode[attribute: "unmatchedModelIds"] == .strings(["Rome", "Bern"]))
        let scrollDecode = try #require(decodes.first { $0.path?.last == "Scroll" })
        #expect(scrollDecode[attribute: "contentOffset"] == .array([.double(3), .double(4)]))
    }

    @Test("rule 10: a view whose owning view controller is not preserved is excluded as viewWithoutRestorableOwner")
    func rule10ViewWithoutOwner() throws {
        let view = ScenarioView(className: "UIScrollView", kind: .scroll, restorationIdentifier: "Scroll")
        let cycle = try Fixtures.cycle(scenario(node("Root", kind: .navigation, children: [node(nil, views: [view])])))
        let excluded = cycle.preservation.exclusions(.viewWithoutRestorableOwner)
        #expect(excluded.map(\.className) == ["UIScrollView"])
        #expect(!cycle.preservation.begins(.encode).contains { $0.path?.last == "Scroll" })
    }

    @Test("rule 11: a registered object is preserved only when something preserved or willEncode references it")
    func rule11RegisteredObjects() throws {
        let registered = ["Config", "Session", "Unused"].map {
            ScenarioRegisteredObject(restorationIdentifier: $0, className: "\($0)Object", state: JSONObject([JSONMember("v", 1)]))
        }
        let root = node("Root", encodes: ["Session"])
        let cycle = try Fixtures.cycle(scenario(root, registered: registered, app: ScenarioApp(encodes: ["Config"])))
        #expect(cycle.preservation.begins(.encode).map { $0.path ?? [] } == [["Root"], ["Session"], ["Config"]])
        let unused = cycle.preservation.exclusions(.notReferenced)
        #expect(unused.map { $0.path ?? [] } == [["Unused"]])
        #expect(unused.first?.className == "UnusedObject")
        #expect(cycle.restoration.ends(.decode).compactMap(\.path) == [["Root"], ["Session"], ["Config"]])
        #expect(cycle.restoration.ends(.locate).filter { $0.path == ["Config"] }.first?.via == "registered")
    }
}

/// An app delegate that opts in to both preservation and restoration.
final class OptIn: ApplicationDelegate {
    func application(_ application: Application, shouldSaveApplicationState coder: StateCoder) -> Bool { true }
    func application(_ application: Application, shouldRestoreApplicationState coder: StateCoder) -> Bool { true }
}
