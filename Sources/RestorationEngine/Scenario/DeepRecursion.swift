// DeepRecursion: runs a recursive walk on a thread with a large stack, so that the deepest
// hierarchy the loader accepts (1,000 levels; a debug build spends several KiB per level) can
// never overflow the caller's stack, whichever thread the caller is on.

import TraceFormat

enum DeepRecursion {
    /// Stack for the walk: room for the loader's limits with a wide margin. Pages are only
    /// committed when touched, so a shallow document costs no memory.
    static let stackBytes = 256 << 20

    /// Runs `body` on a fresh thread with ``stackBytes`` of stack and waits for it.
    static func run<Value: Sendable, Failure: Error>(
        _ body: @escaping @Sendable () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let outcome = Outcome<Value, Failure>()
        let started = SystemThread.runAndWait(stackBytes: stackBytes) {
            outcome.result = Result { () throws(Failure) -> Value in try body() }
        }
        // Joining the thread orders the worker's write before this read. Should no thread have
        // started, run the body here: correct, only without the larger stack.
        guard started, let result = outcome.result else { return try body() }
        return try result.get()
    }

    /// Carries the result from the worker thread; written once, before the thread ends.
    private final class Outcome<Value: Sendable, Failure: Error>: @unchecked Sendable {
        var result: Result<Value, Failure>?
    }
}
