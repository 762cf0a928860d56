// EngineClock: where the engine reads "now" (the archive's timestamp key). Injected so that
// deterministic runs write byte-identical archives.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The source of wall-clock time for the archive's ``StateCoderKey/timestamp``.
public struct EngineClock: Sendable {
    /// Seconds since 1970.
    public let now: @Sendable () -> Double

    public init(now: @escaping @Sendable () -> Double) { self.now = now }

    /// The real clock.
    public static let wall = EngineClock { Date().timeIntervalSince1970 }

    /// Always `seconds`.
    public static func fixed(_ seconds: Double) -> EngineClock { EngineClock { seconds } }

    /// The instant deterministic runs use: 2026-01-01T00:00:00Z.
    public static let deterministic = fixed(1_767_225_600)
}

extension SimulationClock {
    /// The engine clock this simulation clock stands for.
    public var engineClock: EngineClock {
        switch self {
        case .wall: return .wall
        case .deterministic: return .deterministic
        }
    }
}
