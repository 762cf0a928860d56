// docs/storyboards.md shows real output: every `$ restoretrace …` console block is run again, in
// order, and must print what the page shows; every trace excerpt must be lines of the traces the
// page's commands wrote.

import Foundation
import Testing

@Suite("docs/storyboards.md")
struct StoryboardDocsTests {
    /// The page's fenced blocks of `language`, in order, as their lines.
    static func blocks(_ language: String, in text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.components(separatedBy: "\n") {
            if current == nil, line == "```" + language {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!)
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }

    @Test("every restoretrace command on the page prints what the page shows, and the trace excerpts are real")
    func outputsAreCurrent() throws {
        let page = try String(contentsOf: simulateRepositoryRoot.appendingPathComponent("docs/storyboards.md"), encoding: .utf8)
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The page's paths are relative to the repository; its outputs go to the current directory.
        try FileManager.default.createSymbolicLink(at: directory.appendingPathComponent("Tests"),
                                                   withDestinationURL: simulateRepositoryRoot.appendingPathComponent("Tests"))
        var commands = 0
        for block in Self.blocks("console", in: page) {
            guard let first = block.first, first.hasPrefix("$ restoretrace ") else { continue }
            let arguments = first.dropFirst("$ restoretrace ".count).split(separator: " ").map(String.init)
            let run = try runRestoretrace(arguments, in: directory)
            let shown = block.count > 1 ? block.dropFirst().joined(separator: "\n") + "\n" : ""
            let printed = String(decoding: run.standardOutput, as: UTF8.self) + run.standardError
            #expect(printed == shown, "restoretrace \(arguments.joined(separator: " ")) prints something else now:\n\(printed)")
            commands += 1
        }
        #expect(commands >= 9)
        let traces = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".jsonl") }
        let written = Set(try traces.flatMap { try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8).split(separator: "\n").map(String.init) })
        let excerpts = Self.blocks("jsonl", in: page)
        #expect(excerpts.count >= 2)
        for line in excerpts.joined() { #expect(written.contains(line), "not in the traces the page's commands write: \(line)") }
    }
}
