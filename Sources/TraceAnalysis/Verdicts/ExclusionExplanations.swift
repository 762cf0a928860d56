// The explanation of each exclusion reason: why the object was left out, in the chain of
// causes a developer follows (an ancestor's own cause, the sibling that cut a stack), and what
// to change. One function per reason; `explain` switches over every reason the format knows,
// so a new one cannot be added without its explanation.

import TraceFormat

/// A verdict's words: its first line, the chain of causes, the fix.
struct Explanation {
    var summary: String
    var because: [String] = []
    var fix: String?
}

/// What an exclusion's explanation may need beyond the object's own facts.
struct ExclusionContext {
    /// The exclusion was recorded during a relaunch (not during preservation).
    var atRelaunch = false
    /// The verdict on the object above it that was not preserved or restored (ancestor, owner).
    var ancestor: RestorationVerdict?
    /// For a duplicate: the class of the object that kept the path.
    var holderClass: String?
    /// For a child its container did not encode: the container's class.
    var parentClass: String?
    /// For a cut navigation stack: the verdict on the child that could not be found, and its place.
    var cutAt: RestorationVerdict?
    var cutAtPlace: String?
    /// An `error` record about the object near the exclusion (an unregistered restoration class).
    var errorMessage: String?
}

enum ExclusionExplanations {
    /// The explanation of `reason` (as the trace wrote it) for the object `facts` describes.
    static func explain(reason: String, _ facts: SubjectFacts, _ context: ExclusionContext) -> (Explanation, RestorationVerdict.Cause) {
        guard let known = ExclusionReason(rawValue: reason) else {
            return (Explanation(summary: "not preserved or restored: the trace excludes it for the reason \(VerdictWording.quoted(reason))",
                                because: ["restoretrace does not know this reason; the record says only that UIKit left the object out"]),
                    .otherExclusion)
        }
        let explanation: Explanation
        switch known {
        case .noRestorationIdentifier: explanation = noRestorationIdentifier(facts)
        case .ancestorExcluded: explanation = ancestorExcluded(facts, context)
        case .duplicatePath: explanation = duplicatePath(facts, context)
        case .restorationClassReturnedNil: explanation = restorationClassReturnedNil(facts, context)
        case .notEncodedByContainer: explanation = notEncodedByContainer(facts, context)
        case .viewWithoutRestorableOwner: explanation = viewWithoutRestorableOwner(facts, context)
        case .notReferenced: explanation = notReferenced(facts)
        case .stackTruncated: explanation = stackTruncated(facts, context)
        case .notFound: explanation = SearchExplanations.notFound(facts, errorMessage: context.errorMessage)
        case .sceneLifecycle: explanation = sceneLifecycle(facts)
        }
        return (explanation, RestorationVerdict.Cause(known))
    }

    /// Another verdict as a clause of this one's chain: "the cause lies with Compose (no
    /// identifier, below Tabs): it has no restoration identifier". Its own chain stays in its own verdict.
    static func cited(_ verdict: RestorationVerdict, role: String?) -> String {
        let reason = verdict.summary.firstIndex(of: ":").map { verdict.summary[verdict.summary.index(after: $0)...] }
            .map { $0.drop { $0 == " " } } ?? verdict.summary[...]
        return "the cause lies with " + verdict.subject.displayName + (role.map { " " + $0 } ?? "") + ": " + reason
    }

    static func sceneLifecycle(_ facts: SubjectFacts) -> Explanation {
        var because = facts.place.map { [$0] } ?? []
        because.append("the app has a scene manifest (UIApplicationSceneManifest), so UIKit saves each scene's NSUserActivity "
            + "and calls none of the view-controller restoration methods (rules 19–20)")
        return Explanation(
            summary: "not preserved: the app uses the scene life cycle", because: because,
            fix: "save this screen's state in the scene's user activity: return it from stateRestorationActivity(for:) "
                + "and rebuild the screen from session.stateRestorationActivity in scene(_:willConnectTo:options:)")
    }

    static func noRestorationIdentifier(_ facts: SubjectFacts) -> Explanation {
        var because = facts.place.map { [$0] } ?? []
        because.append("UIKit preserves only objects that have a restoration identifier (not nil, not empty), and nothing below them (rule 6)")
        let what = facts.kind == .view ? "restorationIdentifier on the view" : "a restoration identifier"
        return Explanation(
            summary: "not preserved: it has no restoration identifier", because: because,
            fix: "give \(VerdictWording.type(facts.subject.className)) \(what) (in Interface Builder: Identity inspector > "
                + "Restoration ID, or tick Use Storyboard ID; in code: restorationIdentifier)")
    }

    static func ancestorExcluded(_ facts: SubjectFacts, _ context: ExclusionContext) -> Explanation {
        let verb = context.atRelaunch ? "restored" : "preserved"
        var because: [String] = []
        if let ancestor = context.ancestor {
            because.append(cited(ancestor, role: nil))
        } else {
            because.append("an object above it was not \(verb)")
        }
        because.append(context.atRelaunch
            ? "UIKit does not restore what is below an object it could not restore (rule 13)"
            : "nothing below an object that is not preserved is preserved, whatever its own identifier (rule 6)")
        let summary = "not \(verb): " + (context.ancestor.map { "\($0.subject.shortName) above it was not \(verb)" }
            ?? "an object above it was not \(verb)")
        return Explanation(summary: summary, because: because,
                           fix: context.ancestor?.fix.map { "fix \(context.ancestor!.subject.shortName) first: " + $0 })
    }

    static func duplicatePath(_ facts: SubjectFacts, _ context: ExclusionContext) -> Explanation {
        let path = facts.subject.path.map(VerdictWording.path) ?? "its path"
        var because = facts.place.map { [$0] } ?? []
        let holder = context.holderClass.map(VerdictWording.a) ?? "another object"
        because.append("\(holder) earlier in the walk already has the path \(path)")
        because.append("restoration paths must be unique, and the first object keeps the path (rule 9; which one is kept is restoretrace's choice)")
        let identifier = facts.identifier.map(VerdictWording.quoted) ?? "its identifier"
        return Explanation(
            summary: "not preserved: another object already has the path \(path)", because: because,
            fix: "give it a restoration identifier of its own instead of \(identifier), different from its siblings'")
    }

    static func restorationClassReturnedNil(_ facts: SubjectFacts, _ context: ExclusionContext) -> Explanation {
        let name = facts.restorationClass.map(VerdictWording.type) ?? "its restoration class"
        var because = facts.place.map { [$0] } ?? []
        because.append("at relaunch UIKit asked \(facts.restorationClass == nil ? "its restoration class" : "its restoration class " + name), and only it (rule 13)")
        if let message = context.errorMessage {
            because.append("the engine reported: " + PathText.sanitized(message))
            return Explanation(summary: "not restored: its restoration class could not be asked", because: because,
                               fix: "register the restoration class with the relaunched app before restoration "
                                   + "(UIKit finds it by name: the class must exist under the archived name)")
        }
        because.append("\(name) returned nil")
        if facts.kind == .registeredObject {
            // SCENE_RULES rule 50: an object restoration class; nil means "not now".
            return Explanation(
                summary: "not restored: its object restoration class returned nil", because: because,
                fix: "make \(name).object(withRestorationIdentifierPath:coder:) return the object for this path (it receives "
                    + "the whole path, its restorationParent's first, rule 50), or register the object at launch and "
                    + "remove its objectRestorationClass so that it is found among the registered objects")
        }
        return Explanation(
            summary: "not restored: its restoration class returned nil", because: because,
            fix: "make \(name).viewController(withRestorationIdentifierPath:coder:) return a view controller for this path "
                + "(it receives the whole path, rule 15), or remove the restoration class so that the app delegate, "
                + "the objects made at launch or the storyboard can provide it")
    }

    static func notEncodedByContainer(_ facts: SubjectFacts, _ context: ExclusionContext) -> Explanation {
        let parent = facts.parentPath.map(VerdictWording.path) ?? "its parent"
        let parentClass = context.parentClass.map(VerdictWording.type) ?? "the container"
        return Explanation(
            summary: "not preserved: its container \(parent) did not encode it",
            because: ["it is a child of \(parent) (\(parentClass))",
                      "\(parentClass)'s encodeRestorableState(with:) did not encode its children (a custom container, or an override that did not call super)",
                      "UIKit preserves a child only when its parent's coder references it (rule 7)"],
            fix: "in \(parentClass).encodeRestorableState(with:), call super and encode the children "
                + "(coder.encode(children, forKey: ...)), and decode them back in decodeRestorableState(with:)")
    }

    static func viewWithoutRestorableOwner(_ facts: SubjectFacts, _ context: ExclusionContext) -> Explanation {
        var because = ["it is a view" + (facts.identifier.map { " with the restoration identifier " + VerdictWording.quoted($0) } ?? "")]
        if let owner = context.ancestor {
            because.append(cited(owner, role: nil))
        } else {
            because.append("its owning view controller is not preserved")
        }
        because.append("UIKit preserves a view only when its owning view controller is preserved (rule 10)")
        return Explanation(
            summary: "not preserved: its owning view controller " + (context.ancestor.map { $0.subject.shortName + " " } ?? "")
                + "is not preserved",
            because: because,
            fix: context.ancestor?.fix.map { "fix the owner \(context.ancestor!.subject.shortName): " + $0 }
                ?? "give the owning view controller a restoration identifier")
    }

    static func notReferenced(_ facts: SubjectFacts) -> Explanation {
        let identifier = facts.identifier.map(VerdictWording.quoted) ?? "its identifier"
        return Explanation(
            summary: "not preserved: nothing encoded a reference to it",
            because: ["it is a registered object (registerObject(forStateRestoration:restorationIdentifier: \(identifier)))",
                      "neither the app delegate's willEncode nor any preserved object encoded a reference to it",
                      "a registered object is only available; it is preserved when something preserved references it (rule 11)"],
            fix: "encode a reference to it (coder.encode(object, forKey: ...)) in the app delegate's "
                + "application(_:willEncodeRestorableStateWith:) or in the encodeRestorableState(with:) of a preserved object that uses it")
    }

    static func stackTruncated(_ facts: SubjectFacts, _ context: ExclusionContext) -> Explanation {
        let parent = facts.parentPath.map(VerdictWording.path) ?? "its navigation controller"
        var because = [facts.place ?? "it is in the navigation stack of \(parent)"]
        if let cut = context.cutAt {
            because.append(cited(cut, role: context.cutAtPlace.map { "(\($0))" }))
        } else {
            because.append("a child below it in the stack could not be restored")
        }
        because.append("a navigation controller restores its stack only up to the first child it cannot find; the children above are dropped (rule 17, as developers report it)")
        return Explanation(
            summary: "not restored: the navigation stack of \(parent) was cut"
                + (context.cutAt.map { " at \($0.subject.shortName), under it" } ?? " under it"),
            because: because,
            fix: context.cutAt?.fix.map { "fix \(context.cutAt!.subject.shortName), where the stack was cut: " + $0 })
    }
}
