// TemporaryFiles: the temporary files and directories this process is writing, so that an
// interrupt can remove them, and the names that let a later run recognise what a dead process
// left behind: `.NAME.PID.tmp` beside an output, `PURPOSE.PID.XXXXXX` workspaces under one
// directory per user, `${TMPDIR:-/tmp}/restoretrace-UID/`.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What this process has made and not yet renamed into place or removed.
///
/// Making a file (or a workspace) and registering it happen under one lock, as do renaming it
/// into place and forgetting it; ``removeAllForExit()`` takes that lock and never gives it back.
/// So an interrupt finds each path either registered or not made yet, and nothing new is made
/// once the removal has begun.
package final class TemporaryFiles: @unchecked Sendable {
    package static let shared = TemporaryFiles()

    private let lock = ThreadLock()
    private var files: Set<String> = []
    private var directories: Set<String> = []

    package init() {}

    /// Runs `open` (which makes the file at `path` and returns its descriptor, or -1) and registers
    /// `path` when it succeeded.
    package func create(file path: String, _ open: () -> Int32) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        let descriptor = open()
        if descriptor >= 0 { files.insert(path) }
        return descriptor
    }

    /// Runs `finish` (a rename of `path` into place, or its removal) and forgets `path`, whatever
    /// `finish` returned: a failed rename is followed by the caller's own removal.
    package func settle<Result>(_ path: String, _ finish: () -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        files.remove(path)
        directories.remove(path)
        return finish()
    }

    /// Removes the file or directory at `path` (a directory with everything in it) and forgets it.
    package func remove(_ path: String) {
        _ = settle(path) { TemporaryFiles.removeTree(path) }
    }

    /// For an interrupt: removes everything registered and keeps the registry locked, so that no
    /// thread makes or renames a temporary file before the process ends.
    package func removeAllForExit() {
        lock.lock()
        for path in files { unlink(path) }
        for path in directories { TemporaryFiles.removeTree(path) }
        files.removeAll()
        directories.removeAll()
    }

    /// The paths registered now (for tests).
    package var registered: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return files.union(directories)
    }

    // MARK: Beside an output

    /// `dir/.NAME.PID.tmp` for the output `dir/NAME`: hidden, in the same directory (a rename
    /// cannot cross file systems), and naming the process that writes it.
    package static func sibling(of path: String, process: pid_t = getpid()) -> String {
        let (directory, name) = split(path)
        return directory + "." + name + ".\(process).tmp"
    }

    /// Removes the `.NAME.PID.tmp` files beside `path` whose process has ended: what a run killed
    /// with SIGKILL (which nothing can catch) left. Another live process's file is kept.
    package static func removeStaleSiblings(of path: String) {
        let (directory, name) = split(path)
        let prefix = "." + name + "."
        forEachEntry(in: directory.isEmpty ? "." : directory) { entry in
            guard entry.hasPrefix(prefix), entry.hasSuffix(".tmp"),
                  let process = processNumber(entry.dropFirst(prefix.count).dropLast(4)), !isRunning(process)
            else { return }
            unlink(directory + entry)
        }
    }

    /// Removes every `.NAME.PID.tmp` in `directory` whose process has ended.
    package static func removeStaleFiles(in directory: String) {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        forEachEntry(in: directory) { entry in
            guard entry.hasPrefix("."), entry.hasSuffix(".tmp") else { return }
            let stem = entry.dropLast(4)
            guard let dot = stem.lastIndex(of: "."), dot > stem.startIndex,
                  let process = processNumber(stem[stem.index(after: dot)...]), !isRunning(process)
            else { return }
            unlink(prefix + entry)
        }
    }

    // MARK: Workspaces

    /// Why no workspace could be made.
    package struct WorkspaceFailure: Error, Sendable, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "cannot create a temporary directory in \(path): \(reason)" }
    }

    /// `${TMPDIR:-/tmp}/restoretrace-UID`: where every workspace of this user's runs lives.
    package static var workspaceRoot: String {
        var base = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        if base.isEmpty { base = "/tmp" }
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        return (base == "/" ? "" : base) + "/restoretrace-\(getuid())"
    }

    /// Makes (and registers) a new directory `PURPOSE.PID.XXXXXX` under ``workspaceRoot``, after
    /// removing the workspaces there whose process has ended.
    package func makeWorkspace(purpose: String) throws(WorkspaceFailure) -> String {
        try make(purpose: purpose, isDirectory: true) { mkdtemp($0) == nil ? -1 : 0 }.path
    }

    /// Makes (and registers) a file `PURPOSE.PID.XXXXXX` under ``workspaceRoot``, open for
    /// reading and writing. The caller usually removes its name at once (``settle(_:_:)`` with unlink).
    package func makeWorkspaceFile(purpose: String) throws(WorkspaceFailure) -> (path: String, descriptor: Int32) {
        try make(purpose: purpose, isDirectory: false) { template in
            let descriptor = mkstemp(template)
            if descriptor >= 0 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
            return descriptor
        }
    }

    /// `create` makes the file or directory from the template it is given (mkstemp, mkdtemp) and
    /// returns a descriptor, 0, or -1 with errno set.
    private func make(purpose: String, isDirectory: Bool, _ create: (UnsafeMutablePointer<CChar>) -> Int32)
        throws(WorkspaceFailure) -> (path: String, descriptor: Int32)
    {
        let root = TemporaryFiles.workspaceRoot
        try TemporaryFiles.prepareWorkspaceRoot(root)
        TemporaryFiles.removeStaleWorkspaces(in: root)
        var template = Array("\(root)/\(purpose).\(getpid()).XXXXXX".utf8CString)
        lock.lock()
        defer { lock.unlock() }
        let made = template.withUnsafeMutableBufferPointer { create($0.baseAddress!) }
        guard made >= 0 else { throw WorkspaceFailure(path: root, reason: String(cString: strerror(errno))) }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        if isDirectory { directories.insert(path) } else { files.insert(path) }
        return (path, made)
    }

    /// Creates the root (mode 0700) when missing, and refuses one that is not a directory of this
    /// user's: in a shared /tmp, another user could have put a link or their own directory there.
    private static func prepareWorkspaceRoot(_ root: String) throws(WorkspaceFailure) {
        if mkdir(root, 0o700) != 0 && errno != EEXIST {
            throw WorkspaceFailure(path: root, reason: String(cString: strerror(errno)))
        }
        var status = stat()
        guard lstat(root, &status) == 0 else { throw WorkspaceFailure(path: root, reason: String(cString: strerror(errno))) }
        guard status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid() else {
            throw WorkspaceFailure(path: root, reason: "it is not a directory owned by this user; remove it")
        }
    }

    /// Removes the entries `PURPOSE.PID.XXXXXX` of `root` whose process has ended.
    private static func removeStaleWorkspaces(in root: String) {
        forEachEntry(in: root) { entry in
            let parts = entry.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count >= 3, let process = processNumber(parts[parts.count - 2]), !isRunning(process) else { return }
            removeTree(root + "/" + entry)
        }
    }

    // MARK: Processes and the file system

    /// Whether a process with this number exists (one of another user's answers EPERM) and has
    /// not ended: a zombie, ended but not yet reaped by its new parent, writes nothing more.
    package static func isRunning(_ process: pid_t) -> Bool {
        guard process > 0, kill(process, 0) == 0 || errno == EPERM else { return false }
        return !isZombie(process)
    }

    /// Linux's /proc/PID/stat: `pid (name) state ...`; elsewhere no process is taken for a zombie.
    private static func isZombie(_ process: pid_t) -> Bool {
        let descriptor = open("/proc/\(process)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 512)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        // The name may hold spaces and parentheses: the state follows the last ") ".
        guard count > 0, let close = bytes[..<count].lastIndex(of: UInt8(ascii: ")")), close + 2 < count else { return false }
        return bytes[close + 2] == UInt8(ascii: "Z")
    }

    private static func processNumber(_ text: Substring) -> pid_t? {
        guard !text.isEmpty, text.count <= 10, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int32(text) else {
            return nil
        }
        return value
    }

    /// `a/b/name` -> (`a/b/`, `name`); `name` -> (``, `name`).
    private static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }

    /// Calls `body` with the name of each entry of `directory` but `.` and `..`; nothing when it cannot be read.
    private static func forEachEntry(in directory: String, _ body: (String) -> Void) {
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        // Removing while reading a directory may skip entries.
        for name in names { body(name) }
    }

    /// Removes `path`, and everything in it when it is a directory (symbolic links are removed, not followed).
    @discardableResult
    package static func removeTree(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return errno == ENOENT }
        guard status.st_mode & S_IFMT == S_IFDIR else { return unlink(path) == 0 }
        forEachEntry(in: path) { removeTree(path + "/" + $0) }
        return rmdir(path) == 0
    }
}
