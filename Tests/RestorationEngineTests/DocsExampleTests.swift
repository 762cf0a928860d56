// The example of docs/engine.md ("Using the engine in an app's own tests"), kept here so that
// it compiles and runs: change both together.

import Foundation
import RestorationEngine   // or `import RestoreTrace`
import Testing
import TraceFormat

final class DraftEditorViewController: ViewController, ViewControllerRestoration {
    var noteID: String?
    var draft = ""
    var cursor = 0

    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: StateCoder) -> ViewController? {
        let editor = DraftEditorViewController(restorationIdentifier: identifierComponents.last)
        editor.restorationClass = RestorationClass(DraftEditorViewController.self)
        return editor
    }

    override func encodeRestorableState(with coder: StateCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(noteID.map(JSONValue.string) ?? .null, forKey: "noteID")
        coder.encode(draft, forKey: "draft")
        coder.encode(cursor, forKey: "cursor")
    }

    override func decodeRestorableState(with coder: StateCoder) throws {
        try super.decodeRestorableState(with: coder)
        noteID = coder.decodeString(forKey: "noteID")
        draft = coder.decodeString(forKey: "draft") ?? ""
        cursor = coder.decodeInteger(forKey: "cursor") ?? 0
    }
}

final class DraftsAppDelegate: ApplicationDelegate {
    func application(_ application: Application, shouldSaveApplicationState coder: StateCoder) -> Bool { true }
    func application(_ application: Application, shouldRestoreApplicationState coder: StateCoder) -> Bool {
        coder.decodeString(forKey: StateCoderKey.bundleVersion) == application.bundleVersion
    }
}

@Test("the editor's draft survives a relaunch")
func draftSurvivesRelaunch() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("drafts-state-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    let directory = ArchiveDirectory(url: url)

    func launch() -> (Application, NavigationController) {
        let navigation = NavigationController(restorationIdentifier: "Nav", viewControllers: [ViewController(restorationIdentifier: "List")])
        let app = Application(delegate: DraftsAppDelegate(), windows: [Window(rootViewController: navigation)], bundleVersion: "3.2")
        app.register(restorationClass: RestorationClass(DraftEditorViewController.self))
        return (app, navigation)
    }

    // First process: the user pushed the editor and typed.
    let (app, navigation) = launch()
    let editor = DraftEditorViewController(restorationIdentifier: "Editor")
    editor.restorationClass = RestorationClass(DraftEditorViewController.self)
    editor.draft = "Buy milk"
    navigation.pushViewController(editor)
    try Preserver(application: app).preserve(to: directory, recorder: NullRecorder())

    // Second process: the editor does not exist at launch; its restoration class makes it.
    let (relaunched, relaunchedNavigation) = launch()
    let recorder = InMemoryRecorder()
    let report = try Restorer(application: relaunched).restore(from: directory, recorder: recorder)
    let restored = try #require(relaunchedNavigation.topViewController as? DraftEditorViewController)
    #expect(restored.draft == "Buy milk")
    #expect(report.decodedPaths.contains(["Nav", "Editor"]))
    #expect(recorder.records(kind: .locate).contains { $0.path == ["Nav", "Editor"] && $0.via == "restorationClass" })
}
