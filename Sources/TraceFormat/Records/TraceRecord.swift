// TraceRecord: every line of a trace after the header, its core fields typed and every other
// field an attribute; TraceLine, a line as a reader returns it.

/// One field of a record beyond the core ones (`reason`, `bytes`, `via`, unknown fields, ...).
public typealias TraceAttribute = JSONMember

/// One record line. The core fields are typed; every other field is an attribute, kept in order.
public struct TraceRecord: Sendable, Hashable {
    public var seq: Int64
    public var ts: Int64
    public var phase: Phase
    /// The id pairing a `B` with its `E`; nil on instants.
    public var span: Int64?
    public var kind: RecordKind
    /// The restoration path, root first; nil when the record has none.
    public var path: [String]?
    /// `class`: the object's class name.
    public var className: String?
    /// nil means the main thread.
    public var thread: String?
    /// Every other field, in line order.
    public var attributes: [TraceAttribute]

    /// The largest magnitude of `seq`, `ts` and `span` a reader accepts: 2^53 - 1, the largest
    /// integer every JSON implementation keeps exact (about 104 days in nanoseconds).
    public static let largestExactInteger: Int64 = 9_007_199_254_740_991

    public init(
        seq: Int64, ts: Int64, phase: Phase, span: Int64? = nil, kind: RecordKind, path: [String]? = nil,
        className: String? = nil, thread: String? = nil, attributes: [TraceAttribute] = []
    ) {
        self.seq = seq
        self.ts = ts
        self.phase = phase
        self.span = span
        self.kind = kind
        self.path = path
        self.className = className
        self.thread = thread
        self.attributes = attributes
    }

    /// The attribute named `key`, if present.
    public subscript(attribute key: String) -> JSONValue? {
        attributes.first(where: { $0.key == key })?.value
    }

    public var reason: String? { self[attribute: "reason"]?.stringValue }
    public var via: String? { self[attribute: "via"]?.stringValue }
    public var message: String? { self[attribute: "message"]?.stringValue }
    public var step: String? { self[attribute: "step"]?.stringValue }
    public var foundClass: String? { self[attribute: "foundClass"]?.stringValue }
    public var bytes: Int64? { self[attribute: "bytes"]?.intValue }
    public var keys: [String]? { self[attribute: "keys"]?.stringArrayValue }
    /// `result` as text: strings as they are, booleans as `true`/`false`.
    public var result: String? {
        switch self[attribute: "result"] {
        case .string(let s)?: return s
        case .bool(let b)?: return b ? "true" : "false"
        default: return nil
        }
    }
}

/// A line of a trace as a reader returns it.
public enum TraceLine: Sendable, Hashable {
    case header(TraceHeader)
    case record(TraceRecord)
}
