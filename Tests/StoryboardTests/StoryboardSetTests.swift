// Several storyboards read together: references resolved, and every way one can lead nowhere
// reported as a value (never an error that stops the reading).

import Storyboard
import Testing

@Suite("Storyboard references")
struct StoryboardSetTests {
    static func placeholder(_ id: String, storyboard: String?, identifier: String?) -> String {
        var attributes = "id=\"\(id)\""
        if let storyboard { attributes += " storyboardName=\"\(storyboard)\"" }
        if let identifier { attributes += " referencedIdentifier=\"\(identifier)\"" }
        return Fixtures.scene(id, "<viewControllerPlaceholder \(attributes) sceneMemberID=\"viewController\"/>")
    }

    @Test("a reference by storyboard ID, to an initial view controller, within the same file, and through another reference")
    func resolves() throws {
        let main = try Fixtures.read(Fixtures.storyboard(initial: "r1", [
            Self.placeholder("r1", storyboard: "Second", identifier: "Target"),
            Self.placeholder("r2", storyboard: "Second", identifier: nil),
            Self.placeholder("r3", storyboard: nil, identifier: "Local"),
            Scenes.controller("local", storyboardID: "Local"),
        ].joined(separator: "\n")), path: "Main.storyboard")
        let second = try Fixtures.read(Fixtures.storyboard(initial: "chain", [
            Self.placeholder("chain", storyboard: "Second", identifier: "Target"),
            Scenes.controller("target", storyboardID: "Target"),
        ].joined(separator: "\n")), path: "Base.lproj/Second.storyboard")
        let set = StoryboardSet([main, second])
        #expect(second.name == "Second")
        #expect(try set.resolve(ControllerID(file: 0, index: 0)).get() == ControllerID(file: 1, index: 1))
        // Second's initial view controller is itself a reference, to Target.
        #expect(try set.resolve(ControllerID(file: 0, index: 1)).get() == ControllerID(file: 1, index: 1))
        #expect(try set.resolve(ControllerID(file: 0, index: 2)).get() == ControllerID(file: 0, index: 3))
    }

    @Test("a reference to a storyboard not given, a missing storyboard ID, a storyboard without an initial scene, and a cycle")
    func unresolved() throws {
        let main = try Fixtures.read(Fixtures.storyboard(initial: "a", [
            Self.placeholder("a", storyboard: "Missing", identifier: nil),
            Self.placeholder("b", storyboard: "Other", identifier: "Nope"),
            Self.placeholder("c", storyboard: "Other", identifier: nil),
            Self.placeholder("d", storyboard: nil, identifier: "Loop"),
            Fixtures.scene("e", #"<viewControllerPlaceholder id="e" storyboardIdentifier="Loop" referencedIdentifier="Loop" sceneMemberID="viewController"/>"#),
        ].joined(separator: "\n")))
        let other = try Fixtures.read(Fixtures.storyboard(Scenes.controller("x", storyboardID: "X")), path: "Other.storyboard")
        let set = StoryboardSet([main, other])
        func failure(_ index: Int) -> UnresolvedReference? {
            if case .failure(let reason) = set.resolve(ControllerID(file: 0, index: index)) { return reason }
            return nil
        }
        #expect(failure(0) == .storyboardNotGiven(name: "Missing"))
        #expect(failure(0)?.description.contains("add Missing.storyboard") == true)
        #expect(failure(1) == .noSuchIdentifier(storyboard: "Other", identifier: "Nope"))
        #expect(failure(2) == .noInitialViewController(storyboard: "Other"))
        #expect(failure(3) == .cycle)
        // Nothing resolves, nothing is placed, and nothing crashes.
        let map = RestorationMap(set: set)
        #expect(map.tree.nodes.isEmpty && map.unreachable.count == 1)
    }
}
