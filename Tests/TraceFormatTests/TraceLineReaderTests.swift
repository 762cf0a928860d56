// Tests for TraceLineReader, the line splitter under TraceReader and the fast paths of
// summary, diff and export: ranges, refills, over-long lines, the last line, odd bytes.

import Foundation
import Testing
@testable import TraceFormat

@Suite("Trace line reader")
struct TraceLineReaderTests {
    /// Every line as text (`…` marks one without newline, `<too long>` a skipped one), and the
    /// bytes consumed.
    static func lines(_ reader: TraceLineReader) -> (lines: [String], bytesRead: Int) {
        var lines: [String] = []
        while true {
            switch reader.next() {
            case .line(let base, let count, let terminated):
                let text = String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
                lines.append(terminated ? text : text + "…")
            case .tooLong: lines.append("<too long>")
            case .end: return (lines, reader.bytesRead)
            }
        }
    }

    static func lines(_ text: String, maxLineBytes: Int = 64 << 20, chunkBytes: Int = 1 << 20) -> (lines: [String], bytesRead: Int) {
        lines(TraceLineReader(bytes: Array(text.utf8), maxLineBytes: maxLineBytes, chunkBytes: chunkBytes))
    }

    @Test func splitsLinesAcrossBufferRefills() {
        let expected = (0..<200).map { String(repeating: "x", count: $0 % 53) + "\($0)" }
        let text = expected.joined(separator: "\n") + "\n"
        for chunk in [16, 17, 31, 64, 1 << 20] {
            let result = Self.lines(text, chunkBytes: chunk)
            #expect(result.lines == expected, "chunk \(chunk)")
            #expect(result.bytesRead == text.utf8.count, "chunk \(chunk)")
        }
    }

    @Test func unterminatedLastLineIsMarked() {
        #expect(Self.lines("a\nbc").lines == ["a", "bc…"])
        #expect(Self.lines("a\nbc").bytesRead == 4)
        #expect(Self.lines("a\n").lines == ["a"])
        #expect(Self.lines(String(repeating: "y", count: 40), chunkBytes: 16).lines == [String(repeating: "y", count: 40) + "…"])
    }

    @Test func keepsCarriageReturnsBlankLinesAndOtherBytes() {
        #expect(Self.lines("a\r\n\r\n\n b\r\n\u{0}\r").lines == ["a\r", "\r", "", " b\r", "\u{0}\r…"])
    }

    @Test func emptyInputHasNoLines() throws {
        #expect(Self.lines("").lines.isEmpty)
        #expect(Self.lines("").bytesRead == 0)
        let directory = try TemporaryDirectory()
        let path = try directory.write("empty.jsonl", "")
        let reader = try #require(TraceLineReader(path: path, maxLineBytes: 64, chunkBytes: 16))
        #expect(Self.lines(reader).lines.isEmpty)
        #expect(reader.readError == nil)
    }

    @Test func skipsOverlongLinesUpToTheirNewline() {
        let long = String(repeating: "z", count: 100)
        // A line of the limit is kept; a line is too long once more than the limit of it is
        // buffered without its newline (as TraceReader always did): skipped, newline included.
        let result = Self.lines("short\n\(long)\n12345678\nafter\n\(long)", maxLineBytes: 8, chunkBytes: 16)
        #expect(result.lines == ["short", "<too long>", "12345678", "after", "<too long>"])
        #expect(result.bytesRead == 6 + 101 + 9 + 6 + 100)
        // The buffer grows for a long line until it passes the limit; the lines after it follow.
        #expect(Self.lines("\(long)\na\nb\n", maxLineBytes: 50, chunkBytes: 16).lines == ["<too long>", "a", "b"])
        #expect(Self.lines("\(long)\na\n", maxLineBytes: 100, chunkBytes: 16).lines == [long, "a"])
    }

    @Test func readsAByteRangeOfAFile() throws {
        let directory = try TemporaryDirectory()
        let text = "aa\nbbb\ncccc\nddddd\n"
        let path = try directory.write("range.jsonl", text)
        func range(_ offset: Int, _ limit: Int?, chunk: Int = 16) throws -> (lines: [String], bytesRead: Int) {
            Self.lines(try #require(TraceLineReader(path: path, from: offset, to: limit, maxLineBytes: 64, chunkBytes: chunk)))
        }
        #expect(try range(0, nil).lines == ["aa", "bbb", "cccc", "ddddd"])
        #expect(try range(3, 7).lines == ["bbb"])
        #expect(try range(3, 7).bytesRead == 4)
        #expect(try range(3, 12).lines == ["bbb", "cccc"])
        #expect(try range(7, nil).lines == ["cccc", "ddddd"])
        #expect(try range(7, nil).bytesRead == 11)
        #expect(try range(3, 9).lines == ["bbb", "cc…"])  // a limit inside a line cuts it there
        #expect(try range(5, 5).lines.isEmpty)
        #expect(try range(text.utf8.count, nil).lines.isEmpty)
        for chunk in [16, 1 << 20] { #expect(try range(0, 12, chunk: chunk).lines == ["aa", "bbb", "cccc"]) }
        #expect(TraceLineReader(path: directory.path("missing.jsonl"), maxLineBytes: 64, chunkBytes: 16) == nil)
    }

    @Test func aDirectoryIsAReadError() throws {
        let directory = try TemporaryDirectory()
        let reader = try #require(TraceLineReader(path: directory.url.path, maxLineBytes: 64, chunkBytes: 16))
        #expect(Self.lines(reader).lines.isEmpty)
        #expect(reader.readError == EISDIR)
    }

    @Test func fileAndMemoryAgree() throws {
        let directory = try TemporaryDirectory()
        let text = (0..<300).map { i in String(repeating: i % 7 == 0 ? "long" : "w", count: i % 41) }.joined(separator: "\n")
        let path = try directory.write("agree.jsonl", text)
        for chunk in [16, 50, 4096] {
            let fromFile = Self.lines(try #require(TraceLineReader(path: path, maxLineBytes: 40, chunkBytes: chunk)))
            let fromMemory = Self.lines(text, maxLineBytes: 40, chunkBytes: chunk)
            #expect(fromFile.lines == fromMemory.lines)
            #expect(fromFile.bytesRead == text.utf8.count)
            if chunk == 16 { #expect(fromMemory.lines.contains("<too long>")) }
        }
    }
}
