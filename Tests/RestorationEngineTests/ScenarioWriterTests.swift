// ScenarioWriter: what it writes, the loader reads back to the same scenario; defaults are left
// out; deep hierarchies are written without recursion.

import Foundation
import RestorationEngine
import Testing
import TraceFormat

@Suite("Scenario writer")
struct ScenarioWriterTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The scenario with every JSON path cleared (a written file has its own).
    static func withoutPaths(_ scenario: Scenario) -> Scenario {
        var copy = scenario
        func clear(_ controller: inout ScenarioViewController) {
            controller.jsonPath = ""
            for index in controller.views.indices { clearView(&controller.views[index]) }
            for index in controller.children.indices { clear(&controller.children[index]) }
            if var presented = controller.presented {
                clear(&presented)
                controller.presented = presented
            }
        }
        func clearView(_ view: inout ScenarioView) {
            view.jsonPath = ""
            for index in view.subviews.indices { clearView(&view.subviews[index]) }
        }
        for index in copy.windows.indices { clear(&copy.windows[index].root) }
        for index in copy.registeredObjects.indices { copy.registeredObjects[index].jsonPath = "" }
        for index in copy.scene?.sessions.indices ?? 0..<0 { copy.scene?.sessions[index].jsonPath = "" }
        for index in copy.scene?.events?.indices ?? 0..<0 { copy.scene?.events?[index].jsonPath = "" }
        return copy
    }

    @Test("every scenario of Traces/ and of the schema fixtures reads back equal after writing")
    func roundTrips() throws {
        let directories = ["Traces", "Tests/Schema/valid"].map { Self.repository.appendingPathComponent($0) }
        var checked = 0
        for directory in directories {
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".scenario.json") {
                let path = directory.appendingPathComponent(name).path
                let original = try ScenarioLoader().load(contentsOf: path)
                let text = ScenarioWriter.text(original)
                let again = try ScenarioLoader().load(bytes: Array(text.utf8), fileName: name)
                #expect(Self.withoutPaths(again) == Self.withoutPaths(original), "\(name)")
                checked += 1
            }
        }
        #expect(checked > 20)
    }

    @Test("defaults are left out, and short objects stay on one line")
    func compact() {
        let scenario = Scenario(name: "s", windows: [ScenarioWindow(root: ScenarioViewController(
            className: "Home", restorationIdentifier: "Home", restore: ScenarioRestoreBehavior(createdAtLaunch: true),
            source: ObjectSource(file: "M.storyboard", line: 3)))])
        #expect(ScenarioWriter.text(scenario) == """
            {
              "format": "restoretrace-scenario/1",
              "name": "s",
              "windows": [
                {
                  "root": {
                    "class": "Home",
                    "restorationIdentifier": "Home",
                    "restore": { "createdAtLaunch": true },
                    "source": { "file": "M.storyboard", "line": 3 }
                  }
                }
              ]
            }

            """)
    }

    @Test("a hierarchy 1,000 deep is written and read back")
    func deep() throws {
        var node = ScenarioViewController(className: "Leaf", restorationIdentifier: "L")
        for level in 0..<999 {
            node = ScenarioViewController(className: "Link", kind: .custom, restorationIdentifier: "C\(level)", children: [node],
                                          encodesChildren: true)
        }
        let scenario = Scenario(name: "deep", windows: [ScenarioWindow(root: node)])
        let again = try ScenarioLoader().load(bytes: Array(ScenarioWriter.text(scenario).utf8), fileName: "deep.json")
        #expect(Self.withoutPaths(again) == scenario)
    }
}
