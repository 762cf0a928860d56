// InputBytes: a render's input in memory for the time it is read: a regular file read with
// read(2) into an anonymous mapping that asks for huge pages (a 5 MB trace then costs a few
// page faults instead of 1,200), anything else (standard input, a pipe) read to its end.

import Foundation

/// The bytes of one input, valid while the value lives.
final class InputBytes {
    /// The input's bytes.
    let bytes: UnsafeRawBufferPointer
    /// The mapping holding them, or nil when they are in memory of their own.
    private let mapping: (base: UnsafeMutableRawPointer, length: Int)?

    private init(mapping: (base: UnsafeMutableRawPointer, length: Int), count: Int) {
        self.mapping = mapping
        bytes = UnsafeRawBufferPointer(start: mapping.base, count: count)
    }

    private init(array: [UInt8]) {
        self.mapping = nil
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: array.count, alignment: 8)
        copy.copyBytes(from: array)
        bytes = UnsafeRawBufferPointer(copy)
    }

    deinit {
        if let mapping {
            munmap(mapping.base, mapping.length)
        } else {
            bytes.deallocate()
        }
    }

    /// Reads `input` (`-` is standard input); the error names the input and why.
    static func read(_ input: String) throws(RenderCommand.RenderFailure) -> InputBytes {
        if input == "-" { return InputBytes(array: [UInt8](FileHandle.standardInput.readDataToEndOfFile())) }
        let descriptor = open(input, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let why = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
            throw RenderCommand.RenderFailure(message: "\(input): cannot read the input: \(why)")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw RenderCommand.RenderFailure(message: "\(input): cannot read the input: \(String(cString: strerror(errno)))")
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            throw RenderCommand.RenderFailure(message: "\(input): cannot read the input: it is a directory")
        case S_IFREG:
            if let mapped = readIntoMapping(descriptor, size: Int(status.st_size)) { return mapped }
        default:
            break
        }
        return InputBytes(array: try readToEnd(descriptor, name: input))
    }

    /// Huge pages are 2 MiB on x86-64 and most arm64 kernels; smaller files get plain pages.
    private static let hugePage = 2 << 20

    /// The file read into a fresh mapping, or nil when it cannot be (no memory for it, a read
    /// error, or the file grew past the mapping since fstat): the caller reads it the plain way.
    private static func readIntoMapping(_ descriptor: Int32, size: Int) -> InputBytes? {
        guard size > 0 else { return nil }
        // Room to notice growth: a file that does not end within the mapping is read again.
        let length = (size + 4096 + hugePage - 1) / hugePage * hugePage
        let raw = mmap(nil, length + hugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let raw, raw != MAP_FAILED else { return nil }
        // Align the start to a huge page and give back the slack on both sides.
        let address = UInt(bitPattern: raw)
        let aligned = (address + UInt(hugePage) - 1) / UInt(hugePage) * UInt(hugePage)
        let head = Int(aligned - address)
        if head > 0 { munmap(raw, head) }
        if hugePage - head > 0 { munmap(UnsafeMutableRawPointer(bitPattern: aligned + UInt(length)), hugePage - head) }
        guard let base = UnsafeMutableRawPointer(bitPattern: aligned) else { return nil }
        #if os(Linux)
        if size >= hugePage / 2 { _ = madvise(base, length, MADV_HUGEPAGE) }
        #endif
        var count = 0
        while count < length {
            let got = Foundation.read(descriptor, base + count, length - count)
            if got < 0 && errno == EINTR { continue }
            if got < 0 {
                munmap(base, length)
                return nil
            }
            if got == 0 { break }
            count += got
        }
        guard count < length else {
            munmap(base, length)
            return nil
        }
        return InputBytes(mapping: (base, length), count: count)
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
