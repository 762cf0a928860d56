// TraceHeader: line 1 of a trace — the format and its version, the clock, the origin, and any
// other member kept as it came.

/// The current format identifier, written in every header.
public let currentTraceFormat = "restoretrace/1"

/// Line 1 of a trace.
public struct TraceHeader: Sendable, Hashable {
    /// `restoretrace/<major>`; readers refuse majors they do not know.
    public var format: String
    public var generator: String?
    /// The unit of `ts`: `ns` or `tick` (kept as a string so unknown units survive).
    public var clock: String
    /// Wall-clock time of `ts` = 0, ISO 8601.
    public var origin: String?
    public var scenario: String?
    /// Every other member (`app`, `x-…`, unknown), in line order.
    public var extra: [JSONMember]

    public init(
        format: String = currentTraceFormat, generator: String? = nil, clock: String = ClockUnit.ns.rawValue,
        origin: String? = nil, scenario: String? = nil, extra: [JSONMember] = []
    ) {
        self.format = format
        self.generator = generator
        self.clock = clock
        self.origin = origin
        self.scenario = scenario
        self.extra = extra
    }

    public var clockUnit: ClockUnit? { ClockUnit(rawValue: clock) }
    /// The major version number of `format`, or nil when it is not `restoretrace/<n>`.
    public var formatMajor: Int? {
        guard format.hasPrefix("restoretrace/") else { return nil }
        let version = format.dropFirst("restoretrace/".count)
        return Int(version.split(separator: ".", maxSplits: 1).first ?? "")
    }
}
