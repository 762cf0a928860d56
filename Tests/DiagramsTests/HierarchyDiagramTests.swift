// The hierarchy view from a trace and from a scenario.

import Foundation
import Testing
@testable import Diagrams
import Graphviz
import RestorationEngine
import TraceAnalysis
import TraceFormat

/// The ID of the node whose label has a line `className`, in DOT text.
private func nodeID(ofClass className: String, in dot: String) -> String? {
    dot.split(separator: "\n").first { $0.contains("\\n\(className)\\n") }?
        .split(separator: "\"").dropFirst().first.map(String.init)
}

@Suite("Hierarchy view")
struct HierarchyDiagramTests {
    @Test("from a trace, each object shows its outcome: restored via a step, excluded, mismatch, not found, not decoded")
    func traceOutcomes() {
        let (header, records) = SampleTraces.countries()
        let dot = HierarchyDiagram.graph(header: header, records: records).dotSource
        #expect(dot.contains(#"CountryDetail\nCountryViewController\nrestored via restorationClass"#))
        // Each failed object says why: its verdict's first line.
        #expect(dot.contains(#"CLASS MISMATCH\nProfile\nProfileViewController\nnot restored: a LegacyProfileViewController was\nfound"#))
        #expect(dot.contains(#"NOT FOUND\nHelp\nHelpViewController\nnot restored: no step of the relaunch search\nfound it"#))
        #expect(dot.contains(#"NOT DECODED\nSettings\nSettingsViewController\nnot restored: its decodeRestorableState(with:)\nfailed"#))
        #expect(dot.contains(#"EXCLUDED\n(no identifier)\nPasswordViewController\nnot preserved: it has no restoration identifier"#))
        #expect(dot.contains("shape=tab"), "containers have their own shape")
        #expect(dot.contains("shape=ellipse"), "views are their own nodes, drawn as ellipses")
    }

    @Test("exclusions without paths nest by their recorded depth: each below the nearest one before it a level up")
    func pathlessExclusionsNest() {
        let recorder = InMemoryRecorder(clock: .tick, header: TraceHeader(clock: "tick", scenario: "gaps"))
        let encode = recorder.begin(.encode, path: ["Nav"], className: "UINavigationController")
        recorder.end(encode, .encode, path: ["Nav"])
        func exclude(_ className: String, identifier: String?, depth: Int?, reason: String = "ancestorExcluded") {
            var attributes = [TraceAttribute("reason", .string(reason)), TraceAttribute("parent", .strings(["Nav"]))]
            if let identifier { attributes.append(TraceAttribute("identifier", .string(identifier))) }
            if let depth { attributes.append(TraceAttribute("depth", .int(Int64(depth)))) }
            recorder.instant(.exclude, path: nil, className: className, attributes: attributes)
        }
        exclude("GapViewController", identifier: nil, depth: nil, reason: "noRestorationIdentifier")
        exclude("MiddleViewController", identifier: nil, depth: 2)
        exclude("LeafViewController", identifier: "Leaf", depth: 3)
        exclude("SiblingViewController", identifier: "Sibling", depth: 2)
        exclude("OtherViewController", identifier: nil, depth: nil, reason: "noRestorationIdentifier")
        // Depth 3 with no depth-2 exclusion open before it: hung below Nav, not guessed.
        exclude("StrayViewController", identifier: "Stray", depth: 3)
        let graph = HierarchyDiagram.graph(header: recorder.header, records: recorder.records)
        let dot = graph.dotSource
        func id(_ className: String) -> String? { nodeID(ofClass: className, in: dot) }
        func hasEdge(_ from: String, _ to: String) -> Bool {
            guard let a = id(from), let b = id(to) else { return false }
            return dot.contains("\"\(a)\" -> \"\(b)\"")
        }
        #expect(hasEdge("UINavigationController", "GapViewController"))
        #expect(hasEdge("GapViewController", "MiddleViewController"))
        #expect(hasEdge("MiddleViewController", "LeafViewController"))
        #expect(hasEdge("GapViewController", "SiblingViewController"))
        #expect(hasEdge("UINavigationController", "OtherViewController"))
        #expect(hasEdge("UINavigationController", "StrayViewController"))
        #expect(!hasEdge("UINavigationController", "LeafViewController"))
    }

    @Test("nesting by depth: a skipped level does not lose the open ancestors; parents are never mixed; a long chain is capped, not recursed")
    func pathlessNestingEdgeCases() {
        func exclusion(_ depth: Int?, parent: [String]? = ["Nav"]) -> TraceHierarchy.UnplacedExclusion {
            var attributes = [TraceAttribute("reason", "ancestorExcluded")]
            if let parent { attributes.append(TraceAttribute("parent", .strings(parent))) }
            if let depth { attributes.append(TraceAttribute("depth", .int(Int64(depth)))) }
            let record = TraceRecord(seq: 0, ts: 0, phase: .instant, span: nil, kind: .exclude, path: nil,
                                     className: "X", attributes: attributes)
            return TraceHierarchy(records: [record]).unplacedExclusions[0]
        }
        // A, M (2), L (3), a stray at 5 (no open 4: a root), then S (2): S hangs below A still.
        let skipped = HierarchyDiagram.nested([exclusion(nil), exclusion(2), exclusion(3), exclusion(5), exclusion(2)])
        #expect(skipped.roots == [0, 3])
        #expect(skipped.children[0] == [1, 4])
        #expect(skipped.children[1] == [2])
        // A chain longer than the cap: the first 100 nest, the rest hang below the parent.
        let chain = HierarchyDiagram.nested((1...150).map { exclusion($0) })
        #expect(chain.roots == [0] + Array(100..<150))
        #expect(chain.children[98] == [99])

        // Through a whole drawing: parents are kept apart, and 5,000 nested levels draw.
        let recorder = InMemoryRecorder(clock: .tick, header: TraceHeader(clock: "tick", scenario: "chain"))
        for parent in [["Gone"], ["Other"]] {
            recorder.instant(.exclude, path: nil, className: "Top\(parent[0])", attributes: [
                TraceAttribute("reason", "noRestorationIdentifier"), TraceAttribute("parent", .strings(parent))])
        }
        recorder.instant(.exclude, path: nil, className: "Deep", attributes: [
            TraceAttribute("reason", "ancestorExcluded"), TraceAttribute("parent", .strings(["Gone"])), TraceAttribute("depth", .int(2))])
        for depth in 1...5_000 {
            var attributes = [TraceAttribute("reason", "ancestorExcluded"), TraceAttribute("parent", .strings([]))]
            if depth > 1 { attributes.append(TraceAttribute("depth", .int(Int64(depth)))) }
            recorder.instant(.exclude, path: nil, className: "Level\(depth)", attributes: attributes)
        }
        let dot = HierarchyDiagram.graph(header: recorder.header, records: recorder.records).dotSource
        func id(_ className: String) -> String? { nodeID(ofClass: className, in: dot) }
        #expect(id("TopGone") != nil && id("Deep") != nil)
        if let top = id("TopGone"), let deep = id("Deep") { #expect(dot.contains("\"\(top)\" -> \"\(deep)\"")) }
        if let other = id("TopOther"), let deep = id("Deep") { #expect(!dot.contains("\"\(other)\" -> \"\(deep)\"")) }
    }

    @Test("from a crashed trace, the object whose decode never ended is UNFINISHED")
    func unfinishedObject() {
        let (header, records) = SampleTraces.countries(crashInDecodeOf: ["Tabs", "CountryNav", "CountryList"])
        let dot = HierarchyDiagram.graph(header: header, records: records).dotSource
        #expect(dot.contains(#"UNFINISHED\nCountryList\nCountryListViewController\nnot restored: the process stopped inside its\ndecodeRestorableState(with:)"#))
        // Preserved and never reached: the crash says why.
        #expect(dot.contains(#"Help\nHelpViewController\nnot restored: the process stopped during\nrestoration"#))
    }

    @Test("from a scenario, static exclusions are marked with their reasons")
    func scenarioExclusions() {
        let scenario = Scenario(name: "rules", windows: [ScenarioWindow(root: ScenarioViewController(
            className: "UITabBarController", kind: .tabBar, restorationIdentifier: "Tabs",
            children: [
                ScenarioViewController(className: "A", restorationIdentifier: "Same"),
                ScenarioViewController(className: "B", restorationIdentifier: "Same"),
                ScenarioViewController(className: "NoID", restorationIdentifier: nil, children: [
                    ScenarioViewController(className: "Below", restorationIdentifier: "Below"),
                ]),
                ScenarioViewController(className: "Custom", kind: .custom, restorationIdentifier: "Custom", children: [
                    ScenarioViewController(className: "Inner", restorationIdentifier: "Inner"),
                ]),
                ScenarioViewController(className: "Empty", restorationIdentifier: "", views: [
                    ScenarioView(className: "UIScrollView", kind: .scroll, restorationIdentifier: "Scroll"),
                ]),
            ],
            presented: ScenarioViewController(className: "Modal", restorationIdentifier: "Modal")))],
            registeredObjects: [ScenarioRegisteredObject(restorationIdentifier: "Config", className: "AppConfig")])
        let dot = HierarchyDiagram.graph(scenario: scenario).dotSource
        for reason in ["duplicatePath", "noRestorationIdentifier", "ancestorExcluded", "notEncodedByContainer",
                       "viewWithoutRestorableOwner", "notReferenced"] {
            #expect(dot.contains("reason: \(reason)"), "missing \(reason)")
        }
        #expect(dot.contains(#"label="presents""#))
        #expect(dot.contains("would be preserved"))
        #expect(dot.contains("Hierarchy as described — rules"))
    }

    @Test("past the node budget, siblings collapse into a summary counting outcomes, problems kept visible")
    func collapsesSiblings() {
        let (header, records) = SampleTraces.wide(objects: 2_000)
        let graph = HierarchyDiagram.graph(header: header, records: records, options: DiagramOptions(maximumNodes: 120))
        let legendNodes = graph.subgraphs.first { $0.id.rawValue == "legend" }?.totalNodeCount ?? 0
        #expect(graph.totalNodeCount - legendNodes <= 120)
        let dot = graph.dotSource
        #expect(dot.contains("more (collapsed)"))
        #expect(dot.contains(" restored"), "summaries count the outcomes they hide")
        #expect(dot.contains("EXCLUDED"))
    }
}
