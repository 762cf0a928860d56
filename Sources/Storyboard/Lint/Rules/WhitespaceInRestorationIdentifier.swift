// RT004 whitespace-in-restoration-identifier: spaces, tabs or line breaks in an identifier. They
// are legal, but identifiers are compared exactly — code that asks for "Detail" never finds
// "Detail " — so they are almost always a typo (often pasted into Interface Builder).

public struct WhitespaceInRestorationIdentifier: LintRule {
    public static let info = LintRuleInfo(
        id: "RT004", name: "whitespace-in-restoration-identifier", severity: .warning,
        summary: "A restoration identifier contains white space.",
        rationale: "Restoration paths are compared exactly: a stray space makes an identifier that the app's own "
            + "code (a restoration class, the app delegate) does not match.",
        fix: "Remove the white space from the identifier.")

    public init() {}

    /// Where the white space is, in words.
    static func describe(_ identifier: String) -> String? {
        guard identifier.contains(where: \.isWhitespace) else { return nil }
        if identifier.first?.isWhitespace == true && identifier.last?.isWhitespace == true { return "leading and trailing white space" }
        if identifier.first?.isWhitespace == true { return "leading white space" }
        if identifier.last?.isWhitespace == true { return "trailing white space" }
        return "white space"
    }

    public func check(storyboards map: RestorationMap) -> [LintFinding] {
        var findings: [LintFinding] = []
        for id in map.set.allControllers {
            let controller = map.set[id]
            if controller.kind != .reference, let identifier = controller.restorationIdentifier, let what = Self.describe(identifier) {
                let origin = controller.usesStoryboardIdentifierAsRestorationIdentifier ? "storyboard ID (used as its restoration identifier)"
                                                                                        : "restoration identifier"
                findings.append(.scene(Self.info, map, controller: id,
                    message: "The \(origin) \(quoted(identifier)) of \(controller.className) has \(what); identifiers are compared "
                        + "exactly, so code that uses it without the white space will not match.",
                    fix: "Remove the white space in Interface Builder's Identity inspector."))
            }
            for view in controller.views {
                guard let what = Self.describe(view.restorationIdentifier) else { continue }
                findings.append(.view(Self.info, map, controller: id, view: view,
                    message: "The restoration identifier \(quoted(view.restorationIdentifier)) of the \(view.className) has \(what).",
                    fix: "Remove the white space in Interface Builder's Identity inspector."))
            }
        }
        return findings
    }

    public func check(scenario outline: ScenarioOutline) -> [LintFinding] {
        outline.items.indices.compactMap { index in
            let item = outline.items[index]
            guard let identifier = item.restorationIdentifier, let what = Self.describe(identifier) else { return nil }
            return .item(Self.info, outline, index,
                message: "The restoration identifier \(quoted(identifier)) of \(item.className) has \(what).",
                fix: "Remove the white space from \"restorationIdentifier\".")
        }
    }
}
