// ChildProcess starts and reports on a child as Foundation's Process did: standard error read
// back, exit status and signal told apart, default signal actions, no inherited descriptors.

import Foundation
import Testing
@testable import RestorationEngine

@Suite("child processes, without Foundation")
struct ChildProcessTests {
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

    @Test("a program that cannot be started is an error that says why")
    func childCannotStart() {
        #expect {
            _ = try ChildProcess.start("/no/such/program", arguments: ["x"], environment: [])
        } throws: { error in
            (error as? ChildProcess.StartFailure)?.reason == "No such file or directory"
        }
    }
}
