// SideBySide: two analyses of one big trace at once, one on another core, when the trace is big
// enough for it to pay.

import Foundation

enum SideBySide {
    /// Below this many records both run on the calling thread: starting a thread costs tens of
    /// microseconds, and a small trace's analyses take less than a millisecond.
    static let minimumRecords = 4_096

    /// Runs `other` on a new thread and `here` on this one, and returns both results. The two
    /// must share nothing mutable (the analyses read the same immutable records).
    static func run<Other: Sendable, Here>(
        parallel: Bool, _ other: @escaping @Sendable () -> Other, _ here: () -> Here
    ) -> (Other, Here) {
        guard parallel else { return (other(), here()) }
        let box = ResultBox<Other>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = other()
            done.signal()
        }
        // As much stack as the main thread has on Linux (a secondary thread gets 512 kB on macOS):
        // the hierarchy recurses once per path component.
        thread.stackSize = 8 << 20
        thread.start()
        let hereResult = here()
        done.wait()
        // The semaphore orders the write before this read.
        guard let otherResult = box.value else { preconditionFailure("the other thread finished without a result") }
        return (otherResult, hereResult)
    }

    private final class ResultBox<Value>: @unchecked Sendable {
        var value: Value?
    }
}
