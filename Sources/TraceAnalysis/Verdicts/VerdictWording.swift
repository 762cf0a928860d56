// The small pieces of wording every verdict uses: lists in prose, class and path names as
// they appear in a sentence, how an object hangs from its parent, how the search found it.

import TraceFormat

enum VerdictWording {
    /// "a", "a and b", "a, b, and c"; with semicolons ("a; b; and c") when a clause has a
    /// comma, colon or semicolon of its own, so the clauses stay apart.
    static func list(_ clauses: [String]) -> String {
        let separator = clauses.contains { $0.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ";") } }
            ? ";" : ","
        switch clauses.count {
        case 0: return ""
        case 1: return clauses[0]
        case 2: return clauses[0] + (separator == ";" ? "; and " : " and ") + clauses[1]
        default: return clauses.dropLast().joined(separator: separator + " ") + separator + " and " + clauses[clauses.count - 1]
        }
    }

    /// A path in a sentence.
    static func path(_ path: [String]) -> String { path.isEmpty ? "the window" : PathText.display(path) }

    /// A class name in a sentence (control characters made visible).
    static func type(_ name: String?) -> String { name.map(PathText.sanitized) ?? "its class" }

    /// A class name with its indefinite article: "a FeedViewController", "an AdViewController".
    static func a(_ name: String?) -> String {
        guard let name else { return "an object of another class" }
        let first = name.unicodeScalars.first.map { Character($0).lowercased() } ?? ""
        return ("aeiou".contains(first) && !first.isEmpty ? "an " : "a ") + type(name)
    }

    /// An identifier in a sentence, quoted.
    static func quoted(_ identifier: String) -> String { "\"" + PathText.sanitized(identifier) + "\"" }

    /// How an object hangs from its parent, from the key its parent's coder referenced it under
    /// (`parentKey`, `parentIndex`); nil when the trace does not say.
    static func place(key: String?, index: Int64?, parent: [String]?, kind: RestorableObjectKind?) -> String? {
        guard let key else {
            if kind == .registeredObject { return "it is a registered object (it has no parent)" }
            if let parent, parent.isEmpty, kind == .viewController { return "it is a window's root view controller" }
            return nil
        }
        let owner = parent.map(VerdictWording.path) ?? "its parent"
        let position = index.map { " (index \($0))" } ?? ""
        switch key {
        case "UINavigationControllerViewControllers":
            guard let index else { return "it is in the navigation stack of \(owner)" }
            return index == 0 ? "it is the root of \(owner)'s navigation stack (stack index 0)"
                : "it was pushed onto \(owner) (stack index \(index))"
        case "UITabBarControllerViewControllers":
            return "it is a tab of \(owner)" + (index.map { " (tab index \($0))" } ?? "")
        case "UISplitViewControllerViewControllers":
            return "it is a side of the split view \(owner)" + position
        case "UIPageViewControllerViewControllers":
            return "it is a page of \(owner)" + position
        case "UIPresentedViewController":
            return "it was presented by \(owner)"
        case "UIViewControllerViews":
            return "it is a view of \(owner)"
        default:
            return "\(owner)'s coder referenced it under the key \(quoted(key))" + position
        }
    }

    /// How the relaunch search produced an object (`via`), as a clause.
    static func foundBy(_ via: String?, restorationClass: String?, storyboard: String?, storyboardIdentifier: String?,
                        kind: RestorableObjectKind?) -> String {
        switch via.flatMap(LocateStep.init(rawValue:)) {
        case .restorationClass?:
            return "its restoration class" + (restorationClass.map { " " + type($0) } ?? "") + " made it"
        case .appDelegate?:
            return "the app delegate's application(_:viewControllerWithRestorationIdentifierPath:coder:) returned it"
        case .existing?:
            switch kind {
            case .view?: return "its owner had it in its views"
            case .registeredObject?: return "it was registered at launch"
            default: return "it existed at launch"
            }
        case .objectRestorationClass?:
            return "its object restoration class" + (restorationClass.map { " " + type($0) } ?? "")
                + " returned it from object(withRestorationIdentifierPath:coder:)"
        case .registered?:
            return "it was registered at launch"
        case .storyboard?:
            var text = "it was instantiated from the storyboard"
            if let storyboard { text += " " + quoted(storyboard) }
            if let storyboardIdentifier { text += " (storyboard ID \(quoted(storyboardIdentifier)))" }
            return text
        case .none?, nil:
            return via.map { "the search answered through \(quoted($0))" } ?? "the trace does not say how it was found"
        }
    }

    /// The kind a trace's `objectKind` names, else a guess from UIKit naming (older traces).
    static func kind(recorded: String?, className: String?, path: [String]?) -> (kind: RestorableObjectKind?, recorded: Bool) {
        if let recorded, let kind = RestorableObjectKind(rawValue: recorded) { return (kind, true) }
        guard let name = className else { return (nil, false) }
        if name.hasSuffix("Controller") { return (.viewController, false) }
        if name.hasSuffix("View") || name.hasSuffix("Cell") { return (.view, false) }
        return (nil, false)
    }
}
