// A plain mutual-exclusion lock for the recorders, readers and clean-up that any thread may call.
// Foundation's NSLock would link the whole of swift-corelibs-foundation into every program
// (FoundationEssentials has no public lock), and that costs each `restoretrace` process about
// half a millisecond of start-up.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A `pthread_mutex_t` with a fixed address, as pthreads requires.
package final class ThreadLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }

    package func unlock() { pthread_mutex_unlock(mutex) }
}
