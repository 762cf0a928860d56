// InputBytes: a render's input in memory for the time it is read: a regular file mapped
// read-only (its pages come from the page cache, sixteen to a fault, with nothing copied or
// zeroed: a tenth of the cost of reading 5 MB into fresh memory), anything else (standard
// input, a pipe) read to its end. The mapping is guarded: a file cut short while it is read
// reads as zeros past the cut instead of killing the process, and ``wasCut`` says so.

import CFileMapping
import Foundation

/// The bytes of one input, valid while the value lives.
final class InputBytes {
    /// The input's bytes.
    let bytes: UnsafeRawBufferPointer
    /// The open file when `bytes` is a mapping of it (both given back when the value goes), or
    /// nil when the bytes are in memory of their own.
    private let mappedFile: Int32?

    private init(mapped base: UnsafeRawPointer, count: Int, file: Int32) {
        mappedFile = file
        bytes = UnsafeRawBufferPointer(start: base, count: count)
    }

    private init(array: [UInt8]) {
        mappedFile = nil
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: array.count, alignment: 8)
        copy.copyBytes(from: array)
        bytes = UnsafeRawBufferPointer(copy)
    }

    deinit {
        if let mappedFile, let base = bytes.baseAddress {
            restoretrace_unmap_file(base, bytes.count)
            close(mappedFile)
        } else {
            bytes.deallocate()
        }
    }

    /// Whether the file shrank while it was mapped, so that part of `bytes` read as zeros instead
    /// of what the file held: what was read is not the file, and must not be trusted. Whole pages
    /// past the new end are caught as they are read; the rest of the last page by the file's size.
    var wasCut: Bool {
        guard let mappedFile, let base = bytes.baseAddress else { return false }
        if restoretrace_mapping_was_cut(base) != 0 { return true }
        var status = stat()
        return fstat(mappedFile, &status) == 0 && Int(status.st_size) < bytes.count
    }

    /// The message for an input that ``wasCut``.
    static func cutMessage(_ name: String) -> String {
        "\(name): the file was cut short while it was being read; render it again once it is complete"
    }

    /// Reads `input` (`-` is standard input); the error names the input and why.
    static func read(_ input: String) throws(RenderCommand.RenderFailure) -> InputBytes {
        if input == "-" { return InputBytes(array: [UInt8](FileHandle.standardInput.readDataToEndOfFile())) }
        let descriptor = open(input, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let why = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
            throw RenderCommand.RenderFailure(message: "\(input): cannot read the input: \(why)")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let why = String(cString: strerror(errno))
            close(descriptor)
            throw RenderCommand.RenderFailure(message: "\(input): cannot read the input: \(why)")
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            close(descriptor)
            throw RenderCommand.RenderFailure(message: "\(input): cannot read the input: it is a directory")
        case S_IFREG:
            // The bytes the file held when it was opened; a writer appending meanwhile is not waited for.
            if status.st_size > 0, let base = restoretrace_map_file(descriptor, Int(status.st_size)) {
                return InputBytes(mapped: base, count: Int(status.st_size), file: descriptor)
            }
        default:
            break
        }
        defer { close(descriptor) }
        return InputBytes(array: try readToEnd(descriptor, name: input))
    }

    private static func readToEnd(_ descriptor: Int32, name: String) throws(RenderCommand.RenderFailure) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            if got < 0 {
                throw RenderCommand.RenderFailure(message: "\(name): cannot read the input: \(String(cString: strerror(errno)))")
            }
            if got == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<got])
        }
    }
}
