// Tests of reading a trace in parts: whatever line the file is split at (inside spans, inside
// phases, next to seq gaps, unmatched ends, reused span ids), the joined statistics render
// byte for byte as the full reader's do, on the corpus, generated and mutated traces.

import Foundation
import Testing
import TraceGeneration
@testable import TraceAnalysis
import TraceFormat

@Suite struct TraceStatisticsReaderTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The summary (JSON and text) through the full reader.
    static func full(_ path: String, _ options: TraceStatistics.Options) throws -> [UInt8] {
        let input = try TraceInput(path: path)
        var statistics = TraceStatistics(header: input.header, options: options)
        while let record = try input.next() { statistics.add(record) }
        return rendered(statistics)
    }

    static func rendered(_ statistics: TraceStatistics) -> [UInt8] {
        let summary = statistics.summary()
        return SummaryJSONFormat.render(summary) + Array(SummaryTextFormat(style: .text).render(summary).utf8)
    }

    /// Byte offsets of every line start after the header's (the possible split points).
    static func lineStarts(_ path: String) throws -> [Int] {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        return bytes.indices.filter { bytes[$0] == 0x0A && $0 + 1 < bytes.count }.map { $0 + 1 }
    }

    /// Checks the summary read in two parts at each of (at most `limit`, evenly spread) split
    /// points, and in three parts, against the full reader's. Returns false when the fast
    /// path does not take the file at all.
    @discardableResult
    static func checkSplits(
        _ path: String, grouping: SummaryGrouping = .kind, limit: Int = 60, mustJoin: Bool = false
    ) throws -> Bool {
        let options = TraceStatistics.Options(top: 3, grouping: grouping)
        guard let (header, offset) = LeanTraceReader.headerAndOffset(path: path),
            TraceStatisticsReader.read(path: path, header: header, from: offset, splits: [], options: options) != nil
        else { return false }
        let expected = try full(path, options)
        let starts = try lineStarts(path)
        let step = max(starts.count / limit, 1)
        var splitsTried: [[Int]] = stride(from: 0, to: starts.count, by: step).map { [starts[$0]] }
        if starts.count > 4 { splitsTried.append([starts[starts.count / 3], starts[2 * starts.count / 3]]) }
        for splits in splitsTried {
            let parts = try #require(
                TraceStatisticsReader.read(path: path, header: header, from: offset, splits: splits, options: options))
            #expect(rendered(parts) == expected, "\(path) split at \(splits)")
            if mustJoin {  // the parts were joined, not read again in one go
                let earlier = try #require(TraceStatisticsReader.readPart(
                    path: path, header: header, from: offset, to: splits[0], options: options))
                let later = try #require(TraceStatisticsReader.readPart(
                    path: path, header: header, from: splits[0], to: splits.count > 1 ? splits[1] : nil,
                    options: options, continuing: true))
                #expect(TraceStatistics.joined(earlier, later) != nil, "\(path) split at \(splits)")
            }
        }
        return true
    }

    @Test("every corpus trace gives the full reader's summary whatever line it is split at")
    func corpus() throws {
        let traces = try FileManager.default.contentsOfDirectory(atPath: Self.packageRoot.appendingPathComponent("Traces").path)
            .filter { $0.hasSuffix(".jsonl") }.sorted()
        #expect(traces.count > 20)
        var taken = 0
        for name in traces {
            let path = Self.packageRoot.appendingPathComponent("Traces/\(name)").path
            for grouping in SummaryGrouping.allCases where try Self.checkSplits(path, grouping: grouping, limit: 10) {
                taken += 1
            }
        }
        #expect(taken > 20 * SummaryGrouping.allCases.count)  // the fast path takes most of the corpus
    }

    @Test("generated traces, finished or cut off inside spans, split anywhere", arguments: [false, true])
    func generated(crashAtEnd: Bool) throws {
        let trace = SyntheticTrace.make(objects: 120, seed: 41, crashAtEnd: crashAtEnd)
        let path = try LeanTraceReaderTests.write(trace.header, trace.records, name: "parts-\(crashAtEnd).jsonl")
        for grouping in SummaryGrouping.allCases {
            #expect(try Self.checkSplits(path, grouping: grouping, limit: 12, mustJoin: true))
        }
    }

    @Test("an E record's path counts when its B, in the earlier part, had none")
    func endPathAcrossTheSplit() throws {
        let records = [
            TraceRecord(seq: 0, ts: 0, phase: .begin, span: 1, kind: .restoration),
            TraceRecord(seq: 1, ts: 3, phase: .begin, span: 2, kind: .decode),
            TraceRecord(seq: 2, ts: 9, phase: .end, span: 2, kind: .decode, path: ["Late"]),
            TraceRecord(seq: 3, ts: 9, phase: .end, span: 1, kind: .restoration),
            TraceRecord(seq: 4, ts: 10, phase: .begin, span: 3, kind: .decode, path: ["After"]),
            TraceRecord(seq: 5, ts: 12, phase: .end, span: 3, kind: .decode),
        ]
        let path = try LeanTraceReaderTests.write(TraceHeader(clock: "ns"), records, name: "parts-late-path.jsonl")
        for grouping in SummaryGrouping.allCases { #expect(try Self.checkSplits(path, grouping: grouping, mustJoin: true)) }
    }

    /// Mutations that make the parts disagree unless the join handles them (or gives up).
    enum Mutation: String, CaseIterable {
        case dropRecords, swapSeqs, reuseSpanIDs, duplicateEnds, dropBegins, dropEnds, seqJumps
    }

    @Test("mutated traces: gaps, out-of-order seqs, reused ids, ends without begins", arguments: Mutation.allCases)
    func mutated(mutation: Mutation) throws {
        for seed in UInt64(1)...2 {
            var random = SplitMix64(seed: seed * 7919)
            var records = SyntheticTrace.make(objects: 60, seed: seed, crashAtEnd: seed % 2 == 0).records
            for _ in 0..<3 {
                let index = Int(random.next() % UInt64(records.count - 2)) + 1
                switch mutation {
                case .dropRecords: records.remove(at: index)
                case .swapSeqs: records.swapAt(index, index + 1)
                case .reuseSpanIDs:
                    if records[index].phase == .begin { records[index].span = records[index / 2].span ?? 1 }
                case .duplicateEnds: if records[index].phase == .end { records.insert(records[index], at: index + 1) }
                case .dropBegins: if let begin = records[index...].firstIndex(where: { $0.phase == .begin }) { records.remove(at: begin) }
                case .dropEnds: if let end = records[index...].firstIndex(where: { $0.phase == .end }) { records.remove(at: end) }
                case .seqJumps: for later in index..<records.count { records[later].seq += 1_000 }
                }
            }
            let path = try LeanTraceReaderTests.write(
                TraceHeader(clock: "ns"), records, name: "parts-\(mutation)-\(seed).jsonl")
            for grouping in [SummaryGrouping.kind, .path] { try Self.checkSplits(path, grouping: grouping, limit: 8) }
        }
    }

    @Test("a split point is the start of the line after the middle")
    func lineStart() throws {
        let path = try LeanTraceReaderTests.write(
            TraceHeader(clock: "ns"), [TraceRecord(seq: 0, ts: 0, phase: .instant, kind: .launch)], name: "parts-line.jsonl")
        let starts = try Self.lineStarts(path)
        let size = try Data(contentsOf: URL(fileURLWithPath: path)).count
        #expect(TraceStatisticsReader.lineStart(path: path, after: 3) == starts.first)
        #expect(TraceStatisticsReader.lineStart(path: path, after: starts[0] + 1) == size)  // an empty second part
        #expect(TraceStatisticsReader.lineStart(path: path, after: size) == nil)
    }
}
