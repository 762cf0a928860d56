// DiagramSource: telling traces from scenarios, loading errors that name the file, and views.

import Testing
@testable import Diagrams
import TraceFormat

@Suite("Diagram sources")
struct DiagramSourceTests {
    static let scenario = #"{"format":"restoretrace-scenario/1","name":"tiny","windows":[{"root":{"class":"A","restorationIdentifier":"A"}}]}"#
    static let trace = """
        {"type":"header","format":"restoretrace/1","clock":"tick"}
        {"seq":0,"ts":0,"ph":"i","kind":"shouldSave","result":true}

        """

    @Test("standard input is sniffed: a scenario names its format, anything else is read as a trace")
    func sniffsStandardInput() throws {
        #expect(DiagramSource.Kind.sniff(Array(Self.scenario.utf8)) == .scenario)
        #expect(DiagramSource.Kind.sniff(Array(Self.trace.utf8)) == .trace)
        let source = try DiagramSource.load(bytes: Array(Self.scenario.utf8), name: "<stdin>")
        #expect(source.defaultView == .hierarchy)
        #expect(source.availableViews == [.hierarchy])
        #expect(source.graph(view: .flow) == nil)
    }

    @Test("file names decide the kind: .jsonl is a trace, .json a scenario")
    func kindFromFileName() {
        #expect(DiagramSource.Kind.fromFileName("run.jsonl") == .trace)
        #expect(DiagramSource.Kind.fromFileName("app.scenario.json") == .scenario)
        #expect(DiagramSource.Kind.fromFileName("-") == nil)
    }

    @Test("a trace loads with the flow as its default view and all three views available")
    func traceViews() throws {
        let source = try DiagramSource.load(bytes: Array(Self.trace.utf8), name: "t.jsonl")
        #expect(source.defaultView == .flow)
        for view in DiagramView.allCases { #expect(source.graph(view: view) != nil) }
    }

    @Test("a malformed scenario's error names the file and the JSON path")
    func scenarioErrorsNameThePath() {
        let bad = #"{"format":"restoretrace-scenario/1","name":"x","windows":[{"root":{"class":7}}]}"#
        #expect {
            try DiagramSource.load(bytes: Array(bad.utf8), name: "bad.json")
        } throws: { error in
            let text = (error as? DiagramSource.LoadError)?.description ?? ""
            return text.contains("bad.json") && text.contains("windows[0].root.class")
        }
    }

    @Test("a malformed trace's error names the file and the line")
    func traceErrorsNameTheLine() {
        let bad = Self.trace + "{\"seq\":1,,}\n"
        #expect {
            try DiagramSource.load(bytes: Array(bad.utf8), name: "bad.jsonl")
        } throws: { error in
            ((error as? DiagramSource.LoadError)?.description ?? "").contains("bad.jsonl:3:")
        }
    }
}
