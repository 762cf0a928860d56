// Verdicts in words: a sentence for lint messages and docs, a short line for diagram nodes.

extension RestorationMap {
    /// How people name the scene at `node`: its restoration identifier, else its display name.
    public func name(of node: Int) -> String {
        let controller = set[tree.nodes[node].controller]
        return controller.effectiveRestorationIdentifier ?? controller.displayName
    }

    /// The verdict of `node` as a sentence ending in a full stop.
    public func explanation(of node: Int) -> String {
        let controller = set[tree.nodes[node].controller]
        switch verdicts[node] {
        case .restored(.existing):
            return "restored: it exists at launch, so the relaunch search finds it."
        case .restored(.storyboard):
            return "restored when it was on screen: UIKit makes it again from its storyboard ID \(controller.storyboardIdentifier ?? "")."
        case .notRestored(let reason):
            return "never restored: " + because(reason, controller: controller) + "."
        case .notReachable:
            return RestorationMap.unreachableExplanation
        }
    }

    /// The reason a scene is not restored, as a clause ("it has no restoration identifier").
    public func because(_ reason: NotRestoredReason, controller: StoryboardController) -> String {
        switch reason {
        case .noRestorationIdentifier:
            return "it has no restoration identifier"
        case .emptyRestorationIdentifier:
            return controller.usesStoryboardIdentifierAsRestorationIdentifier
                ? "\"Use Storyboard ID\" is on but it has no storyboard ID, so its restoration identifier is empty"
                : "its restoration identifier is empty, which counts as none"
        case .ancestorNotRestored(let cause):
            let causeController = set[tree.nodes[cause].controller]
            var clause = "\(name(of: cause)) above it is never restored"
            if case .notRestored(let causeReason) = verdicts[cause] {
                clause += " (" + because(causeReason, controller: causeController) + ")"
            }
            return clause
        case .duplicatePath(let earlier):
            let path = self.path(of: earlier).map { $0.joined(separator: "/") } ?? name(of: earlier)
            return "\(name(of: earlier)) beside it has the same restoration path \(path); the first is kept"
        case .notEncodedByContainer(let container):
            return "it is embedded in \(name(of: container)), a plain view controller, which does not preserve "
                + "its child view controllers unless its encodeRestorableState(with:) encodes them"
        case .notFoundAtRelaunch:
            return "it is reached only by a segue and has no storyboard ID, so nothing can make it again at relaunch "
                + "unless a restoration class or the app delegate does"
        case .stackTruncated(let after):
            return "it is pushed above \(name(of: after)), which is not restored, and the navigation stack is cut there"
        }
    }

    public static let unreachableExplanation =
        "not reachable at launch: no segue leads to it from the initial view controller, so only code shows it "
        + "(and its restoration depends on that code)."

    /// The verdict in a few words, for a diagram node: how a restored scene is found, or why
    /// one is never restored (the node says NEVER RESTORED itself).
    public func shortVerdict(of node: Int) -> String {
        switch verdicts[node] {
        case .restored(.existing): return "restored: exists at launch"
        case .restored(.storyboard): return "restored via its storyboard ID"
        case .notRestored(let reason):
            switch reason {
            case .noRestorationIdentifier: return "no restoration ID"
            case .emptyRestorationIdentifier: return "empty restoration ID"
            case .ancestorNotRestored(let cause): return "\(name(of: cause)) above is never restored"
            case .duplicatePath(let earlier): return "same path as \(name(of: earlier))"
            case .notEncodedByContainer: return "unless its container encodes it"
            case .notFoundAtRelaunch: return "no storyboard ID to make it again"
            case .stackTruncated(let after): return "stack cut at \(name(of: after))"
            }
        case .notReachable: return "not reachable at launch"
        }
    }
}
