// `restoretrace diagrams`: the docs-build entry point the SwiftPM plugin and build-diagrams.sh run.
// File names, the same bytes as `render`, no rewrite of unchanged files, --check's list and exit
// status, --prune's reach, clashing names, --views and --dark-variants, hidden folders.

import Foundation
import Testing
@testable import RestoreTraceCLI

@Suite("restoretrace diagrams")
struct DiagramsCommandTests {
    /// A scratch folder with `in/` holding the countries trace and scenario and one storyboard; runs happen inside it.
    static func workspace() throws -> URL {
        let scratch = try makeScratchDirectory()
        let inputs = scratch.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        for file in ["Traces/countries.jsonl", "Traces/countries.scenario.json",
                     "Tests/StoryboardTests/Fixtures/Restorer-MainStoryboard.storyboard"] {
            let source = simulateRepositoryRoot.appendingPathComponent(file)
            try FileManager.default.copyItem(at: source, to: inputs.appendingPathComponent(source.lastPathComponent))
        }
        return scratch
    }

    static func files(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    static func output(_ run: SimulateRunResult) -> String { String(decoding: run.standardOutput, as: UTF8.self) }

    static let allViews = ["Restorer-MainStoryboard.storyboard.svg", "countries.flow.svg", "countries.hierarchy.svg",
                           "countries.locate.svg", "countries.scenario.hierarchy.svg"]

    @Test("a folder's trace, scenario and storyboard are drawn in each of their views, as render draws them")
    func drawsEveryView() throws {
        let scratch = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try runRestoretrace(["diagrams", "in", "-o", "out"], in: scratch)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try Self.files(in: scratch.appendingPathComponent("out")) == Self.allViews)
        #expect(Self.output(run).hasSuffix("out: 5 diagrams (5 written, 0 unchanged)\n"), "\(Self.output(run))")
        for (view, input) in [("flow", "in/countries.jsonl"), ("locate", "in/countries.jsonl"),
                              ("hierarchy", "in/countries.scenario.json")] {
            let rendered = try runRestoretrace(["render", input, "--view", view, "-o", "render.svg"], in: scratch)
            #expect(rendered.status == 0, "\(rendered.standardError)")
            let stem = input.hasSuffix(".jsonl") ? "countries" : "countries.scenario"
            let drawn = try Data(contentsOf: scratch.appendingPathComponent("out/\(stem).\(view).svg"))
            #expect(drawn == (try Data(contentsOf: scratch.appendingPathComponent("render.svg"))), "\(stem).\(view)")
        }
    }

    @Test("a second run rewrites nothing; --check passes, then lists what a changed trace makes stale and exits 1")
    func checkFindsStaleDiagrams() throws {
        let scratch = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        #expect(try runRestoretrace(["diagrams", "in", "-o", "out"], in: scratch).status == 0)
        let flow = out.appendingPathComponent("countries.flow.svg").path
        let inode = try FileManager.default.attributesOfItem(atPath: flow)[.systemFileNumber] as? Int

        let again = try runRestoretrace(["diagrams", "in", "-o", "out"], in: scratch)
        #expect(again.status == 0)
        #expect(Self.output(again) == "out: 5 diagrams (0 written, 5 unchanged)\n")
        // Written files are renamed into place: the same inode means the file was left alone.
        #expect(try FileManager.default.attributesOfItem(atPath: flow)[.systemFileNumber] as? Int == inode)
        let check = try runRestoretrace(["diagrams", "in", "-o", "out", "--check"], in: scratch)
        #expect(check.status == 0)
        #expect(Self.output(check) == "out: 5 diagrams up to date\n")

        let trace = scratch.appendingPathComponent("in/countries.jsonl")
        let text = try String(contentsOf: trace, encoding: .utf8)
        try text.replacingOccurrences(of: "CountryViewController", with: "CountryDetailViewController")
            .write(to: trace, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: out.appendingPathComponent("countries.scenario.hierarchy.svg"))
        let before = try Data(contentsOf: URL(fileURLWithPath: flow))
        let stale = try runRestoretrace(["diagrams", "in", "-o", "out", "--check"], in: scratch)
        #expect(stale.status == 1, "\(stale.standardError)")
        #expect(Self.output(stale) == """
            out/countries.flow.svg: stale: in/countries.jsonl draws it differently
            out/countries.hierarchy.svg: stale: in/countries.jsonl draws it differently
            out/countries.locate.svg: stale: in/countries.jsonl draws it differently
            out/countries.scenario.hierarchy.svg: missing: in/countries.scenario.json draws it

            """)
        #expect(stale.standardError == "restoretrace: out: 4 of 5 diagrams are out of date; "
            + "run the same command without --check to regenerate them\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: flow)) == before, "--check wrote a file")

        let rebuilt = try runRestoretrace(["diagrams", "in", "-o", "out"], in: scratch)
        #expect(rebuilt.status == 0)
        #expect(Self.output(rebuilt).hasSuffix("out: 5 diagrams (4 written, 1 unchanged)\n"), "\(Self.output(rebuilt))")
        #expect(try runRestoretrace(["diagrams", "in", "-o", "out", "--check"], in: scratch).status == 0)
    }

    @Test("--prune removes only the diagrams no input draws, and --check --prune lists them")
    func pruneTouchesOnlyDiagrams() throws {
        let scratch = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let kept = ["photo.png", "notes.md", "logo.svg", "old.report.svg", "README"]
        let stray = ["gone.flow.svg", "gone.locate~dark.png", "Old.storyboard.svg"]
        for name in kept + stray { try Data("x".utf8).write(to: out.appendingPathComponent(name)) }

        let check = try runRestoretrace(["diagrams", "in", "-o", "out", "--prune", "--check"], in: scratch)
        #expect(check.status == 1)
        for name in stray { #expect(Self.output(check).contains("out/\(name): no input draws it"), "\(name)") }
        #expect(try Self.files(in: out).count == kept.count + stray.count, "--check removed a file")

        // Without --prune the strays stay and nothing is said of them.
        let plain = try runRestoretrace(["diagrams", "in", "-o", "out", "--check"], in: scratch)
        #expect(!Self.output(plain).contains("gone"))

        let pruned = try runRestoretrace(["diagrams", "in", "-o", "out", "--prune"], in: scratch)
        #expect(pruned.status == 0, "\(pruned.standardError)")
        #expect(try Self.files(in: out) == (kept + Self.allViews).sorted())
        #expect(Self.output(pruned).contains("out: 5 diagrams (5 written, 0 unchanged, 3 removed)"))
    }

    @Test("an input that cannot be drawn is trouble; the others are drawn and nothing is pruned")
    func badInputStopsPruning() throws {
        let scratch = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Data(CommandWalk.trace.text.utf8)
            .write(to: scratch.appendingPathComponent("in/broken.jsonl"))
        let out = scratch.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: out.appendingPathComponent("gone.flow.svg"))
        let run = try runRestoretrace(["diagrams", "in", "-o", "out", "--prune"], in: scratch)
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("restoretrace: in/broken.jsonl:"), "\(run.standardError)")
        #expect(try Self.files(in: out) == (["gone.flow.svg"] + Self.allViews).sorted())
    }

    @Test("two inputs that would make the same file are refused before anything is drawn")
    func clashingNamesAreRefused() throws {
        let scratch = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let other = scratch.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: scratch.appendingPathComponent("in/countries.jsonl"),
                                         to: other.appendingPathComponent("countries.jsonl"))
        let run = try runRestoretrace(["diagrams", "in", "other", "-o", "out"], in: scratch)
        #expect(run.status == 2)
        #expect(run.standardError == "restoretrace: in/countries.jsonl and other/countries.jsonl would both make "
            + "countries.flow.svg; rename one, or draw them into different folders\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent("out").path))
    }

    @Test("--views chooses the views, --dark-variants adds a dark ~dark file beside each, hidden folders are skipped")
    func viewsVariantsAndHiddenFolders() throws {
        let scratch = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let hidden = scratch.appendingPathComponent("in/.cache")
        try FileManager.default.createDirectory(at: hidden, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: scratch.appendingPathComponent("in/countries.jsonl"),
                                         to: hidden.appendingPathComponent("cached.jsonl"))
        let run = try runRestoretrace(["diagrams", "in", "-o", "out", "--views", "flow,storyboard", "--dark-variants"], in: scratch)
        #expect(run.status == 0, "\(run.standardError)")
        let out = scratch.appendingPathComponent("out")
        #expect(try Self.files(in: out) == ["Restorer-MainStoryboard.storyboard.svg", "Restorer-MainStoryboard.storyboard~dark.svg",
                                             "countries.flow.svg", "countries.flow~dark.svg"])
        let light = try Data(contentsOf: out.appendingPathComponent("countries.flow.svg"))
        let dark = try Data(contentsOf: out.appendingPathComponent("countries.flow~dark.svg"))
        let darkRender = try runRestoretrace(["render", "in/countries.jsonl", "--theme", "dark", "-o", "dark.svg"], in: scratch)
        #expect(darkRender.status == 0)
        #expect(dark == (try Data(contentsOf: scratch.appendingPathComponent("dark.svg"))))
        #expect(light != dark)

        let conflicting = try runRestoretrace(["diagrams", "in", "-o", "out", "--dark-variants", "--theme", "dark"], in: scratch)
        #expect(conflicting.status == 2)
        #expect(conflicting.standardError.contains("leave out --theme dark"), "\(conflicting.standardError)")
    }

    @Test("usage errors: no diagrams in the inputs, a file as -o, an unknown view")
    func usageErrors() throws {
        let scratch = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let empty = scratch.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let nothing = try runRestoretrace(["diagrams", "empty", "-o", "out"], in: scratch)
        #expect(nothing.status == 2)
        #expect(nothing.standardError.hasPrefix("restoretrace: no trace (.jsonl), scenario (.scenario.json) or storyboard"))
        let file = try runRestoretrace(["diagrams", "in", "-o", "in/countries.jsonl"], in: scratch)
        #expect(file.status == 2)
        #expect(file.standardError.contains("-o in/countries.jsonl is a file"), "\(file.standardError)")
        let view = try runRestoretrace(["diagrams", "in", "-o", "out", "--views", "flow,sideways"], in: scratch)
        #expect(view.status == 2)
        #expect(view.standardError.hasPrefix("restoretrace: "), "\(view.standardError)")
    }

    @Test("the names --prune may remove are exactly NAME.VIEW.FORMAT and NAME.VIEW~dark.FORMAT")
    func diagramNames() {
        for name in ["a.flow.svg", "a.scenario.hierarchy.png", "a.locate~dark.svg", "Main.storyboard.pdf", "x.flow.dot"] {
            #expect(DocsBuildPlan.isDiagramName(name), "\(name)")
        }
        for name in ["flow.svg", ".flow.svg", "a.flow.txt", "a.flow.gv", "a.report.svg", "a.flow~light.svg", "a.svg", "a.flow"] {
            #expect(!DocsBuildPlan.isDiagramName(name), "\(name)")
        }
        #expect(DocsBuildViewList(argument: "locate,flow,locate")?.views == [.locate, .flow])
        #expect(DocsBuildViewList(argument: "flow,") == nil)
        #expect(DocsBuildViewList(argument: "") == nil)
    }
}
