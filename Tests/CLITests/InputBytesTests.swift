// InputBytes: a render's input read whole — small and big regular files (mapped), empty files,
// a file cut short while mapped, and the errors for what cannot be read.

import Foundation
import Testing
@testable import RestoreTraceCLI

@Suite("render: reading its input")
struct InputBytesTests {
    static func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("input-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("files of every size come back byte for byte: empty, small, page-sized and megabytes")
    func readsWholeFiles() throws {
        var random = SystemRandomNumberGenerator()
        for size in [0, 1, 4095, 4096, 70_000, (2 << 20) - 1, (3 << 20) + 17] {
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &random) }
            let path = try Self.temporaryFile(bytes)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let input = try InputBytes.read(path)
            #expect(Array(input.bytes) == bytes, "\(size) bytes")
        }
    }

    @Test("a file cut short while mapped reads as zeros past the cut and says so, instead of SIGBUS")
    func survivesAFileCutShort() throws {
        let size = 5 * 4096 + 123
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 % 251 + 1) }
        let path = try Self.temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let input = try InputBytes.read(path)
        #expect(input.change == nil)
        // Every page read once, so that the cut has to take pages away that were there.
        #expect(stride(from: 0, to: size, by: 4096).allSatisfy { input.bytes[$0] == bytes[$0] })
        #expect(truncate(path, 4096 + 10) == 0)
        // Whole pages past the new end would raise SIGBUS on a plain mapping.
        let seen = Array(input.bytes)
        #expect(input.change == .cut)
        #expect(seen.count == size)
        #expect(Array(seen[0..<(4096 + 10)]) == Array(bytes[0..<(4096 + 10)]))
        #expect(seen[(2 * 4096)...].allSatisfy { $0 == 0 })
        // Grown back to its size, the file no longer looks cut by its size: the fault remembered it.
        #expect(truncate(path, off_t(size)) == 0)
        #expect(input.change == .cut)

        // Another mapping, open at the same time, is not marked by that cut.
        let untouched = try Self.temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: untouched) }
        let other = try InputBytes.read(untouched)
        #expect(Array(other.bytes) == bytes)
        #expect(other.change == nil, "a cut is the mapping's own, not the process's")
        withExtendedLifetime(input) {}

        // Cut within its last page: no fault, the rest of the page reads as zeros; the size tells.
        let short = try Self.temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: short) }
        let shortInput = try InputBytes.read(short)
        #expect(truncate(short, off_t(size - 50)) == 0)
        #expect(shortInput.bytes[size - 1] == 0)
        #expect(shortInput.change == .cut)

        // Written to in place, same size: told apart from a cut.
        let written = try Self.temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: written) }
        let writtenInput = try InputBytes.read(written)
        usleep(10_000)  // a later modification time on file systems with coarse clocks
        let handle = try #require(FileHandle(forWritingAtPath: written))
        handle.write(Data("{".utf8))
        handle.closeFile()
        #expect(writtenInput.bytes[0] == UInt8(ascii: "{"))
        #expect(writtenInput.change == .written)

        #expect(InputBytes.message(.cut, name: "t.jsonl")
            == "t.jsonl: the file was cut short while it was being read; render it again once it is complete")
        #expect(InputBytes.message(.written, name: "t.jsonl")
            == "t.jsonl: the file was written to while it was being read, and what was read does not parse; "
            + "render it again once it is complete")
    }

    @Test("a missing file and a directory are refused with the input's name and why")
    func refusesWhatIsNotAFile() {
        let missing = "/nonexistent/\(UUID().uuidString).jsonl"
        #expect {
            try InputBytes.read(missing)
        } throws: { error in
            (error as? RenderCommand.RenderFailure)?.message == "\(missing): cannot read the input: no such file"
        }
        let directory = FileManager.default.temporaryDirectory.path
        #expect {
            try InputBytes.read(directory)
        } throws: { error in
            (error as? RenderCommand.RenderFailure)?.message == "\(directory): cannot read the input: it is a directory"
        }
    }

    @Test("a pipe is read to its end")
    func readsAPipe() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pipe-\(UUID().uuidString)").path
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let bytes = Array(repeating: Array("{\"x\":1}\n".utf8), count: 20_000).flatMap { $0 }
        let writer = Thread {
            let descriptor = open(path, O_WRONLY)
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        writer.start()
        let input = try InputBytes.read(path)
        #expect(Array(input.bytes) == bytes)
    }
}
