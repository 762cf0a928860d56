// Test support for the verdicts: the traces of Traces/ (real `simulate` output) read into
// verdicts, and a verdict looked up by path or by identifier.

import Foundation
import Testing
import TraceAnalysis
import TraceFormat

enum VerdictTraces {
    /// The repository's Traces/ directory.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Traces")

    /// The verdicts of `Traces/NAME.jsonl`.
    static func verdicts(_ name: String) throws -> RestorationVerdicts {
        let document = try TraceDocument.load(path: directory.appendingPathComponent(name + ".jsonl").path)
        return RestorationVerdicts(header: try #require(document.header), records: document.records)
    }

    /// Every trace name in Traces/.
    static func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(6)) }.sorted()
    }
}

extension RestorationVerdicts {
    /// The verdict on the object at `path`, or on the separate subject whose identifier (or class) is `name`.
    func verdict(_ path: [String]) -> RestorationVerdict? { all.first { $0.subject.path == path } }
    func verdict(named name: String) -> RestorationVerdict? {
        all.first { $0.subject.path == nil && ($0.subject.identifier == name || ($0.subject.identifier == nil && $0.subject.className == name)) }
    }
}

extension RestorationVerdict {
    /// The whole verdict as one text, to look for words in.
    var text: String { ([summary] + because + [fix ?? ""]).joined(separator: " | ") }
}
