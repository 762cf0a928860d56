// The scene part of a scenario (`restoretrace-scenario/1.1`, `"lifecycle": "scene"`): the
// app's scene settings, its sessions with their activities and responders, and the sequence of
// events the simulation plays (docs/scenario-format.md, "Scene-based apps").

import TraceFormat

/// The scenario format that adds the scene life cycle; `restoretrace-scenario/1` files stay valid.
public let sceneScenarioFormat = "restoretrace-scenario/1.1"

/// `lifecycle`: which machinery UIKit runs (rule 19).
public enum ScenarioLifecycle: String, Sendable, Hashable, CaseIterable {
    /// No `UIApplicationSceneManifest`: view-controller restoration (rules 1–18).
    case app
    /// A scene app: each session saves and restores an activity (rules 19–39).
    case scene
}

/// `scene`: the app's scene settings, sessions and events.
public struct ScenarioSceneApp: Sendable, Hashable {
    /// `UIApplicationSupportsMultipleScenes` (false).
    public var supportsMultipleScenes: Bool
    /// `NSUserActivityTypes`; nil: the types of every activity in the scenario not marked `declared: false`.
    public var activityTypes: [String]?
    /// `debug.switcherCloseKeepsState` (false): rule 39's reported behaviour.
    public var switcherCloseKeepsState: Bool
    public var sessions: [ScenarioSession]
    /// nil: the default round trip (every connected scene to the background, a system kill, a relaunch).
    public var events: [ScenarioSceneEvent]?
    public var extensions: [JSONMember]

    public init(supportsMultipleScenes: Bool = false, activityTypes: [String]? = nil, switcherCloseKeepsState: Bool = false,
                sessions: [ScenarioSession] = [], events: [ScenarioSceneEvent]? = nil, extensions: [JSONMember] = []) {
        self.supportsMultipleScenes = supportsMultipleScenes
        self.activityTypes = activityTypes
        self.switcherCloseKeepsState = switcherCloseKeepsState
        self.sessions = sessions
        self.events = events
        self.extensions = extensions
    }

    /// `NSUserActivityTypes` as the app declares it.
    public var declaredActivityTypes: Set<String> {
        if let activityTypes { return Set(activityTypes) }
        var types = Set<String>()
        var undeclared = Set<String>()
        func note(_ activity: ScenarioActivity?) {
            guard let activity else { return }
            if activity.declared { types.insert(activity.type) } else { undeclared.insert(activity.type) }
        }
        for session in sessions { note(session.activity) }
        for event in events ?? [] { note(event.activity) }
        return types.subtracting(undeclared)
    }
}

/// What the scene's delegate does in `stateRestorationActivity(for:)`.
public enum ScenarioActivitySource: String, Sendable, Hashable, CaseIterable {
    /// Returns `scene.userActivity` (Apple's sample).
    case scene
    /// Returns nil: the saved activity is deleted.
    case `nil`
    /// Does not implement it; assigns `session.stateRestorationActivity` instead.
    case notImplemented
}

/// One session at the start of the scenario.
public struct ScenarioSession: Sendable, Hashable {
    public var persistentIdentifier: String
    public var configuration: String
    public var role: SceneSessionRole
    /// `session.userInfo`.
    public var userInfo: [String: PropertyListValue]?
    /// `connected` (its scene connects at the first launch) or `archived` (state saved by an earlier process).
    public var state: ScenarioSessionState
    /// The scene's activity (`scene.userActivity`): what the app shows now.
    public var activity: ScenarioActivity?
    public var stateRestorationActivity: ScenarioActivitySource
    /// View controllers sharing the scene's activity (rule 27).
    public var responders: [ScenarioResponder]
    public var activationConditions: SceneActivationConditions
    public var jsonPath: String
    public var extensions: [JSONMember]

    public init(persistentIdentifier: String, configuration: String = "Default Configuration", role: SceneSessionRole = .windowApplication,
                userInfo: [String: PropertyListValue]? = nil, state: ScenarioSessionState = .connected, activity: ScenarioActivity? = nil,
                stateRestorationActivity: ScenarioActivitySource = .scene, responders: [ScenarioResponder] = [],
                activationConditions: SceneActivationConditions = SceneActivationConditions(), jsonPath: String = "",
                extensions: [JSONMember] = []) {
        self.persistentIdentifier = persistentIdentifier
        self.configuration = configuration
        self.role = role
        self.userInfo = userInfo
        self.state = state
        self.activity = activity
        self.stateRestorationActivity = stateRestorationActivity
        self.responders = responders
        self.activationConditions = activationConditions
        self.jsonPath = jsonPath
        self.extensions = extensions
    }
}

/// `sessions[].state`.
public enum ScenarioSessionState: String, Sendable, Hashable, CaseIterable {
    case connected, archived
}

/// An activity as a scenario writes it.
public struct ScenarioActivity: Sendable, Hashable {
    public var type: String
    public var title: String?
    /// nil: `"userInfo": null` (an activity saved so is not restored, rule 28); absent in the file: `{}`.
    public var userInfo: [String: PropertyListValue]?
    /// Listed in `NSUserActivityTypes` (true).
    public var declared: Bool
    public var targetContentIdentifier: String?
    public var isEligibleForHandoff: Bool
    public var needsSave: Bool
    public var extensions: [JSONMember]

    public init(type: String, title: String? = nil, userInfo: [String: PropertyListValue]? = [:], declared: Bool = true,
                targetContentIdentifier: String? = nil, isEligibleForHandoff: Bool = false, needsSave: Bool = false,
                extensions: [JSONMember] = []) {
        self.type = type
        self.title = title
        self.userInfo = userInfo
        self.declared = declared
        self.targetContentIdentifier = targetContentIdentifier
        self.isEligibleForHandoff = isEligibleForHandoff
        self.needsSave = needsSave
        self.extensions = extensions
    }

    /// A new engine activity with these fields.
    public func makeUserActivity() -> UserActivity {
        let activity = UserActivity(activityType: type, title: title, userInfo: userInfo)
        activity.targetContentIdentifier = targetContentIdentifier
        activity.isEligibleForHandoff = isEligibleForHandoff
        activity.needsSave = needsSave
        return activity
    }
}

/// A view controller that shares the scene's activity: its `updateUserActivityState(_:)` adds `userInfo`.
public struct ScenarioResponder: Sendable, Hashable {
    public var name: String
    public var userInfo: [String: PropertyListValue]
    public init(name: String, userInfo: [String: PropertyListValue] = [:]) {
        self.name = name
        self.userInfo = userInfo
    }
}

/// One event of `scene.events`.
public struct ScenarioSceneEvent: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case background, foreground, connect, memoryDisconnect, reconnect, userClose, destroyRequest, systemKill, crash,
            relaunch, deviceLocked, unlock, openEvent, change, extendRestoration, completeRestoration
    }

    public var kind: Kind
    /// The session it is about (absent for process and device events, and for `openEvent`).
    public var session: String?
    /// `connect`, `reconnect`, `openEvent`: the event's activity; `change`: the scene's new activity.
    public var activity: ScenarioActivity?
    /// `change` with `"activity": null`: the delegate returns nil from now on.
    public var clearsActivity: Bool
    /// `change`: a new `session.userInfo`.
    public var sessionUserInfo: [String: PropertyListValue]?
    /// `relaunch`: the sessions the system shows again (default: those shown when the process ended).
    public var sessions: [String]?
    public var jsonPath: String

    public init(kind: Kind, session: String? = nil, activity: ScenarioActivity? = nil, clearsActivity: Bool = false,
                sessionUserInfo: [String: PropertyListValue]? = nil, sessions: [String]? = nil, jsonPath: String = "") {
        self.kind = kind
        self.session = session
        self.activity = activity
        self.clearsActivity = clearsActivity
        self.sessionUserInfo = sessionUserInfo
        self.sessions = sessions
        self.jsonPath = jsonPath
    }
}
