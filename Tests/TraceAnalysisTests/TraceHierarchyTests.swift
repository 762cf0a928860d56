// TraceHierarchy: the object tree rebuilt from paths, and each object's outcome from its records.

import Testing
import TraceAnalysis
import TraceFormat

@Suite("Hierarchy from a trace")
struct TraceHierarchyTests {
    /// Records one object's relaunch: locate (via, result), then optionally decode and finishedRestoring.
    private func relaunch(_ recorder: InMemoryRecorder, _ path: [String], via: String = "existing", result: String = "found",
                          decode: String? = "decoded", finish: Bool = true) {
        let locate = recorder.begin(.locate, path: path, className: "VC")
        recorder.end(locate, .locate, path: path, attributes: [TraceAttribute("via", .string(via)),
                                                               TraceAttribute("result", .string(result))])
        if let decode {
            let span = recorder.begin(.decode, path: path, className: "VC")
            recorder.end(span, .decode, path: path, attributes: [TraceAttribute("result", .string(decode))])
        }
        if finish {
            let span = recorder.begin(.finishedRestoring, path: path)
            recorder.end(span, .finishedRestoring, path: path)
        }
    }

    @Test("paths become a tree: parents before children, children in first-mention order, implied ancestors added")
    func buildsTree() {
        let recorder = InMemoryRecorder()
        relaunch(recorder, ["A", "B", "C"])
        relaunch(recorder, ["A"])
        relaunch(recorder, ["A", "D"])
        let hierarchy = TraceHierarchy(records: recorder.records)
        #expect(hierarchy.roots.map { hierarchy.nodes[$0].path } == [["A"]])
        let a = hierarchy.nodes[hierarchy.roots[0]]
        #expect(a.children.map { hierarchy.nodes[$0].identifier } == ["B", "D"])
        #expect(hierarchy.node(path: ["A", "B"])?.outcome == .unknown, "B is only an ancestor in paths")
        #expect(hierarchy.node(path: ["A", "B", "C"])?.outcome == .restored)
    }

    @Test("nodeOfRecord gives each record's node, nil for records without a path")
    func nodeOfRecord() {
        let recorder = InMemoryRecorder()
        relaunch(recorder, ["A", "B"])
        recorder.instant(.exclude, path: nil, className: "Bare", attributes: [TraceAttribute("reason", "noIdentifier")])
        relaunch(recorder, ["A"])
        let records = recorder.records
        let hierarchy = TraceHierarchy(records: records)
        #expect(hierarchy.nodeOfRecord.count == records.count)
        for (record, node) in zip(records, hierarchy.nodeOfRecord) {
            #expect(node == record.path.flatMap { hierarchy.nodeIndex(path: $0) }, "\(record)")
        }
        #expect(hierarchy.nodeOfRecord.contains(nil))
    }

    @Test("a duplicate of a path another object kept stands beside it; the object keeps its class and outcome")
    func duplicateBesideTheObjectThatKeptThePath() throws {
        let recorder = InMemoryRecorder()
        let tabs = recorder.begin(.encode, path: ["Tabs"], className: "UITabBarController")
        recorder.end(tabs, .encode, path: ["Tabs"])
        recorder.instant(.exclude, path: ["Tabs", "Feed"], className: "TrendingViewController",
                         attributes: [TraceAttribute("reason", "duplicatePath")])
        recorder.instant(.exclude, path: nil, className: "SettingsViewController",
                         attributes: [TraceAttribute("reason", "noRestorationIdentifier"), TraceAttribute("parent", .strings(["Tabs"]))])
        let feed = recorder.begin(.encode, path: ["Tabs", "Feed"], className: "FeedViewController")
        recorder.end(feed, .encode, path: ["Tabs", "Feed"])
        relaunch(recorder, ["Tabs", "Feed"])
        let hierarchy = TraceHierarchy(records: recorder.records)
        let node = try #require(hierarchy.node(path: ["Tabs", "Feed"]))
        #expect(node.outcome == .restored)
        #expect(node.className == "FeedViewController")
        // In trace order with the other exclusions, hanging from the path's parent under its identifier.
        #expect(hierarchy.unplacedExclusions.map(\.className) == ["TrendingViewController", "SettingsViewController"])
        let duplicate = hierarchy.unplacedExclusions[0]
        #expect(duplicate.parentPath == ["Tabs"] && duplicate.identifier == "Feed" && duplicate.reason == "duplicatePath")
    }

    @Test("each outcome follows from the records: excluded, not found, class mismatch, not decoded, restored")
    func outcomes() {
        let recorder = InMemoryRecorder()
        recorder.instant(.exclude, path: ["X"], className: "VC", attributes: [TraceAttribute("reason", "duplicatePath")])
        relaunch(recorder, ["N"], via: "none", result: "nil", decode: nil, finish: false)
        relaunch(recorder, ["M"], via: "appDelegate", result: "classMismatch", decode: nil, finish: false)
        relaunch(recorder, ["F"], decode: "failed", finish: false)
        relaunch(recorder, ["R"], via: "storyboard")
        relaunch(recorder, ["W"], finish: false)
        let encode = recorder.begin(.encode, path: ["P"], className: "VC")
        recorder.end(encode, .encode, path: ["P"])
        let hierarchy = TraceHierarchy(records: recorder.records)
        #expect(hierarchy.node(path: ["X"])?.outcome == .excluded(reason: "duplicatePath"))
        #expect(hierarchy.node(path: ["N"])?.outcome == .notFound)
        #expect(hierarchy.node(path: ["M"])?.outcome == .classMismatch(foundClass: nil))
        #expect(hierarchy.node(path: ["F"])?.outcome == .notDecoded(message: nil))
        #expect(hierarchy.node(path: ["R"])?.outcome == .restored)
        #expect(hierarchy.node(path: ["R"])?.locateVia == "storyboard")
        #expect(hierarchy.node(path: ["W"])?.outcome == .restoredWithoutFinish)
        #expect(hierarchy.node(path: ["P"])?.outcome == .preserved)
    }

    @Test("a span that never ended makes its object unfinished, whatever else it did")
    func unfinished() {
        let recorder = InMemoryRecorder()
        let locate = recorder.begin(.locate, path: ["A"], className: "VC")
        recorder.end(locate, .locate, path: ["A"], attributes: [TraceAttribute("via", "existing"), TraceAttribute("result", "found")])
        _ = recorder.begin(.decode, path: ["A"], className: "VC")
        let hierarchy = TraceHierarchy(records: recorder.records)
        #expect(hierarchy.node(path: ["A"])?.outcome == .unfinished(kind: .decode))
        #expect(hierarchy.node(path: ["A"])?.outcome.isProblem == true)
    }

    @Test("an exclusion without a path is kept with its class, reason and parent path")
    func pathlessExclusions() {
        let recorder = InMemoryRecorder()
        recorder.instant(.exclude, path: nil, className: "PasswordVC", attributes: [
            TraceAttribute("reason", "noRestorationIdentifier"), TraceAttribute("parent", .strings(["Tabs"])),
        ])
        let hierarchy = TraceHierarchy(records: recorder.records)
        #expect(hierarchy.nodes.isEmpty)
        #expect(hierarchy.unplacedExclusions.first?.className == "PasswordVC")
        #expect(hierarchy.unplacedExclusions.first?.parentPath == ["Tabs"])
    }
}
