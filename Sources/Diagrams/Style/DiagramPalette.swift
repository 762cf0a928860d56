// Colours and shapes: the Okabe–Ito colour-blind-safe palette, mapped to what each node means,
// for the light and dark themes. Meaning never rests on colour alone: every tone also has a
// border style or shape, and the node's text says it in words.

import Graphviz

/// The Okabe–Ito palette (Okabe & Ito, 2008), distinguishable with every common colour-vision deficiency.
public enum OkabeIto {
    public static let orange = Color(hex: 0xE69F00)
    public static let skyBlue = Color(hex: 0x56B4E9)
    public static let bluishGreen = Color(hex: 0x009E73)
    public static let yellow = Color(hex: 0xF0E442)
    public static let blue = Color(hex: 0x0072B2)
    public static let vermillion = Color(hex: 0xD55E00)
    public static let reddishPurple = Color(hex: 0xCC79A7)
    /// Neutral grey (not part of the eight; used for "nothing happened").
    public static let grey = Color(hex: 0x999999)
}

/// What a node stands for, which decides how it looks.
enum Tone: CaseIterable {
    /// An app-level step (shouldSave, willEncode, launch, didDecode, archive I/O).
    case process
    /// A normal per-object step (encode, locate, decode, finishedRestoring).
    case step
    case restored
    case preserved
    case excluded
    case notFound
    case classMismatch
    case notDecoded
    /// An `error` record.
    case failure
    case unfinished
    case discarded
    /// A search step that was asked and declined.
    case declined
    /// A search step that was not asked.
    case notAsked
    /// Several objects collapsed into one node.
    case summary
    /// Scenario objects drawn as described (no run yet).
    case described
    /// A storyboard scene that restoration never brings back.
    case neverRestored
    /// A storyboard scene no segue leads to from the initial view controller.
    case unreachable
    /// An object whose encode or decode secure coding refused (SCENE_RULES rules 41, 42): restored
    /// without its state or part of it.
    case secureCoding

    var accent: Color {
        switch self {
        case .process: return OkabeIto.skyBlue
        case .step, .preserved, .described: return OkabeIto.blue
        case .restored: return OkabeIto.bluishGreen
        case .excluded, .neverRestored: return OkabeIto.orange
        case .notFound, .declined, .notAsked, .summary, .unreachable: return OkabeIto.grey
        case .classMismatch, .secureCoding: return OkabeIto.reddishPurple
        case .notDecoded, .failure: return OkabeIto.yellow
        case .unfinished, .discarded: return OkabeIto.vermillion
        }
    }

    /// Border styles: the non-colour cue for each tone.
    var styles: [Style] {
        switch self {
        case .process, .summary: return [.filled, .rounded]
        case .excluded, .notAsked, .neverRestored, .secureCoding: return [.filled, .dashed]
        case .notFound, .declined, .unreachable: return [.filled, .dotted]
        case .notDecoded, .failure: return [.filled, .diagonals]
        case .unfinished, .classMismatch: return [.filled, .bold]
        default: return [.filled]
        }
    }

    var peripheries: Int { self == .unfinished ? 2 : 1 }

    /// The word a label carries for this tone, so meaning never depends on colour.
    var tag: String? {
        switch self {
        case .excluded: return "EXCLUDED"
        case .notFound: return "NOT FOUND"
        case .classMismatch: return "CLASS MISMATCH"
        case .notDecoded: return "NOT DECODED"
        case .unfinished: return "UNFINISHED"
        case .discarded: return "DISCARDED"
        case .failure: return "ERROR"
        case .neverRestored: return "NEVER RESTORED"
        case .unreachable: return "NOT REACHABLE AT LAUNCH"
        case .secureCoding: return "SECURE CODING"
        default: return nil
        }
    }
}

/// Theme colours.
struct ThemeColors {
    let background: Color
    let text: Color
    let edge: Color
    let clusterBorder: Color
    let clusterFill: Color
    /// How much of a tone's accent goes into its fill (the rest is background).
    let fillStrength: Double

    init(_ theme: DiagramTheme) {
        switch theme {
        case .light, .auto:
            background = Color(hex: 0xFFFFFF)
            text = Color(hex: 0x1A1A1A)
            edge = Color(hex: 0x4D4D4D)
            clusterBorder = Color(hex: 0x9A9A9A)
            clusterFill = Color(hex: 0xF6F6F6)
            fillStrength = 0.28
        case .dark:
            background = Color(hex: 0x1E1E1E)
            text = Color(hex: 0xECECEC)
            edge = Color(hex: 0xB8B8B8)
            clusterBorder = Color(hex: 0x6E6E6E)
            clusterFill = Color(hex: 0x282828)
            fillStrength = 0.40
        }
    }

    func fill(_ tone: Tone) -> Color { mix(tone.accent, into: background, amount: fillStrength) }

    /// A tone's border: its accent, except Okabe–Ito yellow on a light background (1.3:1 against
    /// white), which is darkened to an olive of the same hue (3.6:1); the fill stays yellow.
    func border(_ tone: Tone) -> Color {
        guard tone.accent == OkabeIto.yellow, background == Color(hex: 0xFFFFFF) else { return tone.accent }
        return mix(tone.accent, into: Color(hex: 0x000000), amount: 0.6)
    }

    /// A fill for heat 0...1: from the background to vermillion.
    func heatFill(_ heat: Double) -> Color {
        mix(OkabeIto.vermillion, into: background, amount: 0.08 + 0.72 * min(max(heat, 0), 1))
    }

    /// Attributes that draw a node in `tone`.
    func attributes(_ tone: Tone, heat: Double? = nil) -> [Attribute] {
        [
            .style(tone.styles), .color(border(tone)), .fillColor(heat.map(heatFill) ?? fill(tone)),
            .peripheries(tone.peripheries), .penWidth(tone == .unfinished || tone == .classMismatch ? 2.5 : 1.5),
        ]
    }

    /// Linear mix of two sRGB colours, rounded: deterministic.
    func mix(_ color: Color, into base: Color, amount: Double) -> Color {
        func channel(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8(min(255, max(0, (Double(a) * amount + Double(b) * (1 - amount)).rounded())))
        }
        return Color(red: channel(color.red, base.red), green: channel(color.green, base.green),
                     blue: channel(color.blue, base.blue))
    }
}
