// ObjectLocator: finds or creates one archived object at relaunch, in UIKit's search order
// (rule 12): restoration class (and only it, rule 13) → app delegate → an existing object with
// the same path → the storyboard in the archive → not found. Then the class check (rule 16).

import TraceFormat

/// The search for one archived object.
struct ObjectLocator {
    struct Outcome {
        var object: (any RestorableObject)?
        var via: LocateStep
        var result: LocateResult
        /// Something the app must fix (an unregistered restoration class), reported as an `error`.
        var problem: String?
    }

    let application: Application
    /// Objects that exist at launch, by path (the launch hierarchy after `willFinishLaunching`).
    let existing: [RestorationPath: any RestorableObject]

    /// The whole search for `archived`. `parent` is its located parent (for views, the owner).
    func locate(_ archived: ArchivedObject, parent: (any RestorableObject)?, coder: StateCoder) -> Outcome {
        let path = archived.path
        switch archived.kind {
        case .registeredObject:
            // Rule 50: its objectRestorationClass with the whole path, else an object registered
            // at launch under the same path, found implicitly.
            if let name = archived.restorationClassName {
                guard let restorationClass = application.lifecycle.objectRestorationClasses[name] else {
                    return Outcome(object: nil, via: .objectRestorationClass, result: .nil,
                                   problem: "the archived object restoration class \"\(name)\" is not registered with the relaunched application; "
                                       + "call Application.register(objectRestorationClass:) in willFinishLaunching")
                }
                guard let object = restorationClass.object(withRestorationIdentifierPath: path.components, coder: coder) else {
                    return Outcome(object: nil, via: .objectRestorationClass, result: .nil)
                }
                return checked(object, archived: archived, via: .objectRestorationClass)
            }
            guard let object = application.registeredObject(at: path) else {
                return Outcome(object: nil, via: .none, result: .nil)
            }
            return checked(object, archived: archived, via: .registered)
        case .view:
            if let object = existingObject(at: path, parent: parent) { return checked(object, archived: archived, via: .existing) }
            return Outcome(object: nil, via: .none, result: .nil)
        case .viewController:
            return locateViewController(archived, parent: parent, coder: coder)
        }
    }

    private func locateViewController(_ archived: ArchivedObject, parent: (any RestorableObject)?, coder: StateCoder) -> Outcome {
        let components = archived.path.components
        // Rules 12 and 13: a restoration class is asked first, and only it.
        if let name = archived.restorationClassName {
            guard let restorationClass = application.restorationClasses[name] else {
                return Outcome(object: nil, via: .restorationClass, result: .nil,
                               problem: "the archived restoration class \"\(name)\" is not registered with the relaunched application; "
                                   + "call Application.register(restorationClass:) in willFinishLaunching")
            }
            guard let object = restorationClass.viewController(withRestorationIdentifierPath: components, coder: coder) else {
                return Outcome(object: nil, via: .restorationClass, result: .nil)
            }
            return checked(object, archived: archived, via: .restorationClass)
        }
        // Rule 14: nil from the app delegate lets the implicit search go on.
        if let object = application.delegate?.application(application, viewControllerWithRestorationIdentifierPath: components, coder: coder) {
            return checked(object, archived: archived, via: .appDelegate)
        }
        if let object = existingObject(at: archived.path, parent: parent) {
            return checked(object, archived: archived, via: .existing)
        }
        if case .object(let info)? = archived.value(forKey: StateCoderKey.storyboard),
           let name = info["name"]?.stringValue, let storyboard = application.storyboards[name],
           let object = storyboard.instantiateViewController(withIdentifier: info["identifier"]?.stringValue ?? archived.path.identifier ?? "")
        {
            return checked(object, archived: archived, via: .storyboard)
        }
        return Outcome(object: nil, via: .none, result: .nil)
    }

    /// An object already there: in the launch hierarchy, or below the located parent.
    private func existingObject(at path: RestorationPath, parent: (any RestorableObject)?) -> (any RestorableObject)? {
        if let object = existing[path] { return object }
        guard let parent, let identifier = path.identifier else { return nil }
        return parent.restorableChildren.first { RestorationPath.effectiveIdentifier($0.restorationIdentifier) == identifier }
    }

    /// Rule 16: an object of another class (not a subclass) is used, but not decoded.
    private func checked(_ object: any RestorableObject, archived: ArchivedObject, via: LocateStep) -> Outcome {
        let matches = ClassLineage.matches(object.classLineage, archivedClass: archived.className)
        return Outcome(object: object, via: via, result: matches ? .found : .classMismatch)
    }

    /// Paths of every object in the launch hierarchy (windows' roots down, through children,
    /// presented view controllers, views and subviews), iteratively. The first of two equal paths wins.
    static func launchHierarchy(of application: Application) -> [RestorationPath: any RestorableObject] {
        var index: [RestorationPath: any RestorableObject] = [:]
        var stack: [(object: any RestorableObject, path: RestorationPath)] = []
        var seen: Set<ObjectIdentifier> = []
        for window in application.windows.reversed() {
            guard let root = window.rootViewController,
                  let identifier = RestorationPath.effectiveIdentifier(root.restorationIdentifier) else { continue }
            stack.append((root, RestorationPath([identifier])))
        }
        while let (object, path) = stack.popLast() {
            guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
            if index[path] == nil { index[path] = object }
            for child in object.restorableChildren.reversed() {
                guard let identifier = RestorationPath.effectiveIdentifier(child.restorationIdentifier) else { continue }
                stack.append((child, path.appending(identifier)))
            }
        }
        return index
    }
}
