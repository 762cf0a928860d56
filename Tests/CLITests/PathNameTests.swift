// PathName takes paths apart as NSString's path methods do (checked against Foundation here,
// where the tests may link it), and ChildProcess starts and reports on a child as Process did.

import Foundation
import Testing
@testable import RestoreTraceCLI

@Suite("path names and child processes, without Foundation")
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

    @Test("a child's standard error is read back, and its exit status and signal are told apart")
    func childEndings() throws {
        var said = try ChildProcess.start("/bin/sh", arguments: ["sh", "-c", "echo said >&2; exit 3"], environment: [])
        #expect(String(decoding: said.readStandardError(), as: UTF8.self) == "said\n")
        #expect(said.wait() == .exited(3))

        var killed = try ChildProcess.start("/bin/sh", arguments: ["sh", "-c", "kill -ABRT $$"], environment: [])
        _ = killed.readStandardError()
        #expect(killed.wait() == .killed(signal: SIGABRT))
    }

    @Test("the child reads an empty standard input, writes nowhere on ours, and gets the environment given")
    func childStreams() throws {
        var child = try ChildProcess.start(
            "/bin/sh", arguments: ["sh", "-c", "cat; echo out; echo \"$GIVEN\" >&2"], environment: ["GIVEN=yes"])
        #expect(String(decoding: child.readStandardError(), as: UTF8.self) == "yes\n")
        #expect(child.wait() == .exited(0))
    }

    @Test("the child gets the default action for a signal this process ignores")
    func childSignalDefaults() throws {
        let previous = signal(SIGHUP, SIG_IGN)
        defer { signal(SIGHUP, previous) }
        var child = try ChildProcess.start("/bin/sh", arguments: ["sh", "-c", "kill -HUP $$; exit 0"], environment: [])
        _ = child.readStandardError()
        #expect(child.wait() == .killed(signal: SIGHUP))
    }

    @Test("the child inherits no descriptor of ours beyond 0, 1 and 2")
    func childDescriptors() throws {
        let opened = open("/dev/null", O_RDONLY)  // without O_CLOEXEC
        #expect(opened >= 0)
        let inherited: Int32 = 97
        #expect(dup2(opened, inherited) == inherited)
        defer {
            close(inherited)
            close(opened)
        }
        var child = try ChildProcess.start("/bin/sh", arguments: ["sh", "-c", "ls /proc/$$/fd >&2"], environment: [])
        let listed = String(decoding: child.readStandardError(), as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(child.wait() == .exited(0))
        #expect(listed.contains("2"), "\(listed)")
        #expect(!listed.contains("\(inherited)") && !listed.contains("\(opened)"), "\(listed)")
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

    @Test("a program that cannot be started is an error that names it")
    func childCannotStart() {
        #expect {
            _ = try ChildProcess.start("/no/such/program", arguments: ["x"], environment: [])
        } throws: { error in
            "\(error)".contains("/no/such/program")
        }
    }
}
