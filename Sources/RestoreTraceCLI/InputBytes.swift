// InputBytes: a render's input in memory for the time it is read: a regular file mapped
// read-only (its pages come from the page cache, sixteen to a fault, with nothing copied or
// zeroed: a tenth of the cost of reading 5 MB into fresh memory), anything else (standard
// input, a pipe) read to its end. The mapping is guarded: a file cut short while it is read
// reads as zeros past the cut instead of killing the process, and ``change`` says so.

import CFileMapping
import RestoreTrace
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one input, valid while the value lives.
final class InputBytes {
    /// The input's bytes.
    let bytes: UnsafeRawBufferPointer
    /// The open file and its status when opened, when `bytes` is a mapping of it (both given
    /// back when the value goes); nil when the bytes are in memory of their own.
    private let mapping: (file: Int32, opened: stat)?

    private init(mapped base: UnsafeRawPointer, count: Int, file: Int32, opened: stat) {
        mapping = (file, opened)
        bytes = UnsafeRawBufferPointer(start: base, count: count)
    }

    private init(array: [UInt8]) {
        mapping = nil
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: array.count, alignment: 8)
        copy.copyBytes(from: array)
        bytes = UnsafeRawBufferPointer(copy)
    }

    deinit {
        if let mapping, let base = bytes.baseAddress {
            restoretrace_unmap_file(base, bytes.count)
            close(mapping.file)
        } else {
            bytes.deallocate()
        }
    }

    /// How a mapped file changed since it was opened.
    enum Change: Equatable {
        /// It shrank: part of `bytes` read as zeros instead of what the file held (whole pages
        /// past the new end are caught as they are read, the rest of the last page by the size).
        /// What was read is not the file and must not be trusted.
        case cut
        /// It was written to. Text appended past what was mapped is never read, so a trace still
        /// being written draws as far as it had got; text rewritten in place may have been read
        /// half old, half new, which matters when reading it failed.
        case written
    }

    /// How the file changed while it was mapped, or nil when it did not (or is not mapped).
    var change: Change? {
        guard let mapping, let base = bytes.baseAddress else { return nil }
        if restoretrace_mapping_was_cut(base) != 0 { return .cut }
        var now = stat()
        guard fstat(mapping.file, &now) == 0 else { return nil }
        if Int(now.st_size) < bytes.count { return .cut }
        return Self.times(of: now) == Self.times(of: mapping.opened) ? nil : .written
    }

    /// A status's modification and change times, in nanoseconds.
    private static func times(of status: stat) -> [Int] {
        #if canImport(Darwin)
        let (modified, changed) = (status.st_mtimespec, status.st_ctimespec)
        #else
        let (modified, changed) = (status.st_mtim, status.st_ctim)
        #endif
        return [modified.tv_sec, modified.tv_nsec, changed.tv_sec, changed.tv_nsec].map { Int($0) }
    }

    /// The message for an input that changed while it was read.
    static func message(_ change: Change, name: String) -> String {
        switch change {
        case .cut: "\(name): the file was cut short while it was being read; render it again once it is complete"
        case .written: "\(name): the file was written to while it was being read, and what was read does not parse; "
            + "render it again once it is complete"
        }
    }

    /// Reads `input` (`-` is standard input); the error names the input and why.
    static func read(_ input: String) throws(RenderCommand.RenderFailure) -> InputBytes {
        if input == "-" { return InputBytes(array: try readToEnd(STDIN_FILENO, name: "<stdin>")) }
        let descriptor = open(input, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let why = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
            throw RenderCommand.RenderFailure(message: "\(input): cannot read the input: \(why)")
        }
        // Closed here unless a mapping keeps it (to tell later whether the file changed).
        var keptOpen = false
        defer { if !keptOpen { close(descriptor) } }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw RenderCommand.RenderFailure(message: "\(input): cannot read the input: \(String(cString: strerror(errno)))")
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            throw RenderCommand.RenderFailure(message: "\(input): cannot read the input: it is a directory")
        case S_IFREG:
            // The bytes the file held when it was opened; a writer appending meanwhile is not waited for.
            if status.st_size > 0, let base = restoretrace_map_file(descriptor, Int(status.st_size)) {
                keptOpen = true
                return InputBytes(mapped: base, count: Int(status.st_size), file: descriptor, opened: status)
            }
        default:
            break
        }
        return InputBytes(array: try readToEnd(descriptor, name: input))
    }

    private static func readToEnd(_ descriptor: Int32, name: String) throws(RenderCommand.RenderFailure) -> [UInt8] {
        do {
            return try FileDescriptorReading.readAll(descriptor)
        } catch {
            throw RenderCommand.RenderFailure(message: "\(name): cannot read the input: \(error.reason)")
        }
    }
}
