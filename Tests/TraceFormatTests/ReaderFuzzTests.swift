// Mutation fuzzing of the reader and validator: bit flips, truncation, splicing and random
// bytes over valid traces. Seeded and bounded by iteration count, so runs are reproducible;
// a failure prints the seed and iteration to replay.

import Testing
import TraceGeneration
@testable import TraceFormat

@Suite("Reader fuzzing")
struct ReaderFuzzTests {
    /// Valid traces to mutate: a synthetic one, the hostile round-trip records, and the corpus style.
    static func seeds() throws -> [[UInt8]] {
        let directory = try TemporaryDirectory()
        let path = directory.path("seed.jsonl")
        try SyntheticTraceGenerator(configuration: .init(objects: 25, seed: 5, clock: .ns)).write(to: path)
        var hostile: [UInt8] = []
        TraceHeader(clock: "tick", extra: [JSONMember("x-a", [1, "b", nil])]).serialize(into: &hostile)
        for record in TraceReaderTests.sampleRecords().prefix(6) { record.serialize(into: &hostile) }
        return [Array(try directory.read("seed.jsonl").utf8), hostile]
    }

    enum Mutation: CaseIterable {
        case flipBits, truncate, splice, randomBytes, duplicateLine, insertStructural, deleteRange
    }

    static func mutate(_ input: [UInt8], with mutation: Mutation, others: [[UInt8]], random: inout SplitMix64) -> [UInt8] {
        var bytes = input
        func index(_ count: Int) -> Int { count <= 0 ? 0 : Int(random.next() % UInt64(count)) }
        switch mutation {
        case .flipBits:
            for _ in 0..<(1 + index(8)) where !bytes.isEmpty {
                bytes[index(bytes.count)] ^= UInt8(1) << UInt8(index(8))
            }
        case .truncate:
            bytes = Array(bytes.prefix(index(bytes.count + 1)))
        case .splice:
            let other = others[index(others.count)]
            let cut = index(bytes.count + 1)
            bytes = Array(bytes.prefix(cut)) + Array(other.suffix(from: index(other.count + 1)))
        case .randomBytes:
            let at = index(bytes.count + 1)
            let garbage = (0..<(1 + index(64))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            bytes.insert(contentsOf: garbage, at: at)
        case .duplicateLine:
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            let line = lines[index(lines.count)]
            bytes.insert(contentsOf: Array(line) + [0x0A], at: index(bytes.count + 1))
        case .insertStructural:
            let tokens: [[UInt8]] = [Array("{".utf8), Array("}".utf8), Array("[".utf8), Array("\"".utf8),
                                     Array("\\u".utf8), Array(",".utf8), Array("\n".utf8), Array("-0".utf8),
                                     Array("1e999".utf8), Array("\u{0}".utf8), Array(String(repeating: "[", count: 600).utf8)]
            bytes.insert(contentsOf: tokens[index(tokens.count)], at: index(bytes.count + 1))
        case .deleteRange:
            guard !bytes.isEmpty else { break }
            let start = index(bytes.count)
            bytes.removeSubrange(start..<min(bytes.count, start + 1 + index(40)))
        }
        return bytes
    }

    @Test("mutated traces never crash the reader or the validator, and every problem has a diagnostic")
    func mutationFuzz() throws {
        let seeds = try Self.seeds()
        var random = SplitMix64(seed: 0x5EED_F00D)
        let iterations = 2_000
        for iteration in 0..<iterations {
            var input = seeds[iteration % seeds.count]
            let rounds = 1 + Int(random.next() % 3)
            for _ in 0..<rounds {
                let mutation = Mutation.allCases[Int(random.next() % UInt64(Mutation.allCases.count))]
                input = Self.mutate(input, with: mutation, others: seeds, random: &random)
            }
            // Small chunks exercise the line reassembly across reads as well.
            let options = TraceReaderOptions(skipMalformedLines: iteration % 2 == 0,
                                             chunkBytes: iteration % 3 == 0 ? 64 : 1 << 16)
            let report = TraceValidator.validate(bytes: input, name: "fuzz-\(iteration)", options: options)
            let reader = TraceReader(bytes: input, options: options)
            var lineCount = 0
            while reader.next() != nil { lineCount += 1 }
            #expect(reader.lineNumber <= input.count + 1, "iteration \(iteration)")
            #expect(report.errorCount == 0 || !report.diagnostics.isEmpty, "iteration \(iteration): errors without diagnostics")
            if input != seeds[0] && input != seeds[1] && report.isValid && report.warningCount == 0 {
                // A mutation may keep the trace valid (a flipped letter inside a string); then it reads fully.
                #expect(lineCount == report.recordCount + (report.header == nil ? 0 : 1), "iteration \(iteration)")
            }
        }
    }

    @Test("the JSON parser survives random byte strings and returns a value or a located error")
    func parserFuzz() {
        var random = SplitMix64(seed: 99)
        let alphabet = Array("{}[]\":,\\/ubfnrt0123456789.eE+-truefalsenull \n\t\u{0}".utf8) + [0x80, 0xC3, 0xA9, 0xED, 0xF4, 0xFF]
        for _ in 0..<20_000 {
            let length = Int(random.next() % 40)
            let bytes = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            do {
                _ = try JSONValue.parse(bytes)
            } catch {
                #expect(error.line >= 1 && error.column >= 1 && error.offset <= bytes.count)
            }
        }
    }
}
