// RestorationPath: the chain of restoration identifiers from a window's root down (rule 9).

/// The identifiers from the root view controller down to one object, the last being its own.
/// Registered objects have a one-component path: their registration identifier.
public struct RestorationPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The identifiers, root first.
    public var components: [String] {
        didSet { digest = Self.digest(of: components) }
    }
    /// A digest of the components, kept up to date so hashing a deep path costs O(1) and
    /// appending one identifier extends it without rereading the rest.
    private var digest: UInt64

    public init(_ components: [String]) {
        self.components = components
        self.digest = Self.digest(of: components)
    }

    private init(components: [String], digest: UInt64) {
        self.components = components
        self.digest = digest
    }

    /// This path with `identifier` appended: the path of a child, presented object or view.
    public func appending(_ identifier: String) -> RestorationPath {
        var copy = components
        copy.append(identifier)
        return RestorationPath(components: copy, digest: Self.extend(digest, with: identifier))
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    public static func == (a: Self, b: Self) -> Bool { a.digest == b.digest && a.components == b.components }

    private static func digest(of components: [String]) -> UInt64 {
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        for component in components { digest = extend(digest, with: component) }
        return digest
    }

    /// FNV-1a over the component's UTF-8 and a separator byte that cannot occur in UTF-8.
    private static func extend(_ digest: UInt64, with component: String) -> UInt64 {
        var result = digest
        for byte in component.utf8 {
            result ^= UInt64(byte)
            result = result &* 0x0000_0100_0000_01B3
        }
        result ^= 0xFF
        return result &* 0x0000_0100_0000_01B3
    }

    /// The inverse of the FNV prime modulo 2^64: multiplying by it undoes one FNV step.
    private static let inversePrime: UInt64 = 0xce96_5057_aff6_957b

    /// The digest `extend(result, with: component)` started from: the inverse of ``extend(_:with:)``.
    private static func retract(_ digest: UInt64, removing component: String) -> UInt64 {
        var result = (digest &* inversePrime) ^ 0xFF
        for byte in component.utf8.reversed() {
            result = (result &* inversePrime) ^ UInt64(byte)
        }
        return result
    }

    /// The parent's path; nil for a root. Its digest is this one with the last identifier
    /// taken back out (FNV-1a's steps are invertible), so nothing above it is reread.
    public var parent: RestorationPath? {
        guard components.count > 1, let last = components.last else { return nil }
        return RestorationPath(components: Array(components.dropLast()), digest: Self.retract(digest, removing: last))
    }

    public var identifier: String? { components.last }
    public var depth: Int { components.count }

    public static func < (a: Self, b: Self) -> Bool { a.components.lexicographicallyPrecedes(b.components) }
    public var description: String { "[" + components.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }

    /// The identifier the engine uses for `raw`: `""` counts as nil (rule 9, a modelling choice).
    public static func effectiveIdentifier(_ raw: String?) -> String? {
        guard let raw, !raw.isEmpty else { return nil }
        return raw
    }
}
