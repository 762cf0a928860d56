// Threads started with pthreads directly: with a stack of a chosen size (a deep recursion), or
// detached (a watcher). Foundation's Thread would link the whole of swift-corelibs-foundation
// into every program for these two uses.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

package enum SystemThread {
    /// Runs `body` on a new thread with `stackBytes` of stack (0: the system's default) and
    /// returns when it has ended. Returns false, without running `body`, when no thread could be started.
    package static func runAndWait(stackBytes: Int, _ body: @escaping () -> Void) -> Bool {
        start(stackBytes: stackBytes, detached: false, body)
    }

    /// Starts `body` on a new thread that nobody waits for. Returns false when no thread could be started.
    package static func detach(_ body: @escaping @Sendable () -> Void) -> Bool {
        start(stackBytes: 0, detached: true, body)
    }

    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    private static func start(stackBytes: Int, detached: Bool, _ body: @escaping () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        if stackBytes > 0 { pthread_attr_setstacksize(&attributes, stackBytes) }
        if detached { pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) }
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        // An integer in glibc, a pointer in Darwin and musl.
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        // The argument is optional in glibc and not in Darwin; `as …?` reads it either way.
        let status = pthread_create(&thread, &attributes, { argument in
            guard let argument = argument as UnsafeMutableRawPointer? else { return nil }
            Unmanaged<Body>.fromOpaque(argument).takeRetainedValue().run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        #if canImport(Glibc)
        if !detached { pthread_join(thread, nil) }
        #else
        if !detached, let thread { pthread_join(thread, nil) }
        #endif
        return true
    }
}
