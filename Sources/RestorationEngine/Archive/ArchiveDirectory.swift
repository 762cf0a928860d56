// ArchiveDirectory: the one place the engine touches the disk — the archive file, written
// atomically (temp file in the same directory, fsync, rename, fsync of the directory), and the
// small state files of rule 4 (launch-crash counter, force-quit marker, restoration marker).

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

/// A disk operation on the archive directory failed.
public struct ArchiveDirectoryError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var operation: String
    public var errno: Int32

    public var description: String {
        "\(file): could not \(operation): \(String(cString: strerror(errno))). Check that the directory exists and is writable."
    }
}

/// The directory that holds an app's preserved state.
public struct ArchiveDirectory: Sendable, Hashable {
    /// The archive's file name.
    public static let archiveFileName = "restoration.archive"
    /// How many launches started without finishing since the archive was written.
    public static let launchCrashesFileName = "launch-crashes"
    /// Present when the user force-quit the app: the next launch deletes the archive.
    public static let forceQuitFileName = "force-quit"
    /// Written before restoration starts and removed after it ends: present at launch means the
    /// last restoration crashed.
    public static let restorationMarkerFileName = "restoration-in-progress"
    /// Present while `extendStateRestoration` calls are unbalanced (rule 44).
    public static let incompleteMarkerFileName = "restoration-incomplete"

    public let url: URL
    public init(url: URL) { self.url = url }

    public var archiveURL: URL { url.appendingPathComponent(Self.archiveFileName) }
    var launchCrashesURL: URL { url.appendingPathComponent(Self.launchCrashesFileName) }
    var forceQuitURL: URL { url.appendingPathComponent(Self.forceQuitFileName) }
    var restorationMarkerURL: URL { url.appendingPathComponent(Self.restorationMarkerFileName) }

    // MARK: The archive

    /// Writes `bytes` as the archive so that a crash at any moment leaves the previous archive
    /// or the new one, never a mixture.
    public func writeArchive(_ bytes: [UInt8]) throws(ArchiveDirectoryError) {
        try Self.writeAtomically(bytes, to: archiveURL)
    }

    /// The archive's bytes, or nil when there is none.
    public func readArchive() throws(ArchiveDirectoryError) -> [UInt8]? {
        let path = archiveURL.path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw ArchiveDirectoryError(file: path, operation: "open the archive", errno: errno)
        }
        defer { close(descriptor) }
        do {
            return try FileDescriptorReading.readAll(descriptor)
        } catch {
            throw ArchiveDirectoryError(file: path, operation: "read the archive", errno: error.code)
        }
    }

    public var archiveExists: Bool { FileManager.default.fileExists(atPath: archiveURL.path) }

    /// Deletes the archive (a missing one is fine: it is purgeable).
    public func deleteArchive() { unlink(archiveURL.path) }

    // MARK: Rule 4's state files

    /// Launches that started and did not finish since the archive was written.
    public var launchCrashCount: Int {
        guard let text = try? String(contentsOf: launchCrashesURL, encoding: .utf8) else { return 0 }
        // One number, with any white space around it.
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count == 1, let count = Int(words[0]), count >= 0 else { return 0 }
        return count
    }

    public func setLaunchCrashCount(_ count: Int) throws(ArchiveDirectoryError) {
        if count == 0 {
            unlink(launchCrashesURL.path)
        } else {
            try Self.writeAtomically(Array("\(count)\n".utf8), to: launchCrashesURL)
        }
    }

    public var forceQuitRecorded: Bool { FileManager.default.fileExists(atPath: forceQuitURL.path) }

    public func setForceQuitRecorded(_ recorded: Bool) throws(ArchiveDirectoryError) {
        if recorded { try Self.writeAtomically([], to: forceQuitURL) } else { unlink(forceQuitURL.path) }
    }

    /// Whether a launch crashed between `extendStateRestoration` and its `completeStateRestoration`.
    public var restorationWasIncomplete: Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(Self.incompleteMarkerFileName).path)
    }

    public func setRestorationIncomplete(_ incomplete: Bool) throws(ArchiveDirectoryError) {
        let target = url.appendingPathComponent(Self.incompleteMarkerFileName)
        if incomplete {
            try Self.writeAtomically([], to: target)
        } else {
            unlink(target.path)
        }
    }

    public var restorationWasInProgress: Bool { FileManager.default.fileExists(atPath: restorationMarkerURL.path) }

    public func setRestorationInProgress(_ inProgress: Bool) throws(ArchiveDirectoryError) {
        if inProgress { try Self.writeAtomically([], to: restorationMarkerURL) } else { unlink(restorationMarkerURL.path) }
    }

    // MARK: Atomic write

    /// Temp file in the same directory (`.NAME.PID.tmp`), write, fsync, rename over the target,
    /// fsync the directory. Without `sync` the two fsyncs are left out: the rename still leaves the
    /// old file or the new one whenever the process dies, only a power loss may lose the new one.
    static func writeAtomically(_ bytes: [UInt8], to target: URL, sync: Bool = true) throws(ArchiveDirectoryError) {
        let directory = target.deletingLastPathComponent().path
        let temporary = TemporaryFiles.sibling(of: target.path)
        let descriptor = TemporaryFiles.shared.create(file: temporary) { open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else { throw ArchiveDirectoryError(file: temporary, operation: "create", errno: errno) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                let failure = errno
                close(descriptor)
                TemporaryFiles.shared.remove(temporary)
                throw ArchiveDirectoryError(file: temporary, operation: "write", errno: failure)
            }
            written += count
        }
        if sync && fsync(descriptor) != 0 {
            let failure = errno
            close(descriptor)
            TemporaryFiles.shared.remove(temporary)
            throw ArchiveDirectoryError(file: temporary, operation: "fsync", errno: failure)
        }
        close(descriptor)
        if TemporaryFiles.shared.settle(temporary, { rename(temporary, target.path) }) != 0 {
            let failure = errno
            unlink(temporary)
            throw ArchiveDirectoryError(file: target.path, operation: "rename \(temporary) over", errno: failure)
        }
        let directoryDescriptor = sync ? open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }
}
