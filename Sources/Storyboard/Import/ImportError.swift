// Why a storyboard could not be turned into a scenario: no root to start from, a name that
// matches no scene (or several), or a screen to open that no segue leads to. Each message lists
// what the user could give instead.

/// A storyboard that cannot be imported as asked.
public enum ImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No storyboard has an initial view controller and no `--root` was given.
    case noInitialViewController(files: [String], candidates: [String])
    /// `--root` names no scene.
    case rootNotFound(name: String, candidates: [String])
    /// `--root` or an `--open` step names several scenes; `matches` says where each is.
    case ambiguous(name: String, matches: [String])
    /// The initial view controller is a storyboard reference that leads nowhere.
    case unresolvedRoot(UnresolvedReference)
    /// An `--open` step names nothing a segue leads to from the screen shown.
    case openNotFound(step: String, from: String, choices: [String])
    /// An `--open` step would present over a scene that already presents another.
    case alreadyPresenting(step: String, presenter: String, presented: String)
    /// The hierarchy nests deeper than a scenario may.
    case tooDeep(limit: Int)

    public var description: String {
        switch self {
        case .noInitialViewController(let files, let candidates):
            return "\(files.joined(separator: ", ")) \(files.count == 1 ? "has" : "have") no initial view controller; "
                + "choose the root with --root STORYBOARD_ID" + ImportError.list(candidates, "storyboard IDs")
        case .rootNotFound(let name, let candidates):
            return "--root \(name): no scene has that storyboard ID, class or object ID" + ImportError.list(candidates, "storyboard IDs")
        case .ambiguous(let name, let matches):
            return "\(name) names \(matches.count) scenes (\(matches.joined(separator: "; "))); give a storyboard ID or an object ID"
        case .unresolvedRoot(let reason):
            return "the initial view controller is a storyboard reference that leads nowhere: \(reason)"
        case .openNotFound(let step, let from, let choices):
            return "--open \(step): no segue leads to \(step) from \(from)"
                + (choices.isEmpty ? "; no segue leads anywhere from there" : "; from there you can open " + choices.joined(separator: ", "))
        case .alreadyPresenting(let step, let presenter, let presented):
            return "--open \(step): \(presenter) already presents \(presented); open \(step) from \(presented) instead"
        case .tooDeep(let limit):
            return "the scenes nest more than \(limit) levels deep; scenarios nest at most \(limit)"
        }
    }

    private static func list(_ items: [String], _ noun: String) -> String {
        guard !items.isEmpty else { return " (the storyboards have no \(noun))" }
        let shown = items.prefix(40)
        return " (\(noun): " + shown.joined(separator: ", ") + (items.count > shown.count ? ", …" : "") + ")"
    }
}
