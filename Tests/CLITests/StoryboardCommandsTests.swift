// `import`, `lint` and `render` on storyboards, end to end through the built executable: what
// they write, their exit statuses, each lint format (SARIF checked against the official schema
// by Python's jsonschema), and traces with `source` read by the other commands.

import Foundation
import Testing

@Suite("Storyboard commands")
struct StoryboardCommandsTests {
    static let restorer = "Tests/StoryboardTests/Fixtures/Restorer-MainStoryboard.storyboard"
    static let netNewsWire = "Tests/StoryboardTests/Fixtures/NetNewsWire-Settings.storyboard"

    /// A storyboard in `directory` named `name`, holding `scenes` (one controller element each).
    static func storyboard(_ scenes: [String], initial: String?, named name: String, in directory: URL) throws -> String {
        let scenesText = scenes.enumerated().map { index, controller in
            "<scene sceneID=\"s\(index)\"><objects>\(controller)</objects></scene>"
        }.joined(separator: "\n")
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"\(initial.map { " initialViewController=\"\($0)\"" } ?? "")>
            <scenes>
            \(scenesText)
            </scenes>
            </document>
            """
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    // MARK: import

    @Test("import writes the launch hierarchy and the opened screen, each object with its source; simulate and lint take it")
    func importRestorer() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = directory.appendingPathComponent("restorer.scenario.json").path
        let run = try runRestoretrace(["import", Self.restorer, "--open", "CountryVCID", "-o", scenario])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("root TabBarControllerID (UITabBarController); 5 view controllers at launch, 1 opened"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scenario))) as? [String: Any])
        let root = try #require((json["windows"] as? [[String: Any]])?.first?["root"] as? [String: Any])
        #expect(root["kind"] as? String == "tabBar")
        let source = try #require(root["source"] as? [String: Any])
        #expect(source["file"] as? String == Self.restorer && source["line"] as? Int == 17 && source["objectId"] as? String == "4")

        let trace = directory.appendingPathComponent("restorer.jsonl").path
        let simulated = try runRestoretrace(["simulate", scenario, "--clock", "tick", "-o", trace])
        #expect(simulated.status == 0, "\(simulated.standardError)")
        let records = try traceRecords(Data(contentsOf: URL(fileURLWithPath: trace)))
        let detail = try #require(records.first { $0["kind"] as? String == "locate" && $0["ph"] as? String == "E"
            && ($0["path"] as? [String]) == ["TabBarControllerID", "CountryNCID", "CountryVCID"] })
        #expect(detail["via"] as? String == "storyboard" && detail["result"] as? String == "found")
        let encodes = records.filter { $0["kind"] as? String == "encode" && $0["ph"] as? String == "B" }
        #expect(encodes.count == 7 && encodes.allSatisfy { ($0["source"] as? [String: Any])?["file"] as? String == Self.restorer })

        let lint = try runRestoretrace(["lint", scenario])
        #expect(lint.status == 0)
        let text = String(decoding: lint.standardOutput, as: UTF8.self)
        #expect(text.contains("windows[0].root.children[0].children[0].views[0]: info:"))
        #expect(text.contains("[RT008 table-without-model-association]"))
        #expect(text.contains("defined at \(Self.restorer):37:21"))
    }

    @Test("import to standard output by default; without an initial view controller or --root: exit 2 listing the storyboard IDs")
    func importErrors() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.storyboard([
            #"<viewController id="a" storyboardIdentifier="Login" restorationIdentifier="Login" sceneMemberID="viewController"/>"#,
            #"<viewController id="b" storyboardIdentifier="Home" sceneMemberID="viewController"/>"#,
        ], initial: nil, named: "Main.storyboard", in: directory)
        let noRoot = try runRestoretrace(["import", path])
        #expect(noRoot.status == 2 && noRoot.standardOutput.isEmpty)
        #expect(noRoot.standardError.contains("has no initial view controller; choose the root with --root STORYBOARD_ID (storyboard IDs: Home, Login)"))
        let rooted = try runRestoretrace(["import", path, "--root", "Login"])
        #expect(rooted.status == 0)
        #expect(String(decoding: rooted.standardOutput, as: UTF8.self).contains("\"restorationIdentifier\": \"Login\""))
        let badOpen = try runRestoretrace(["import", path, "--root", "Login", "--open", "Home"])
        #expect(badOpen.status == 2 && badOpen.standardError.contains("--open Home: no segue leads to Home from Login"))
        let missing = try runRestoretrace(["import", directory.appendingPathComponent("Nope.storyboard").path])
        #expect(missing.status == 2 && missing.standardError.contains("Nope.storyboard: cannot read the storyboard: no such file"))
        let output = directory.appendingPathComponent("out.json")
        let malformed = try Self.storyboard(["<viewController"], initial: nil, named: "Bad.storyboard", in: directory)
        let bad = try runRestoretrace(["import", malformed, "-o", output.path])
        #expect(bad.status == 2 && bad.standardError.contains("Bad.storyboard:4:") && bad.standardError.contains("malformed XML"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    // MARK: lint

    @Test("lint exits 0 without errors, 1 with errors, 2 for an input it cannot read (after checking the others)")
    func lintExitStatuses() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try runRestoretrace(["lint", Self.restorer]).status == 0)
        let netNewsWire = try runRestoretrace(["lint", Self.netNewsWire])
        #expect(netNewsWire.status == 0)
        let text = String(decoding: netNewsWire.standardOutput, as: UTF8.self)
        #expect(text.contains("\(Self.netNewsWire):813:17: warning: Nothing is restored"))
        #expect(text.hasSuffix("0 errors, 1 warning, 4 infos\n"))
        let broken = try Self.storyboard([
            #"<navigationController id="nav" initialViewController="x" sceneMemberID="viewController"><connections><segue destination="list" kind="relationship" relationship="rootViewController" id="r"/></connections></navigationController>"#,
            #"<viewController id="list" restorationIdentifier="List" sceneMemberID="viewController"/>"#,
        ], initial: "nav", named: "Broken.storyboard", in: directory)
        let errors = try runRestoretrace(["lint", broken])
        #expect(errors.status == 1)
        #expect(String(decoding: errors.standardOutput, as: UTF8.self).contains("error: List has the restoration identifier \"List\" but is never restored"))
        let unreadable = try runRestoretrace(["lint", Self.restorer, directory.appendingPathComponent("missing.storyboard").path])
        #expect(unreadable.status == 2 && unreadable.standardError.contains("missing.storyboard: cannot read the storyboard"))
        #expect(String(decoding: unreadable.standardOutput, as: UTF8.self).contains("Restorer-MainStoryboard.storyboard: 6 scenes"))
        let trace = try runRestoretrace(["lint", "Traces/countries.jsonl"])
        #expect(trace.status == 2 && trace.standardError.contains("a trace; lint reads storyboards"))
        // Nothing read, nothing reported: no "0 errors" and no empty SARIF that would read as clean.
        #expect(trace.standardOutput.isEmpty)
        let sarif = try runRestoretrace(["lint", directory.appendingPathComponent("missing.storyboard").path, "--format", "sarif"])
        #expect(sarif.status == 2 && sarif.standardOutput.isEmpty)
        #expect(try runRestoretrace(["lint"]).status == 2)
    }

    @Test("lint --format json: every field of a finding, the inputs and the tally")
    func lintJSON() throws {
        let run = try runRestoretrace(["lint", Self.netNewsWire, "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any])
        #expect(json["format"] as? String == "restoretrace-lint/1")
        let findings = try #require(json["findings"] as? [[String: Any]])
        let root = try #require(findings.first { $0["ruleId"] as? String == "RT010" })
        #expect(root["ruleName"] as? String == "root-without-identifier" && root["severity"] as? String == "warning")
        #expect(root["file"] as? String == Self.netNewsWire && root["line"] as? Int == 813 && root["column"] as? Int == 17)
        #expect(root["objectId"] as? String == "9cW-lu-HoC" && root["class"] as? String == "UINavigationController")
        #expect(root["storyboardIdentifier"] as? String == "SettingsNavigationViewController")
        #expect((root["restorationPath"] as? [Any])?.count == 1 && (root["restorationPath"] as? [Any])?.first is NSNull)
        #expect((json["summary"] as? [String: Int]) == ["errors": 0, "warnings": 1, "infos": 4])
        #expect((json["inputs"] as? [[String: Any]])?.first?["notReachable"] as? Int == 4)
    }

    @Test("lint --format sarif is valid SARIF 2.1.0 (the official schema, checked by Python's jsonschema), with relative URIs and regions")
    func lintSARIF() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("lint.sarif").path
        let absolute = simulateRepositoryRoot.appendingPathComponent(Self.netNewsWire).path
        let run = try runRestoretrace(["lint", absolute, Self.restorer, "--format", "sarif", "-o", output])
        #expect(run.status == 0, "\(run.standardError)")
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", "-c", """
            import json, sys
            from jsonschema import Draft4Validator
            schema = json.load(open(sys.argv[1]))
            log = json.load(open(sys.argv[2]))
            errors = sorted(Draft4Validator(schema).iter_errors(log), key=lambda e: list(e.path))
            for error in errors:
                print("/".join(map(str, error.path)), error.message)
            run = log["runs"][0]
            print("results", len(run["results"]), "rules", len(run["tool"]["driver"]["rules"]))
            for result in run["results"]:
                location = result["locations"][0]["physicalLocation"]
                print(result["ruleId"], result["level"], location["artifactLocation"]["uri"], location["region"]["startLine"])
            sys.exit(1 if errors else 0)
            """, simulateRepositoryRoot.appendingPathComponent("Tests/CLITests/SARIF/sarif-schema-2.1.0.json").path, output]
        let pipe = Pipe()
        check.standardOutput = pipe
        check.standardError = pipe
        try check.run()
        let report = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        #expect(check.terminationStatus == 0, "\(report)")
        #expect(report.contains("results 5 rules 14"))
        // The absolute path inside the working directory is made relative, as code scanning wants.
        #expect(report.contains("RT010 warning \(Self.netNewsWire) 813"))
        #expect(report.contains("RT014 note \(Self.netNewsWire) 676"))
    }

    @Test("lint --format github prints workflow commands, escaping %, line breaks, and , and : in properties")
    func lintGitHub() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.storyboard([#"<viewController id="a" restorationIdentifier="50% done " sceneMemberID="viewController"/>"#],
                                       initial: "a", named: "a,b:c.storyboard", in: directory)
        let run = try runRestoretrace(["lint", path, "--format", "github"])
        let lines = String(decoding: run.standardOutput, as: UTF8.self).split(separator: "\n").map(String.init)
        let warning = try #require(lines.first { $0.hasPrefix("::warning ") })
        let escapedPath = path.replacingOccurrences(of: ",", with: "%2C").replacingOccurrences(of: ":", with: "%3A")
        #expect(warning.hasPrefix("::warning file=\(escapedPath),line=4,col=30,title=RT004 whitespace-in-restoration-identifier::"))
        #expect(warning.contains("\"50%25 done \"") && warning.contains("%0AFix: "))
        #expect(!warning.contains("\n"))
        #expect(lines.contains { $0.hasPrefix("::notice ") || $0.hasPrefix("::error ") } == false)
    }

    // MARK: render

    @Test("render draws a storyboard: every scene with its verdict, the launch arrow, tooltips with file:line; --view is refused")
    func renderStoryboard() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let svg = directory.appendingPathComponent("restorer.svg").path
        let run = try runRestoretrace(["render", Self.restorer, "-o", svg])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(String(decoding: run.standardOutput, as: UTF8.self).hasPrefix("wrote \(svg) (storyboard view, svg,"))
        let drawing = try String(contentsOfFile: svg, encoding: .utf8)
        for scene in ["TabBarControllerID", "CountryNCID", "CountryTVCID", "CountryVCID", "SettingsNCID", "SettingsVCID"] {
            #expect(drawing.contains(">\(scene)<"), "\(scene)")
        }
        #expect(drawing.contains("restored via its storyboard ID") && drawing.contains(">launch<"))
        // Graphviz writes - as &#45; and line breaks as &#10; in attributes.
        let tooltips = drawing.replacingOccurrences(of: "&#45;", with: "-").replacingOccurrences(of: "&#10;", with: "\n")
        #expect(tooltips.contains("xlink:title=\"\(Self.restorer):137:17 · object Acu-ec-qdP\nUYLCountryViewController\n"
            + "restored when it was on screen: UIKit makes it again from its storyboard ID CountryVCID."))
        // The same input draws the same bytes.
        let again = directory.appendingPathComponent("again.svg").path
        _ = try runRestoretrace(["render", Self.restorer, "-o", again])
        #expect(try String(contentsOfFile: again, encoding: .utf8) == drawing)
        let view = try runRestoretrace(["render", Self.restorer, "--view", "flow", "-o", svg])
        #expect(view.status == 2 && view.standardError.contains("a storyboard is drawn as its scenes; --view flow applies to traces"))
    }

    @Test("render reads storyboards together: a reference is drawn as leading to its scene in the other storyboard")
    func renderReferences() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let main = try Self.storyboard([
            #"<tabBarController id="tabs" restorationIdentifier="Tabs" sceneMemberID="viewController"><connections><segue destination="ref" kind="relationship" relationship="viewControllers" id="t1"/></connections></tabBarController>"#,
            #"<viewControllerPlaceholder storyboardName="Settings" id="ref" sceneMemberID="viewController"/>"#,
        ], initial: "tabs", named: "Main.storyboard", in: directory)
        let settings = try Self.storyboard([#"<viewController id="s" restorationIdentifier="Settings" sceneMemberID="viewController"/>"#],
                                           initial: "s", named: "Settings.storyboard", in: directory)
        let out = directory.path + "/out/"
        let run = try runRestoretrace(["render", main, settings, "-o", out, "--format", "dot"])
        #expect(run.status == 0, "\(run.standardError)")
        let mainDOT = try String(contentsOfFile: out + "Main.dot", encoding: .utf8)
        #expect(mainDOT.contains("leads to Settings in Settings"))
        let settingsDOT = try String(contentsOfFile: out + "Settings.dot", encoding: .utf8)
        // Reached through the reference from Main's tab bar: restored, at launch.
        #expect(settingsDOT.contains("restored: exists at launch"))
        let alone = try runRestoretrace(["render", main, "-o", directory.appendingPathComponent("alone.dot").path])
        #expect(alone.status == 0)
        #expect(try String(contentsOfFile: directory.appendingPathComponent("alone.dot").path, encoding: .utf8)
            .contains("leads nowhere among the storyboards given"))
    }

    // MARK: traces with source

    @Test("traces whose records carry source are read by validate, summary, render, export and diff")
    func tracesWithSource() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = directory.appendingPathComponent("app.scenario.json").path
        #expect(try runRestoretrace(["import", Self.restorer, "-o", scenario]).status == 0)
        let trace = directory.appendingPathComponent("app.jsonl").path
        #expect(try runRestoretrace(["simulate", scenario, "--clock", "tick", "-o", trace]).status == 0)
        #expect(try String(contentsOfFile: trace, encoding: .utf8).contains("\"source\":{\"file\":"))
        #expect(try runRestoretrace(["validate", trace]).status == 0)
        #expect(try runRestoretrace(["summary", trace]).status == 0)
        #expect(try runRestoretrace(["summary", trace, "--format", "json"]).status == 0)
        for view in ["flow", "hierarchy", "locate"] {
            #expect(try runRestoretrace(["render", trace, "--view", view, "-o", directory.appendingPathComponent("\(view).svg").path]).status == 0)
        }
        #expect(try runRestoretrace(["export", trace, "--to", "chrome", "-o", directory.appendingPathComponent("t.json").path]).status == 0)
        #expect(try runRestoretrace(["diff", trace, trace]).status == 0)
    }
}
