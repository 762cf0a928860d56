// Tests for SyntheticTraceGenerator: deterministic, valid, realistic, sized on request.

import Foundation
import Testing
import TraceGeneration
@testable import TraceFormat

@Suite("Synthetic trace generator")
struct SyntheticTraceGeneratorTests {
    @Test("the same configuration gives byte-identical files; another seed gives another trace")
    func deterministic() throws {
        let directory = try TemporaryDirectory()
        for clock in ClockUnit.allCases {
            let configuration = SyntheticTraceGenerator.Configuration(objects: 120, seed: 42, clock: clock)
            try SyntheticTraceGenerator(configuration: configuration).write(to: directory.path("a.jsonl"))
            try SyntheticTraceGenerator(configuration: configuration).write(to: directory.path("b.jsonl"))
            #expect(try directory.read("a.jsonl") == directory.read("b.jsonl"))
        }
        try SyntheticTraceGenerator(configuration: .init(objects: 120, seed: 43)).write(to: directory.path("c.jsonl"))
        #expect(try directory.read("a.jsonl") != directory.read("c.jsonl"))
    }

    @Test("generated traces validate cleanly and hold the five named kinds, excludes and realistic depth")
    func validAndRealistic() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("synthetic.jsonl")
        try SyntheticTraceGenerator(configuration: .init(objects: 300, seed: 7)).write(to: path)
        let report = try TraceValidator.validate(path: path)
        #expect(report.isValid && report.diagnostics.isEmpty && report.unfinishedSpans.isEmpty)
        for kind: RecordKind in [.willEncode, .encode, .locate, .decode, .finishedRestoring, .exclude, .shouldSave,
                                 .shouldRestore, .archiveWrite, .didDecode, .launch] {
            #expect((report.kindCounts[kind] ?? 0) > 0, "no \(kind) records")
        }
        let document = try TraceDocument.load(path: path)
        let depths = document.records.compactMap { $0.path?.count }
        #expect(depths.min() == 1 && (depths.max() ?? 0) >= 5 && (depths.max() ?? 0) <= 8)
        let decodes = SpanPairer.pairAll(document.records).filter { $0.kind == .decode }
        #expect(decodes.allSatisfy { ($0.duration ?? 0) >= 3_000 && ($0.duration ?? 0) <= 400_000 })
        #expect(decodes.contains { $0[attribute: "contentOffset"] != nil })
    }

    @Test("a target size repeats cycles until the file reaches it, numbering on across cycles")
    func targetSize() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("sized.jsonl")
        let records = try SyntheticTraceGenerator(configuration: .init(objects: 50, seed: 1, targetBytes: 1 << 20))
            .write(to: path)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size >= 1 << 20 && size < (1 << 20) + 200_000)
        let report = try TraceValidator.validate(path: path)
        #expect(report.isValid && report.diagnostics.isEmpty && report.recordCount == records)
    }
}
