// ExportOutput: where exports and reports write their bytes: a file that appears only when
// complete (temporary file, then rename), standard output, or memory (for tests).

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

/// A destination for output bytes. ``commit()`` makes the output final; an output dropped
/// without a commit leaves nothing behind (a file output removes its temporary file).
public protocol ExportOutput: AnyObject {
    func write(_ bytes: [UInt8]) throws(ExportError)
    func commit() throws(ExportError)
}

/// Why output could not be written.
public enum ExportError: Error, Sendable, Hashable, CustomStringConvertible {
    case cannotCreate(path: String, reason: String)
    case writeFailed(path: String, reason: String)
    case cannotRename(from: String, to: String, reason: String)

    public var description: String {
        switch self {
        case .cannotCreate(let path, let reason):
            return "cannot create \(path): \(reason); check that the directory exists and is writable"
        case .writeFailed(let path, let reason):
            return "cannot write \(path): \(reason); check free space and permissions"
        case .cannotRename(let from, let to, let reason):
            return "cannot move \(from) to \(to): \(reason); check permissions on the directory"
        }
    }
}

/// Writes to a temporary file beside `path` and renames it onto `path` on ``commit()``, so
/// readers never see a half-written file and a failed export leaves the old file untouched.
/// (A rename over a file on ext4 also writes the new file's data out first, so a power cut soon
/// after leaves the old drawing or the new one, not an empty file; exchanging the two names and
/// removing the old one would save 0.6 ms a 350 kB drawing, and lose that.)
/// A `path` that exists and is not a regular file (`/dev/null`, a named pipe) is written
/// directly: renaming over a device would replace it.
public final class AtomicOutputFile: ExportOutput {
    public let path: String
    /// nil when writing straight into a device or pipe.
    private let temporaryPath: String?
    private var descriptor: Int32
    private var committed = false

    public init(path: String) throws(ExportError) {
        self.path = path
        var status = stat()
        if stat(path, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG {
            temporaryPath = nil
            descriptor = open(path, O_WRONLY | O_CLOEXEC)
        } else {
            // Beside the output, so the rename cannot cross file systems: `dir/.name.PID.tmp`,
            // registered so that an interrupt removes it; a dead run's is removed first.
            TemporaryFiles.removeStaleSiblings(of: path)
            let temporary = TemporaryFiles.sibling(of: path)
            temporaryPath = temporary
            descriptor = TemporaryFiles.shared.create(file: temporary) {
                open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            }
        }
        guard descriptor >= 0 else {
            throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if !committed, let temporaryPath { TemporaryFiles.shared.settle(temporaryPath) { _ = unlink(temporaryPath) } }
    }

    public func write(_ bytes: [UInt8]) throws(ExportError) {
        try FileDescriptorWriting.writeAll(bytes, to: descriptor, name: path)
    }

    /// Writes bytes held in any contiguous storage (a `Data`'s) without copying them into an array.
    public func write(_ bytes: some ContiguousBytes) throws(ExportError) {
        try FileDescriptorWriting.writeAll(bytes, to: descriptor, name: path)
    }

    public func commit() throws(ExportError) {
        guard !committed else { return }
        if close(descriptor) != 0 {
            descriptor = -1
            throw .writeFailed(path: path, reason: String(cString: strerror(errno)))
        }
        descriptor = -1
        if let temporaryPath, TemporaryFiles.shared.settle(temporaryPath, { rename(temporaryPath, path) }) != 0 {
            // Not committed: the deinit removes the temporary file.
            throw .cannotRename(from: temporaryPath, to: path, reason: String(cString: strerror(errno)))
        }
        committed = true
    }
}

/// Standard output. Bytes go out as they come (a pipe reader sees a stream); ``commit()`` does nothing.
public final class StandardOutput: ExportOutput {
    public init() {}
    public func write(_ bytes: [UInt8]) throws(ExportError) {
        try FileDescriptorWriting.writeAll(bytes, to: STDOUT_FILENO, name: "standard output")
    }
    public func commit() throws(ExportError) {}
}

/// Keeps the output in memory; for tests.
public final class MemoryOutput: ExportOutput {
    public private(set) var bytes: [UInt8] = []
    public private(set) var isCommitted = false
    public init() {}
    public func write(_ bytes: [UInt8]) throws(ExportError) { self.bytes.append(contentsOf: bytes) }
    public func commit() throws(ExportError) { isCommitted = true }
    /// The output as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}

package enum FileDescriptorWriting {
    package static func writeAll(_ bytes: some ContiguousBytes, to descriptor: Int32, name: String) throws(ExportError) {
        // withUnsafeBytes rethrows untyped: the error is carried out as a value.
        let written = bytes.withUnsafeBytes { buffer in
            Result { () throws(ExportError) in try writeAll(buffer, to: descriptor, name: name) }
        }
        try written.get()
    }

    package static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32, name: String) throws(ExportError) {
        var offset = 0
        while offset < buffer.count {
            let written = posixWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw .writeFailed(path: name, reason: String(cString: strerror(errno)))
            }
            offset += written
        }
    }
}

/// write(2), named apart from the `write` methods in scope where it is called.
private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
