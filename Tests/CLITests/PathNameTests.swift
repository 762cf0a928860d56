// PathName takes paths apart as NSString's path methods do (checked against Foundation here,
// where the tests may link it); simulate waits for its relaunch child whatever SIGCHLD it inherits.

import Foundation
import Testing
@testable import RestoreTraceCLI

@Suite("path names, and the relaunch child, without Foundation")
struct PathNameTests {
    static let paths = [
        "trace.jsonl", "app.scenario.json", "dir/trace.jsonl", "/abs/dir/trace.jsonl", "out/", "out//", "/",
        "noext", ".profile", "dir/.profile", "a.b/c", "a.b/c.d", "trailing.", "../up.svg", "./here.png", "x/y/z.tar.gz",
        "ünïcödé/ファイル.svg", "",
    ]

    @Test("lastComponent and pathExtension agree with NSString", arguments: paths)
    func componentsAgree(path: String) {
        #expect(PathName.lastComponent(path) == (path as NSString).lastPathComponent)
        #expect(PathName.pathExtension(path) == (path as NSString).pathExtension)
    }

    @Test("appending puts one slash between directory and name, as NSString does",
          arguments: ["out", "out/", "/", "a/b", ""])
    func appendingAgrees(directory: String) {
        #expect(PathName.appending("x.svg", to: directory) == (directory as NSString).appendingPathComponent("x.svg"))
    }

    @Test("doubled slashes: one slash between directory and name, the last component found")
    func doubledSlashes() {
        #expect(PathName.appending("x.svg", to: "a//") == "a/x.svg")
        #expect(PathName.lastComponent("a//") == "a")
        #expect(PathName.lastComponent("//") == "/")
        #expect(PathName.pathExtension("dir.d//") == "d")
    }

    @Test("makeDirectories makes missing parents, accepts an existing directory, and names what is in the way")
    func makeDirectories() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("mkdirs-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        #expect(PathName.makeDirectories(base + "/a/b/c") == nil)
        #expect(PathName.isDirectory(base + "/a/b/c"))
        #expect(PathName.makeDirectories(base + "/a/b") == nil)
        FileManager.default.createFile(atPath: base + "/file", contents: Data())
        let reason = PathName.makeDirectories(base + "/file/sub")
        #expect(reason?.contains(base + "/file") == true, "\(String(describing: reason))")
        #expect(PathName.makeDirectories(base + "/file") == "not a directory")
    }

    @Test("standardized spellings of one path are equal; different paths stay different")
    func standardized() {
        #expect(PathName.standardized("out/./a.svg") == "out/a.svg")
        #expect(PathName.standardized("out//b/../a.svg") == "out/a.svg")
        #expect(PathName.standardized("/tmp/x/./../y.svg") == "/tmp/y.svg")
        #expect(PathName.standardized("/../y.svg") == "/y.svg")
        #expect(PathName.standardized("../a/../b.svg") == "../b.svg")
        #expect(PathName.standardized("./") == ".")
        #expect(PathName.standardized("a.svg") != PathName.standardized("b/a.svg"))
    }

    @Test("isDirectory: directories (and links to them) yes; files and missing paths no")
    func isDirectory() {
        #expect(PathName.isDirectory("/"))
        #expect(PathName.isDirectory(FileManager.default.temporaryDirectory.path))
        #expect(!PathName.isDirectory(#filePath))
        #expect(!PathName.isDirectory("/no/such/path-\(UUID().uuidString)"))
    }

    @Test("simulate's relaunch is waited for even when SIGCHLD comes ignored from whoever started it")
    func simulateWithChildSignalIgnored() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("sigchld-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // `trap '' CHLD` ignores SIGCHLD, and an ignored signal stays ignored across exec.
        process.arguments = ["-c", "trap '' CHLD; exec \"$0\" simulate Traces/countries.scenario.json -o \"$1\"",
                             ExecutableRun.executableURL.path, output.path]
        process.currentDirectoryURL = simulateRepositoryRoot
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: output.path))
    }
}
