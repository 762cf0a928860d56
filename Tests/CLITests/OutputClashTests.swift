// An output that names an input would destroy it; two inputs rendered to one file would lose one.
// Both are usage errors (exit 2) that leave every file as it was.

import Foundation
import Testing

@Suite("outputs that clash with inputs")
struct OutputClashTests {
    private func scratchCopy(of source: String, as name: String) throws -> (directory: URL, file: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(name)
        try FileManager.default.copyItem(atPath: source, toPath: file.path)
        return (directory, file)
    }

    @Test("simulate, export and render refuse -o naming their input, however it is spelt, and leave it intact",
          arguments: [
            ["simulate", "Traces/countries.scenario.json", "-o", "@"],
            ["export", "Traces/countries.jsonl", "--to", "chrome", "-o", "@"],
            ["render", "Traces/countries.jsonl", "--format", "svg", "-o", "@"],
          ])
    func outputIsInput(arguments: [String]) throws {
        let (directory, file) = try scratchCopy(of: arguments[1], as: (arguments[1] as NSString).lastPathComponent)
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = try Data(contentsOf: file)
        let spelt = directory.path + "/./" + file.lastPathComponent
        let run = try ExecutableRun.run(arguments.map { $0 == arguments[1] ? file.path : ($0 == "@" ? spelt : $0) })
        #expect(run.status == 2, "\(run.standardError)")
        #expect(run.standardError.contains("would destroy"), "\(run.standardError)")
        #expect(try Data(contentsOf: file) == before)
    }

    @Test("render refuses two inputs that would be written to the same file")
    func twoInputsOneOutput() throws {
        let (first, a) = try scratchCopy(of: "Traces/countries.jsonl", as: "x.jsonl")
        let (second, b) = try scratchCopy(of: "Traces/exclusion.jsonl", as: "x.jsonl")
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        let run = try ExecutableRun.run(["render", a.path, b.path, "-o", first.path + "/"])
        #expect(run.status == 2, "\(run.standardError)")
        #expect(run.standardError.contains("would both be written"), "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: first.appendingPathComponent("x.svg").path))
    }
}
