// What names an element of an SVG drawing for pages and scripts: its `id` (a fragment a page
// links to, `diagram.svg#o-Tabs`) and its `class` list (what a style sheet colours). Both are
// made of a few ASCII characters only, so no text can leave the attribute Graphviz writes them
// in, whatever a trace calls its objects.

/// An SVG element id (`<g id="…">`): ASCII letters, digits and `_ . - ~ / %` only. Any other
/// byte of the text it is made from is written `%XX` (uppercase hex), so any text gives a safe,
/// deterministic id, and text already made of those characters is kept as it is.
public struct ElementID: Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    public init(_ text: String) {
        guard !text.utf8.allSatisfy(ElementID.isKept) else {
            rawValue = text.isEmpty ? "_" : text
            return
        }
        rawValue = ElementID.percentEncoded(text, keeping: ElementID.isKept)
    }

    public var description: String { rawValue }

    /// `text` with every byte outside [A-Za-z0-9_.-] written `%XX`: one component of a path, safe
    /// to join with `/` or `~` and read back unambiguously.
    public static func encodedComponent(_ text: String) -> String {
        percentEncoded(text) { byte in
            isAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
        }
    }

    private static func percentEncoded(_ text: String, keeping keep: (UInt8) -> Bool) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if keep(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "%"):
            return true
        default: return isAlphanumeric(byte)
        }
    }

    var dotValue: String { "\"" + rawValue + "\"" }
}

/// Names added to an SVG element's `class` (Graphviz writes its own `node`, `edge`, `cluster`,
/// `graph` first). Each name is ASCII letters, digits, `_` and `-`; other characters are dropped.
public struct StyleClasses: Sendable, Hashable, CustomStringConvertible {
    public let names: [String]

    public init(_ names: [String]) {
        self.names = names.map { name in
            String(decoding: name.utf8.filter { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: "-")
            }, as: UTF8.self)
        }.filter { !$0.isEmpty }
    }

    public var description: String { names.joined(separator: " ") }

    var dotValue: String { "\"" + description + "\"" }
}
