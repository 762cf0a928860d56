// The scenario fields of the app life cycle's later additions (spec SCENE_RULES.md F–I,
// docs/scenario-format.md "App life cycle"): the secure pair, secure-coding violations,
// deferred restoration calls, registered objects' parents and restoration classes, and
// developer mode. All optional: a scenario without them runs as before.

import TraceFormat

/// `secureCoding` of a view controller or registered object: values whose class NSSecureCoding
/// refuses under the secure pair. Both map a key of `state` to the value's class name.
public struct ScenarioSecureCoding: Sendable, Hashable {
    /// Keys whose value's class does not adopt NSSecureCoding: encoding them is a violation (rule 42).
    public var notSecureCoding: [JSONMember]
    /// Keys the decode reads with `decodeObject(forKey:)`, naming no allowed class (rule 41).
    public var decodedWithoutAllowedClasses: [JSONMember]
    public var extensions: [JSONMember]

    public init(notSecureCoding: [JSONMember] = [], decodedWithoutAllowedClasses: [JSONMember] = [], extensions: [JSONMember] = []) {
        self.notSecureCoding = notSecureCoding
        self.decodedWithoutAllowedClasses = decodedWithoutAllowedClasses
        self.extensions = extensions
    }

    public var isEmpty: Bool { notSecureCoding.isEmpty && decodedWithoutAllowedClasses.isEmpty && extensions.isEmpty }
}

/// One entry of `relaunch.deferredRestoration` (rules 44, 45).
public enum ScenarioDeferredCall: String, Sendable, Hashable, CaseIterable {
    /// `extendStateRestoration()`.
    case extend
    /// `completeStateRestoration()`.
    case complete
    /// The process crashes.
    case crash
    /// The app terminates cleanly.
    case terminate
}

/// `app.ignoreSnapshot`: where the app calls `ignoreSnapshotOnNextApplicationLaunch()` (rule 47).
public enum ScenarioSnapshotCall: String, Sendable, Hashable, CaseIterable {
    /// From `willEncodeRestorableState`: honoured.
    case inPreservation
    /// From `applicationDidEnterBackground`, before preservation: ignored.
    case outsidePreservation
}

/// `debug`: UIKit's debugging defaults (rule 54).
public struct ScenarioDebug: Sendable, Hashable {
    /// `UIStateRestorationDeveloperMode`.
    public var developerMode: Bool
    public var extensions: [JSONMember]
    public init(developerMode: Bool = false, extensions: [JSONMember] = []) {
        self.developerMode = developerMode
        self.extensions = extensions
    }
}

/// The system version a scenario's app runs on: `app.systemVersion`, else 13.2 for an app with
/// the secure pair (its first release) and 12.0 otherwise (no secure-pair records then).
extension ScenarioApp {
    public var effectiveSystemVersion: String { systemVersion ?? (secureCoding ? "13.2" : "12.0") }
}

extension Scenario {
    /// Whether the relaunched process crashes in its deferred restoration work.
    public var crashesDuringDeferredRestoration: Bool { deferredCallsAfterLaunch.contains(.crash) }

    /// Calls made from the app delegate's didDecode: the leading `extend`s.
    var deferredCallsInDidDecode: [ScenarioDeferredCall] {
        Array(relaunch.deferredRestoration.prefix { $0 == .extend })
    }

    /// The remaining calls, run on the main queue after didFinishLaunching.
    var deferredCallsAfterLaunch: [ScenarioDeferredCall] {
        Array(relaunch.deferredRestoration.drop { $0 == .extend })
    }
}
