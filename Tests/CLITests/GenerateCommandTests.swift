// Hidden `restoretrace generate`: deterministic output, valid traces, usage errors.

import Foundation
import Testing

@Suite("restoretrace generate")
struct GenerateCommandTests {
    @Test("the same options write byte-identical traces that validate cleanly")
    func deterministicAndValid() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("generate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("a.jsonl").path
        let second = directory.appendingPathComponent("b.jsonl").path
        for path in [first, second] {
            let run = try ExecutableRun.run(["generate", "--objects", "60", "--seed", "9", "--clock", "tick", "-o", path])
            #expect(run.status == 0, "\(run.standardError)")
        }
        #expect(FileManager.default.contentsEqual(atPath: first, andPath: second))
        let validation = try ExecutableRun.run(["validate", first])
        #expect(validation.status == 0)
        #expect(validation.standardOutput.hasPrefix("\(first): valid\n"))
    }

    @Test("bad values are usage errors (exit 2)")
    func usageErrors() throws {
        let tooFew = try ExecutableRun.run(["generate", "--objects", "1", "-o", "/tmp/never-written.jsonl"])
        #expect(tooFew.status == 2)
        #expect(tooFew.standardError.contains("--objects must be 2 or more, got 1."))
        let tooMany = try ExecutableRun.run(["generate", "--objects", "9223372036854775807", "-o", "/tmp/never-written.jsonl"])
        #expect(tooMany.status == 2)
        #expect(tooMany.standardError.contains("--objects must be at most 10,000,000"))
        let badClock = try ExecutableRun.run(["generate", "--clock", "minutes", "-o", "/tmp/never-written.jsonl"])
        #expect(badClock.status == 2)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.jsonl"))
    }
}
