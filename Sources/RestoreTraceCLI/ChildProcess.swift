// A child process started with posix_spawn, for the relaunch `simulate` runs: standard input
// and output on /dev/null, standard error on a pipe this process reads. (Foundation's Process
// would link the whole of swift-corelibs-foundation into the executable.) Like Process, the
// child gets a process group of its own and the default action for every signal, unblocked:
// `simulate` ignores SIGINT, SIGTERM and SIGHUP while it runs, and ignoring is inherited.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

struct ChildProcess {
    let identifier: pid_t
    private let standardError: Int32

    #if canImport(Darwin)
    private typealias FileActions = posix_spawn_file_actions_t?
    private typealias Attributes = posix_spawnattr_t?
    #else
    private typealias FileActions = posix_spawn_file_actions_t
    private typealias Attributes = posix_spawnattr_t
    #endif

    /// Starts `path` with `arguments` (the first is the program's name) and `environment`
    /// (`NAME=value` entries). Throws, with the reason, when it cannot be started.
    static func start(_ path: String, arguments: [String], environment: [String]) throws(SimulateRunError) -> ChildProcess {
        func failure(_ code: Int32) -> SimulateRunError {
            SimulateRunError(message: "cannot start the relaunch (\(path)): \(String(cString: strerror(code)))")
        }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw failure(errno) }
        // Neither end leaks into the child as itself; the write end becomes its descriptor 2.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }

        var actions = FileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], STDERR_FILENO)

        var attributes = Attributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        var noSignal = sigset_t()
        sigemptyset(&noSignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setsigmask(&attributes, &noSignal)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var identifier = pid_t()
        let status = posix_spawn(&identifier, path, &actions, &attributes, argv, envp)
        close(ends[1])
        guard status == 0 else {
            close(ends[0])
            throw failure(status)
        }
        return ChildProcess(identifier: identifier, standardError: ends[0])
    }

    /// Everything the child writes to standard error, until it closes it (usually: until it ends).
    func readStandardError() -> [UInt8] {
        defer { close(standardError) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(standardError, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return bytes }
            bytes.append(contentsOf: chunk[..<got])
        }
    }

    /// Waits for the child to end and says how it did.
    func wait() -> SimulateRelaunchProcess.Ending {
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
