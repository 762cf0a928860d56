// InputBytes: a render's input read whole — small and big regular files, empty files, pipes,
// and the errors for what cannot be read.

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
            #expect(input == bytes, "\(size) bytes")
        }
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
        #expect(input == bytes)
    }
}
