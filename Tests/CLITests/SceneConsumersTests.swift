// `summary`, `export` and `diff` end to end on the scene samples in Traces/: every format shows
// the sessions (and the app's life cycle), the fast path over a file and the full reader over
// standard input agree, and the outputs of older traces are byte for byte what they were before
// scenes (Tests/Fixtures/OlderOutputs, made by the tool before sessions were added).

import Foundation
import Testing

@Suite struct SceneConsumersTests {
    private static let ipad = "Traces/scene-ipad-switcher-close.jsonl"

    private static func run(_ arguments: [String], input: Data? = nil) throws -> (status: Int32, output: String, error: String) {
        let result = try runRestoretrace(arguments, input: input)
        return (result.status, String(decoding: result.standardOutput, as: UTF8.self), result.standardError)
    }

    private static func trace(_ path: String) throws -> Data {
        try Data(contentsOf: simulateRepositoryRoot.appendingPathComponent(path))
    }

    @Test("summary --format json: sessions with their saves, reads, restores and discards, and the app's life cycle")
    func summaryJSON() throws {
        let run = try Self.run(["summary", Self.ipad, "--format", "json"])
        #expect(run.status == 0, "\(run.error)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let sessions = try #require(document["sessions"] as? [[String: Any]])
        #expect(sessions.compactMap { $0["session"] as? String } == ["inbox", "draft", "thread", "archive"])
        let draft = sessions[1]
        #expect(draft["saves"] as? [String: Int] == ["written": 1])
        #expect(draft["discards"] as? [String: Int] == ["userClosed": 1])
        #expect(sessions[0]["connects"] as? [String: Int] == ["new": 1, "launch": 1])
        #expect(sessions[0]["restores"] as? Int == 1)
        #expect(document["unattributedSceneRecords"] as? Int == 0)
        let app = try #require(document["appLifecycle"] as? [String: Any])
        #expect(app["launches"] as? Int == 2)
        #expect(app["processExits"] as? [String: Int] == ["systemKill": 1])
        #expect(app["deferredSessionDiscards"] as? Int == 1)
    }

    @Test("summary text, markdown and csv show the sessions and the app's life cycle")
    func summaryOtherFormats() throws {
        let text = try Self.run(["summary", Self.ipad]).output
        #expect(text.contains("Sessions (scene life cycle)"))
        let draft = try #require(text.split(separator: "\n").first { $0.hasPrefix("  draft ") })
        #expect(draft.contains("written 1") && draft.contains("discard userClosed"))
        #expect(text.contains("App life cycle") && text.contains("process exits"))
        let markdown = try Self.run(["summary", "Traces/scene-nil-clears-unchanged-skips.jsonl", "--format", "markdown"]).output
        #expect(markdown.contains("| main | 2 | written 3, unchanged 1, cleared 1 |"))
        #expect(markdown.contains("### App life cycle"))
        let csv = try Self.run(["summary", Self.ipad, "--format", "csv"]).output.split(separator: "\n")
        #expect(csv.contains("session,activitySave written,draft,1,,,,,,,"))
        #expect(csv.contains("session,sessionDiscard userClosed,thread,1,,,,,,,"))
        #expect(csv.contains("appLifecycle,processExit systemKill,,1,,,,,,,"))
        let secure = try Self.run(["summary", "Traces/secure-coding-violation.jsonl"]).output
        #expect(secure.contains("violations on encode 1, on decode 1"))
        #expect(!secure.contains("Sessions"))
    }

    @Test("summary of standard input (the full reader) equals the summary of the file (fast path and a second pass), every format")
    func summaryStandardInputAgrees() throws {
        for name in ["scene-ipad-switcher-close", "scene-extend-crash", "scene-locked-device", "deferred-restoration-crash"] {
            let path = "Traces/\(name).jsonl"
            for format in ["text", "markdown", "json", "csv"] {
                let file = try Self.run(["summary", path, "--format", format])
                let piped = try Self.run(["summary", "-", "--format", format], input: Self.trace(path))
                #expect(file.status == 0 && piped.status == 0)
                #expect(file.output == piped.output, "\(name) \(format)")
            }
        }
    }

    @Test("older traces: summary, export and diff outputs are byte for byte those from before sessions")
    func olderOutputsUnchanged() throws {
        let fixtures = simulateRepositoryRoot.appendingPathComponent("Tests/Fixtures/OlderOutputs")
        var runs: [(arguments: [String], fixture: String)] = []
        for name in ["countries", "feed-tabs-crash", "exclusion"] {
            for (format, ext) in [("text", "txt"), ("markdown", "md"), ("json", "json"), ("csv", "csv")] {
                runs.append((["summary", "Traces/\(name).jsonl", "--format", format], "\(name).summary.\(ext)"))
            }
        }
        runs.append((["summary", "Traces/countries.jsonl", "--by", "class", "--format", "json"], "countries.summary-by-class.json"))
        for name in ["countries", "feed-tabs-crash"] {
            for to in ["chrome", "speedscope", "otlp"] {
                runs.append((["export", "Traces/\(name).jsonl", "--to", to, "-o", "-"], "\(name).\(to).out"))
            }
        }
        runs.append((["diff", "Traces/countries.jsonl", "Traces/feed-tabs-crash.jsonl"], "countries-feed-tabs-crash.diff.txt"))
        runs.append((["diff", "Traces/countries.jsonl", "Traces/feed-tabs-crash.jsonl", "--format", "json"], "countries-feed-tabs-crash.diff.json"))
        for name in ["countries", "rule-02-preservation-order", "rule-11-registered-objects"] {
            runs.append((["explain", "Traces/\(name).jsonl"], "\(name).explain.txt"))
            runs.append((["explain", "Traces/\(name).jsonl", "--format", "json"], "\(name).explain.json"))
        }
        for (arguments, fixture) in runs {
            let expected = try String(contentsOf: fixtures.appendingPathComponent(fixture), encoding: .utf8)
            let run = try Self.run(arguments)
            #expect(run.output == expected, "\(arguments.joined(separator: " ")) differs from \(fixture)")
        }
    }

    @Test("export --to chrome: one tid per session from 4, named `session ID`; the file fast path equals the full reader")
    func exportChrome() throws {
        let fast = try Self.run(["export", Self.ipad, "--to", "chrome", "-o", "-"])
        #expect(fast.status == 0, "\(fast.error)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(fast.output.utf8)) as? [String: Any])
        let events = try #require(document["traceEvents"] as? [[String: Any]])
        let names = events.filter { $0["name"] as? String == "thread_name" }
            .map { ($0["tid"] as? Int ?? -1, ($0["args"] as? [String: Any])?["name"] as? String ?? "") }
        #expect(names.map(\.1) == ["outside phases", "session inbox", "session draft", "session thread", "session archive"])
        #expect(names.map(\.0) == [3, 4, 5, 6, 7])
        let tidOfSession = Dictionary(uniqueKeysWithValues: names.dropFirst().map { ($0.1.replacingOccurrences(of: "session ", with: ""), $0.0) })
        for event in events where event["ph"] as? String != "M" {
            let session = (event["args"] as? [String: Any])?["session"] as? String
            #expect(event["tid"] as? Int == session.map { tidOfSession[$0] ?? -1 } ?? 3, "\(event)")
        }
        // A file through ChromeLineScanner, standard input through the full reader: the same bytes.
        let output = AnalysisFixtures.directory.appendingPathComponent("scene-consumers.chrome.json").path
        let file = try Self.run(["export", Self.ipad, "--to", "chrome", "-o", output])
        #expect(file.status == 0, "\(file.error)")
        let piped = try Self.run(["export", "-", "--to", "chrome", "-o", "-"], input: Self.trace(Self.ipad))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == piped.output)
    }

    @Test("export --to speedscope: one profile per session; --to otlp: restoretrace.session on every scene span, once")
    func exportSpeedscopeAndOTLP() throws {
        let speedscope = try Self.run(["export", Self.ipad, "--to", "speedscope", "-o", "-"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(speedscope.output.utf8)) as? [String: Any])
        let profiles = try #require(document["profiles"] as? [[String: Any]])
        #expect(profiles.compactMap { $0["name"] as? String }.map { $0.components(separatedBy: " · ").last ?? "" }
                == ["session inbox", "session draft", "session thread", "session archive"])
        let otlp = try Self.run(["export", Self.ipad, "--to", "otlp", "-o", "-"])
        #expect(otlp.status == 0)
        var sessionSpans = 0
        for line in otlp.output.split(separator: "\n") {
            let batch = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let spans = ((((batch["resourceSpans"] as? [[String: Any]])?.first?["scopeSpans"] as? [[String: Any]])?.first)?["spans"] as? [[String: Any]]) ?? []
            for span in spans {
                let keys = (span["attributes"] as? [[String: Any]] ?? []).compactMap { $0["key"] as? String }
                let count = keys.filter { $0 == "restoretrace.session" }.count
                #expect(count <= 1, "\(span)")
                sessionSpans += count
            }
        }
        #expect(sessionSpans > 40)
    }

    @Test("diff of scene traces: a restore that regressed and a save result that changed exit 1, in text and JSON")
    func diffRegressions() throws {
        let text = try Self.run(["diff", "Traces/scene-round-trip.jsonl", "Traces/scene-undeclared-type.jsonl"])
        #expect(text.status == 1)
        #expect(text.output.contains("session main restored less: restores 1 → 0, reads read 1 → missing 1"))
        #expect(text.output.contains("session main save 1: written → notPersisted"))
        let json = try Self.run(["diff", "Traces/scene-round-trip.jsonl", "Traces/scene-undeclared-type.jsonl", "--format", "json"])
        #expect(json.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let sessions = try #require(document["sessions"] as? [String: Any])
        let saves = try #require(sessions["saves"] as? [[String: Any]])
        #expect(saves.first?["a"] as? String == "written" && saves.first?["b"] as? String == "notPersisted")
        #expect(saves.first?["regression"] as? Bool == true)
        #expect((sessions["restores"] as? [[String: Any]])?.first?["regression"] as? Bool == true)
    }

    @Test("diff of scene traces: a session missing from B is a regression; the same trace twice is not, and says so")
    func diffSessions() throws {
        let missing = try Self.run(["diff", Self.ipad, "Traces/scene-round-trip.jsonl"])
        #expect(missing.status == 1)
        for name in ["inbox", "draft", "thread", "archive"] { #expect(missing.output.contains("session missing: \(name)")) }
        #expect(missing.output.contains("Sessions only in B\n  main"))
        let same = try Self.run(["diff", Self.ipad, "-"], input: Self.trace(Self.ipad))
        #expect(same.status == 0, "\(same.output)")
        #expect(same.output.contains("Sessions: the same in A and B"))
    }

    // MARK: Review fixes

    private static func write(_ lines: [String], _ name: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("restoretrace-scene-consumers-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("\(name)-\(UUID().uuidString).jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        return file.path
    }

    private static let tickHeader = #"{"type":"header","format":"restoretrace/1","clock":"tick"}"#
    private static let launched = #"{"seq":0,"ts":0,"ph":"i","kind":"launch","step":"didFinishLaunching"}"#

    @Test("diff sees a session whose only records are instants (no lifecycle header): missing in B is a regression")
    func diffSessionInstants() throws {
        let a = try Self.write([Self.tickHeader, Self.launched,
                                #"{"seq":1,"ts":1,"ph":"i","kind":"sceneDisconnect","session":"x","reason":"memory"}"#,
                                #"{"seq":2,"ts":2,"ph":"i","kind":"sessionDiscard","session":"x","reason":"userClosed"}"#], "instants")
        let b = try Self.write([Self.tickHeader, Self.launched], "plain")
        let run = try Self.run(["diff", a, b])
        #expect(run.status == 1, "\(run.output)\(run.error)")
        #expect(run.output.contains("session missing: x"))
        let same = try Self.run(["diff", a, a, "--format", "json"])
        #expect(same.status == 0)
        #expect(same.output.contains("\"sessions\""))
    }

    @Test("an unmatched completeStateRestoration counts as a call, ignored, in explain and summary alike")
    func unmatchedComplete() throws {
        let summary = try Self.run(["summary", "Traces/deferred-restoration-counter.jsonl", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(summary.output.utf8)) as? [String: Any])
        let deferred = try #require((document["appLifecycle"] as? [String: Any])?["deferredRestoration"] as? [String: Int])
        #expect(deferred["extend"] == 1 && deferred["complete"] == 2 && deferred["ignored"] == 1, "\(deferred)")
        let explained = try Self.run(["explain", "Traces/deferred-restoration-counter.jsonl"]).output
            .replacingOccurrences(of: "\n    ", with: " ")
        #expect(explained.contains("extendStateRestoration() once, completeStateRestoration() 2 times (1 unmatched, ignored: rule 45)"), "\(explained)")
        #expect(explained.contains("the counter went back to 0: restoration completed"))
        // Only the error record, in a scene session's words: still found, and no extend was in effect.
        let alone = try Self.write([Self.tickHeader, Self.launched,
                                    #"{"seq":1,"ts":1,"ph":"i","kind":"error","message":"completeStateRestoration without a matching extendStateRestoration: ignored"}"#],
                                   "unmatched")
        let text = try Self.run(["explain", alone]).output.replacingOccurrences(of: "\n    ", with: " ")
        #expect(text.contains("completeStateRestoration() once (1 unmatched, ignored: rule 45)"), "\(text)")
        #expect(text.contains("the counter stayed at 0: no extend was in effect"))
        // summary shows it too, though the trace has no other life-cycle record.
        let aloneSummary = try Self.run(["summary", alone, "--format", "json"])
        let aloneDocument = try #require(try JSONSerialization.jsonObject(with: Data(aloneSummary.output.utf8)) as? [String: Any])
        let aloneDeferred = try #require((aloneDocument["appLifecycle"] as? [String: Any])?["deferredRestoration"] as? [String: Int])
        #expect(aloneDeferred["complete"] == 1 && aloneDeferred["ignored"] == 1 && aloneDeferred["extend"] == 0, "\(aloneDeferred)")
    }

    @Test("a registered object's fact takes its path from the B record when the E leaves it out")
    func registeredObjectPathFromBegin() throws {
        let lines = String(decoding: try Self.trace("Traces/registered-object-parents.jsonl"), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        // Every locate E without its path (an E may leave it out).
        let stripped = lines.map { line -> String in
            guard line.contains("\"ph\":\"E\""), line.contains("\"kind\":\"locate\""),
                  let range = line.range(of: #","path":\[[^\]]*\]"#, options: .regularExpression) else { return line }
            return line.replacingCharacters(in: range, with: "")
        }
        #expect(stripped != lines)
        let trace = try Self.write(stripped, "registered-no-end-path")
        #expect(try Self.run(["validate", trace]).status == 0)
        let full = try Self.run(["explain", "Traces/registered-object-parents.jsonl", "--format", "json"]).output
        let withoutEndPaths = try Self.run(["explain", trace, "--format", "json"]).output
        func registered(_ json: String) throws -> [String] {
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let facts = try #require(document["lifecycle"] as? [[String: Any]])
            return facts.filter { $0["topic"] as? String == "registeredObject" }.compactMap { $0["summary"] as? String }
        }
        let expected = try registered(full)
        #expect(expected.contains { $0.contains("Tabs/Inbox/Draft") })
        #expect(try registered(withoutEndPaths) == expected)
    }

    @Test("explain's text shows a save result's control characters as escapes, never raw")
    func saveResultSanitized() throws {
        let session = #""session":"s""#
        let trace = try Self.write([
            #"{"type":"header","format":"restoretrace/1","clock":"tick","lifecycle":"scene"}"#, Self.launched,
            #"{"seq":1,"ts":1,"ph":"B","span":1,"kind":"sceneConnect",\#(session),"reason":"new"}"#,
            #"{"seq":2,"ts":2,"ph":"E","span":1,"kind":"sceneConnect",\#(session)}"#,
            #"{"seq":3,"ts":3,"ph":"B","span":2,"kind":"activitySave",\#(session)}"#,
            #"{"seq":4,"ts":4,"ph":"E","span":2,"kind":"activitySave",\#(session),"result":"wr\u001b[2Jitten"}"#,
        ], "control")
        let run = try Self.run(["explain", trace])
        #expect(run.status == 0, "\(run.error)")
        #expect(!run.output.utf8.contains(0x1B), "\(run.output)")
        #expect(run.output.contains("wr\\u{1B}[2Jitten") || run.output.contains("wr\\u{1b}[2Jitten"), "\(run.output)")
    }
}

