// The views `restoretrace diagrams` draws, by the name each gives its files: a trace's three (and
// a scene trace's lanes), a scenario's hierarchy, a storyboard's scenes.

import ArgumentParser
import RestoreTrace

/// One view of a docs build; its raw value is the middle of the file name (`NAME.VIEW.svg`).
enum DocsBuildView: String, CaseIterable, Sendable {
    case flow, hierarchy, locate, scene, storyboard

    /// The trace or scenario view it draws; nil for a storyboard's scenes.
    var diagramView: DiagramView? {
        switch self {
        case .flow: return .flow
        case .hierarchy: return .hierarchy
        case .locate: return .locate
        case .scene: return .scene
        case .storyboard: return nil
        }
    }

    /// The views an input of `kind` has, in file-name order.
    static func views(of kind: StoryboardInputs.Kind) -> [DocsBuildView] {
        switch kind {
        // The scene view is drawn only for a scene trace (see DiagramsCommand).
        case .trace: return [.flow, .hierarchy, .locate, .scene]
        case .scenario: return [.hierarchy]
        case .storyboard: return [.storyboard]
        }
    }
}

/// `--views flow,locate`: a comma-separated list of views, each named once.
struct DocsBuildViewList: ExpressibleByArgument, Sendable {
    var views: [DocsBuildView]

    static let all = DocsBuildViewList(views: DocsBuildView.allCases)

    init(views: [DocsBuildView]) { self.views = views }

    init?(argument: String) {
        var views: [DocsBuildView] = []
        for name in argument.split(separator: ",", omittingEmptySubsequences: false) {
            guard let view = DocsBuildView(rawValue: String(name)) else { return nil }
            if !views.contains(view) { views.append(view) }
        }
        guard !views.isEmpty else { return nil }
        self.views = views
    }

    var defaultValueDescription: String { views.map(\.rawValue).joined(separator: ",") }

    static var allValueStrings: [String] { DocsBuildView.allCases.map(\.rawValue) }
}
