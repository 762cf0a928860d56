// The small stand-ins for Foundation the library uses: printf-style numbers (checked against
// Foundation's String(format:), which the tests may link), the lock, and threads.

import Foundation
import Testing
@testable import TraceFormat

@Suite("lock, threads and number formatting without Foundation")
struct SystemSupportTests {
    @Test("CFormat formats as String(format:) does")
    func formats() {
        let cases: [(String, Double)] = [
            ("%.2f", 3.14159), ("%.0f", 2.5), ("%.0f", 3.5), ("%7.1f", 12.345), ("%8.3f ms CPU", 0.0004),
            ("%6.0f ns/record", 123456.7), ("%.1f", -0.05), ("%.2f", 1e12),
        ]
        for (format, value) in cases {
            #expect(CFormat.string(format, value) == String(format: format, value), "\(format)")
        }
        #expect(CFormat.string(" %7.3f s CPU  %7.1f MB/s", 1.5, 250.25) == String(format: " %7.3f s CPU  %7.1f MB/s", 1.5, 250.25))
        // Longer than the first buffer: formatted again from a fresh argument list.
        #expect(CFormat.string("%300.1f", 1.0) == String(format: "%300.1f", 1.0))
    }

    @Test("runAndWait runs the body on a thread with the stack asked for, and returns after it")
    func runAndWait() {
        var depthReached = 0
        // About 32 MB of frames: more than a default thread's 8 MB stack holds.
        func recurse(_ depth: Int) -> Int {
            var frame = [UInt8](repeating: UInt8(truncatingIfNeeded: depth), count: 1)
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8192) { buffer in
                buffer.initialize(repeating: frame[0])
                frame[0] = buffer[8191]
                return depth == 0 ? Int(frame[0]) : recurse(depth - 1) + 1
            }
        }
        let started = SystemThread.runAndWait(stackBytes: 256 << 20) { depthReached = recurse(4000) }
        #expect(started)
        #expect(depthReached >= 4000)
    }

    @Test("detached threads run, and the lock keeps their counts whole")
    func lockAndDetach() {
        final class Counter: @unchecked Sendable {
            let lock = ThreadLock()
            var value = 0
            var finished = 0
        }
        let counter = Counter()
        let threads = 4, rounds = 10_000
        for _ in 0..<threads {
            let started = SystemThread.detach {
                for _ in 0..<rounds {
                    counter.lock.lock()
                    counter.value += 1
                    counter.lock.unlock()
                }
                counter.lock.lock()
                counter.finished += 1
                counter.lock.unlock()
            }
            #expect(started)
        }
        while true {
            counter.lock.lock()
            let finished = counter.finished
            counter.lock.unlock()
            if finished == threads { break }
            usleep(1_000)
        }
        #expect(counter.value == threads * rounds)
    }

    @Test("readAll reads a descriptor to its end across many reads, stops at its limit, and reports a failed read")
    func readAll() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("read-all-\(UUID().uuidString)").path
        defer { unlink(path) }
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }  // past one 64 kB read
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let descriptor = open(path, O_RDONLY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(try FileDescriptorReading.readAll(descriptor) == bytes)
        #expect(lseek(descriptor, 0, SEEK_SET) == 0)
        #expect(try FileDescriptorReading.readAll(descriptor, limit: 70_001) == Array(bytes[..<70_001]))
        #expect(try FileDescriptorReading.readAll(descriptor) == Array(bytes[70_001...]))
        #expect(throws: FileDescriptorReading.Failure.self) { try FileDescriptorReading.readAll(-1) }
        do {
            _ = try FileDescriptorReading.readAll(-1)
        } catch {
            #expect(error.code == EBADF)
            #expect(error.reason == String(cString: strerror(EBADF)))
        }
    }
}
