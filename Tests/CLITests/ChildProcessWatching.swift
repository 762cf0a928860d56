// Watching the processes a test starts: their children (from /proc), whether they still run,
// and waiting for a file to appear, each with a deadline that only guards against a hang.

import Foundation

enum ProcessWatching {
    /// The processes whose parent is `parent`, from /proc/PID/stat.
    static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let process = pid_t(entry), let fields = statFields(process), fields.count > 1,
                  pid_t(fields[1]) == parent else { return nil }
            return process
        }
    }

    /// Whether `process` exists and is not a zombie.
    static func isAlive(_ process: pid_t) -> Bool {
        guard let fields = statFields(process) else { return false }
        return fields.first != "Z"
    }

    /// The fields of /proc/PID/stat after the command name: state, ppid, ...
    private static func statFields(_ process: pid_t) -> [Substring]? {
        guard let text = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }

    /// Polls `condition` every 20 ms until it holds or `seconds` pass; returns whether it held.
    @discardableResult
    static func wait(seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() > deadline { return false }
            usleep(20_000)
        }
        return true
    }

    /// A scenario whose relaunch takes seconds in a debug build: a navigation stack of `count` children.
    static func writeLongScenario(to url: URL, count: Int = 8_000) throws {
        let children = (0..<count).map { "{\"class\":\"VC\",\"restorationIdentifier\":\"c\($0)\"}" }.joined(separator: ",")
        try Data(("{\"format\":\"restoretrace-scenario/1\",\"name\":\"long\",\"windows\":[{\"root\":{\"class\":\"Nav\","
            + "\"kind\":\"navigation\",\"restorationIdentifier\":\"Nav\",\"children\":[\(children)]}}]}").utf8).write(to: url)
    }

    /// The id of a process that has ended (a child started and waited for).
    static func endedProcessID() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}
