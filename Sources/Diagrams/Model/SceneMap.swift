// SceneMap: what the storyboard view draws — scenes (each with what restoration would do with
// it, its findings and where it is defined) and segues — as plain values. The caller makes it
// from its own model of a storyboard (the CLI, from the Storyboard module's RestorationMap), so
// this module never reads XML nor depends on the module that does.

/// Scenes and segues of one or more storyboards, ready to draw.
public struct SceneMap: Sendable, Hashable {
    /// What restoration would do with a scene, which decides how it looks.
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        /// Restored at relaunch (found existing, or made again from its storyboard ID).
        case restored
        /// Never restored as the storyboard stands (the verdict says why).
        case neverRestored
        /// No segue leads to it from the initial view controller.
        case notReachable
        /// A storyboard reference that leads to a scene.
        case reference
        /// A storyboard reference that leads nowhere among the storyboards given.
        case unresolvedReference
    }

    public struct Scene: Sendable, Hashable {
        /// Unique among the map's scenes; segues name scenes by it.
        public var id: String
        /// The first line: the scene's name (its storyboard ID, title or class).
        public var title: String
        /// The lines below the title: class, identifiers, views.
        public var lines: [String]
        public var outcome: Outcome
        /// The verdict in a few words (`restored via storyboard ID`).
        public var verdict: String
        /// One line per lint finding (`warning RT007 unfindable-at-relaunch`).
        public var findings: [String]
        /// The initial view controller: drawn with an arrow from "launch".
        public var isInitial: Bool
        /// A container (navigation, tab bar, split, page, or a view controller with container views).
        public var isContainer: Bool
        /// What the SVG shows on hover: where the scene is defined, the full verdict, the findings.
        public var tooltip: String
        /// The storyboard it is in (scenes of several storyboards are grouped by it).
        public var group: String
        /// The restoration path it would have at relaunch, when it has one: its node's SVG id is
        /// made from it (`o-Tabs/CountryNav`), as in the trace's views.
        public var path: [String]?

        public init(id: String, title: String, lines: [String] = [], outcome: Outcome, verdict: String, findings: [String] = [],
                    isInitial: Bool = false, isContainer: Bool = false, tooltip: String = "", group: String = "",
                    path: [String]? = nil) {
            self.id = id
            self.title = title
            self.lines = lines
            self.outcome = outcome
            self.verdict = verdict
            self.findings = findings
            self.isInitial = isInitial
            self.isContainer = isContainer
            self.tooltip = tooltip
            self.group = group
            self.path = path
        }
    }

    /// How a segue is drawn.
    public enum SegueStyle: String, Sendable, Hashable, CaseIterable {
        /// A container's child (relationship segue): solid.
        case relationship
        /// A container view's child: solid and bold.
        case embed
        /// Pushed or shown: dashed.
        case show
        /// Shown as a split view's detail: dashed.
        case showDetail
        /// Presented (modal, popover, custom): dotted.
        case present
        /// A storyboard reference to the scene it leads to: dashed, grey.
        case reference
    }

    public struct Segue: Sendable, Hashable {
        public var from: String
        public var to: String
        public var style: SegueStyle
        /// `tab 1`, `root`, `show "UYLSegueShowCountry"`, ...
        public var label: String
        public init(from: String, to: String, style: SegueStyle, label: String) {
            self.from = from
            self.to = to
            self.style = style
            self.label = label
        }
    }

    public var title: String
    public var scenes: [Scene]
    public var segues: [Segue]

    public init(title: String, scenes: [Scene] = [], segues: [Segue] = []) {
        self.title = title
        self.scenes = scenes
        self.segues = segues
    }
}
