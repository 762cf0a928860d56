// TemporaryFiles: names that carry the writing process's id, the sweep of what dead processes
// left, and the registry an interrupt empties.

import Foundation
import Testing
@testable import TraceFormat

/// The id of a process that has ended (a child started and waited for).
func endedProcessID() throws -> pid_t {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
}

@Suite("temporary files")
struct TemporaryFilesTests {
    @Test("a temporary file sits beside its output, hidden, named for the process writing it")
    func siblingNames() {
        #expect(TemporaryFiles.sibling(of: "out/run.svg", process: 42) == "out/.run.svg.42.tmp")
        #expect(TemporaryFiles.sibling(of: "run.svg", process: 42) == ".run.svg.42.tmp")
        #expect(TemporaryFiles.sibling(of: "/a/b/run.jsonl") == "/a/b/.run.jsonl.\(getpid()).tmp")
    }

    @Test("a dead process's temporary file beside an output is removed; a live one's and other files stay")
    func staleSiblings() throws {
        let directory = try TemporaryDirectory()
        let dead = try endedProcessID()
        let output = directory.path("run.svg")
        let stale = try directory.write(".run.svg.\(dead).tmp", "half")
        let live = try directory.write(".run.svg.\(getpid()).tmp", "mine")
        let other = try directory.write(".other.svg.\(dead).tmp", "not this output's")
        let lookalike = try directory.write(".run.svg.notanumber.tmp", "not ours")
        TemporaryFiles.removeStaleSiblings(of: output)
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: live))
        #expect(FileManager.default.fileExists(atPath: other))
        #expect(FileManager.default.fileExists(atPath: lookalike))

        TemporaryFiles.removeStaleFiles(in: directory.url.path)
        #expect(!FileManager.default.fileExists(atPath: other))
        #expect(FileManager.default.fileExists(atPath: live))
        #expect(FileManager.default.fileExists(atPath: lookalike))
    }

    @Test("a registered file is removed by the interrupt's clean-up; a settled one (renamed into place) is not")
    func registry() throws {
        let directory = try TemporaryDirectory()
        let files = TemporaryFiles()
        let pending = directory.path(".a.tmp")
        let renamed = directory.path(".b.tmp")
        #expect(files.create(file: pending) { open(pending, O_WRONLY | O_CREAT, 0o644) } >= 0)
        #expect(files.create(file: renamed) { open(renamed, O_WRONLY | O_CREAT, 0o644) } >= 0)
        let madeDirectory = try files.makeWorkspace(purpose: "test")
        #expect(madeDirectory.hasPrefix(TemporaryFiles.workspaceRoot + "/test.\(getpid())."))
        try FileManager.default.createDirectory(atPath: madeDirectory + "/inner", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: madeDirectory + "/inner/file"))
        #expect(files.registered.count == 3)
        #expect(files.settle(renamed) { rename(renamed, directory.path("b")) } == 0)
        // A failed open registers nothing.
        #expect(files.create(file: directory.path("missing/x")) { open(directory.path("missing/x"), O_WRONLY | O_CREAT, 0o644) } < 0)
        #expect(files.registered == [pending, madeDirectory])
        files.removeAllForExit()
        #expect(!FileManager.default.fileExists(atPath: pending))
        #expect(!FileManager.default.fileExists(atPath: madeDirectory))
        #expect(FileManager.default.fileExists(atPath: directory.path("b")))
    }

    @Test("a process that has ended but is not yet reaped (a zombie) no longer counts as running")
    func zombieIsNotRunning() throws {
        var child = pid_t()
        let arguments = [strdup("/bin/true"), nil]
        defer { free(arguments[0]) }
        #expect(posix_spawn(&child, "/bin/true", nil, nil, arguments, nil) == 0)
        // Not waited for yet: it stays a zombie until waitpid below.
        let ended = { (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8))?.split(separator: ")").last?.dropFirst().first == "Z" }
        let deadline = Date().addingTimeInterval(10)
        while !ended() && Date() < deadline { usleep(10_000) }
        try #require(ended(), "the child never became a zombie")
        #expect(kill(child, 0) == 0, "the zombie still answers kill(0)")
        #expect(!TemporaryFiles.isRunning(child))
        #expect(TemporaryFiles.isRunning(getpid()))
        var status: Int32 = 0
        waitpid(child, &status, 0)
    }

    @Test("a workspace of a process that has ended is removed when the next one is made")
    func staleWorkspaces() throws {
        let files = TemporaryFiles()
        let dead = try endedProcessID()
        let stale = TemporaryFiles.workspaceRoot + "/simulate.\(dead).AbCdEf"
        try FileManager.default.createDirectory(atPath: stale + "/archive", withIntermediateDirectories: true)
        let live = try files.makeWorkspace(purpose: "test")
        defer { files.remove(live) }
        let next = try files.makeWorkspace(purpose: "test")
        defer { files.remove(next) }
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: live), "this (running) process's workspace stays")
    }

    @Test("removing a tree removes links without following them")
    func removeTreeKeepsLinkTargets() throws {
        let directory = try TemporaryDirectory()
        let kept = try directory.write("kept", "outside")
        try FileManager.default.createDirectory(atPath: directory.path("tree/sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.path("tree/sub/link"), withDestinationPath: kept)
        #expect(TemporaryFiles.removeTree(directory.path("tree")))
        #expect(!FileManager.default.fileExists(atPath: directory.path("tree")))
        #expect(FileManager.default.fileExists(atPath: kept))
    }
}
