// A child process started with posix_spawn (C target CProcessSpawn), for the relaunch process
// `restoretrace simulate` runs: standard input and output on /dev/null, standard error on a pipe this process
// reads. (Foundation's Process would link the whole of swift-corelibs-foundation into the
// executable.) Like Process, the child gets a process group of its own, the default action for
// every signal, unblocked (restoretrace blocks SIGINT, SIGTERM and SIGHUP for the thread that
// waits for them, and a mask is inherited), and no descriptor of ours beyond 0, 1 and 2 (a make
// jobserver's pipe, a CI runner's, one another thread opened) but the one it is handed as 3.
// The child asks to die with its parent (``ChildProcess/dieWithParent(_:)``).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CProcessSpawn
import TraceFormat

package struct ChildProcess {
    package let identifier: pid_t
    /// The read end of the child's standard error; -1 once read to the end and closed.
    private var standardError: Int32

    /// Why a child could not be started: `strerror`'s text.
    package struct StartFailure: Error, Sendable {
        package let reason: String
    }

    /// How a child ended.
    package enum Ending: Equatable, Sendable {
        case exited(Int32)
        case killed(signal: Int32)
    }

    /// The descriptor number a child gets the `inheriting` descriptor of ``start(_:arguments:environment:inheriting:)`` as.
    package static let inheritedDescriptor: Int32 = 3

    /// Starts `path` with `arguments` (the first is the program's name) and `environment`
    /// (`NAME=value` entries), handing it `inheriting` (a descriptor of this process, or nil) as
    /// descriptor 3. Throws, with the reason, when it cannot be started.
    ///
    /// A child that calls ``dieWithParent(_:)`` dies when the thread that started it ends: start
    /// it from a thread that lives as long as the process (the main thread).
    package static func start(_ path: String, arguments: [String], environment: [String], inheriting: Int32? = nil)
        throws(StartFailure) -> ChildProcess
    {
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var identifier = pid_t()
        var errorPipe: Int32 = -1
        let status = restoretrace_spawn(path, argv, envp, inheriting ?? -1, &identifier, &errorPipe)
        guard status == 0 else {
            throw StartFailure(reason: String(cString: strerror(status)))
        }
        return ChildProcess(identifier: identifier, standardError: errorPipe)
    }

    /// Everything the child writes to standard error, until it closes it (usually: until it ends);
    /// empty when read already.
    package mutating func readStandardError() -> [UInt8] {
        guard standardError >= 0 else { return [] }
        defer {
            close(standardError)
            standardError = -1
        }
        // A read that fails ends what is kept of it, as the end of the pipe would.
        return (try? FileDescriptorReading.readAll(standardError)) ?? []
    }

    /// In a child: how ``dieWithParent(_:)`` went.
    package enum ParentBond: Equatable, Sendable {
        /// The kernel kills this process when its parent ends.
        case armed
        /// The parent had already ended before the bond was made (this process was adopted).
        case parentGone
        /// This system has no such call (not Linux); watch the parent some other way.
        case unsupported
    }

    /// In a child: asks the kernel to kill this process (SIGKILL) when `parent` ends, then checks
    /// that `parent` had not ended already, between the start and the request.
    package static func dieWithParent(_ parent: pid_t) -> ParentBond {
        let status = restoretrace_set_parent_death_signal(SIGKILL)
        if getppid() != parent { return .parentGone }
        return status == 0 ? .armed : .unsupported
    }

    /// Waits for the child to end and says how it did.
    package func wait() -> Ending {
        var status: Int32 = 0
        while waitpid(identifier, &status, 0) < 0 {
            // Only an interrupted wait is retried: ECHILD (reaped elsewhere) has no status to give.
            guard errno == EINTR else { return .exited(-1) }
        }
        // The encodings behind WIFSIGNALED, WTERMSIG and WEXITSTATUS (macros Swift cannot call).
        let signal = status & 0x7f
        return signal != 0 && signal != 0x7f ? .killed(signal: signal) : .exited((status >> 8) & 0xff)
    }
}
