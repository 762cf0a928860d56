// The archive on disk: round trip, damage of every kind detected and discarded with a fresh
// launch, atomic writes (a leftover temp file is ignored), and write failures reported.

import Foundation
import RestorationEngine
import Testing
import TraceFormat

@Suite("Restoration archive")
struct ArchiveTests {
    /// Preserves the countries app into a fresh directory, lets `damage` change the file, then relaunches.
    private func relaunch(after damage: (ArchiveDirectory) throws -> Void) throws -> (InMemoryRecorder, RestorationReport, ArchiveDirectory) {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let archiveDirectory = ArchiveDirectory(url: directory)
        let simulation = ScenarioSimulation(scenario: Fixtures.countries(), archiveDirectory: directory, clock: .deterministic)
        try simulation.preserve(recorder: InMemoryRecorder())
        try damage(archiveDirectory)
        let recorder = InMemoryRecorder()
        let report = try simulation.restore(recorder: recorder, crash: .throwSimulatedCrash)
        #expect(!archiveDirectory.archiveExists)
        return (recorder, report, archiveDirectory)
    }

    private func expectDiscardedAsCorrupt(_ recorder: InMemoryRecorder, _ report: RestorationReport, messageContains text: String) {
        #expect(recorder.records(kind: .discard).map(\.reason) == [DiscardReason.corruptArchive.rawValue])
        let errors = recorder.records(kind: .error)
        #expect(errors.count == 1)
        #expect(errors.first?.message?.contains(text) == true, "message: \(errors.first?.message ?? "none")")
        #expect(errors.first?.message?.contains(ArchiveDirectory.archiveFileName) == true)
        #expect(recorder.records(kind: .archiveRead).last?.result == "corrupt")
        #expect(recorder.records(kind: .locate).isEmpty && recorder.records(kind: .decode).isEmpty)
        #expect(report.launchedFresh)
        #expect(recorder.records.last?.kind == .restoration)
    }

    @Test("an archive round-trips through its binary form, every value kind included")
    func roundTrip() throws {
        let values: JSONValue = .object(JSONObject([
            JSONMember("null", .null), JSONMember("yes", true), JSONMember("no", false), JSONMember("int", .int(-1234567890123)),
            JSONMember("double", 2.5), JSONMember("text", "Zürich ✓"), JSONMember("list", [1, "two", [3.0]]),
        ]))
        let archive = RestorationArchive(
            applicationSlots: [ArchivedSlot(key: "app", content: .value(values))],
            objects: [ArchivedObject(kind: .viewController, path: RestorationPath(["A", "B/C", ""]), className: "X",
                                     restorationClassName: "R", truncatedStackKey: "stack",
                                     slots: [ArchivedSlot(key: "stack", content: .references([RestorationPath(["A"]), nil], isList: true)),
                                             ArchivedSlot(key: "v", content: .value(values))])])
        let bytes = archive.encoded()
        #expect(Array(bytes.prefix(8)) == RestorationArchive.magic)
        #expect(try RestorationArchive.decode(bytes) == archive)
    }

    @Test("a flipped byte is caught by the checksum: discard corruptArchive, an error, and a fresh launch")
    func corruptByte() throws {
        let (recorder, report, _) = try relaunch { directory in
            var bytes = try #require(try directory.readArchive())
            bytes[bytes.count - 3] ^= 0x01
            try Data(bytes).write(to: directory.archiveURL)
        }
        expectDiscardedAsCorrupt(recorder, report, messageContains: "checksum")
    }

    @Test("a truncated archive is detected from its declared length")
    func truncated() throws {
        let (recorder, report, _) = try relaunch { directory in
            let bytes = try #require(try directory.readArchive())
            try Data(bytes.prefix(bytes.count - 10)).write(to: directory.archiveURL)
        }
        expectDiscardedAsCorrupt(recorder, report, messageContains: "truncated")
    }

    @Test("a file that is not an archive is detected from its magic")
    func foreign() throws {
        let (recorder, report, _) = try relaunch { directory in
            try Data("{\"not\": \"an archive\", \"padding\": \"................\"}".utf8).write(to: directory.archiveURL)
        }
        expectDiscardedAsCorrupt(recorder, report, messageContains: "not a restoration archive")
    }

    @Test("an archive of another format version is refused with both versions named")
    func wrongVersion() throws {
        let (recorder, report, _) = try relaunch { directory in
            var bytes = try #require(try directory.readArchive())
            bytes[8] = 2
            try Data(bytes).write(to: directory.archiveURL)
        }
        expectDiscardedAsCorrupt(recorder, report, messageContains: "format version 2")
    }

    @Test("an archive with header flags this engine does not know is refused as corrupt, the flags named")
    func unknownFlags() throws {
        let (recorder, report, _) = try relaunch { directory in
            var bytes = try #require(try directory.readArchive())
            bytes[10] = 0x04
            try Data(bytes).write(to: directory.archiveURL)
        }
        expectDiscardedAsCorrupt(recorder, report, messageContains: "header flags 0x0004")
    }

    @Test("a file shorter than the header is detected")
    func tooShort() throws {
        let (recorder, report, _) = try relaunch { directory in
            try Data(RestorationArchive.magic + [1]).write(to: directory.archiveURL)
        }
        expectDiscardedAsCorrupt(recorder, report, messageContains: "shorter than")
    }

    @Test("a missing archive means a fresh launch with discard archiveMissing and no error")
    func missing() throws {
        let (recorder, report, _) = try relaunch { directory in directory.deleteArchive() }
        #expect(recorder.records(kind: .discard).map(\.reason) == [DiscardReason.archiveMissing.rawValue])
        #expect(recorder.records(kind: .error).isEmpty)
        #expect(recorder.records(kind: .archiveRead).last?.result == "missing")
        #expect(recorder.records(kind: .shouldRestore).isEmpty)
        #expect(report.launchedFresh)
    }

    @Test("a temp file left by a write that crashed is ignored; the previous archive is restored")
    func leftoverTempFileIgnored() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let simulation = ScenarioSimulation(scenario: Fixtures.countries(), archiveDirectory: directory, clock: .deterministic)
        try simulation.preserve(recorder: InMemoryRecorder())
        let leftover = directory.appendingPathComponent(".\(ArchiveDirectory.archiveFileName).99999.tmp")
        try Data([0x52, 0x54, 0x53]).write(to: leftover)
        let recorder = InMemoryRecorder()
        let report = try simulation.restore(recorder: recorder, crash: .throwSimulatedCrash)
        #expect(report.discarded == nil)
        #expect(report.decodedPaths.count == 8)
        #expect(recorder.records(kind: .error).isEmpty)
    }

    @Test("writing replaces the archive as a whole and leaves no temp file behind")
    func atomicReplace() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let archiveDirectory = ArchiveDirectory(url: directory)
        try archiveDirectory.writeArchive(Array(repeating: 1, count: 100_000))
        try archiveDirectory.writeArchive([2, 3])
        #expect(try archiveDirectory.readArchive() == [2, 3])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [ArchiveDirectory.archiveFileName])
    }

    @Test("an archive that cannot be written is an error record and a thrown error, not a crash")
    func unwritableDirectory() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("restoretrace-no-such-dir-\(UUID().uuidString)/deeper")
        let world = ScenarioWorld(scenario: Fixtures.countries(), phase: .beforeTermination)
        let recorder = InMemoryRecorder()
        #expect(throws: PreservationError.self) {
            try Preserver(application: world.application).preserve(to: ArchiveDirectory(url: missing), recorder: recorder)
        }
        #expect(recorder.records(kind: .archiveWrite).last?.result == "failed")
        #expect(recorder.records(kind: .error).first?.message?.contains("deeper") == true)
        #expect(recorder.records.last?.kind == .preservation)
    }
}
