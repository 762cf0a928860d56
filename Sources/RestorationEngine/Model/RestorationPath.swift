// RestorationPath: the chain of restoration identifiers from a window's root down (rule 9).

/// The identifiers from the root view controller down to one object, the last being its own.
/// Registered objects have a one-component path: their registration identifier.
public struct RestorationPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var components: [String]

    public init(_ components: [String]) { self.components = components }

    /// This path with `identifier` appended: the path of a child, presented object or view.
    public func appending(_ identifier: String) -> RestorationPath {
        var copy = components
        copy.append(identifier)
        return RestorationPath(copy)
    }

    /// The parent's path; nil for a root.
    public var parent: RestorationPath? {
        components.count > 1 ? RestorationPath(Array(components.dropLast())) : nil
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
