// Inputs that are not what they should be — malformed, cut off, empty, huge, not a storyboard,
// hostile — each refused (or read) with a clear message naming the place, never a crash or hang.

import Foundation
import Storyboard
import Testing

@Suite("Bad and hostile storyboards")
struct HostileStoryboardTests {
    private func problem(_ text: String) -> StoryboardError? {
        problem(bytes: Array(text.utf8))
    }

    private func problem(bytes: [UInt8]) -> StoryboardError? {
        do {
            _ = try StoryboardReader().read(bytes: bytes, path: "App.storyboard")
            return nil
        } catch {
            return error
        }
    }

    @Test("malformed XML: file:line:column and the parser's message")
    func malformed() throws {
        let text = Fixtures.storyboard(initial: "a", Scenes.controller("a", restorationID: "A")).replacingOccurrences(of: "</objects>", with: "</object>")
        let error = try #require(problem(text))
        #expect(error.line != nil && error.column != nil)
        #expect(error.description.hasPrefix("App.storyboard:\(error.line!):\(error.column!): malformed XML: </object> does not close <objects>"))
    }

    @Test("a storyboard cut off at every 97th byte is an error each time, never a crash")
    func truncated() throws {
        let bytes = Array(try String(contentsOfFile: Fixtures.restorer, encoding: .utf8).utf8)
        var cuts = 0
        for length in stride(from: 0, to: bytes.count - 20, by: 97) {
            let error = problem(bytes: Array(bytes.prefix(length)))
            #expect(error != nil, "cut at \(length)")
            if length > 200 { #expect(error?.description.contains("cut off") == true, "cut at \(length): \(String(describing: error))") }
            cuts += 1
        }
        #expect(cuts > 150)
    }

    @Test("an empty or blank file says it is empty")
    func empty() {
        #expect(problem("")?.problem == .empty)
        #expect(problem(" \n\t ")?.description == "App.storyboard: the file is empty; a storyboard is Interface Builder XML starting with <?xml …?><document …>")
    }

    @Test("XML that is not a storyboard, and bytes that are not XML")
    func notAStoryboard() throws {
        #expect(problem("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>")?.description.contains("not an iOS storyboard: the root element is <svg>") == true)
        #expect(problem("{\"format\": \"restoretrace-scenario/1\"}")?.description.contains("text before the root element") == true)
        #expect(problem(bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])?.description.contains("not UTF-8") == true)
    }

    @Test("entity expansion (billion laughs), external entities and parameter entities are refused before any expansion")
    func hostileEntities() throws {
        let laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE document [\n<!ENTITY a \"aaaaaaaaaa\">\n" + (1...9).map { level in
            "<!ENTITY a\(level) \"" + String(repeating: "&a\(level == 1 ? "" : String(level - 1));", count: 10) + "\">"
        }.joined(separator: "\n") + "\n]>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\" title=\"&a9;\"/>"
        let error = try #require(problem(laughs))
        #expect(error.line == 2 && error.column == 1 && error.description.contains("DOCTYPE"))
        let external = "<?xml version=\"1.0\"?>\n<!DOCTYPE d SYSTEM \"http://example.com/evil.dtd\">\n<document/>"
        #expect(problem(external)?.description.contains("App.storyboard:2:1: malformed XML: document type declarations") == true)
        // Without a DTD, an entity reference is simply undefined.
        let undeclared = Fixtures.storyboard(initial: "a", Scenes.controller("a", restorationID: "&xxe;"))
        #expect(problem(undeclared)?.description.contains("the entity &xxe; is not defined") == true)
    }

    @Test("100,000 nested elements: refused at the depth limit, with its place, without recursion")
    func deepNesting() throws {
        let deep = "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\">"
            + String(repeating: "<view>", count: 100_000) + String(repeating: "</view>", count: 100_000) + "</document>"
        let error = try #require(problem(deep))
        #expect(error.line == 1 && error.description.contains("nest deeper than 1000 levels"))
    }

    @Test("a 10 MB storyboard is read whole: every scene, segue and view")
    func huge() throws {
        let text = Fixtures.large(bytes: 10 << 20)
        #expect(text.utf8.count >= 10 << 20)
        let file = try StoryboardReader().read(bytes: Array(text.utf8), path: "Huge.storyboard")
        let tabs = file.controllers[0].segues.count
        #expect(file.controllers.count == 1 + 3 * tabs)
        #expect(file.controllers.filter { $0.kind == .table }.allSatisfy { $0.views.count == 1 && $0.segues.count == 1 })
        let map = RestorationMap(set: StoryboardSet([file]))
        #expect(map.tree.nodes.count == file.controllers.count)
        // Odd-numbered details have no storyboard ID: found only by code at relaunch.
        let unfindable = map.verdicts.filter { $0 == .notRestored(.notFoundAtRelaunch) }.count
        #expect(unfindable == tabs / 2)
        #expect(Linter.lint(map).filter { $0.rule.id == "RT007" }.count == unfindable)
    }

    @Test("a file over the size limit is refused before it is parsed")
    func tooLarge() {
        let reader = StoryboardReader(limits: .init(maximumFileBytes: 1_000))
        #expect(throws: StoryboardError.self) { try reader.read(bytes: Array(repeating: 0x20, count: 2_000), path: "Big.storyboard") }
    }

    @Test("missing files and directories are unreadable, named as given")
    func unreadable() {
        #expect(throws: StoryboardError(file: "/nonexistent/Main.storyboard", problem: .unreadable(reason: "no such file; check the path"))) {
            try StoryboardReader().read(contentsOf: "/nonexistent/Main.storyboard")
        }
        #expect(throws: StoryboardError(file: "/tmp", problem: .unreadable(reason: "it is a directory; give a .storyboard file"))) {
            try StoryboardReader().read(contentsOf: "/tmp")
        }
    }
}
