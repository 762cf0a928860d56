// The scene section of the scenario loader (`restoretrace-scenario/1.1`): `lifecycle` and
// `scene` with its sessions, activities, responders, activation conditions, debug flags and
// events, each error naming its JSON path as the rest of the loader does. Values of `userInfo`
// use PropertyListValue's JSON form (`{"$date": …}`, `{"$class": "UIImage"}` for a non-plist object).

import TraceFormat

extension ScenarioLoader.Fields {
    static let scene = ["supportsMultipleScenes", "activityTypes", "debug", "sessions", "events"]
    static let sceneDebug = ["switcherCloseKeepsState"]
    static let session = ["persistentIdentifier", "configuration", "role", "userInfo", "state", "activity",
                          "stateRestorationActivity", "responders", "activationConditions"]
    static let activity = ["type", "title", "userInfo", "declared", "targetContentIdentifier", "isEligibleForHandoff", "needsSave"]
    static let responder = ["name", "userInfo"]
    static let activationConditions = ["canActivateFor", "prefersToActivateFor"]
    static let event = ["event", "session", "activity", "sessionUserInfo", "sessions"]
}

extension ScenarioLoader.Limits {
    /// Most sessions in one scenario (100,000).
    static let maxSessions = 100_000
    /// Most events in one scenario (1,000,000).
    static let maxEvents = 1_000_000
}

extension ScenarioDocumentMapper {
    private typealias Fields = ScenarioLoader.Fields

    func lifecycle(from value: JSONValue, format: String?) throws(ScenarioError) -> ScenarioLifecycle {
        let text = try reader.choice(value, allowed: ScenarioLifecycle.allCases.map(\.rawValue), at: "lifecycle")
        try requireSceneFormat(format, field: "lifecycle")
        return ScenarioLifecycle(rawValue: text) ?? .app
    }

    private func requireSceneFormat(_ format: String?, field: String) throws(ScenarioError) {
        guard format == sceneScenarioFormat else {
            throw reader.error(field, .inconsistent(reason: "this field needs \"format\": \"\(sceneScenarioFormat)\" "
                + "(restoretrace-scenario/1 describes apps without scenes)"))
        }
    }

    func scene(from value: JSONValue?, lifecycle: ScenarioLifecycle, format: String) throws(ScenarioError) -> ScenarioSceneApp? {
        guard let value else {
            guard lifecycle != .scene else {
                throw reader.error("scene", .missingField(hint: "a scene app needs \"scene\": {\"sessions\": [...]}"))
            }
            return nil
        }
        try requireSceneFormat(format, field: "scene")
        guard lifecycle == .scene else {
            throw reader.error("scene", .inconsistent(reason: "\"scene\" needs \"lifecycle\": \"scene\" (rule 19: the scene life cycle is chosen by the app's scene manifest)"))
        }
        let object = try reader.object(value, at: "scene")
        var app = ScenarioSceneApp()
        var sessionsSeen = false
        for member in object.members {
            let path = JSONPathText.member("scene", member.key)
            switch member.key {
            case "supportsMultipleScenes": app.supportsMultipleScenes = try reader.bool(member.value, at: path)
            case "activityTypes": app.activityTypes = try reader.strings(member.value, at: path)
            case "debug":
                let debug = try reader.object(member.value, at: path)
                for flag in debug.members {
                    switch flag.key {
                    case "switcherCloseKeepsState": app.switcherCloseKeepsState = try reader.bool(flag.value, at: JSONPathText.member(path, flag.key))
                    default:
                        guard ScenarioJSONReader.isExtension(flag.key) else { throw reader.unknownField(flag.key, in: path, known: Fields.sceneDebug) }
                    }
                }
            case "sessions":
                sessionsSeen = true
                let items = try reader.array(member.value, expected: "an array of sessions", at: path)
                guard items.count <= ScenarioLoader.Limits.maxSessions else {
                    throw reader.error(path, .invalidNumber(reason: "\(items.count) sessions; a scenario may have at most \(ScenarioLoader.Limits.maxSessions)"))
                }
                app.sessions.reserveCapacity(items.count)
                var seen = Set<String>(minimumCapacity: items.count)
                for (index, item) in items.enumerated() {
                    let session = try self.session(from: item, at: JSONPathText.element(path, index))
                    guard seen.insert(session.persistentIdentifier).inserted else {
                        throw reader.error(JSONPathText.member(JSONPathText.element(path, index), "persistentIdentifier"),
                                           .inconsistent(reason: "another session already has the persistent identifier \"\(session.persistentIdentifier)\"; identifiers are unique"))
                    }
                    app.sessions.append(session)
                }
            case "events":
                let items = try reader.array(member.value, expected: "an array of events", at: path)
                guard items.count <= ScenarioLoader.Limits.maxEvents else {
                    throw reader.error(path, .invalidNumber(reason: "\(items.count) events; a scenario may have at most \(ScenarioLoader.Limits.maxEvents)"))
                }
                var events: [ScenarioSceneEvent] = []
                events.reserveCapacity(items.count)
                for (index, item) in items.enumerated() { events.append(try event(from: item, at: JSONPathText.element(path, index))) }
                app.events = events
            default:
                guard ScenarioJSONReader.isExtension(member.key) else { throw reader.unknownField(member.key, in: "scene", known: Fields.scene) }
                app.extensions.append(member)
            }
        }
        guard sessionsSeen else { throw reader.error("scene.sessions", .missingField(hint: "add \"sessions\": [{\"persistentIdentifier\": \"main\"}]")) }
        if !app.supportsMultipleScenes, app.sessions.filter({ $0.state == .connected }).count > 1 {
            throw reader.error("scene.sessions", .inconsistent(reason: "more than one session is connected but \"supportsMultipleScenes\" is false; "
                + "an app without UIApplicationSupportsMultipleScenes shows one scene at a time"))
        }
        return app
    }

    private func session(from value: JSONValue, at path: String) throws(ScenarioError) -> ScenarioSession {
        let object = try reader.object(value, expected: "a session ({\"persistentIdentifier\": ...})", at: path)
        var identifier: String?
        var session = ScenarioSession(persistentIdentifier: "", jsonPath: path)
        for member in object.members {
            let here = JSONPathText.member(path, member.key)
            switch member.key {
            case "persistentIdentifier":
                let text = try reader.string(member.value, at: here)
                guard !text.isEmpty else { throw reader.error(here, .invalidValue(found: text, expected: "a non-empty identifier")) }
                identifier = text
            case "configuration": session.configuration = try reader.string(member.value, at: here)
            case "role":
                let text = try reader.choice(member.value, allowed: SceneSessionRole.allCases.map(\.rawValue), at: here)
                session.role = SceneSessionRole(rawValue: text) ?? .windowApplication
            case "userInfo": session.userInfo = try optionalUserInfo(member.value, at: here)
            case "state":
                let text = try reader.choice(member.value, allowed: ScenarioSessionState.allCases.map(\.rawValue), at: here)
                session.state = ScenarioSessionState(rawValue: text) ?? .connected
            case "activity": session.activity = member.value == .null ? nil : try activity(from: member.value, at: here)
            case "stateRestorationActivity":
                let text = try reader.choice(member.value, allowed: ScenarioActivitySource.allCases.map(\.rawValue), at: here)
                session.stateRestorationActivity = ScenarioActivitySource(rawValue: text) ?? .scene
            case "responders":
                let items = try reader.array(member.value, expected: "an array of responders (names or {\"name\": ..., \"userInfo\": {...}})", at: here)
                for (index, item) in items.enumerated() { session.responders.append(try responder(from: item, at: JSONPathText.element(here, index))) }
            case "activationConditions":
                let conditions = try reader.object(member.value, at: here)
                for condition in conditions.members {
                    let conditionPath = JSONPathText.member(here, condition.key)
                    switch condition.key {
                    case "canActivateFor": session.activationConditions.canActivateForTargetContentIdentifier = try reader.strings(condition.value, at: conditionPath)
                    case "prefersToActivateFor": session.activationConditions.prefersToActivateForTargetContentIdentifier = try reader.strings(condition.value, at: conditionPath)
                    default:
                        guard ScenarioJSONReader.isExtension(condition.key) else {
                            throw reader.unknownField(condition.key, in: here, known: Fields.activationConditions)
                        }
                    }
                }
            default:
                guard ScenarioJSONReader.isExtension(member.key) else { throw reader.unknownField(member.key, in: path, known: Fields.session) }
                session.extensions.append(member)
            }
        }
        guard let identifier else {
            throw reader.error(JSONPathText.member(path, "persistentIdentifier"), .missingField(hint: "name the session, e.g. \"persistentIdentifier\": \"main\""))
        }
        session.persistentIdentifier = identifier
        return session
    }

    private func activity(from value: JSONValue, at path: String) throws(ScenarioError) -> ScenarioActivity {
        let object = try reader.object(value, expected: "an activity ({\"type\": ...})", at: path)
        var type: String?
        var activity = ScenarioActivity(type: "")
        for member in object.members {
            let here = JSONPathText.member(path, member.key)
            switch member.key {
            case "type":
                let text = try reader.string(member.value, at: here)
                guard !text.isEmpty else { throw reader.error(here, .invalidValue(found: text, expected: "an activity type such as \"com.example.viewing\"")) }
                type = text
            case "title": activity.title = try reader.optionalString(member.value, at: here)
            case "userInfo": activity.userInfo = try optionalUserInfo(member.value, at: here)
            case "declared": activity.declared = try reader.bool(member.value, at: here)
            case "targetContentIdentifier": activity.targetContentIdentifier = try reader.optionalString(member.value, at: here)
            case "isEligibleForHandoff": activity.isEligibleForHandoff = try reader.bool(member.value, at: here)
            case "needsSave": activity.needsSave = try reader.bool(member.value, at: here)
            default:
                guard ScenarioJSONReader.isExtension(member.key) else { throw reader.unknownField(member.key, in: path, known: Fields.activity) }
                activity.extensions.append(member)
            }
        }
        guard let type else { throw reader.error(JSONPathText.member(path, "type"), .missingField(hint: "give the activity's \"type\" (its activityType)")) }
        activity.type = type
        return activity
    }

    private func responder(from value: JSONValue, at path: String) throws(ScenarioError) -> ScenarioResponder {
        if case .string(let name) = value { return ScenarioResponder(name: name) }
        let object = try reader.object(value, expected: "a responder name or {\"name\": ..., \"userInfo\": {...}}", at: path)
        var name: String?
        var userInfo: [String: PropertyListValue] = [:]
        for member in object.members {
            let here = JSONPathText.member(path, member.key)
            switch member.key {
            case "name": name = try reader.string(member.value, at: here)
            case "userInfo": userInfo = try optionalUserInfo(member.value, at: here) ?? [:]
            default:
                guard ScenarioJSONReader.isExtension(member.key) else { throw reader.unknownField(member.key, in: path, known: Fields.responder) }
            }
        }
        guard let name else { throw reader.error(JSONPathText.member(path, "name"), .missingField(hint: "name the responder, e.g. \"name\": \"DetailViewController\"")) }
        return ScenarioResponder(name: name, userInfo: userInfo)
    }

    /// A `userInfo`: a dictionary in PropertyListValue's JSON form, or null (nil).
    private func optionalUserInfo(_ value: JSONValue, at path: String) throws(ScenarioError) -> [String: PropertyListValue]? {
        if value == .null { return nil }
        guard case .object = value else { throw reader.wrongType(value, expected: "an object (a dictionary) or null", at: path) }
        do {
            return try PropertyListValue.dictionary(json: value)
        } catch {
            let where_ = error.keyPath.isEmpty ? path : path + "." + error.keyPath
            throw reader.error(where_, .inconsistent(reason: error.reason))
        }
    }

    private func event(from value: JSONValue, at path: String) throws(ScenarioError) -> ScenarioSceneEvent {
        let object = try reader.object(value, expected: "an event ({\"event\": \"background\", \"session\": ...})", at: path)
        guard let kindValue = object["event"] else {
            throw reader.error(JSONPathText.member(path, "event"), .missingField(hint: "say what happens, e.g. \"event\": \"background\""))
        }
        let kindText = try reader.choice(kindValue, allowed: ScenarioSceneEvent.Kind.allCases.map(\.rawValue), at: JSONPathText.member(path, "event"))
        let kind = ScenarioSceneEvent.Kind(rawValue: kindText) ?? .background
        var event = ScenarioSceneEvent(kind: kind, jsonPath: path)
        for member in object.members {
            let here = JSONPathText.member(path, member.key)
            switch member.key {
            case "event": break
            case "session": event.session = try reader.string(member.value, at: here)
            case "activity":
                if member.value == .null { event.clearsActivity = true } else { event.activity = try activity(from: member.value, at: here) }
            case "sessionUserInfo": event.sessionUserInfo = try optionalUserInfo(member.value, at: here)
            case "sessions": event.sessions = try reader.strings(member.value, at: here)
            default:
                guard ScenarioJSONReader.isExtension(member.key) else { throw reader.unknownField(member.key, in: path, known: Fields.event) }
            }
        }
        // Which fields each event takes: a field another event needs is a mistake, not a no-op.
        let needsSession: Set<ScenarioSceneEvent.Kind> = [.background, .foreground, .memoryDisconnect, .reconnect, .userClose,
                                                          .destroyRequest, .change, .extendRestoration, .completeRestoration]
        let takesSession = needsSession.union([.connect])
        let takesActivity: Set<ScenarioSceneEvent.Kind> = [.connect, .reconnect, .openEvent, .change]
        if needsSession.contains(kind), event.session == nil {
            throw reader.error(JSONPathText.member(path, "session"), .missingField(hint: "\"\(kindText)\" needs the \"session\" it is about"))
        }
        if !takesSession.contains(kind), event.session != nil {
            throw reader.error(JSONPathText.member(path, "session"), .inconsistent(reason: "\"\(kindText)\" is not about one session; remove \"session\""))
        }
        if !takesActivity.contains(kind), event.activity != nil || event.clearsActivity {
            throw reader.error(JSONPathText.member(path, "activity"), .inconsistent(reason: "\"\(kindText)\" takes no activity"))
        }
        if kind == .openEvent, event.activity == nil {
            throw reader.error(JSONPathText.member(path, "activity"), .missingField(hint: "an openEvent carries an activity, e.g. {\"type\": ..., \"targetContentIdentifier\": ...}"))
        }
        if kind != .change, event.sessionUserInfo != nil {
            throw reader.error(JSONPathText.member(path, "sessionUserInfo"), .inconsistent(reason: "only \"change\" sets the session's userInfo"))
        }
        if kind != .relaunch, event.sessions != nil {
            throw reader.error(JSONPathText.member(path, "sessions"), .inconsistent(reason: "only \"relaunch\" names the sessions the system shows again"))
        }
        return event
    }
}
