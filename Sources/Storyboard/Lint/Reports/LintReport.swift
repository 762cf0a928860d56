// LintReport: what one `lint` run found — per input, how many scenes restoration brings back;
// then every finding — ready to be written as text, JSON, SARIF or GitHub workflow commands.

import RestorationEngine

/// What was linted, in a line.
public struct LintInputSummary: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case storyboard(StoryboardFormat)
        case scenario
    }

    public var file: String
    public var kind: Kind
    /// Storyboards: scenes (view controllers); scenarios: view controllers.
    public var controllers: Int
    /// Storyboards: scenes restoration brings back; scenarios: view controllers with a full restoration path.
    public var restored: Int
    /// Of ``restored``, those found at relaunch through their storyboard ID (storyboards only).
    public var restoredThroughStoryboard: Int
    public var neverRestored: Int
    /// Scenes no segue leads to from the initial view controller (storyboards only).
    public var notReachable: Int
    /// Views with a restoration identifier (cells excluded).
    public var views: Int

    /// One line per storyboard of a map.
    public static func storyboards(_ map: RestorationMap) -> [LintInputSummary] {
        map.set.files.enumerated().map { fileIndex, file in
            var summary = LintInputSummary(file: file.path, kind: .storyboard(file.format), controllers: 0, restored: 0,
                                           restoredThroughStoryboard: 0, neverRestored: 0, notReachable: 0, views: 0)
            for (index, controller) in file.controllers.enumerated() where controller.kind != .reference {
                summary.controllers += 1
                summary.views += controller.views.filter { !$0.isPrototype && !$0.restorationIdentifier.isEmpty }.count
                switch map.verdict(of: ControllerID(file: fileIndex, index: index)) {
                case .restored(let how):
                    summary.restored += 1
                    if how == .storyboard { summary.restoredThroughStoryboard += 1 }
                case .notRestored: summary.neverRestored += 1
                case .notReachable: summary.notReachable += 1
                }
            }
            return summary
        }
    }

    /// The line of a scenario.
    public static func scenario(_ outline: ScenarioOutline) -> LintInputSummary {
        var summary = LintInputSummary(file: outline.file, kind: .scenario, controllers: 0, restored: 0, restoredThroughStoryboard: 0,
                                       neverRestored: 0, notReachable: 0, views: 0)
        for (index, item) in outline.items.enumerated() {
            if item.isView {
                if item.effectiveIdentifier != nil { summary.views += 1 }
                continue
            }
            summary.controllers += 1
            if outline.wouldBePath(of: index).allSatisfy({ $0 != nil }) { summary.restored += 1 } else { summary.neverRestored += 1 }
        }
        return summary
    }

    /// `Main.storyboard: 6 scenes — 6 restored (1 through its storyboard ID), 0 never restored, 0 not reachable at launch`.
    public var text: String {
        switch kind {
        case .storyboard:
            var restoredText = "\(restored) restored"
            if restoredThroughStoryboard > 0 { restoredText += " (\(restoredThroughStoryboard) through a storyboard ID)" }
            return "\(file): \(controllers) \(controllers == 1 ? "scene" : "scenes") — \(restoredText), "
                + "\(neverRestored) never restored, \(notReachable) not reachable at launch; "
                + "\(views) \(views == 1 ? "view" : "views") with a restoration identifier"
        case .scenario:
            return "\(file): \(controllers) view \(controllers == 1 ? "controller" : "controllers") — \(restored) with a full "
                + "restoration path, \(neverRestored) without; \(views) \(views == 1 ? "view" : "views") with a restoration identifier"
        }
    }
}

/// Everything one lint run found.
public struct LintReport: Sendable {
    public var inputs: [LintInputSummary]
    public var findings: [LintFinding]

    public init(inputs: [LintInputSummary] = [], findings: [LintFinding] = []) {
        self.inputs = inputs
        self.findings = findings
    }

    public func count(_ severity: LintSeverity) -> Int { findings.filter { $0.severity == severity }.count }

    public var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// `2 errors, 1 warning, 0 infos`.
    public var tally: String {
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        return [counted(count(.error), "error"), counted(count(.warning), "warning"), counted(count(.info), "info")]
            .joined(separator: ", ")
    }
}
