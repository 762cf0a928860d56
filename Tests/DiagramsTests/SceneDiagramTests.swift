// The scene view: one lane per session, and within the node budget however many sessions and saves.

import Diagrams
import Testing
import TraceAnalysis
import TraceFormat

@Suite struct SceneDiagramTests {
    /// A timeline of `sessions` sessions, each connected then saved `saves` times.
    private func timeline(sessions: Int, saves: Int) -> SceneTimeline {
        var timeline = SceneTimeline()
        var seq: Int64 = 0
        var span: Int64 = 1
        func add(_ phase: Phase, _ kind: RecordKind, _ attributes: [TraceAttribute], span id: Int64?) {
            timeline.add(TraceRecord(seq: seq, ts: seq, phase: phase, span: id, kind: kind, attributes: attributes))
            seq += 1
        }
        for index in 0..<sessions {
            let session = TraceAttribute("session", .string("S\(index)"))
            add(.begin, .sceneConnect, [session, TraceAttribute("reason", "new")], span: span)
            add(.end, .sceneConnect, [session], span: span)
            span += 1
            for _ in 0..<saves {
                add(.begin, .activitySave, [session], span: span)
                add(.end, .activitySave, [session, TraceAttribute("result", "written")], span: span)
                span += 1
            }
        }
        return timeline
    }

    @Test("each session is a lane of its steps, saves with their result")
    func lanes() {
        let graph = SceneDiagram.graph(timeline(sessions: 2, saves: 2), title: "t")
        let dot = graph.dotSource
        #expect(dot.contains("session S0") && dot.contains("session S1"))
        #expect(dot.components(separatedBy: "background save").count - 1 >= 4)
    }

    @Test("a connect and a save whose records leave out their reason and result: \"connect\", \"(unspecified)\"")
    func missingFields() {
        var timeline = SceneTimeline()
        let session = TraceAttribute("session", .string("S"))
        timeline.add(TraceRecord(seq: 0, ts: 0, phase: .begin, span: 1, kind: .sceneConnect, attributes: [session]))
        timeline.add(TraceRecord(seq: 1, ts: 1, phase: .end, span: 1, kind: .sceneConnect, attributes: [session]))
        timeline.add(TraceRecord(seq: 2, ts: 2, phase: .begin, span: 2, kind: .activitySave, attributes: [session]))
        timeline.add(TraceRecord(seq: 3, ts: 3, phase: .end, span: 2, kind: .activitySave, attributes: [session]))
        let dot = SceneDiagram.graph(timeline, title: "t").dotSource
        #expect(dot.contains("connect") && !dot.contains("connect ("))
        #expect(dot.contains("(unspecified)") && !dot.contains("?"))
    }

    @Test("1,000 sessions of 100 saves stay within the node budget, the rest counted")
    func budget() {
        let options = DiagramOptions()
        let graph = SceneDiagram.graph(timeline(sessions: 1_000, saves: 100), title: "t", options: options)
        #expect(graph.totalNodeCount <= options.maximumNodes)
        #expect(graph.dotSource.contains("more sessions (collapsed)"))
        #expect(graph.dotSource.contains("more steps"))
    }
}
