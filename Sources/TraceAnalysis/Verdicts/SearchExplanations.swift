// The relaunch search in words: how a restored object was found, why no step of the search
// found one (each step UIKit tried, in its order, as far as the trace says), and what a class
// mismatch means.

import TraceFormat

enum SearchExplanations {
    /// A restored object: how it was found, and what is worth knowing about what came back.
    static func restored(_ facts: SubjectFacts, notes: [String]) -> Explanation {
        let how = VerdictWording.foundBy(facts.via, restorationClass: facts.restorationClass, storyboard: facts.storyboard,
                                         storyboardIdentifier: facts.storyboardIdentifier, kind: facts.kind)
        return Explanation(summary: "restored: " + how, because: notes)
    }

    /// No step of the search produced the object (exclusion `notFound`, or a locate that ended in nil).
    static func notFound(_ facts: SubjectFacts, errorMessage: String?) -> Explanation {
        var because = facts.place.map { [$0] } ?? []
        let identifier = facts.identifier.map(VerdictWording.quoted) ?? "its identifier"
        switch facts.kind {
        case .view?:
            let owner = facts.parentPath.map(VerdictWording.path) ?? "its owner"
            because.append("UIKit looks for a view only among its owner's views, and \(owner) had no view with the restoration identifier \(identifier) at relaunch")
            return Explanation(
                summary: "not restored: its owner had no view with this identifier at relaunch", because: because,
                fix: "create the view, with the restoration identifier \(identifier), in \(owner)'s view tree before restoration "
                    + "(in the storyboard, or in loadView/viewDidLoad)")
        case .registeredObject?:
            because.append("at relaunch no object was registered with the identifier \(identifier) "
                + (facts.subject.path.map { $0.count > 1 } == true ? "below the same restorationParent " : "")
                + "by the time restoration ran, and it has no objectRestorationClass (rule 50)")
            return Explanation(
                summary: "not restored: no object was registered with its identifier at relaunch", because: because,
                fix: "call registerObject(forStateRestoration:restorationIdentifier: \(identifier)) in "
                    + "application(_:willFinishLaunchingWithOptions:), before restoration starts")
        default:
            break
        }
        // A view controller: each step of rule 12, as far as the trace says.
        if facts.via == LocateStep.restorationClass.rawValue {
            because.append("its restoration class" + (facts.restorationClass.map { " " + VerdictWording.type($0) } ?? "") + " was asked, and only it (rule 13)")
            if let errorMessage { because.append("the engine reported: " + PathText.sanitized(errorMessage)) }
            because.append("it returned nothing")
            return Explanation(summary: "not restored: its restoration class returned nil", because: because,
                               fix: "make the restoration class return a view controller for this path")
        }
        if facts.searchFactsRecorded || facts.via == LocateStep.none.rawValue {
            because.append("it has no restoration class")
        }
        because.append("the app delegate returned nil")
        because.append("no view controller with this path existed at launch")
        let storyboardFailed: Bool
        if let storyboard = facts.storyboard {
            let identifier = (facts.storyboardIdentifier ?? facts.identifier).map(VerdictWording.quoted) ?? "its identifier"
            because.append("the archive names the storyboard \(VerdictWording.quoted(storyboard)) and the storyboard ID \(identifier), "
                + "but instantiating it gave nothing (the storyboard is not there, or has no scene with that ID)")
            storyboardFailed = true
        } else {
            because.append(facts.searchFactsRecorded
                ? "the archive has no storyboard identifier for it (it was not made from a storyboard scene with a storyboard ID)"
                : "the storyboard step produced nothing")
            storyboardFailed = false
        }
        if let errorMessage { because.append("the engine reported: " + PathText.sanitized(errorMessage)) }
        let fix: String
        if storyboardFailed {
            fix = "make sure the storyboard \(VerdictWording.quoted(facts.storyboard ?? "")) is in the app and has a scene with that storyboard ID, "
                + "or give the view controller a restoration class"
        } else if facts.parentKey == "UINavigationControllerViewControllers" && (facts.parentIndex ?? 0) > 0
                    || facts.parentKey == "UIPresentedViewController" {
            fix = "set a storyboard ID on its scene in Interface Builder (UIKit then makes it from the storyboard), or give it a "
                + "restoration class, or return it from the app delegate's application(_:viewControllerWithRestorationIdentifierPath:coder:)"
        } else {
            fix = "create it at launch at this path (with the restoration identifier \(identifier), before restoration starts), "
                + "or set a storyboard ID on its scene in Interface Builder, or give it a restoration class"
        }
        return Explanation(summary: "not restored: no step of the relaunch search found it", because: because, fix: fix)
    }

    /// The object found is of another class: used, not decoded (rule 16).
    static func classMismatch(_ facts: SubjectFacts) -> Explanation {
        let archived = VerdictWording.type(facts.subject.className)
        let aArchived = VerdictWording.a(facts.subject.className)
        let aFound = VerdictWording.a(facts.foundClass)
        var because = facts.place.map { [$0] } ?? []
        switch facts.via.flatMap(LocateStep.init(rawValue:)) {
        case .restorationClass?: because.append("its restoration class made \(aFound)")
        case .appDelegate?: because.append("the app delegate returned \(aFound)")
        case .existing?: because.append("the object at this path at launch was \(aFound)")
        case .storyboard?: because.append("the storyboard made \(aFound)")
        default: because.append("the search found \(aFound)")
        }
        because.append("\(aFound) is not \(aArchived) nor a subclass of it, so UIKit used it but did not call its decodeRestorableState(with:) (rule 16)")
        let fix: String
        switch facts.via.flatMap(LocateStep.init(rawValue:)) {
        case .restorationClass?: fix = "make the restoration class return \(aArchived) (or a subclass) for this path"
        case .appDelegate?: fix = "return \(aArchived) (or a subclass) from the app delegate for this path, or nil to let UIKit search on"
        case .existing?: fix = "the object at this path at launch is \(aFound): make it \(aArchived) or a subclass, or give it another restoration identifier"
        case .storyboard?: fix = "set the custom class of the storyboard scene to \(archived)"
        default: fix = "make whatever provides it at relaunch return \(aArchived)"
        }
        return Explanation(summary: "not restored: \(aFound) was found instead of \(aArchived), and not decoded",
                           because: because, fix: fix)
    }
}
