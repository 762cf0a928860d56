// SimulateTraceInspectionTests: after a relaunch process dies, `simulate` reads the trace it left
// to find the unfinished decode span and where the numbering must continue.

import Foundation
import Testing
@testable import RestoreTraceCLI

@Suite("simulate: inspecting a trace a crashed process left")
struct SimulateTraceInspectionTests {
    @Test("open spans, the next seq and span id, and a line cut off mid-write are found")
    func inspectsCrashedTrace() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent("crashed.jsonl")
        let text = """
            {"type":"header","format":"restoretrace/1","clock":"tick"}
            {"seq":0,"ts":0,"ph":"B","span":1,"kind":"restoration"}
            {"seq":1,"ts":1,"ph":"B","span":2,"kind":"decode","path":["Nav"],"class":"UINavigationController"}
            {"seq":2,"ts":2,"ph":"E","span":2,"kind":"decode","path":["Nav"]}
            {"seq":3,"ts":3,"ph":"B","span":3,"kind":"decode","path":["Nav","Note"],"class":"NoteViewController"}
            {"seq":4,"ts":4,"ph":"i","kind":"err
            """
        try Data(text.utf8).write(to: file)
        let inspection = try SimulateTraceInspection(contentsOf: file.path)
        #expect(inspection.openSpans.map(\.span) == [1, 3])
        let decode = try #require(inspection.unfinishedDecode)
        #expect(decode.path == ["Nav", "Note"])
        #expect(decode.label == "Nav/Note (NoteViewController)")
        #expect(inspection.nextSeq == 4)
        #expect(inspection.nextSpan == 4)
        #expect(inspection.partialTailBytes == #"{"seq":4,"ts":4,"ph":"i","kind":"err"#.utf8.count)

        #expect(SimulateTraceInspection.removePartialTail(of: file.path, keeping: inspection.completeBytes))
        let trimmed = try String(contentsOf: file, encoding: .utf8)
        #expect(trimmed.hasSuffix(#""class":"NoteViewController"}"# + "\n"))
    }
}
