// ArchiveDirectoryLock: one preserve–relaunch–restore cycle at a time in an archive directory.
// An exclusive flock(2) on `DIR/restoretrace.lock`, which holds the holder's process id while
// its cycle runs and is emptied when the cycle ends: a run that finds a process id there, with
// the lock free, knows the cycle before it was cut short.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TraceFormat

/// Holds an archive directory for one run. The lock goes with the open file: a relaunch process
/// handed the descriptor holds it too, so the directory is free only when both have ended,
/// however they end (the kernel releases it at exit, even after SIGKILL).
public final class ArchiveDirectoryLock: @unchecked Sendable {
    /// The lock file's name in the archive directory.
    public static let fileName = "restoretrace.lock"

    /// Why the directory could not be taken.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// Another run holds it; `holder` is its process id when the lock file names a running one.
        case busy(directory: String, holder: pid_t?)
        /// The lock file could not be opened or locked.
        case unusable(file: String, reason: String)

        public var description: String {
            switch self {
            case .busy(let directory, let holder):
                let who = holder.map { "process \($0)" } ?? "another process"
                return "\(directory): the archive directory is in use by \(who) (another `restoretrace simulate`); "
                    + "wait for it to finish, give --wait, or use another --archive"
            case .unusable(let file, let reason):
                return "\(file): cannot lock the archive directory: \(reason)"
            }
        }
    }

    public let directory: String
    /// The open lock file; the lock is held while it (or a copy handed to a child) is open.
    public let descriptor: Int32
    /// The process whose cycle in this directory ended before it finished (killed, or the machine
    /// stopped), when the lock file still named it.
    public let interruptedCycle: pid_t?
    private var released = false

    /// Takes the directory (which must exist). When another run holds it: with `wait`, calls
    /// `waiting` with the holder's process id and blocks until it is free; without, throws
    /// ``Failure/busy(directory:holder:)`` (after a moment's grace when the lock file names no
    /// running process: the holder is a relaunch process whose parent has just died, and dies with it).
    public init(directory: String, wait: Bool, waiting: (pid_t?) -> Void = { _ in }) throws(Failure) {
        self.directory = directory
        let path = ArchiveDirectoryLock.path(in: directory)
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else { throw .unusable(file: path, reason: String(cString: strerror(errno))) }
            do {
                try ArchiveDirectoryLock.lock(descriptor, directory: directory, wait: wait, waiting: waiting)
            } catch {
                close(descriptor)
                throw error
            }
            // The file may have been removed (or replaced) while this run waited: lock the one the path names.
            guard ArchiveDirectoryLock.isSameFile(descriptor, path) else {
                close(descriptor)
                continue
            }
            self.descriptor = descriptor
            break
        }
        let previous = ArchiveDirectoryLock.recordedHolder(descriptor)
        interruptedCycle = previous == getpid() ? nil : previous
        // This run's process id, for a run that finds the directory busy, or finds it left mid-cycle.
        let text = Array("\(getpid())\n".utf8)
        if ftruncate(descriptor, 0) != 0 || pwrite(descriptor, text, text.count, 0) != text.count {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .unusable(file: path, reason: reason)
        }
    }

    deinit { release() }

    /// Ends the cycle: empties the lock file and closes it (the lock is free once a child holding
    /// a copy has ended too).
    public func release() {
        guard !released else { return }
        released = true
        _ = ftruncate(descriptor, 0)
        close(descriptor)
    }

    /// `DIR/restoretrace.lock`.
    public static func path(in directory: String) -> String {
        (directory.hasSuffix("/") ? directory : directory + "/") + fileName
    }

    /// In a relaunch process: whether `descriptor` (inherited from the parent) is the lock file
    /// of `directory` and holds its lock. A process that does not hold it must not touch the directory.
    public static func isHeld(descriptor: Int32, directory: String) -> Bool {
        guard isSameFile(descriptor, path(in: directory)) else { return false }
        // On the same open file, the holder's own request succeeds at once; anyone else's would fail.
        return flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }

    // MARK: Locking

    private static func lock(_ descriptor: Int32, directory: String, wait: Bool, waiting: (pid_t?) -> Void)
        throws(Failure)
    {
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return }
        guard errno == EWOULDBLOCK else {
            throw .unusable(file: path(in: directory), reason: String(cString: strerror(errno)))
        }
        let holder = recordedHolder(descriptor).flatMap { TemporaryFiles.isRunning($0) ? $0 : nil }
        if wait {
            waiting(holder)
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else { throw .unusable(file: path(in: directory), reason: String(cString: strerror(errno))) }
            }
            return
        }
        if holder == nil {
            // A relaunch process outliving its parent by the moment the kernel takes to kill it.
            for _ in 0..<20 {
                usleep(50_000)
                if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return }
            }
        }
        throw .busy(directory: directory, holder: holder)
    }

    /// The process id the lock file holds, if any.
    private static func recordedHolder(_ descriptor: Int32) -> pid_t? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: bytes[..<count], as: UTF8.self).split(whereSeparator: \.isWhitespace).first
        return text.flatMap { pid_t($0) }.flatMap { $0 > 0 ? $0 : nil }
    }

    private static func isSameFile(_ descriptor: Int32, _ path: String) -> Bool {
        var open = stat(), named = stat()
        guard fstat(descriptor, &open) == 0, lstat(path, &named) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino && open.st_mode & S_IFMT == S_IFREG
    }
}
