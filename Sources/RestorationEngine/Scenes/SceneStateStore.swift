// SceneStateStore: where the system keeps scene sessions' saved state between processes
// (rule 52: `<bundle id>.savedState/<persistentIdentifier>/` holding the activity and
// `userInfo.data`, beside `KnownSceneSessions`). SceneStateDirectory keeps it on disk, each
// write atomic (rule 4's care applies: a crash leaves the old file or the new one);
// InMemorySceneStateStore keeps it in memory, for tests and for measuring the engine alone.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TraceFormat

/// One of a session's files.
public enum SceneStateFile: String, Sendable, Hashable, CaseIterable {
    /// The saved activity (the file name is a guess: rule 52 says it is unconfirmed).
    case activity = "data.data"
    /// `session.userInfo` (rule 30).
    case userInfo = "userInfo.data"
    /// Present while a scene's `extendStateRestoration` is unbalanced (rule 34).
    case restorationInProgress = "restoration-in-progress"
}

/// Keeps sessions' files between processes.
public protocol SceneStateStore: AnyObject {
    func read(_ file: SceneStateFile, session: String) throws -> [UInt8]?
    func write(_ bytes: [UInt8], to file: SceneStateFile, session: String) throws
    func remove(_ file: SceneStateFile, session: String)
    /// Deletes everything of a discarded session (rule 24).
    func removeSession(_ session: String)
    /// `KnownSceneSessions`.
    func readKnownSessions() throws -> [UInt8]?
    func writeKnownSessions(_ bytes: [UInt8]) throws
}

/// Sessions' files in memory.
public final class InMemorySceneStateStore: SceneStateStore {
    private var files: [String: [SceneStateFile: [UInt8]]] = [:]
    private var knownSessions: [UInt8]?
    /// How many writes reached the store (rule 26's skipped writes do not).
    public private(set) var writeCount = 0

    public init() {}

    public func read(_ file: SceneStateFile, session: String) throws -> [UInt8]? { files[session]?[file] }
    public func write(_ bytes: [UInt8], to file: SceneStateFile, session: String) throws {
        files[session, default: [:]][file] = bytes
        writeCount += 1
    }
    public func remove(_ file: SceneStateFile, session: String) { files[session]?[file] = nil }
    public func removeSession(_ session: String) { files[session] = nil }
    public func readKnownSessions() throws -> [UInt8]? { knownSessions }
    public func writeKnownSessions(_ bytes: [UInt8]) throws { knownSessions = bytes }
    /// The sessions that have files.
    public var sessionsWithFiles: [String] { files.filter { !$0.value.isEmpty }.keys.sorted() }
}

/// Sessions' files in a directory: `<directory>/<session>/data.data`, `userInfo.data`, and
/// `<directory>/KnownSceneSessions`. A persistent identifier that is not a safe file name
/// (`/`, `..`, a leading dot, other bytes than letters, digits, `-`, `_`, `.`) is written in hex
/// with a `~` prefix, so no identifier can reach outside the directory.
public final class SceneStateDirectory: SceneStateStore {
    public static let knownSessionsFileName = "KnownSceneSessions"
    public let url: URL
    /// fsync every file and the directory (true), or only rename atomically (false: the state is
    /// purgeable and a process crash still leaves the old file or the new one).
    public let synchronous: Bool

    public init(url: URL, synchronous: Bool = true) {
        self.url = url
        self.synchronous = synchronous
    }

    /// The directory name of a session's files.
    public static func directoryName(of session: String) -> String {
        let bytes = Array(session.utf8)
        let safe = !bytes.isEmpty && bytes.count <= 128 && bytes.first != UInt8(ascii: ".") && bytes.first != UInt8(ascii: "~")
            && bytes.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            }
        if safe { return session }
        // Long identifiers keep a readable, bounded name: hex of the first 100 bytes and a hash of all.
        let head = PropertyListValue.hex(Array(bytes.prefix(100)))
        guard bytes.count > 100 else { return "~" + head }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return "~" + head + "-" + String(hash, radix: 16)
    }

    public func fileURL(_ file: SceneStateFile, session: String) -> URL {
        url.appendingPathComponent(Self.directoryName(of: session), isDirectory: true).appendingPathComponent(file.rawValue)
    }

    public func read(_ file: SceneStateFile, session: String) throws -> [UInt8]? {
        try Self.readFile(fileURL(file, session: session).path)
    }

    public func write(_ bytes: [UInt8], to file: SceneStateFile, session: String) throws {
        let directory = url.appendingPathComponent(Self.directoryName(of: session), isDirectory: true)
        if mkdir(directory.path, 0o700) != 0 && errno != EEXIST {
            throw ArchiveDirectoryError(file: directory.path, operation: "create the session directory", errno: errno)
        }
        try ArchiveDirectory.writeAtomically(bytes, to: directory.appendingPathComponent(file.rawValue), sync: synchronous)
    }

    public func remove(_ file: SceneStateFile, session: String) { unlink(fileURL(file, session: session).path) }

    public func removeSession(_ session: String) {
        for file in SceneStateFile.allCases { remove(file, session: session) }
        rmdir(url.appendingPathComponent(Self.directoryName(of: session), isDirectory: true).path)
    }

    public func readKnownSessions() throws -> [UInt8]? {
        try Self.readFile(url.appendingPathComponent(Self.knownSessionsFileName).path)
    }

    public func writeKnownSessions(_ bytes: [UInt8]) throws {
        try ArchiveDirectory.writeAtomically(bytes, to: url.appendingPathComponent(Self.knownSessionsFileName), sync: synchronous)
    }

    private static func readFile(_ path: String) throws -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw ArchiveDirectoryError(file: path, operation: "open", errno: errno)
        }
        defer { close(descriptor) }
        do {
            return try FileDescriptorReading.readAll(descriptor, limit: 64 << 20)
        } catch {
            throw ArchiveDirectoryError(file: path, operation: "read", errno: error.code)
        }
    }
}
