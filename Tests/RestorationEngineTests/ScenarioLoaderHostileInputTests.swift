// ScenarioLoaderHostileInputTests: malformed, truncated, empty, non-UTF-8, huge and absurdly deep
// input is refused with a clear message (line:column where the JSON is broken), never a crash.

import Foundation
import RestorationEngine
import Testing
import TraceFormat

/// `depth` view controllers, each the only child of the one above.
func chainScenario(depth: Int) -> String {
    var text = #"{"format": "restoretrace-scenario/1", "windows": [{"root": "#
    for level in 0..<depth {
        text += #"{"class": "VC\#(level)", "restorationIdentifier": "L\#(level)", "kind": "navigation""#
        if level < depth - 1 { text += #", "children": ["# }
    }
    for level in 0..<depth { text += level == 0 ? "}" : "]}" }
    return text + "}]}"
}

@Suite("ScenarioLoader: hostile and broken input")
struct ScenarioLoaderHostileInputTests {
    @Test("malformed JSON is reported with its line and column")
    func malformedJSON() throws {
        let error = try #require(loadError("{\n  \"format\": \"restoretrace-scenario/1\",\n  \"windows\": [ }\n}"))
        #expect(error.line == 3)
        #expect(error.column == 16)
        #expect(error.jsonPath == nil)
        #expect(error.description.hasPrefix("countries.scenario.json:3:16: malformed JSON: "))
    }

    @Test("a truncated file is reported as cut off, at its end")
    func truncatedFile() throws {
        let text = specExampleScenario
        let cut = String(text.prefix(text.count / 2))
        let error = try #require(loadError(cut))
        guard case .malformedJSON(let message) = error.problem else {
            Issue.record("expected malformed JSON, got \(error)")
            return
        }
        #expect(message.contains("is the file cut off?"))
        #expect(error.line == cut.split(separator: "\n", omittingEmptySubsequences: false).count)
    }

    @Test("an empty or blank file is refused with an example of what a scenario looks like")
    func emptyFile() throws {
        for text in ["", "  \n\t "] {
            let error = try #require(loadError(text))
            #expect(error.problem == .empty)
            #expect(error.description.hasPrefix("countries.scenario.json: the file is empty"))
        }
    }

    @Test("bytes that are not UTF-8 are refused with their line and column")
    func notUTF8() throws {
        var bytes = Array(#"{"format": "restoretrace-scenario/1", "name": ""#.utf8)
        bytes += [0xC3, 0x28]
        bytes += Array(#"", "windows": []}"#.utf8)
        do {
            _ = try ScenarioLoader().load(bytes: bytes, fileName: "latin1.scenario.json")
            Issue.record("expected invalid UTF-8 to be refused")
        } catch {
            #expect(error.line == 1)
            #expect(error.description.hasPrefix("latin1.scenario.json:1:"))
            #expect(error.description.contains("UTF-8"))
        }
        let byteOrderMark = try #require(loadError("\u{FEFF}{}"))
        #expect(byteOrderMark.description.contains("byte order mark"))

        let utf16 = [UInt8]([0xFF, 0xFE]) + Array("{}".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        do {
            _ = try ScenarioLoader().load(bytes: utf16, fileName: "utf16.scenario.json")
            Issue.record("expected UTF-16 to be refused")
        } catch {
            #expect(error.description.hasPrefix("utf16.scenario.json:1:1: malformed JSON"))
            #expect(error.description.contains("not UTF-8"))
        }
    }

    @Test("a hierarchy 1,000 levels deep loads; one level more is refused by name, without a stack overflow")
    func deepHierarchy() throws {
        let deepest = try loadScenario(chainScenario(depth: 1_000))
        var level = deepest.windows[0].root
        var depth = 1
        while let child = level.children.first {
            level = child
            depth += 1
        }
        #expect(depth == 1_000)

        let error = try #require(loadError(chainScenario(depth: 1_001)))
        #expect(error.problem == .hierarchyTooDeep(limit: 1_000))
        #expect(error.jsonPath?.hasSuffix(".children[0]") == true)
        #expect(error.description.contains("characters)…"))
        #expect(error.description.count < 600)
    }

    @Test("absurdly deep JSON anywhere is refused at its line and column")
    func deepJSON() throws {
        let text = #"{"format": "restoretrace-scenario/1", "x-deep": "# + String(repeating: "[", count: 100_000)
            + String(repeating: "]", count: 100_000) + "}"
        let error = try #require(loadError(text))
        #expect(error.line == 1)
        #expect(error.description.contains("nested deeper than"))
    }

    @Test("100,000 objects load in under a second (optimised build)")
    func manyObjects() throws {
        var text = #"{"format": "restoretrace-scenario/1", "windows": [{"root": {"class": "Tabs", "kind": "tabBar", "restorationIdentifier": "Tabs", "children": ["#
        for index in 0..<50_000 {
            if index > 0 { text += "," }
            text += #"{"class": "C\#(index)", "restorationIdentifier": "C\#(index)", "state": {"n": \#(index)}, "views": [{"class": "UIScrollView", "kind": "scroll", "restorationIdentifier": "S", "contentOffset": [0, \#(index)]}]}"#
        }
        text += "]}}]}"
        let bytes = Array(text.utf8)
        let clock = ContinuousClock()
        var scenario: Scenario?
        let elapsed = try clock.measure { scenario = try ScenarioLoader().load(bytes: bytes, fileName: "big.scenario.json") }
        let root = try #require(scenario?.windows[0].root)
        #expect(root.children.count == 50_000)
        #expect(root.children[49_999].views[0].jsonPath == "windows[0].root.children[49999].views[0]")
        // Not a speed test (machines are noisy; the engine benchmark measures speed): a hang guard.
        // Loading takes about a second here; quadratic behaviour would take many minutes.
        #expect(elapsed < .seconds(120), "loading 100,000 objects took \(elapsed)")
    }

    @Test("a file over the size limit is refused before it is parsed")
    func tooLarge() throws {
        let loader = ScenarioLoader(limits: ScenarioLoader.Limits(maxFileBytes: 64))
        do {
            _ = try loader.load(bytes: Array(specExampleScenario.utf8), fileName: "big.scenario.json")
            Issue.record("expected the file to be refused as too large")
        } catch {
            #expect(error.problem == .tooLarge(bytes: specExampleScenario.utf8.count, limit: 64))
        }
    }

    @Test("files that cannot be read are refused naming the path and what to do")
    func unreadableFiles() throws {
        do {
            _ = try ScenarioLoader().load(contentsOf: "/nonexistent/app.scenario.json")
            Issue.record("expected a missing file to be refused")
        } catch {
            #expect(error.description == "/nonexistent/app.scenario.json: cannot read the scenario: no such file; check the path")
        }
        do {
            _ = try ScenarioLoader().load(contentsOf: NSTemporaryDirectory())
            Issue.record("expected a directory to be refused")
        } catch {
            #expect(error.description.contains("it is a directory"))
        }
    }

    @Test("a scenario file on disk loads and takes its default name from the file name")
    func loadsFromDisk() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("tabs.scenario.json")
        try Data(scenarioWithRoot(#"{"class": "A"}"#).utf8).write(to: file)
        let scenario = try ScenarioLoader().load(contentsOf: file.path)
        #expect(scenario.name == "tabs")
    }
}
