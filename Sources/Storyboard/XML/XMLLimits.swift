// The bounds the XML reader keeps to, so that hostile input (a billion nested elements, a
// megabyte name, thousands of attributes) is refused with a message instead of exhausting
// memory, the stack or the CPU.

/// What the XML tokenizer accepts before refusing the input.
public struct XMLLimits: Sendable, Hashable {
    /// Deepest element nesting (1,000; Xcode's storyboards nest about 40 deep).
    public var maximumDepth: Int
    /// Most attributes on one element (256; Interface Builder writes fewer than 40).
    public var maximumAttributes: Int
    /// Longest element or attribute name, in bytes.
    public var maximumNameBytes: Int
    /// Longest attribute value, in bytes (1 MiB).
    public var maximumAttributeValueBytes: Int

    public init(maximumDepth: Int = 1_000, maximumAttributes: Int = 256, maximumNameBytes: Int = 1_024,
                maximumAttributeValueBytes: Int = 1 << 20) {
        self.maximumDepth = max(1, maximumDepth)
        self.maximumAttributes = max(1, maximumAttributes)
        self.maximumNameBytes = max(1, maximumNameBytes)
        self.maximumAttributeValueBytes = max(1, maximumAttributeValueBytes)
    }
}
