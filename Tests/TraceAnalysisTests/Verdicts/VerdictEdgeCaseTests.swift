// Verdicts on traces the engine does not write but a reader meets: only a preservation, a failed
// archive write, a relaunch that skips an object, the engine's own error on a restoration class,
// a source location, and hostile depth (a 50,000-deep nesting, a 1,000-deep path) without a
// deep call stack.

import Testing
import TraceAnalysis
import TraceFormat

@Suite("Verdicts on unusual traces")
struct VerdictEdgeCaseTests {
    private func attributes(_ pairs: [(String, JSONValue)]) -> [TraceAttribute] { pairs.map { TraceAttribute($0.0, $0.1) } }

    /// A preservation of `paths`; `write` is the archive write's result.
    private func preserve(_ recorder: InMemoryRecorder, _ paths: [[String]], write: String = "written",
                          source: JSONValue? = nil) {
        let preservation = recorder.begin(.preservation)
        for path in paths {
            let span = recorder.begin(.encode, path: path, className: "DetailViewController",
                                      attributes: source.map { [TraceAttribute("source", $0)] } ?? [])
            recorder.end(span, .encode, path: path)
        }
        let archive = recorder.begin(.archiveWrite)
        if write == "failed" {
            recorder.instant(.error, path: nil, className: nil, attributes: attributes([("message", "restoration.archive: No space left on device")]))
        }
        recorder.end(archive, .archiveWrite, path: nil, attributes: attributes([("result", .string(write))]))
        recorder.end(preservation, .preservation)
    }

    @Test("a trace that ends after preservation: preserved only, not a problem")
    func preservedOnly() throws {
        let recorder = InMemoryRecorder()
        preserve(recorder, [["Nav"], ["Nav", "Detail"]])
        let verdicts = RestorationVerdicts(header: recorder.header, records: recorder.records)
        #expect(verdicts.run.outcome == .noRelaunch)
        let detail = try #require(verdicts.verdict(["Nav", "Detail"]))
        #expect(detail.status == .preservedOnly && !detail.isProblem)
        #expect(detail.summary == "preserved; the trace ends before a relaunch")
        #expect(verdicts.counts.preservedOnly == 2)
    }

    @Test("a failed archive write: nothing preserved reaches the disk, and the engine's error says why")
    func archiveNotWritten() throws {
        let recorder = InMemoryRecorder()
        preserve(recorder, [["Nav"]], write: "failed")
        let verdicts = RestorationVerdicts(header: recorder.header, records: recorder.records)
        #expect(verdicts.run.outcome == .notSaved)
        let nav = try #require(verdicts.verdict(["Nav"]))
        #expect(nav.cause == .archiveNotWritten)
        #expect(nav.because.contains("the engine reported: restoration.archive: No space left on device"))
    }

    @Test("a relaunch that read the archive and never named an object")
    func notLookedFor() throws {
        let recorder = InMemoryRecorder()
        preserve(recorder, [["Nav"]])
        let restoration = recorder.begin(.restoration)
        let read = recorder.begin(.archiveRead)
        recorder.end(read, .archiveRead, path: nil, attributes: attributes([("result", "read")]))
        recorder.end(restoration, .restoration)
        let nav = try #require(RestorationVerdicts(header: recorder.header, records: recorder.records).verdict(["Nav"]))
        #expect(nav.cause == .notLookedFor)
        #expect(nav.summary == "not restored: the relaunch never looked for it")
    }

    @Test("an unregistered restoration class: the engine's error is the cause, and the fix is to register it")
    func unregisteredRestorationClass() throws {
        let recorder = InMemoryRecorder()
        preserve(recorder, [["Nav"], ["Nav", "Detail"]])
        let restoration = recorder.begin(.restoration)
        let locate = recorder.begin(.locate, path: ["Nav", "Detail"], className: "DetailViewController",
                                    attributes: attributes([("objectKind", "viewController"), ("restorationClass", "DetailRestorer")]))
        recorder.end(locate, .locate, path: ["Nav", "Detail"], attributes: attributes([("via", "restorationClass"), ("result", "nil")]))
        recorder.instant(.error, path: ["Nav", "Detail"], className: nil, attributes: attributes([
            ("message", "the archived restoration class \"DetailRestorer\" is not registered with the relaunched application"),
        ]))
        recorder.instant(.exclude, path: ["Nav", "Detail"], className: "DetailViewController",
                         attributes: attributes([("reason", "restorationClassReturnedNil")]))
        recorder.end(restoration, .restoration)
        let detail = try #require(RestorationVerdicts(header: recorder.header, records: recorder.records).verdict(["Nav", "Detail"]))
        #expect(detail.summary == "not restored: its restoration class could not be asked")
        #expect(detail.because.contains { $0.hasPrefix("the engine reported: the archived restoration class \"DetailRestorer\" is not registered") })
        #expect(detail.fix?.hasPrefix("register the restoration class") == true)
    }

    @Test("a source location on a record is the verdict's, as an object or as text")
    func sourceLocation() throws {
        let recorder = InMemoryRecorder()
        let location = JSONValue.object(JSONObject([
            JSONMember("file", "Main.storyboard"), JSONMember("line", 17), JSONMember("column", 5), JSONMember("objectId", "Fow-qg-25e"),
        ]))
        preserve(recorder, [["Nav"]], source: location)
        let verdicts = RestorationVerdicts(header: recorder.header, records: recorder.records)
        let nav = try #require(verdicts.verdict(["Nav"]))
        #expect(nav.source == SourceLocation(file: "Main.storyboard", line: 17, column: 5, objectID: "Fow-qg-25e"))
        #expect(nav.source?.description == "Main.storyboard:17:5 (IB id Fow-qg-25e)")
        // A verdict that is a problem prints it.
        let text = String(decoding: ExplainTextFormat().render(verdicts, name: "t.jsonl"), as: UTF8.self)
        #expect(!text.contains("Source:"), "preserved-only objects are listed without one")
        let json = String(decoding: ExplainJSONFormat.render(verdicts, name: "t.jsonl"), as: UTF8.self)
        #expect(json.contains(#""file": "Main.storyboard""#) && json.contains(#""id": "Fow-qg-25e""#))
        #expect(SourceLocation(.string("Settings.swift:42"))?.description == "Settings.swift:42")
        #expect(SourceLocation(.int(3)) == nil)
    }

    @Test("a problem with a source location prints it in the text report")
    func sourceInText() throws {
        let recorder = InMemoryRecorder()
        let preservation = recorder.begin(.preservation)
        recorder.instant(.exclude, path: nil, className: "SettingsViewController", attributes: attributes([
            ("reason", "noRestorationIdentifier"), ("parent", .strings(["Tabs"])),
            ("source", .object(JSONObject([JSONMember("file", "Main.storyboard"), JSONMember("line", 40)]))),
        ]))
        recorder.end(preservation, .preservation)
        let verdicts = RestorationVerdicts(header: recorder.header, records: recorder.records)
        let text = String(decoding: ExplainTextFormat().render(verdicts, name: "t.jsonl"), as: UTF8.self)
        #expect(text.contains("  Source: Main.storyboard:40\n"))
    }

    @Test("50,000 exclusions nested one inside the next: every verdict cites the top one, no deep call stack")
    func deepPathlessNesting() throws {
        let recorder = InMemoryRecorder()
        let preservation = recorder.begin(.preservation)
        let root = recorder.begin(.encode, path: ["Root"], className: "RootViewController")
        recorder.end(root, .encode, path: ["Root"])
        recorder.instant(.exclude, path: nil, className: "TopViewController", attributes: attributes([
            ("reason", "noRestorationIdentifier"), ("parent", .strings(["Root"])),
        ]))
        for depth in 2...50_000 {
            recorder.instant(.exclude, path: nil, className: "Level\(depth)", attributes: attributes([
                ("reason", "ancestorExcluded"), ("parent", .strings(["Root"])), ("identifier", .string("L\(depth)")),
                ("depth", .int(Int64(depth))),
            ]))
        }
        recorder.end(preservation, .preservation)
        // Asked for the deepest first, as a diagram asks only for what it draws.
        let table = try TraceTable(header: recorder.header, records: recorder.records, keptAttributes: RestorationVerdicts.attributesRead)
        var reasoner = VerdictReasoner(table: table)
        let deepest = reasoner.verdict(ofSeparate: reasoner.separateCount - 1)
        #expect(deepest.subject.identifier == "L50000")
        #expect(deepest.summary == "not preserved: TopViewController above it was not preserved")
        #expect(deepest.because.count == 2, "the chain cites the root cause, whatever the depth")
        #expect(RestorationVerdicts(header: recorder.header, records: recorder.records).counts.notRestored == 50_000)
    }

    @Test("a 1,000-deep path below an object not found: asked for the deepest first, the verdict cites the top")
    func deepPathAskedFirst() throws {
        let recorder = InMemoryRecorder()
        var path = ["Root"]
        var paths = [path]
        for level in 1..<1_000 {
            path.append("L\(level)")
            paths.append(path)
        }
        preserve(recorder, paths)
        let restoration = recorder.begin(.restoration)
        let locate = recorder.begin(.locate, path: ["Root"], className: "DetailViewController")
        recorder.end(locate, .locate, path: ["Root"], attributes: attributes([("via", "none"), ("result", "nil")]))
        recorder.instant(.exclude, path: ["Root"], className: "DetailViewController", attributes: attributes([("reason", "notFound")]))
        for path in paths.dropFirst() {
            recorder.instant(.exclude, path: path, className: "DetailViewController", attributes: attributes([("reason", "ancestorExcluded")]))
        }
        recorder.end(restoration, .restoration)
        let table = try TraceTable(header: recorder.header, records: recorder.records, keptAttributes: RestorationVerdicts.attributesRead)
        var reasoner = VerdictReasoner(table: table)
        let object = try #require(table.object(ofPath: path))
        let found = reasoner.verdict(ofObject: object)
        let deepest = try #require(found)
        #expect(deepest.summary == "not restored: Root above it was not restored")
        #expect(deepest.fix?.hasPrefix("fix Root first:") == true)
    }
}
