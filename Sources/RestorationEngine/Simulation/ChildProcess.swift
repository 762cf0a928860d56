// A child process started with posix_spawn (C target CProcessSpawn), for the relaunch process
// `restoretrace simulate` runs: standard input and output on /dev/null, standard error on a pipe this process
// reads. (Foundation's Process would link the whole of swift-corelibs-foundation into the
// executable.) Like Process, the child gets a process group of its own, the default action for
// every signal, unblocked (`simulate` ignores SIGINT, SIGTERM and SIGHUP while it runs, and
// ignoring is inherited), and no descriptor of ours beyond 0, 1 and 2 (a make jobserver's pipe,
// a CI runner's, one another thread opened).

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

    /// Starts `path` with `arguments` (the first is the program's name) and `environment`
    /// (`NAME=value` entries). Throws, with the reason, when it cannot be started.
    package static func start(_ path: String, arguments: [String], environment: [String]) throws(StartFailure) -> ChildProcess {
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var identifier = pid_t()
        var errorPipe: Int32 = -1
        let status = restoretrace_spawn(path, argv, envp, &identifier, &errorPipe)
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
