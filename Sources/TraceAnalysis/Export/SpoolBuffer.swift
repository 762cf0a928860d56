// SpoolBuffer: bytes kept in memory up to a limit, then in an anonymous temporary file, for
// exports whose output order differs from the input's (speedscope writes one profile's
// events after another's) without holding a large trace in memory.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TraceFormat

/// Appends bytes; replays them in order with ``drain(into:)``.
final class SpoolBuffer {
    private var memory: [UInt8] = []
    private let memoryLimit: Int
    private var descriptor: Int32 = -1

    init(memoryLimit: Int = 4 << 20) { self.memoryLimit = memoryLimit }

    deinit { if descriptor >= 0 { close(descriptor) } }

    func append(_ bytes: [UInt8]) throws(ExportError) {
        memory.append(contentsOf: bytes)
        if memory.count >= memoryLimit { try spill() }
    }

    /// Writes everything appended so far to `output`, in order.
    func drain(into output: ExportOutput) throws(ExportError) {
        if descriptor >= 0 {
            try spill()
            guard lseek(descriptor, 0, SEEK_SET) == 0 else {
                throw .writeFailed(path: "a temporary spool file", reason: String(cString: strerror(errno)))
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count >= 0 else {
                    throw .writeFailed(path: "a temporary spool file", reason: String(cString: strerror(errno)))
                }
                if count == 0 { break }
                try output.write(Array(chunk[0..<count]))
            }
        } else if !memory.isEmpty {
            try output.write(memory)
        }
        memory.removeAll()
    }

    private func spill() throws(ExportError) {
        if descriptor < 0 {
            // Nameless once made: the file goes with the descriptor, whatever ends the process.
            let made: (path: String, descriptor: Int32)
            do {
                made = try TemporaryFiles.shared.makeWorkspaceFile(purpose: "spool")
            } catch {
                throw .cannotCreate(path: "a temporary spool file", reason: error.description)
            }
            descriptor = made.descriptor
            TemporaryFiles.shared.settle(made.path) { _ = unlink(made.path) }
        }
        try FileDescriptorWriting.writeAll(memory, to: descriptor, name: "a temporary spool file")
        memory.removeAll(keepingCapacity: true)
    }
}
