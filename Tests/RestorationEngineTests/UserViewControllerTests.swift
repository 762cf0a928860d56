// An app's own view controllers, written in Swift against the library as a UIKit developer
// would, round-tripping their state through the archive on disk. docs/engine.md copies this.

import Foundation
import RestorationEngine
import Testing
import TraceFormat

/// The app's data model: notes by identifier (survives relaunch on its own, as app data should).
final class NotesStore: ModelAssociation {
    var noteIDs: [String]
    init(noteIDs: [String]) { self.noteIDs = noteIDs }

    func modelIdentifierForElement(at indexPath: IndexPath, in view: View) -> String? {
        noteIDs.indices.contains(indexPath[1]) ? noteIDs[indexPath[1]] : nil
    }
    func indexPathForElement(withModelIdentifier identifier: String, in view: View) -> IndexPath? {
        noteIDs.firstIndex(of: identifier).map { IndexPath(indexes: [0, $0]) }
    }
}

/// A user's list screen: a table whose data source adopts model association.
final class NotesListViewController: ViewController {
    let table = TableView(restorationIdentifier: "NotesTable")
    init(store: NotesStore) {
        super.init(restorationIdentifier: "NotesList")
        table.dataSource = store
        views = [table]
    }
}

/// A user's editor screen with its own state and a restoration class.
final class NoteEditorViewController: ViewController, ViewControllerRestoration {
    var noteID: String?
    var draft = ""
    var cursor = 0
    var finishedRestoring = false

    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: StateCoder) -> ViewController? {
        let editor = NoteEditorViewController(restorationIdentifier: identifierComponents.last)
        editor.restorationClass = RestorationClass(NoteEditorViewController.self)
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

    override func applicationFinishedRestoringState() { finishedRestoring = true }
}

/// The app delegate: opts in, and refuses archives written by another version.
final class NotesAppDelegate: ApplicationDelegate {
    var decodedTheme: String?
    func application(_ application: Application, shouldSaveApplicationState coder: StateCoder) -> Bool { true }
    func application(_ application: Application, shouldRestoreApplicationState coder: StateCoder) -> Bool {
        coder.decodeString(forKey: StateCoderKey.bundleVersion) == application.bundleVersion
    }
    func application(_ application: Application, willEncodeRestorableStateWith coder: StateCoder) {
        coder.encode("dark", forKey: "theme")
    }
    func application(_ application: Application, didDecodeRestorableStateWith coder: StateCoder) {
        decodedTheme = coder.decodeString(forKey: "theme")
    }
}

@Suite("An app's own view controllers")
struct UserViewControllerTests {
    /// The app as it exists at launch: a navigation controller with the list (the editor is pushed later).
    static func launch(delegate: NotesAppDelegate, store: NotesStore) -> (Application, NavigationController) {
        let navigation = NavigationController(restorationIdentifier: "Nav", viewControllers: [NotesListViewController(store: store)])
        let application = Application(delegate: delegate, windows: [Window(rootViewController: navigation)], bundleVersion: "3.2")
        application.register(restorationClass: RestorationClass(NoteEditorViewController.self))
        return (application, navigation)
    }

    @Test("a user's own view controller subclass round-trips its state through the archive on disk")
    func userSubclassRoundTrip() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let archive = ArchiveDirectory(url: directory)

        // First process: the user opened note n2, typed, and selected it in the list.
        let store = NotesStore(noteIDs: ["n1", "n2", "n3"])
        let (app, navigation) = Self.launch(delegate: NotesAppDelegate(), store: store)
        let list = try #require(navigation.viewControllers.first as? NotesListViewController)
        list.table.selectedIndexPaths = [IndexPath(indexes: [0, 1])]
        list.table.contentOffset = Point(x: 0, y: 88)
        let editor = NoteEditorViewController(restorationIdentifier: "Editor")
        editor.restorationClass = RestorationClass(NoteEditorViewController.self)
        editor.noteID = "n2"
        editor.draft = "Buy milk"
        editor.cursor = 8
        navigation.pushViewController(editor)
        let saving = InMemoryRecorder()
        try Preserver(application: app).preserve(to: archive, recorder: saving)
        #expect(saving.records(kind: .encode).filter { $0.phase == .end }.map(\.keys) ==
                [[NavigationController.stackKey], [ViewController.Key.views], ["UIScrollViewContentOffset", "UIListViewSelectedModelIdentifiers"],
                 ["noteID", "draft", "cursor"]])

        // Second process: note n1 was deleted meanwhile; the editor does not exist at launch.
        let relaunchedDelegate = NotesAppDelegate()
        let relaunchedStore = NotesStore(noteIDs: ["n2", "n3"])  // the table holds its data source weakly, as UIKit does
        let (relaunched, relaunchedNavigation) = Self.launch(delegate: relaunchedDelegate, store: relaunchedStore)
        let restoring = InMemoryRecorder()
        let report = try Restorer(application: relaunched).restore(from: archive, recorder: restoring)

        let restoredEditor = try #require(relaunchedNavigation.topViewController as? NoteEditorViewController)
        #expect(restoredEditor.noteID == "n2")
        #expect(restoredEditor.draft == "Buy milk")
        #expect(restoredEditor.cursor == 8)
        #expect(restoredEditor.finishedRestoring)
        let restoredList = try #require(relaunchedNavigation.viewControllers.first as? NotesListViewController)
        #expect(restoredList.table.selectedIndexPaths == [IndexPath(indexes: [0, 0])])
        #expect(restoredList.table.contentOffset == Point(x: 0, y: 88))
        #expect(relaunchedDelegate.decodedTheme == "dark")
        withExtendedLifetime(relaunchedStore) {}
        #expect(report.decodedPaths == [["Nav"], ["Nav", "NotesList"], ["Nav", "NotesList", "NotesTable"], ["Nav", "Editor"]])
        let editorLocate = try #require(restoring.records(kind: .locate).first { $0.phase == .end && $0.path == ["Nav", "Editor"] })
        #expect(editorLocate.via == "restorationClass")
        #expect(editorLocate.foundClass == "NoteEditorViewController")
    }

    @Test("a relaunch with another bundle version is refused by the app's own shouldRestore")
    func userVersionCheck() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (app, _) = Self.launch(delegate: NotesAppDelegate(), store: NotesStore(noteIDs: []))
        try Preserver(application: app).preserve(to: ArchiveDirectory(url: directory), recorder: NullRecorder())
        let (relaunched, _) = Self.launch(delegate: NotesAppDelegate(), store: NotesStore(noteIDs: []))
        relaunched.bundleVersion = "4.0"
        let report = try Restorer(application: relaunched).restore(from: ArchiveDirectory(url: directory), recorder: NullRecorder())
        #expect(report.shouldRestore == false)
        #expect(report.discarded == .versionRefused)
    }
}
