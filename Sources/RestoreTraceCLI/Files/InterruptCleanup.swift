// What every command does on SIGINT, SIGTERM or SIGHUP: kill the relaunch child of `simulate`
// (if one runs), remove the temporary files and workspaces the process is writing
// (TemporaryFiles), then die of the same signal, so a shell or CI sees "terminated by SIGTERM".

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import RestoreTrace

/// The signals are blocked in the main thread before any other thread starts (every thread
/// inherits the mask) and taken by one thread that waits for them with sigwait(2): no code runs
/// in a signal handler, and no thread is interrupted in the middle of its work.
enum InterruptCleanup {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private static let lock = ThreadLock()
    nonisolated(unsafe) private static var child: pid_t?
    nonisolated(unsafe) private static var childDirectory: String?
    nonisolated(unsafe) private static var interrupted = false

    /// Called first in `main`, before any thread starts. A signal ignored when the process started
    /// (`nohup`, a background job's SIGINT) stays ignored.
    static func install() {
        var set = sigset_t()
        sigemptyset(&set)
        var watched: [Int32] = []
        for signalNumber in signals {
            var current = sigaction()
            sigaction(signalNumber, nil, &current)
            if isIgnored(current) { continue }
            sigaddset(&set, signalNumber)
            watched.append(signalNumber)
        }
        guard !watched.isEmpty else { return }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let waitedFor = set
        let started = SystemThread.detach {
            var received: Int32 = 0
            var waitedFor = waitedFor
            while sigwait(&waitedFor, &received) != 0 {}
            cleanUpAndDie(of: received)
        }
        // Without the thread, a blocked signal would never act: leave the default actions.
        if !started { pthread_sigmask(SIG_UNBLOCK, &set, nil) }
    }

    private static func isIgnored(_ action: sigaction) -> Bool {
        #if canImport(Darwin)
        let handler = unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
        #else
        let handler = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
        #endif
        return action.sa_flags & SA_SIGINFO == 0 && handler == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// The relaunch process to kill first when a signal comes, and the archive directory whose
    /// temporary files it may leave (removed once it has died).
    static func watch(child: pid_t, directory: String) {
        lock.lock()
        defer { lock.unlock() }
        self.child = child
        childDirectory = directory
    }

    /// The child has been waited for.
    static func forgetChild() {
        lock.lock()
        defer { lock.unlock() }
        child = nil
        childDirectory = nil
    }

    /// Called by the thread that waited for the child: when the child died because of an
    /// interrupt, waits for the interrupt to end the process (with the signal's status), so the
    /// run does not report a relaunch failure meanwhile.
    static func parkIfInterrupted() {
        lock.lock()
        let wasInterrupted = interrupted
        lock.unlock()
        guard wasInterrupted else { return }
        while true { pause() }
    }

    private static func cleanUpAndDie(of signalNumber: Int32) -> Never {
        lock.lock()
        interrupted = true
        let child = self.child
        let directory = childDirectory
        lock.unlock()
        if let child {
            kill(child, SIGKILL)
            // Until it is dead (without reaping it: the main thread waits for it too), so that it
            // writes nothing after the clean-up.
            var information = siginfo_t()
            while waitid(P_PID, id_t(child), &information, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
            if let directory { TemporaryFiles.removeStaleFiles(in: directory) }
        }
        TemporaryFiles.shared.removeAllForExit()
        signal(signalNumber, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signalNumber)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(signalNumber)
        _exit(128 + signalNumber)
    }
}

/// In the relaunch child, where the kernel cannot kill it with its parent (not Linux): exits
/// when the parent `simulate` is gone, instead of running on as an orphan.
enum ParentWatch {
    static func start(parent: pid_t) {
        _ = SystemThread.detach {
            while getppid() == parent { usleep(200_000) }
            _exit(ExitStatus.trouble)
        }
    }
}
