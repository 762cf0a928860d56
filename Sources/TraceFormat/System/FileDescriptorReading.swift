// Reading a descriptor to its end with read(2): files, pipes, standard input. One loop for the
// readers that take a whole input at once (a render's trace, a scenario, a saved archive, a
// child's standard error).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

package enum FileDescriptorReading {
    /// A read(2) that failed; `code` is its errno.
    package struct Failure: Error, Sendable {
        package let code: Int32
        /// `strerror`'s text for the code.
        package var reason: String { String(cString: strerror(code)) }
    }

    /// The bytes from `descriptor` up to its end, or its first `limit` bytes when it holds more
    /// (a caller refusing big inputs asks for one byte past its limit). Interrupted reads are
    /// retried. A regular file is read straight into memory of its size (one byte more, to see
    /// whether it grew meanwhile); anything else, and a file that grew, in chunks.
    package static func readAll(_ descriptor: Int32, limit: Int = .max) throws(Failure) -> [UInt8] {
        var status = stat()
        let isFile = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        var bytes: [UInt8] = []
        if isFile, status.st_size > 0 {
            let capacity = min(limit, Int(status.st_size) &+ 1)
            var failure: Int32 = 0
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = 0
                while count < capacity {
                    let got = read(descriptor, buffer.baseAddress! + count, capacity - count)
                    if got < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    if got == 0 { return }
                    count += got
                }
            }
            if failure != 0 { throw Failure(code: failure) }
            // Shorter than its size: the end was reached.
            if bytes.count < capacity { return bytes }
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < limit {
            let want = min(chunk.count, limit - bytes.count)
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, want) }
            if got < 0 {
                if errno == EINTR { continue }
                throw Failure(code: errno)
            }
            if got == 0 { break }
            bytes.append(contentsOf: chunk[..<got])
        }
        return bytes
    }
}
