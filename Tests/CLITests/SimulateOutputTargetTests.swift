// SimulateOutputTargetTests: where `simulate` may put a trace. A device such as /dev/null is
// written into, never replaced by a rename (that would turn /dev/null into a regular file).

import Foundation
import Testing
@testable import RestoreTraceCLI

@Suite("simulate: output targets")
struct SimulateOutputTargetTests {
    @Test("a device is written into, a regular or new file is replaced atomically, - is standard output")
    func classifiesTargets() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let existing = scratch.appendingPathComponent("old.jsonl")
        try Data("old\n".utf8).write(to: existing)

        guard case .success(.special(let device)) = SimulationRun.OutputTarget.resolve("/dev/null") else {
            Issue.record("/dev/null must be written into, not renamed over")
            return
        }
        #expect(device == "/dev/null")
        guard case .success(.file) = SimulationRun.OutputTarget.resolve(existing.path),
              case .success(.file) = SimulationRun.OutputTarget.resolve(scratch.appendingPathComponent("new.jsonl").path),
              case .success(.standardOutput) = SimulationRun.OutputTarget.resolve("-")
        else {
            Issue.record("regular files, new files and - are not classified as such")
            return
        }
    }

    @Test("a directory, or a file in a missing directory, is refused with what to do")
    func refusesDirectories() throws {
        guard case .failure(let directory) = SimulationRun.OutputTarget.resolve(NSTemporaryDirectory()) else {
            Issue.record("a directory was accepted as the output")
            return
        }
        #expect(directory.message.contains("is a directory; give the trace file's name"))
        guard case .failure(let missing) = SimulationRun.OutputTarget.resolve("/nonexistent/x.jsonl") else {
            Issue.record("a missing directory was accepted")
            return
        }
        #expect(missing.message.contains("/nonexistent does not exist"))
    }

    @Test("the temporary file of a regular target sits beside it, hidden, named for this process")
    func temporaryFileBesideTarget() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("target-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let workspace = directory.appendingPathComponent("ws")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        let target = directory.appendingPathComponent("run.jsonl").path
        let temporary = try SimulationRun.OutputTarget.file(path: target).makeTemporaryFile(in: workspace).get()
        #expect(temporary == directory.appendingPathComponent(".run.jsonl.\(getpid()).tmp").path)
        let special = try SimulationRun.OutputTarget.special(path: "/dev/null").makeTemporaryFile(in: workspace).get()
        #expect(special == workspace.appendingPathComponent("trace.jsonl").path)
    }
}
