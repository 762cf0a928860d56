// `restoretrace render` themes and legends, run in-process: SVG follows the reader's light or
// dark preference by default, --docc-variants writes DocC's NAME.svg and NAME~dark.svg pair,
// --legend used/full/none.

import ArgumentParser
import Foundation
import Testing
@testable import RestoreTraceCLI

@Suite("render themes and legends")
struct RenderThemeTests {
    static let traceText = """
        {"type":"header","format":"restoretrace/1","generator":"test","clock":"tick","scenario":"tiny"}
        {"seq":0,"ts":0,"ph":"B","span":1,"kind":"restoration"}
        {"seq":1,"ts":1,"ph":"B","span":2,"kind":"locate","path":["Root"],"class":"RootVC"}
        {"seq":2,"ts":2,"ph":"E","span":2,"kind":"locate","path":["Root"],"via":"existing","result":"found","foundClass":"RootVC"}
        {"seq":3,"ts":3,"ph":"B","span":3,"kind":"decode","path":["Root"],"class":"RootVC"}
        {"seq":4,"ts":4,"ph":"E","span":3,"kind":"decode","path":["Root"],"result":"decoded"}
        {"seq":5,"ts":5,"ph":"E","span":1,"kind":"restoration"}

        """

    static func trace() throws -> (directory: URL, trace: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("render-theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let trace = directory.appendingPathComponent("trace.jsonl")
        try Data(traceText.utf8).write(to: trace)
        return (directory, trace)
    }

    static func run(_ arguments: [String]) throws { try RenderCommand.parse(arguments).run() }

    static func status(_ arguments: [String]) -> Int32? {
        do {
            try run(arguments)
            return 0
        } catch let code as ExitCode {
            return code.rawValue
        } catch let failure as CommandFailure {
            return failure.status
        } catch {
            return nil
        }
    }

    @Test("an SVG follows the reader's preference by default; --theme light and dark are fixed, with no style sheet")
    func autoByDefault() throws {
        let (directory, trace) = try Self.trace()
        try Self.run([trace.path, "-o", directory.appendingPathComponent("auto.svg").path])
        let auto = try String(contentsOf: directory.appendingPathComponent("auto.svg"), encoding: .utf8)
        #expect(auto.contains("<style>") && auto.contains("@media (prefers-color-scheme: dark)"))
        #expect(auto.contains(#"<g id="o-Root~decode" class="node tone-step">"#))
        try Self.run([trace.path, "--theme", "light", "-o", directory.appendingPathComponent("light.svg").path])
        let light = try String(contentsOf: directory.appendingPathComponent("light.svg"), encoding: .utf8)
        #expect(!light.contains("<style>") && light.contains(##"fill="#ffffff""##))
        // The same drawing, less the style sheet.
        let withoutStyle = auto.replacingOccurrences(of: #"<style>[^<]*</style>\n?"#, with: "", options: .regularExpression)
        #expect(withoutStyle == light)
    }

    @Test("--docc-variants writes NAME.svg light and NAME~dark.svg dark; it refuses other formats and standard output")
    func doccVariants() throws {
        let (directory, trace) = try Self.trace()
        let out = directory.appendingPathComponent("docs/")
        try Self.run([trace.path, "--docc-variants", "-o", out.path + "/"])
        let light = try String(contentsOf: out.appendingPathComponent("trace.svg"), encoding: .utf8)
        let dark = try String(contentsOf: out.appendingPathComponent("trace~dark.svg"), encoding: .utf8)
        #expect(!light.contains("<style>") && light.contains(##"fill="#ffffff""##))
        #expect(!dark.contains("<style>") && dark.contains(##"fill="#1e1e1e""##))
        try Self.run([trace.path, "--docc-variants", "-o", directory.appendingPathComponent("one.svg").path])
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("one~dark.svg").path))
        #expect(Self.status([trace.path, "--docc-variants", "--format", "png"]) == 2)
        #expect(Self.status([trace.path, "--docc-variants", "-o", "-"]) == 2)
    }

    @Test("a storyboard's scenes are found by the restoration path they would have, with their file:line on hover")
    func storyboardIDs() throws {
        let (directory, _) = try Self.trace()
        let storyboard = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("StoryboardTests/Fixtures/Restorer-MainStoryboard.storyboard")
        let out = directory.appendingPathComponent("storyboard.svg")
        try Self.run([storyboard.path, "-o", out.path])
        let svg = try String(contentsOf: out, encoding: .utf8)
        #expect(svg.contains(#"<g id="o-TabBarControllerID/CountryNCID/CountryVCID" class="node tone-restored">"#))
        #expect(svg.contains("MainStoryboard.storyboard:"))
    }

    @Test("--legend used shows the entries the drawing uses, full every entry, none no legend")
    func legendModes() throws {
        let (directory, trace) = try Self.trace()
        func legendEntries(_ mode: String) throws -> Int {
            let file = directory.appendingPathComponent("\(mode).dot")
            try Self.run([trace.path, "--legend", mode, "-o", file.path])
            let dot = try String(contentsOf: file, encoding: .utf8)
            return dot.components(separatedBy: "legend-entry").count - 1
        }
        let used = try legendEntries("used")
        let full = try legendEntries("full")
        // The trace has object steps only (no app-level step, no failure): one entry of eleven.
        #expect(used == 1 && full == 11)
        #expect(try legendEntries("none") == 0)
        #expect(throws: (any Error).self) { try RenderCommand.parse([trace.path, "--legend", "some"]) }
    }
}
