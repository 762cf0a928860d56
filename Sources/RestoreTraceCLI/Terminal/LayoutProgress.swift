// The progress line `render` keeps on a terminal while libgvc lays out a big graph: the layout
// cannot report progress or be interrupted, so the line says what is being laid out and how long
// it has taken so far, rewritten in place once a second, and ends with the total.

import RestoreTrace
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A line on standard error, `render: laying out 2,012 nodes of trace.jsonl… 3 s`, updated by a
/// thread of its own until ``finish()``.
final class LayoutProgress: @unchecked Sendable {
    private let text: String
    private let write: @Sendable (String) -> Void
    private let started: timespec
    /// Guards `state`; the ticking thread waits on `changed` between updates.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let changed: UnsafeMutablePointer<pthread_cond_t>
    /// 0: running, 1: asked to stop, 2: stopped (the line is the ticker's no more).
    private var state = 0

    /// Prints `text` and starts the ticking; the caller calls ``finish(failed:)`` when the work
    /// is done. `write` puts text on the terminal (standard error; tests collect it instead).
    init(_ text: String, write: @escaping @Sendable (String) -> Void = { StandardError.write($0) }) {
        self.text = text
        self.write = write
        started = LayoutProgress.now()
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        changed = .allocate(capacity: 1)
        changed.initialize(to: pthread_cond_t())
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        #if !canImport(Darwin)
        // Deadlines on the monotonic clock: a change of the wall clock cannot rush or stall the ticks.
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        #endif
        pthread_cond_init(changed, &attributes)
        pthread_condattr_destroy(&attributes)
        write(text)
        if !SystemThread.detach({ [self] in tick() }) { state = 2 }
    }

    deinit {
        pthread_cond_destroy(changed)
        changed.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Stops the ticking and ends the line with the time taken and how it ended; returns once
    /// nothing else writes the line.
    func finish(failed: Bool = false) {
        pthread_mutex_lock(mutex)
        if state == 0 { state = 1 }
        pthread_cond_broadcast(changed)
        while state != 2 { pthread_cond_wait(changed, mutex) }
        pthread_mutex_unlock(mutex)
        let seconds = LayoutProgress.seconds(since: started)
        let outcome = failed ? "failed" : "done"
        write(seconds >= 1 ? "\r\(text) \(LayoutProgress.format(seconds)), \(outcome)\n" : " \(outcome)\n")
    }

    private func tick() {
        pthread_mutex_lock(mutex)
        var shown = 0
        while state == 0 {
            // Woken at the next whole second, or at once by finish().
            var deadline = started
            deadline.tv_sec += shown + 1
            if pthread_cond_timedwait(changed, mutex, &deadline) == ETIMEDOUT, state == 0 {
                shown += 1
                write("\r\(text) \(shown) s")
            }
        }
        state = 2
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
    }

    /// The clock `changed` measures its deadlines on: monotonic, except on Darwin, whose
    /// condition variables have only the real-time clock.
    private static func now() -> timespec {
        var time = timespec()
        #if canImport(Darwin)
        clock_gettime(CLOCK_REALTIME, &time)
        #else
        clock_gettime(CLOCK_MONOTONIC, &time)
        #endif
        return time
    }

    private static func seconds(since start: timespec) -> Double {
        let end = now()
        return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    }

    static func format(_ seconds: Double) -> String { CFormat.string("%.1f s", seconds) }
}
