// Golden DOT for every view of the sample traces and scenarios: the diagrams people read are
// reviewed as diffs. Regenerate with `scripts/build-diagrams.sh --goldens`
// (or RESTORETRACE_UPDATE_GOLDENS=1 swift test --filter GoldenDOTTests).

import Foundation
import Testing
@testable import Diagrams
import Graphviz
import RestorationEngine
import TraceFormat

@Suite("Golden DOT")
struct GoldenDOTTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static var updating: Bool { ProcessInfo.processInfo.environment["RESTORETRACE_UPDATE_GOLDENS"] == "1" }

    /// Every sample: the in-code traces, and every trace and scenario under Traces/.
    static func samples() throws -> [(name: String, source: DiagramSource)] {
        var samples: [(String, DiagramSource)] = []
        let countries = SampleTraces.countries()
        samples.append(("sample-countries", .trace(DiagramTrace(document: TraceDocument(
            header: countries.header, records: countries.records, recordLines: [], diagnostics: [])))))
        let crashed = SampleTraces.countries(crashInDecodeOf: ["Tabs", "CountryNav", "CountryList"])
        samples.append(("sample-countries-crash", .trace(DiagramTrace(document: TraceDocument(
            header: crashed.header, records: crashed.records, recordLines: [], diagnostics: [])))))
        let traces = repository.appendingPathComponent("Traces")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: traces.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".jsonl") || name.hasSuffix(".json") {
            let bytes = [UInt8](try Data(contentsOf: traces.appendingPathComponent(name)))
            let stem = name.hasSuffix(".jsonl") ? String(name.dropLast(6)) : String(name.dropLast(5))
            samples.append((stem, try DiagramSource.load(bytes: bytes, name: "Traces/" + name)))
        }
        return samples
    }

    @Test("every view of every sample matches its golden DOT")
    func matchesGoldens() throws {
        var mismatches: [String] = []
        var checked = 0
        for (name, source) in try Self.samples() {
            for view in source.availableViews {
                guard let graph = source.graph(view: view) else { continue }
                let file = Self.goldenDirectory.appendingPathComponent("\(name).\(view.rawValue).dot")
                let dot = graph.dotSource
                checked += 1
                if Self.updating {
                    try FileManager.default.createDirectory(at: Self.goldenDirectory, withIntermediateDirectories: true)
                    try Data(dot.utf8).write(to: file, options: .atomic)
                    continue
                }
                guard let golden = try? String(contentsOf: file, encoding: .utf8) else {
                    mismatches.append("\(file.lastPathComponent) is missing")
                    continue
                }
                if golden != dot { mismatches.append("\(file.lastPathComponent) differs") }
            }
        }
        #expect(checked >= 6)
        #expect(mismatches.isEmpty, """
            \(mismatches.joined(separator: "\n"))
            Review the change, then regenerate with scripts/build-diagrams.sh --goldens
            """)
    }

    @Test("every golden DOT lays out and renders through libgvc without a warning")
    func goldensRender() throws {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: Self.goldenDirectory.path)) ?? []
        #expect(!files.isEmpty)
        for file in files.sorted() where file.hasSuffix(".dot") {
            let dot = try String(contentsOf: Self.goldenDirectory.appendingPathComponent(file), encoding: .utf8)
            let rendering = try GraphvizRenderer.shared.render(dotSource: dot, format: .svg)
            #expect(rendering.warnings.isEmpty, "\(file): \(rendering.warnings)")
        }
    }
}
