// Rules 3, 4 and 12–18 of spec/RULES.md, one test each, asserted through the trace.

import Foundation
import RestorationEngine
import Testing
import TraceFormat

@Suite("Restoration rules")
struct RestorationRuleTests {
    @Test("rule 3: willFinishLaunching, shouldRestore, every locate, the decodes, didDecode, finishedRestoring, didFinishLaunching")
    func rule3RelaunchOrder() throws {
        let records = try Fixtures.cycle(Fixtures.countries()).restoration
        func first(_ predicate: (TraceRecord) -> Bool) throws -> Int {
            let index = records.firstIndex(where: predicate)
            return try #require(index)
        }
        func last(_ predicate: (TraceRecord) -> Bool) throws -> Int {
            let index = records.lastIndex(where: predicate)
            return try #require(index)
        }
        let willFinish = try first { $0.step == "willFinishLaunching" }
        let shouldRestore = try first { $0.kind == .shouldRestore }
        let firstLocate = try first { $0.kind == .locate }
        let lastLocate = try last { $0.kind == .locate }
        let firstDecode = try first { $0.kind == .decode }
        let lastDecode = try last { $0.kind == .decode }
        let didDecodeBegin = try first { $0.kind == .didDecode && $0.phase == .begin }
        let didDecodeEnd = try first { $0.kind == .didDecode && $0.phase == .end }
        let firstFinished = try first { $0.kind == .finishedRestoring }
        let lastFinished = try last { $0.kind == .finishedRestoring }
        let didFinish = try first { $0.step == "didFinishLaunching" }
        #expect(willFinish < shouldRestore && shouldRestore < firstLocate && lastLocate < firstDecode)
        #expect(lastDecode < didDecodeBegin && didDecodeEnd < firstFinished && lastFinished < didFinish)
    }

    @Test("rule 4: force-quit, two launch crashes and a crashed restoration delete the archive, each with its discard reason")
    func rule4SafetyDeletions() throws {
        let forceQuit = try Fixtures.cycle(scenario(node("Root"), relaunch: ScenarioRelaunch(forceQuit: true)))
        #expect(forceQuit.restoration.filter { $0.kind == .discard }.map(\.reason) == [DiscardReason.forceQuit.rawValue])
        #expect(forceQuit.restoration.contains { $0.kind == .archiveRead && $0.result == "missing" })
        #expect(forceQuit.report.decodedPaths.isEmpty)

        let twoCrashes = try Fixtures.cycle(scenario(node("Root"), relaunch: ScenarioRelaunch(launchCrashes: 2)))
        #expect(twoCrashes.restoration.filter { $0.kind == .discard }.map(\.reason) == [DiscardReason.launchCrashes.rawValue])
        #expect(twoCrashes.report.decodedPaths.isEmpty)

        let oneCrash = try Fixtures.cycle(scenario(node("Root"), relaunch: ScenarioRelaunch(launchCrashes: 1)))
        #expect(oneCrash.report.discarded == nil)
        #expect(oneCrash.report.decodedPaths == [["Root"]])

        // A restoration that crashed inside a decode: the trace ends inside the decode span, and
        // the next launch deletes the archive (restorationFailed).
        let crashing = scenario(node("Root", kind: .navigation, children: [
            node("Boom", restore: ScenarioRestoreBehavior(createdAtLaunch: true, crashesDuringDecode: true)),
        ]))
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let simulation = ScenarioSimulation(scenario: crashing, archiveDirectory: directory, clock: .deterministic)
        try simulation.preserve(recorder: InMemoryRecorder())
        try simulation.prepareRelaunch()
        let crashed = InMemoryRecorder()
        #expect(throws: SimulatedCrash(path: ["Root", "Boom"])) {
            _ = try simulation.restore(recorder: crashed, crash: .throwSimulatedCrash)
        }
        let lastRecord = try #require(crashed.records.last)
        #expect(lastRecord.kind == .decode && lastRecord.phase == .begin && lastRecord.path == ["Root", "Boom"])
        let next = InMemoryRecorder()
        let report = try simulation.restore(recorder: next, crash: .throwSimulatedCrash)
        #expect(report.discarded == .restorationFailed)
        #expect(next.records(kind: .discard).map(\.reason) == [DiscardReason.restorationFailed.rawValue])
        #expect(!ArchiveDirectory(url: directory).archiveExists)
        #expect(next.records(kind: .decode).isEmpty)
    }

    @Test("rule 12: the search goes restoration class, app delegate, existing, storyboard, then not found")
    func rule12SearchOrder() throws {
        let pushed = ScenarioRestoreBehavior(createdAtLaunch: false)
        let nav = node("Nav", "UINavigationController", kind: .navigation, children: [
            node("Existing"),
            node("ByClass", restore: pushed, restorationClass: "ByClassRestoration"),
            node("ByDelegate", restore: ScenarioRestoreBehavior(createdAtLaunch: true, appDelegateReturns: .instance)),
            node("ByStoryboard", restore: pushed, storyboardIdentifier: "Scene"),
            node("Nowhere", restore: pushed),
        ])
        let cycle = try Fixtures.cycle(scenario(nav))
        let vias = cycle.restoration.ends(.locate).map { ($0.path?.last ?? "", $0.via ?? "", $0.result ?? "") }
        #expect(vias.map(\.0) == ["Nav", "Existing", "ByClass", "ByDelegate", "ByStoryboard", "Nowhere"])
        #expect(vias.map(\.1) == ["existing", "existing", "restorationClass", "appDelegate", "storyboard", "none"])
        #expect(vias.map(\.2) == ["found", "found", "found", "found", "found", "nil"])
        #expect(cycle.restoration.exclusions(.notFound).map { $0.path ?? [] } == [["Nav", "Nowhere"]])
    }

    @Test("rule 13: with a restoration class only it is asked; nil excludes the object and everything below it")
    func rule13RestorationClassNil() throws {
        let refused = node("Detail", restore: ScenarioRestoreBehavior(createdAtLaunch: true, restorationClassReturns: .none,
                                                                      appDelegateReturns: .instance),
                           restorationClass: "DetailRestoration", storyboardIdentifier: "Detail")
        let withChild = node("Detail", "DetailContainer", kind: .custom, children: [node("Inner")], restore: refused.restore,
                             restorationClass: "DetailRestoration", encodesChildren: true)
        for root in [refused, withChild] {
            let cycle = try Fixtures.cycle(scenario(node("Root", kind: .tabBar, children: [root])))
            let locate = try #require(cycle.restoration.ends(.locate).first { $0.path == ["Root", "Detail"] })
            #expect(locate.via == "restorationClass" && locate.result == "nil")
            #expect(cycle.restoration.exclusions(.restorationClassReturnedNil).map { $0.path ?? [] } == [["Root", "Detail"]])
            #expect(!cycle.restoration.contains { $0.kind == .decode && $0.path == ["Root", "Detail"] })
            if root.children.isEmpty == false {
                #expect(cycle.restoration.exclusions(.ancestorExcluded).map { $0.path ?? [] } == [["Root", "Detail", "Inner"]])
                #expect(!cycle.restoration.contains { $0.kind == .locate && $0.path == ["Root", "Detail", "Inner"] })
            }
        }
    }

    @Test("rule 14: when the app delegate returns nil the implicit search goes on to existing objects and the storyboard")
    func rule14AppDelegateNil() throws {
        final class CountingDelegate: ApplicationDelegate {
            var asked: [[String]] = []
            func application(_ application: Application, shouldSaveApplicationState coder: StateCoder) -> Bool { true }
            func application(_ application: Application, shouldRestoreApplicationState coder: StateCoder) -> Bool { true }
            func application(_ application: Application, viewControllerWithRestorationIdentifierPath identifierComponents: [String],
                             coder: StateCoder) -> ViewController? {
                asked.append(identifierComponents)
                return nil
            }
        }
        let delegate = CountingDelegate()
        func app() -> Application {
            Application(delegate: delegate, windows: [Window(rootViewController: NavigationController(
                restorationIdentifier: "Nav", viewControllers: [ViewController(restorationIdentifier: "Home")]))])
        }
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Preserver(application: app()).preserve(to: ArchiveDirectory(url: directory), recorder: InMemoryRecorder())
        let recorder = InMemoryRecorder()
        let report = try Restorer(application: app()).restore(from: ArchiveDirectory(url: directory), recorder: recorder)
        #expect(delegate.asked == [["Nav"], ["Nav", "Home"]])
        #expect(recorder.records(kind: .locate).filter { $0.phase == .end }.map(\.via) == ["existing", "existing"])
        #expect(report.decodedPaths == [["Nav"], ["Nav", "Home"]])
    }

    @Test("rule 15: parents are located before children, and the restoration class receives the whole path")
    func rule15ParentsFirstWholePath() throws {
        final class Detail: ViewController, ViewControllerRestoration {
            nonisolated(unsafe) static var received: [[String]] = []
            static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: StateCoder) -> ViewController? {
                received.append(identifierComponents)
                return Detail(restorationIdentifier: identifierComponents.last)
            }
        }
        func app(withDetail: Bool) -> Application {
            let detail = Detail(restorationIdentifier: "Detail")
            detail.restorationClass = RestorationClass(Detail.self)
            let nav = NavigationController(restorationIdentifier: "Nav",
                                           viewControllers: [ViewController(restorationIdentifier: "List")] + (withDetail ? [detail] : []))
            let application = Application(delegate: OptIn(), windows: [Window(rootViewController: TabBarController(
                restorationIdentifier: "Tabs", viewControllers: [nav]))])
            application.register(restorationClass: RestorationClass(Detail.self))
            return application
        }
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Preserver(application: app(withDetail: true)).preserve(to: ArchiveDirectory(url: directory), recorder: InMemoryRecorder())
        let relaunched = app(withDetail: false)
        let recorder = InMemoryRecorder()
        _ = try Restorer(application: relaunched).restore(from: ArchiveDirectory(url: directory), recorder: recorder)
        #expect(Detail.received == [["Tabs", "Nav", "Detail"]])
        let order = recorder.records(kind: .locate).filter { $0.phase == .begin }.compactMap(\.path)
        #expect(order == [["Tabs"], ["Tabs", "Nav"], ["Tabs", "Nav", "List"], ["Tabs", "Nav", "Detail"]])
        let nav = try #require((relaunched.windows.first?.rootViewController?.children.first) as? NavigationController)
        #expect(nav.viewControllers.map(\.restorationIdentifier) == ["List", "Detail"])
    }

    @Test("rule 16: an object of another class is used but not decoded; a subclass is decoded")
    func rule16ClassMismatch() throws {
        let other = ScenarioRestoreBehavior(createdAtLaunch: false, restorationClassReturns: .other(className: "Impostor", superclasses: ["UIViewController"]))
        let subclass = ScenarioRestoreBehavior(createdAtLaunch: false,
                                               restorationClassReturns: .other(className: "DetailV2", superclasses: ["Detail"]))
        let nav = node("Nav", kind: .navigation, children: [
            node("Home"),
            node("Wrong", "Detail", restore: other, restorationClass: "R"),
            node("Right", "Detail", restore: subclass, restorationClass: "R"),
        ])
        let cycle = try Fixtures.cycle(scenario(nav))
        let wrong = try #require(cycle.restoration.ends(.locate).first { $0.path == ["Nav", "Wrong"] })
        #expect(wrong.result == LocateResult.classMismatch.rawValue && wrong.foundClass == "Impostor")
        let right = try #require(cycle.restoration.ends(.locate).first { $0.path == ["Nav", "Right"] })
        #expect(right.result == "found" && right.foundClass == "DetailV2")
        let decoded = cycle.restoration.begins(.decode).compactMap { $0.path?.last }
        #expect(decoded == ["Nav", "Home", "Right"])
    }

    @Test("rule 17: a navigation stack is cut at the first child that cannot be found")
    func rule17StackTruncated() throws {
        let pushed = ScenarioRestoreBehavior(createdAtLaunch: false, appDelegateReturns: .instance)
        let nav = node("Nav", kind: .navigation, children: [
            node("Home"),
            node("Lost", restore: ScenarioRestoreBehavior(createdAtLaunch: false)),
            node("After", kind: .custom, children: [node("Inside")], restore: pushed, encodesChildren: true),
            node("Last", restore: pushed),
        ])
        let cycle = try Fixtures.cycle(scenario(nav))
        #expect(cycle.restoration.exclusions(.notFound).compactMap { $0.path?.last } == ["Lost"])
        #expect(cycle.restoration.exclusions(.stackTruncated).compactMap { $0.path?.last } == ["After", "Last"])
        #expect(cycle.restoration.exclusions(.ancestorExcluded).compactMap { $0.path?.last } == ["Inside"])
        #expect(cycle.restoration.begins(.locate).compactMap { $0.path?.last } == ["Nav", "Home", "Lost"])
        // Rule 55: UIKit's log line, once for the stack, before its first child dropped.
        let warnings = cycle.restoration.filter { $0.kind == .warning }
        #expect(warnings.map(\.message) == ["Can't find Child View Controller at index 1 with identifier Lost, truncating child array"])
        #expect(warnings.first?.path == ["Nav"])
        let order = cycle.restoration.filter { $0.kind == .warning || $0.kind == .exclude }.map(\.kind)
        #expect(order.prefix(3) == [.exclude, .warning, .exclude])
    }

    @Test("rule 18: finishedRestoring runs after all decoding, only on objects found and decoded")
    func rule18FinishedRestoring() throws {
        let nav = node("Nav", kind: .navigation, children: [
            node("Home"),
            node("Mismatch", restore: ScenarioRestoreBehavior(createdAtLaunch: false, appDelegateReturns: .other(className: "X", superclasses: []))),
            node("Broken", restore: ScenarioRestoreBehavior(createdAtLaunch: false, appDelegateReturns: .instance, decodeThrows: true)),
            node("Missing", restore: ScenarioRestoreBehavior(createdAtLaunch: false)),
        ], presented: node("Sheet", restore: ScenarioRestoreBehavior(createdAtLaunch: false, appDelegateReturns: .instance)))
        let cycle = try Fixtures.cycle(scenario(nav))
        let finished = cycle.restoration.begins(.finishedRestoring).compactMap { $0.path?.last }
        #expect(finished == ["Nav", "Sheet", "Home"])
        let lastDecode = try #require(cycle.restoration.lastIndex { $0.kind == .decode })
        let firstFinished = try #require(cycle.restoration.firstIndex { $0.kind == .finishedRestoring })
        #expect(lastDecode < firstFinished)
        let error = try #require(cycle.restoration.first { $0.kind == .error })
        #expect(error.path == ["Nav", "Broken"])
        #expect(error.message?.contains("decodeThrows") == true)
        #expect(cycle.restoration.ends(.decode).first { $0.path == ["Nav", "Broken"] }?.result == "failed")
        #expect(cycle.report.finishedPaths == [["Nav"], ["Nav", "Sheet"], ["Nav", "Home"]])
    }
}
