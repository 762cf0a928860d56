// CLI tests of `restoretrace report`: the page's structure (a section per trace, problems
// first, three inline SVGs, an index whose every node is drawn), self-containment, escaping of
// hostile identifiers, byte-identical output, where it is written, and bounded lists on a big
// trace. scripts/test-report-browser.py checks the same page in headless Chromium.

import Foundation
import Testing

@Suite struct ReportCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static func trace(_ name: String) -> String { root.appendingPathComponent("Traces/\(name).jsonl").path }

    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The page for `traces`, written to standard output.
    static func page(_ traces: [String], extra: [String] = []) throws -> String {
        let run = try ExecutableRun.run(["report"] + traces + ["-o", "-"] + extra)
        #expect(run.status == 0, "\(run.standardError)")
        return run.standardOutput
    }

    /// Each `<script type="application/json" class="report-index">` of the page, parsed.
    static func indexes(_ page: String) throws -> [[String: Any]] {
        var found: [[String: Any]] = []
        var rest = page[...]
        while let start = rest.range(of: "<script type=\"application/json\" class=\"report-index\"") {
            let open = try #require(rest[start.upperBound...].range(of: ">"))
            let close = try #require(rest[open.upperBound...].range(of: "</script>"))
            let text = String(rest[open.upperBound..<close.lowerBound])
            found.append(try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]))
            rest = rest[close.upperBound...]
        }
        return found
    }

    /// The text between the `n`-th (0-based) occurrence of `start` and the next `end` after it.
    static func pieces(of page: String, between start: String, and end: String) -> [Substring] {
        var out: [Substring] = []
        var rest = page[...]
        while let open = rest.range(of: start), let close = rest[open.upperBound...].range(of: end) {
            out.append(rest[open.lowerBound..<close.upperBound])
            rest = rest[close.upperBound...]
        }
        return out
    }

    @Test("one section per trace: outcome, what was not restored first, three inline views, timings, slowest spans")
    func structure() throws {
        let page = try Self.page([Self.trace("countries"), Self.trace("crash-during-decode")])
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(page.hasSuffix("</html>\n"))
        let sections = Self.pieces(of: page, between: "<section class=\"trace\"", and: "</section>")
        #expect(sections.count == 2)
        for section in sections {
            let problems = try #require(section.range(of: "<h3>Not restored ("))
            let views = try #require(section.range(of: "<h3>Views</h3>"))
            let timing = try #require(section.range(of: "<h3>Timing"))
            let slowest = try #require(section.range(of: "<h3>Slowest spans</h3>"))
            #expect(problems.lowerBound < views.lowerBound && views.lowerBound < timing.lowerBound
                    && timing.lowerBound < slowest.lowerBound)
            let figures = Self.pieces(of: String(section), between: "<figure class=\"view\"", and: "</figure>")
            #expect(figures.map { $0.contains("data-view=\"flow\"") } == [true, false, false])
            #expect(figures.map { $0.contains("data-view=\"locate\"") } == [false, false, true])
            for figure in figures {
                #expect(figure.contains("<svg width=") && figure.contains("</svg>"))
                #expect(!figure.contains("<?xml") && !figure.contains("<!DOCTYPE") && !figure.contains("<!--"))
            }
            #expect(section.contains("<h4>Spans by kind"))
        }
        // The crashed run: its unfinished spans and its three objects not restored, with their words.
        let crash = String(sections[1])
        #expect(crash.contains("<h3>Not restored (3)</h3>"))
        #expect(crash.contains("<strong>UNFINISHED:</strong> 2 spans never ended"))
        #expect(Self.pieces(of: crash, between: "<li class=\"verdict", and: "</li>\n").count == 3)
        #expect(String(sections[0]).contains("Every object preserved was restored."))
    }

    @Test("a trace with life-cycle facts and scene sessions gets explain's two sections after what was not restored")
    func lifecycleSections() throws {
        let page = try Self.page([Self.trace("secure-coding-violation"), Self.trace("scene-undeclared-type"), Self.trace("countries")])
        let sections = Self.pieces(of: page, between: "<section class=\"trace\"", and: "</section>").map(String.init)
        #expect(sections.count == 3)
        let secure = sections[0]
        let facts = try #require(secure.range(of: "<h3>App life cycle (3)</h3>"))
        #expect(try #require(secure.range(of: "<h3>Not restored (")).lowerBound < facts.lowerBound)
        #expect(facts.lowerBound < (try #require(secure.range(of: "<h3>Views</h3>"))).lowerBound)
        #expect(secure.contains("<li class=\"verdict topic-secureCodingViolation\">"))
        #expect(!secure.contains("<h3>Scene sessions"))
        let scene = sections[1]
        #expect(scene.contains("<h3>Scene sessions (1)</h3>"))
        #expect(scene.contains("<li class=\"verdict session outcome-notRestored\">"))
        #expect(scene.contains("<div class=\"fix\"><strong>Fix:</strong> add com.example.editing to the NSUserActivityTypes array"))
        #expect(scene.contains("saves: notPersisted = type not in NSUserActivityTypes, not saved (line 10)"))
        #expect(!sections[2].contains("<h3>App life cycle") && !sections[2].contains("<h3>Scene sessions"))
    }

    @Test("the index names, for every view, nodes the SVG draws, and objects by path and class")
    func index() throws {
        let page = try Self.page([Self.trace("countries")])
        let index = try #require(try Self.indexes(page).first)
        let objects = try #require(index["objects"] as? [[String: Any]])
        let views = try #require(index["views"] as? [String: [String: Int]])
        #expect(Set(views.keys) == ["flow", "hierarchy", "locate"])
        let figures = Self.pieces(of: page, between: "<figure class=\"view\"", and: "</figure>")
        for figure in figures {
            let view = try #require(["flow", "hierarchy", "locate"].first { figure.contains("data-view=\"\($0)\"") })
            let nodes = try #require(views[view])
            #expect(!nodes.isEmpty, "\(view) has nodes of objects")
            for (name, number) in nodes {
                #expect(figure.contains("<title>\(name)</title>"), "\(view): node \(name) is drawn")
                #expect(objects.indices.contains(number))
            }
        }
        let detail = try #require(objects.firstIndex { $0["path"] as? String == "Tabs/CountryNav/CountryDetail" })
        #expect(objects[detail]["class"] as? String == "UYLCountryViewController")
        // In every view: the encode, locate, decode and finishedRestoring steps; the tree node; the search row.
        #expect(views["flow"]?.values.filter { $0 == detail }.count == 4)
        #expect(views["hierarchy"]?.values.filter { $0 == detail }.count == 1)
        #expect(views["locate"]?.values.filter { $0 == detail }.count == 2)
    }

    @Test("the page fetches nothing: no external URL, stylesheet, image or script source")
    func selfContained() throws {
        let page = try Self.page([Self.trace("countries")])
        for forbidden in ["<link", "<img", "<iframe", " src=", "http://", "https://", "@import", "url("] {
            // The SVG's namespace declarations are names, not fetches.
            let hits = page.components(separatedBy: forbidden).count - 1
            let namespaces = forbidden == "http://" ? page.components(separatedBy: "xmlns").count - 1
                + page.components(separatedBy: "\"http://www.w3.org/1999/xlink\"").count - 1 : 0
            #expect(hits <= namespaces, "\(forbidden) appears \(hits) times")
        }
        #expect(page.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"))
        #expect(page.contains("@media (prefers-color-scheme: dark)"))
        #expect(page.contains(".viewport svg [fill=\"#ffffff\" i] { fill: #1e1e1e; }"), "the drawings' dark palette")
    }

    @Test("hostile identifiers and classes come out as text: no markup, no script, no raw bidirectional override")
    func hostileIdentifiers() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let identifier = "</script><script>alert(1)</script>"
        let className = "\"><img src=x onerror=alert(1)>\u{202E}evil"
        let original = try String(contentsOfFile: Self.trace("countries"), encoding: .utf8)
        func json(_ text: String) -> String {
            String(decoding: try! JSONSerialization.data(withJSONObject: [text], options: []), as: UTF8.self).dropFirst().dropLast().description
        }
        let hostile = original.replacingOccurrences(of: "\"CountryDetail\"", with: json(identifier))
            .replacingOccurrences(of: "\"UYLCountryViewController\"", with: json(className))
        let path = directory.appendingPathComponent("hostile.jsonl").path
        try hostile.write(toFile: path, atomically: true, encoding: .utf8)
        let page = try Self.page([path])
        #expect(page.components(separatedBy: "<script").count - 1 == 2, "the index and the page's own script, no more")
        #expect(!page.contains("<img"))
        #expect(!page.contains("<script>alert"))
        #expect(!page.contains("\u{202E}"))
        #expect(page.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"), "shown as text in the verdicts and tables")
        #expect(page.contains("\\u{202e}evil"), "the override shown, as every command shows it")
        let index = try #require(try Self.indexes(page).first)
        let objects = try #require(index["objects"] as? [[String: Any]])
        #expect(objects.contains { ($0["path"] as? String)?.hasSuffix("\"</script><script>alert(1)</script>\"") == true },
                "the index still holds the path, escaped only for the script element")
        #expect(objects.contains { $0["class"] as? String == className })
    }

    @Test("the same traces give the same bytes")
    func deterministic() throws {
        let traces = [Self.trace("feed-tabs"), Self.trace("exclusion")]
        #expect(try Self.page(traces) == Self.page(traces))
    }

    @Test("written beside the first trace by default, atomically, and said so; standard input goes to standard output")
    func outputs() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("run.jsonl")
        try FileManager.default.copyItem(atPath: Self.trace("exclusion"), toPath: copy.path)
        let run = try ExecutableRun.run(["report", copy.path])
        #expect(run.status == 0)
        let page = directory.appendingPathComponent("run.html").path
        #expect(run.standardOutput.hasPrefix("wrote \(page) (1 trace, "))
        #expect(FileManager.default.fileExists(atPath: page))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["run.html", "run.jsonl"])

        let piped = try ExecutableRun.run(["report", "-"], input: Array(try Data(contentsOf: copy)))
        #expect(piped.status == 0)
        #expect(piped.standardOutput.hasPrefix("<!DOCTYPE html>") && piped.standardOutput.contains("&lt;stdin&gt;"))

        let clash = try ExecutableRun.run(["report", copy.path, "-o", copy.path])
        #expect(clash.status == 2 && clash.standardError.hasPrefix("restoretrace: "))
        let scenario = try ExecutableRun.run(["report", Self.root.appendingPathComponent("Traces/countries.scenario.json").path])
        #expect(scenario.status == 2 && scenario.standardError.contains("a scenario has not run"))
        let bad = try ExecutableRun.run(["report", copy.path, "--max-nodes", "5"])
        #expect(bad.status == 2 && bad.standardError.contains("--max-nodes"))
        let help = try ExecutableRun.run(["report", "--help"])
        #expect(help.status == 0 && help.standardOutput.contains("restoretrace report Traces/countries.jsonl"))
    }

    @Test("a big trace: views within the node budget, lists cut at 200 rows with a count of the rest")
    func bigTraceIsBounded() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("big.jsonl").path
        let generated = try ExecutableRun.run(["generate", "--objects", "3000", "--seed", "7", "-o", path],
                                              executable: "restoretrace-bench")
        #expect(generated.status == 0, "\(generated.standardError)")
        let page = try Self.page([path], extra: ["--max-nodes", "150"])
        let verdicts = Self.pieces(of: page, between: "<li class=\"verdict", and: "</li>\n").count
        #expect(verdicts == 200)
        #expect(page.contains("more objects not restored: <code>restoretrace explain</code> lists them all."))
        let nodes = page.components(separatedBy: "class=\"node\"").count - 1
        #expect(nodes <= 3 * 150 + 3 * 40, "three views within the budget (and their legends): \(nodes) nodes")
        #expect(page.utf8.count < 2_000_000)
    }
}
