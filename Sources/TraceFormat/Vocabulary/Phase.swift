// Phase: the Chrome trace phase of a record (`ph`): a span's begin or end, or an instant.

/// The Chrome trace phase of a record.
public enum Phase: String, Sendable, Hashable, CaseIterable {
    case begin = "B"
    case end = "E"
    case instant = "i"

    /// The phase whose one-letter value is `letter` (`B`, `E`, `i`), for byte-level scanners.
    @inlinable
    public init?(letter: UInt8) {
        switch letter {
        case UInt8(ascii: "B"): self = .begin
        case UInt8(ascii: "E"): self = .end
        case UInt8(ascii: "i"): self = .instant
        default: return nil
        }
    }
}
