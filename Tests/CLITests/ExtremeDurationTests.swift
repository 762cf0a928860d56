// Traces whose spans each last close to the largest ts a reader accepts: sums of their
// durations pass Int64.max. Every command must still finish (sums saturate), never trap.

import Foundation
import Testing

@Suite("extreme durations")
struct ExtremeDurationTests {
    /// 1,100 decode spans and 1,100 restoration spans of 2^53 - 1 each (from the lowest ts to the
    /// highest), each on a thread of its own so that the trace is valid (ts never goes back on
    /// a thread): their totals are beyond Int64.max.
    static func saturatingTrace() throws -> String {
        var text = "{\"type\":\"header\",\"format\":\"restoretrace/1\",\"clock\":\"ns\"}\n"
        var seq = 0
        for span in 1...1_100 {
            text += "{\"seq\":\(seq),\"ts\":0,\"ph\":\"B\",\"span\":\(span),\"kind\":\"decode\",\"path\":[\"A\",\"\(span)\"],\"class\":\"X\",\"thread\":\"t\(span)\"}\n"
            text += "{\"seq\":\(seq + 1),\"ts\":9007199254740991,\"ph\":\"E\",\"span\":\(span),\"kind\":\"decode\",\"path\":[\"A\",\"\(span)\"],\"thread\":\"t\(span)\"}\n"
            seq += 2
        }
        for span in 2_001...3_100 {
            text += "{\"seq\":\(seq),\"ts\":0,\"ph\":\"B\",\"span\":\(span),\"kind\":\"restoration\",\"thread\":\"t\(span)\"}\n"
            text += "{\"seq\":\(seq + 1),\"ts\":9007199254740991,\"ph\":\"E\",\"span\":\(span),\"kind\":\"restoration\",\"thread\":\"t\(span)\"}\n"
            seq += 2
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("extreme-\(UUID().uuidString).jsonl")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test("summary, render, export and diff finish on durations whose sum passes Int64.max", arguments: [
        ["summary"], ["summary", "--format", "json"], ["summary", "--by", "path"],
        ["render", "--format", "dot", "-o", "-"], ["render", "--view", "hierarchy", "--format", "dot", "-o", "-"],
        ["render", "--heat", "--format", "dot", "-o", "-"], ["render", "--view", "locate", "--format", "dot", "-o", "-"],
        ["export", "--to", "chrome", "-o", "-"], ["export", "--to", "speedscope", "-o", "-"],
        ["export", "--to", "otlp", "-o", "-"], ["diff"],
    ])
    func finishes(command: [String]) throws {
        let path = try Self.saturatingTrace()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let arguments = command == ["diff"] ? ["diff", path, path] : [command[0], path] + command.dropFirst()
        #expect(try ExecutableRun.run(["validate", path]).status == 0)
        let run = try ExecutableRun.run(arguments)
        #expect(run.status == 0, "\(arguments.joined(separator: " ")): \(run.standardError.prefix(400))")
    }
}
