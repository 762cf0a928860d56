// ScenarioTracesDirectoryTests: every hand-written scenario in Traces/ loads, names itself after
// its file, and says what it shows in an `x-description`.

import Foundation
import RestorationEngine
import Testing
import TraceFormat

/// The repository's Traces/ directory, found from this source file's location.
let tracesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Traces")

func scenarioFilesInTraces() throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: tracesDirectory, includingPropertiesForKeys: nil)
        .filter { $0.lastPathComponent.hasSuffix(".scenario.json") }
        .sorted { $0.lastPathComponent < $1.lastPathComponent }
}

@Suite("Traces/ scenarios")
struct ScenarioTracesDirectoryTests {
    @Test("every scenario in Traces/ loads, is named after its file and describes itself")
    func everyScenarioLoads() throws {
        let files = try scenarioFilesInTraces()
        #expect(files.count >= 30)
        for file in files {
            let scenario = try ScenarioLoader().load(contentsOf: file.path)
            #expect(scenario.name + ".scenario.json" == file.lastPathComponent)
            let description = scenario.extensions.first { $0.key == "x-description" }?.value.stringValue ?? ""
            #expect(!description.isEmpty, "\(file.lastPathComponent) has no x-description")
        }
    }

    @Test("there is a scenario for every exclude reason and every discard reason")
    func coversEveryReason() throws {
        let names = Set(try scenarioFilesInTraces().map(\.lastPathComponent))
        for reason in ExclusionReason.allCases {
            let kebab = reason.rawValue.reduce(into: "") { text, character in
                if character.isUppercase { text += "-" + character.lowercased() } else { text.append(character) }
            }
            #expect(names.contains("exclude-\(kebab).scenario.json"), "no scenario for exclude reason \(reason.rawValue)")
        }
        for reason in [DiscardReason.forceQuit, .launchCrashes, .restorationFailed, .corruptArchive, .versionRefused, .idiomRefused] {
            let kebab = reason.rawValue.reduce(into: "") { text, character in
                if character.isUppercase { text += "-" + character.lowercased() } else { text.append(character) }
            }
            #expect(names.contains("discard-\(kebab).scenario.json"), "no scenario for discard reason \(reason.rawValue)")
        }
    }
}
