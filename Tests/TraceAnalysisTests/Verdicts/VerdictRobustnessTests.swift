// Verdicts never trap on records the engine would not write: the traces of Traces/, mutated
// at random (records dropped, repeated or moved, reasons, steps, results and paths changed,
// attributes removed), still gets a verdict for every object, in every format.

import Testing
import TraceAnalysis
import TraceFormat

@Suite("Verdicts on mutated traces")
struct VerdictRobustnessTests {
    /// SplitMix64: the same seed, the same mutations.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let values: [JSONValue] = [
        "notFound", "duplicatePath", "ancestorExcluded", "stackTruncated", "restorationClassReturnedNil", "forceQuit",
        "restorationFailed", "archiveMissing", "none", "existing", "restorationClass", "nil", "classMismatch", "failed",
        "decoded", "missing", "corrupt", "", "viewController", "view", "registeredObject", 0, -3, true, .null,
        .strings([]), .strings(["Nav"]), .strings(["Nav", "Note", "Deep"]),
    ]
    static let keys = ["reason", "via", "result", "objectKind", "parentKey", "parentIndex", "parent", "depth", "identifier",
                       "source", "foundClass", "message", "restorationClass", "storyboard"]

    static func mutate(_ records: [TraceRecord], _ random: inout Generator) -> [TraceRecord] {
        var records = records
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            guard !records.isEmpty else { break }
            let index = Int.random(in: 0..<records.count, using: &random)
            switch Int.random(in: 0..<7, using: &random) {
            case 0: records.remove(at: index)
            case 1: records.insert(records[index], at: Int.random(in: 0...records.count, using: &random))
            case 2: records.swapAt(index, Int.random(in: 0..<records.count, using: &random))
            case 3:
                let key = keys.randomElement(using: &random)!
                records[index].attributes.removeAll { $0.key == key }
                records[index].attributes.append(TraceAttribute(key, values.randomElement(using: &random)!))
            case 4: records[index].attributes.removeAll()
            case 5: records[index].path = [[], ["Nav"], ["Nav", "Note"], ["X", "Y", "Z"], nil].randomElement(using: &random)!
            default: records[index].phase = Phase.allCases.randomElement(using: &random)!
            }
        }
        return records
    }

    @Test("600 mutated traces: a verdict for every object, every format written, no trap")
    func mutatedTraces() throws {
        var random = Generator(state: 17)
        let documents = try VerdictTraces.names().map { name in
            try TraceDocument.load(path: VerdictTraces.directory.appendingPathComponent(name + ".jsonl").path)
        }
        for round in 0..<600 {
            let document = documents[round % documents.count]
            let records = Self.mutate(document.records, &random)
            let verdicts = RestorationVerdicts(header: document.header ?? TraceHeader(), records: records)
            #expect(verdicts.counts.total == verdicts.all.count)
            for verdict in verdicts.all { #expect(!verdict.summary.isEmpty) }
            _ = ExplainTextFormat().render(verdicts, name: "mutated.jsonl")
            _ = ExplainTextFormat(style: .markdown).render(verdicts, name: "mutated.jsonl")
            _ = ExplainJSONFormat.render(verdicts, name: "mutated.jsonl")
        }
    }
}
