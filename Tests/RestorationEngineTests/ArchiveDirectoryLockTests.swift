// ArchiveDirectoryLock: one cycle at a time in an archive directory, the holder named, a cycle
// cut short recognised, and a relaunch process that checks it holds the lock.

import Foundation
import Testing
@testable import RestorationEngine

@Suite("archive directory lock")
struct ArchiveDirectoryLockTests {
    @Test("a second taker fails at once, naming the directory and the process holding it; after release it succeeds")
    func busy() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try ArchiveDirectoryLock(directory: directory.path, wait: false)
        #expect(first.interruptedCycle == nil)
        // flock belongs to the open file: a second open in this same process is another taker.
        #expect(throws: ArchiveDirectoryLock.Failure.busy(directory: directory.path, holder: getpid())) {
            _ = try ArchiveDirectoryLock(directory: directory.path, wait: false)
        }
        let message = ArchiveDirectoryLock.Failure.busy(directory: directory.path, holder: getpid()).description
        #expect(message.contains(directory.path) && message.contains("process \(getpid())") && message.contains("--wait"))
        first.release()
        let second = try ArchiveDirectoryLock(directory: directory.path, wait: false)
        #expect(second.interruptedCycle == nil, "a cycle that ended cleanly is not reported as cut short")
    }

    @Test("a lock file naming a process that died mid-cycle is reported, and taken over")
    func interruptedCycle() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let dead = try endedProcessID()
        try Data("\(dead)\n".utf8).write(to: URL(fileURLWithPath: ArchiveDirectoryLock.path(in: directory.path)))
        let lock = try ArchiveDirectoryLock(directory: directory.path, wait: false)
        #expect(lock.interruptedCycle == dead)
        #expect(try String(contentsOfFile: ArchiveDirectoryLock.path(in: directory.path), encoding: .utf8) == "\(getpid())\n")
        lock.release()
        #expect(try String(contentsOfFile: ArchiveDirectoryLock.path(in: directory.path), encoding: .utf8) == "")
    }

    @Test("with wait, a taker is told who holds the directory and gets it once it is released")
    func waits() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try ArchiveDirectoryLock(directory: directory.path, wait: false)
        nonisolated(unsafe) var toldHolder: pid_t?? = nil
        let released = DispatchSemaphore(value: 0)
        let taken = DispatchSemaphore(value: 0)
        let path = directory.path
        Thread.detachNewThread {
            let second = try? ArchiveDirectoryLock(directory: path, wait: true) { holder in
                toldHolder = .some(holder)
                released.signal()
            }
            #expect(second != nil)
            taken.signal()
        }
        released.wait()
        first.release()
        taken.wait()
        #expect(toldHolder == .some(getpid()))
    }

    @Test("a relaunch process holds the lock only through the descriptor the holder handed it")
    func heldThroughDescriptor() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let other = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: other) }
        let lock = try ArchiveDirectoryLock(directory: directory.path, wait: false)
        #expect(ArchiveDirectoryLock.isHeld(descriptor: lock.descriptor, directory: directory.path))
        #expect(!ArchiveDirectoryLock.isHeld(descriptor: lock.descriptor, directory: other.path), "another directory's lock")
        let stranger = open(ArchiveDirectoryLock.path(in: directory.path), O_RDWR)
        defer { close(stranger) }
        #expect(!ArchiveDirectoryLock.isHeld(descriptor: stranger, directory: directory.path), "the same file, opened without the lock")
        #expect(!ArchiveDirectoryLock.isHeld(descriptor: 987, directory: directory.path), "no descriptor at all")
    }
}

/// The id of a process that has ended (a child started and waited for).
func endedProcessID() throws -> pid_t {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
}
