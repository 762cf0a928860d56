// While `simulate` runs: on SIGINT, SIGTERM or SIGHUP, kill the relaunch child (if it has
// started) and remove the half-written trace and the temporary workspace, then die of the same signal.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import RestoreTrace
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Watches for interrupting signals for as long as it is alive (until ``cancel()``).
final class InterruptCleanup: @unchecked Sendable {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    private var sources: [DispatchSourceSignal] = []
    private let lock = ThreadLock()
    private var child: pid_t?

    /// - Parameter paths: files and directories to remove before exiting.
    init(paths: [String]) {
        // A parent (a test runner, a CI agent) may hand these signals down blocked.
        InterruptCleanup.unblockSignalsOnThisThread()
        for signalNumber in InterruptCleanup.signals {
            // Dispatch sees the signal only when its default action (terminate) is off.
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [self] in
                let child = markInterrupted()
                if let child { kill(child, SIGKILL) }
                for path in paths { try? FileManager.default.removeItem(atPath: path) }
                // Die of the same signal, so a shell or CI sees "terminated by SIGTERM".
                InterruptCleanup.unblockSignalsOnThisThread()
                signal(signalNumber, SIG_DFL)
                raise(signalNumber)
                _exit(128 + signalNumber)
            }
            source.resume()
            sources.append(source)
        }
    }

    private static func unblockSignalsOnThisThread() {
        var set = sigset_t()
        sigemptyset(&set)
        for signalNumber in signals { sigaddset(&set, signalNumber) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The process to kill first when a signal comes.
    func watch(child: pid_t) {
        lock.lock()
        self.child = child
        lock.unlock()
    }

    private var interrupted = false

    /// Records the interrupt and returns the child to kill.
    private func markInterrupted() -> pid_t? {
        lock.lock()
        defer { lock.unlock() }
        interrupted = true
        return child
    }

    /// Called by the thread that waited for the child: when the child died because of an
    /// interrupt, waits for the signal handler to finish the process (it re-raises the signal),
    /// so the exit status is the signal's and not a relaunch failure.
    func parkIfInterrupted() {
        lock.lock()
        let wasInterrupted = interrupted
        lock.unlock()
        guard wasInterrupted else { return }
        while true { pause() }
    }

    /// Stops watching and restores the default actions.
    func cancel() {
        for source in sources { source.cancel() }
        sources.removeAll()
        for signalNumber in InterruptCleanup.signals { signal(signalNumber, SIG_DFL) }
    }
}

/// In the relaunch child: exits when the parent `simulate` is gone (killed with SIGKILL, which
/// it cannot clean up after), instead of running on as an orphan.
enum ParentWatch {
    static func start() {
        let parent = getppid()
        _ = SystemThread.detach {
            while getppid() == parent { usleep(200_000) }
            _exit(SimulateExitCode.relaunchFailed)
        }
    }
}
