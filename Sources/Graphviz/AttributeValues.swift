// The typed values DOT attributes take: colours, shapes, styles, arrows, directions, fonts.
// Every value renders to DOT text this module controls; none carries free text.

/// An sRGB colour with optional transparency, written `#rrggbb` or `#rrggbbaa`.
public struct Color: Sendable, Hashable {
    public let red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from `0xRRGGBB`.
    public init(hex: UInt32, alpha: UInt8 = 255) {
        self.init(red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF), alpha: alpha)
    }

    /// Fully transparent.
    public static let transparent = Color(hex: 0xFFFFFF, alpha: 0)

    /// The same colour with another alpha.
    public func withAlpha(_ alpha: UInt8) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }

    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var hexString: String {
        var out = ""
        appendHex(to: &out)
        return out
    }

    var dotValue: String {
        var out = ""
        appendDOT(to: &out)
        return out
    }

    /// Appends ``dotValue``: the hex string, quoted.
    func appendDOT(to out: inout String) {
        out.append("\"")
        appendHex(to: &out)
        out.append("\"")
    }

    /// Appends ``hexString`` digit by digit: diagrams write thousands of colours.
    private func appendHex(to out: inout String) {
        out.append("#")
        Color.appendHexByte(red, to: &out)
        Color.appendHexByte(green, to: &out)
        Color.appendHexByte(blue, to: &out)
        if alpha != 255 { Color.appendHexByte(alpha, to: &out) }
    }

    private static func appendHexByte(_ byte: UInt8, to out: inout String) {
        out.unicodeScalars.append(hexDigits[Int(byte >> 4)])
        out.unicodeScalars.append(hexDigits[Int(byte & 0x0F)])
    }

    private static let hexDigits = Array("0123456789abcdef".unicodeScalars)
}

/// Node shapes. Record shapes are deliberately absent: their labels are a small language of their own.
public enum NodeShape: String, Sendable, Hashable, CaseIterable {
    case box, rectangle = "rect", square, ellipse, oval, circle, doubleCircle = "doublecircle", point
    case diamond, hexagon, octagon, doubleOctagon = "doubleoctagon", parallelogram, trapezium
    case house, invertedHouse = "invhouse", note, tab, folder, component, cylinder, box3d = "box3d"
    case plainText = "plaintext", plain, underline, cds, star, signature, promoter
}

/// Drawing styles for nodes, edges and clusters.
public enum Style: String, Sendable, Hashable, CaseIterable {
    case solid, dashed, dotted, bold, invisible = "invis", filled, rounded, diagonals, striped, wedged, tapered
}

/// Arrowhead shapes.
public enum ArrowShape: String, Sendable, Hashable, CaseIterable {
    case normal, inverted = "inv", dot, openDot = "odot", diamond, openDiamond = "odiamond", empty, vee, tee
    case box, openBox = "obox", crow, none
}

/// Which ends of an edge get an arrow.
public enum EdgeDirection: String, Sendable, Hashable, CaseIterable {
    case forward, back, both, none
}

/// The direction ranks run in.
public enum RankDirection: String, Sendable, Hashable, CaseIterable {
    case topToBottom = "TB", leftToRight = "LR", bottomToTop = "BT", rightToLeft = "RL"
}

/// How edges are drawn.
public enum SplineStyle: String, Sendable, Hashable, CaseIterable {
    case curved = "true", orthogonal = "ortho", polyline, straight = "line", none = "none"
}

/// Where a graph or cluster label sits.
public enum LabelLocation: String, Sendable, Hashable, CaseIterable {
    case top = "t", bottom = "b", center = "c"
}

/// How a graph or cluster label is aligned.
public enum LabelAlignment: String, Sendable, Hashable, CaseIterable {
    case left = "l", center = "c", right = "r"
}

/// `ordering`: keep edge order at nodes.
public enum EdgeOrdering: String, Sendable, Hashable, CaseIterable {
    case outgoing = "out", incoming = "in"
}

/// `rank` of a plain subgraph: constrain its nodes to one rank.
public enum RankConstraint: String, Sendable, Hashable, CaseIterable {
    case same, minimum = "min", maximum = "max", source, sink
}

/// A font family name. Only letters, digits, spaces, `-`, `_` and `,` are allowed, so a font name
/// can never carry markup or an escape.
public struct FontName: Sendable, Hashable {
    public let name: String

    /// The font, or nil when the name holds anything but letters, digits, spaces, `-`, `_`, `,`.
    public init?(_ name: String) {
        guard !name.isEmpty, name.utf8.count <= 128,
            name.unicodeScalars.allSatisfy({ FontName.allowed.contains($0) })
        else { return nil }
        self.name = name
    }

    private init(trusted name: String) { self.name = name }

    /// DejaVu Sans: installed by setup, so text measures the same on every machine.
    public static let dejaVuSans = FontName(trusted: "DejaVu Sans")
    /// DejaVu Sans Mono, for identifiers.
    public static let dejaVuSansMono = FontName(trusted: "DejaVu Sans Mono")
    /// DejaVu Sans Bold. Written as pango reads a face (family, then style): fontconfig's
    /// `DejaVu Sans:bold` is no family to pango, which drew it in the regular face, nor valid CSS
    /// in an SVG's `font-family`.
    public static let dejaVuSansBold = FontName(trusted: "DejaVu Sans Bold")

    private static let allowed: Set<Unicode.Scalar> = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_,:".unicodeScalars)
}

/// Deterministic, locale-free number text for DOT: at most two decimals, no exponent.
enum DOTNumber {
    static func text(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let clamped = min(max(value, -1e9), 1e9)
        let hundredths = Int64((clamped * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = hundredths.magnitude
        let whole = magnitude / 100
        let fraction = magnitude % 100
        if fraction == 0 { return sign + String(whole) }
        if fraction % 10 == 0 { return sign + String(whole) + "." + String(fraction / 10) }
        return sign + String(whole) + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }
}
