// Each colour a light drawing uses beside the one the dark theme uses in its place, so a page
// can show one light SVG in dark colours with CSS alone (the layout of both themes is the same:
// only colours differ), instead of carrying every drawing twice.

import Graphviz

/// The light theme's colours and their dark counterparts.
public enum ThemeCounterparts {
    /// A colour of the light theme (`#rrggbb`, as Graphviz writes it in SVG) and its dark one.
    public struct Pair: Sendable, Hashable {
        public var light: String
        public var dark: String
    }

    /// The pairs for `fill` (node fills, text, arrowheads, backgrounds) and for `stroke` (borders
    /// and edges). Where two roles share a light colour, the first role's dark colour is kept.
    public static func pairs() -> (fill: [Pair], stroke: [Pair]) {
        let light = ThemeColors(.light)
        let dark = ThemeColors(.dark)
        var fill: [Pair] = []
        var stroke: [Pair] = []
        func add(_ pair: (Color, Color), to list: inout [Pair]) {
            let entry = Pair(light: pair.0.hexString, dark: pair.1.hexString)
            guard entry.light != entry.dark, !list.contains(where: { $0.light == entry.light }) else { return }
            list.append(entry)
        }
        add((light.background, dark.background), to: &fill)
        add((light.text, dark.text), to: &fill)
        add((light.edge, dark.edge), to: &fill)
        add((light.clusterFill, dark.clusterFill), to: &fill)
        for tone in Tone.allCases { add((light.fill(tone), dark.fill(tone)), to: &fill) }
        add((light.edge, dark.edge), to: &stroke)
        add((light.clusterBorder, dark.clusterBorder), to: &stroke)
        add((light.text, dark.text), to: &stroke)
        for tone in Tone.allCases { add((light.border(tone), dark.border(tone)), to: &stroke) }
        return (fill, stroke)
    }
}
