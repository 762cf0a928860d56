// InputBytes: a render's input read whole into memory — a file, or standard input (`-`) — with
// an error that names the input and why it cannot be read.

import RestoreTrace
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

enum InputBytes {
    /// The bytes of `input` (`-` is standard input).
    static func read(_ input: String) throws(RenderCommand.RenderFailure) -> [UInt8] {
        if input == "-" { return try readToEnd(STDIN_FILENO, name: "<stdin>") }
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
        if status.st_mode & S_IFMT == S_IFDIR {
            throw RenderCommand.RenderFailure(message: "\(input): cannot read the input: it is a directory")
        }
        return try readToEnd(descriptor, name: input)
    }

    private static func readToEnd(_ descriptor: Int32, name: String) throws(RenderCommand.RenderFailure) -> [UInt8] {
        do {
            return try FileDescriptorReading.readAll(descriptor)
        } catch {
            throw RenderCommand.RenderFailure(message: "\(name): cannot read the input: \(error.reason)")
        }
    }
}
