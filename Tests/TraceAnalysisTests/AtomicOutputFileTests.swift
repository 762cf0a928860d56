// AtomicOutputFile puts a finished file in place of the old one in one step, by a rename: what
// the old file's names, links and a directory in the way come to.

import Foundation
import Testing
import TraceAnalysis

@Suite("AtomicOutputFile")
struct AtomicOutputFileTests {
    private func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func write(_ text: String, to path: String) throws {
        let file = try AtomicOutputFile(path: path)
        try file.write(Array(text.utf8))
        try file.commit()
    }

    private func names(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test("a new file appears whole, and nothing else is left beside it")
    func newFile() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("drawing.svg").path
        try write("new", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(try names(in: folder) == ["drawing.svg"])
    }

    @Test("an old file is replaced: new content, a new file, the old one gone, no temporary left")
    func replacesRegularFile() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("drawing.svg").path
        let other = folder.appendingPathComponent("other-name.svg").path
        try write("old", to: path)
        // A second name for the old file keeps the old content, as after a rename.
        try FileManager.default.linkItem(atPath: path, toPath: other)
        try write("new", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(try String(contentsOfFile: other, encoding: .utf8) == "old")
        #expect(try names(in: folder) == ["drawing.svg", "other-name.svg"])
        let attributes = try FileManager.default.attributesOfItem(atPath: other)
        #expect((attributes[.referenceCount] as? Int) == 1, "the old file lost its name at the path")
    }

    @Test("a symbolic link at the path is replaced by the file, its target left alone")
    func replacesSymbolicLink() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target.svg").path
        let link = folder.appendingPathComponent("link.svg").path
        try write("target", to: target)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try write("new", to: link)
        #expect(try FileManager.default.attributesOfItem(atPath: link)[.type] as? FileAttributeType == .typeRegular)
        #expect(try String(contentsOfFile: link, encoding: .utf8) == "new")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "target")
    }

    @Test("a directory at the path is an error that leaves the directory and no temporary file")
    func refusesDirectory() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("drawing.svg").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(throws: ExportError.self) { try write("new", to: path) }
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
        #expect(try names(in: folder) == ["drawing.svg"])
    }
}
