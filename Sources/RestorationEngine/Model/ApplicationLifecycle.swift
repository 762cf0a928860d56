// The app life cycle's later additions to UIApplication and its delegate (spec SCENE_RULES.md
// F–I): the secure-coding pair (iOS 13.2), deferred restoration as a counter
// (`extendStateRestoration`/`completeStateRestoration`), `ignoreSnapshotOnNextApplicationLaunch`,
// objects registered with a `restorationParent` and found through an `objectRestorationClass`,
// and developer mode. The state a pass records into lives in ``ApplicationLifecycle``.

import TraceFormat

/// Which pair of opt-in methods an app delegate implements. Swift cannot ask an object whether it
/// responds to a selector, as UIKit does, so the delegate says so.
public struct StateRestorationMethods: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// `shouldSaveApplicationState` / `shouldRestoreApplicationState` (deprecated in iOS 13.2).
    public static let legacyPair = StateRestorationMethods(rawValue: 1)
    /// `shouldSaveSecureApplicationState` / `shouldRestoreSecureApplicationState` (iOS 13.2).
    public static let securePair = StateRestorationMethods(rawValue: 2)
}

/// A restoration class for registered objects (`UIObjectRestoration`): asked at relaunch for the
/// object with a whole identifier path (ancestors first, own identifier last); nil means "do not
/// restore this object now" (rule 50).
public struct ObjectRestorationClass {
    /// The name archived for it.
    public let name: String
    private let make: ([String], StateCoder) -> (any RestorableObject)?

    public init(name: String, object: @escaping (_ identifierComponents: [String], _ coder: StateCoder) -> (any RestorableObject)?) {
        self.name = name
        self.make = object
    }

    /// `object(withRestorationIdentifierPath:coder:)`.
    public func object(withRestorationIdentifierPath identifierComponents: [String], coder: StateCoder) -> (any RestorableObject)? {
        make(identifierComponents, coder)
    }
}

/// A value decoded under a secure coder without an allowed class (rule 41), or an object that
/// does not adopt NSSecureCoding encoded under one (rule 42).
public struct SecureCodingViolation: Error, Sendable, Hashable, CustomStringConvertible {
    public var key: String
    /// The class of the offending value.
    public var className: String
    public var decoding: Bool

    public init(key: String, className: String, decoding: Bool) {
        self.key = key
        self.className = className
        self.decoding = decoding
    }

    /// UIKit's log line (reported, engine PR #31511) for decoding; our wording for encoding.
    public var description: String {
        decoding
            ? "Exception occurred restoring state value for key '\(key)' was of unexpected class '\(className)'. "
                + "Allowed classes are: {()}; decode it with decodeObject(of:forKey:) naming its class"
            : "the value for key '\(key)' is a \(className), which does not adopt NSSecureCoding; under the secure "
                + "pair (requiresSecureCoding) this object's own state was dropped. Adopt NSSecureCoding or encode plist types"
    }
}

/// The state of an application's restoration machinery that outlives one method call: the
/// pass being recorded, the deferred-restoration counter, registrations' paths, queued work.
final class ApplicationLifecycle {
    var recorder: (any TraceRecorder)?
    var directory: ArchiveDirectory?
    var inPreservation = false
    /// `extendStateRestoration` calls not yet balanced.
    var depth = 0
    /// The counter went back to zero: restoration is complete; further calls are ignored (rule 45).
    var completed = false
    var developerMode = false
    /// Paths fixed at registration (rule 49), by object.
    var registrationPaths: [ObjectIdentifier: RestorationPath] = [:]
    var objectRestorationClasses: [String: ObjectRestorationClass] = [:]
    /// Work queued on the main queue, run after `didFinishLaunching`.
    var mainQueue: [() throws -> Void] = []
    var errors: [String] = []

    func record(_ kind: RecordKind, _ attributes: [TraceAttribute]) {
        recorder?.instant(kind, path: nil, className: nil, attributes: attributes)
    }

    func reportError(_ message: String) {
        errors.append(message)
        record(.error, [TraceAttribute("message", .string(message))])
    }
}

extension Application {
    /// `UIStateRestorationDeveloperMode` (rule 54): keeps the archive that force-quit and crash
    /// handling would delete; the trace says `discardSuppressed` instead of `discard`.
    public var developerMode: Bool {
        get { lifecycle.developerMode }
        set { lifecycle.developerMode = newValue }
    }

    /// Unbalanced `extendStateRestoration()` calls.
    public var stateRestorationDepth: Int { lifecycle.depth }

    /// Whether the secure pair exists on this system (iOS 13.2 and later).
    public var supportsSecureStateRestoration: Bool { SystemVersion(systemVersion) >= SystemVersion("13.2") }

    /// `extendStateRestoration()` (rules 44, 45): more restoration runs asynchronously; each call
    /// must be balanced by ``completeStateRestoration()``. While the counter is above zero a
    /// crash makes the next launch throw the state away.
    public func extendStateRestoration() {
        guard !lifecycle.completed else {
            lifecycle.record(.extendRestoration, [TraceAttribute("depth", .int(Int64(lifecycle.depth))),
                                                  TraceAttribute("ignored", .bool(true))])
            return
        }
        lifecycle.depth += 1
        if lifecycle.depth == 1, let directory = lifecycle.directory {
            do { try directory.setRestorationIncomplete(true) } catch { lifecycle.reportError(error.description) }
        }
        lifecycle.record(.extendRestoration, [TraceAttribute("depth", .int(Int64(lifecycle.depth)))])
    }

    /// `completeStateRestoration()`: balances one ``extendStateRestoration()``. At zero the app
    /// counts as fully restored; an unmatched call is ignored with an `error` record (rule 45).
    public func completeStateRestoration() {
        guard lifecycle.depth > 0 else {
            lifecycle.reportError("completeStateRestoration() without a matching extendStateRestoration(); the call was ignored")
            return
        }
        lifecycle.depth -= 1
        lifecycle.record(.completeRestoration, [TraceAttribute("depth", .int(Int64(lifecycle.depth)))])
        if lifecycle.depth == 0 {
            lifecycle.completed = true
            if let directory = lifecycle.directory {
                do { try directory.setRestorationIncomplete(false) } catch { lifecycle.reportError(error.description) }
            }
        }
    }

    /// `ignoreSnapshotOnNextApplicationLaunch()` (rule 47): honoured only from the preservation methods.
    public func ignoreSnapshotOnNextApplicationLaunch() {
        lifecycle.record(.ignoreSnapshot, [TraceAttribute("honoured", .bool(lifecycle.inPreservation))])
    }

    /// Models `DispatchQueue.main.async`: the work runs after `didFinishLaunching`, inside the
    /// relaunch, in order (the first turns of the main run loop). A ``ProcessTermination`` it
    /// throws is a crash there.
    public func enqueueOnMainQueue(_ work: @escaping () throws -> Void) { lifecycle.mainQueue.append(work) }

    /// The app terminates cleanly (`applicationWillTerminate`): an unbalanced counter does not
    /// count as a crash, so the next launch keeps the archive (rule 45).
    public func terminate() {
        lifecycle.record(.launch, [TraceAttribute("step", .string("willTerminate"))])
        if let directory = lifecycle.directory, lifecycle.depth > 0 {
            do { try directory.setRestorationIncomplete(false) } catch { lifecycle.reportError(error.description) }
        }
    }

    /// Makes an object restoration class resolvable by its archived name at relaunch.
    public func register(objectRestorationClass: ObjectRestorationClass) {
        lifecycle.objectRestorationClasses[objectRestorationClass.name] = objectRestorationClass
    }

    /// The path a registered object was given when it registered: its `restorationParent`'s path
    /// plus its identifier, or `[identifier]` without (or with an ignored) parent (rule 49).
    public func registrationPath(of object: any RestorableObject) -> RestorationPath? {
        guard let identifier = registrationIdentifier(of: object) else { return nil }
        return lifecycle.registrationPaths[ObjectIdentifier(object)] ?? RestorationPath([identifier])
    }

    /// The registered object whose registration path is `path`.
    func registeredObject(at path: RestorationPath) -> (any RestorableObject)? {
        guard let identifier = path.identifier else { return nil }
        for (registered, object) in registeredObjects where registered == identifier {
            if registrationPath(of: object) == path { return object }
        }
        return nil
    }

    /// The path of a view controller from its window's root, or nil when an identifier is missing.
    static func identifierPath(of viewController: ViewController) -> RestorationPath? {
        var components: [String] = []
        var current: ViewController? = viewController
        var steps = 0
        while let node = current, steps < 10_000 {
            guard let identifier = RestorationPath.effectiveIdentifier(node.restorationIdentifier) else { return nil }
            components.append(identifier)
            current = node.parent ?? node.presentingViewController
            steps += 1
        }
        return RestorationPath(components.reversed())
    }

    /// The path `restorationParent` gives below it: a registered object's registration path or a
    /// view controller's path; anything else "will be ignored" (H-SR), so nil.
    func parentPath(of parent: (any RestorableObject)?) -> RestorationPath? {
        guard let parent else { return nil }
        if let path = registrationPath(of: parent) { return path }
        if let viewController = parent as? ViewController { return Self.identifierPath(of: viewController) }
        return nil
    }

    /// Registers with a parent path decided by the caller (a scenario names its parent by path).
    func registerObject(forStateRestoration object: any RestorableObject, restorationIdentifier: String,
                        parentPath: RestorationPath?) {
        registerObject(forStateRestoration: object, restorationIdentifier: restorationIdentifier)
        let path = parentPath?.appending(restorationIdentifier) ?? RestorationPath([restorationIdentifier])
        lifecycle.registrationPaths[ObjectIdentifier(object)] = path
    }
}
