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
            #expect(input.bytes == bytes, "\(size) bytes")
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
        #expect(input.bytes == bytes)
    }

    static let overlong = Array("{\"type\":\"header\",\"format\":\"restoretrace/1\",\"clock\":\"tick\"}\n".utf8)
        + Array(repeating: UInt8(ascii: "a"), count: 3000) + [0x0A]
        + Array("{\"seq\":0,\"ts\":0,\"ph\":\"i\",\"kind\":\"launch\"}\n".utf8)

    @Test("a line over the limit stops the read with an error naming its line, as the trace reader says it")
    func refusesAnOverlongLine() throws {
        let path = try Self.temporaryFile(Self.overlong)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for lineLimit in [1000, 2999] {
            #expect {
                try InputBytes.read(path, lineLimit: lineLimit)
            } throws: { error in
                (error as? RenderCommand.RenderFailure)?.message
                    == "\(path):2: line longer than \(lineLimit) bytes (the reader's limit) (fix that line, or pass --skip-bad-lines to skip bad lines and go on)"
            }
        }
        #expect(try InputBytes.read(path, lineLimit: 3000).bytes == Self.overlong)
    }

    @Test("with bad lines skipped, an over-long line is emptied as it arrives, the lines after it keep their numbers")
    func skipsAnOverlongLine() throws {
        let path = try Self.temporaryFile(Self.overlong + Array("{\"seq\":1,\"ts\":1,\"ph\":\"i\",\"kind\":\"launch\"}\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let input = try InputBytes.read(path, lineLimit: 1000, skipBadLines: true)
        let lines = input.bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        #expect(lines.count == 5)
        #expect(lines[1].isEmpty && lines[3].count == 41)
        #expect(input.skippedLines == [2])
        let merged = input.merged([.warning(line: 2, "blank line"), .warning(line: 4, "something else")])
        #expect(merged == [.warning(line: 2, "line longer than 1000 bytes (the reader's limit) (line skipped)"),
                           .warning(line: 4, "something else")])
    }
}
