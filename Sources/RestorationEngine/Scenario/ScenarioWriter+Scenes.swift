// ScenarioWriter's scene section: `lifecycle` and `scene` (restoretrace-scenario/1.1) as JSON,
// defaults left out, so that a scene scenario reads back equal.

import TraceFormat

extension ScenarioWriter {
    /// `lifecycle` and `scene`, or nothing for an app scenario.
    static func sceneMembers(_ scenario: Scenario) -> [JSONMember] {
        var members: [JSONMember] = []
        if scenario.lifecycle != .app { members.append(JSONMember("lifecycle", .string(scenario.lifecycle.rawValue))) }
        guard let scene = scenario.scene else { return members }
        var fields: [JSONMember] = []
        if scene.supportsMultipleScenes { fields.append(JSONMember("supportsMultipleScenes", .bool(true))) }
        if let types = scene.activityTypes { fields.append(JSONMember("activityTypes", .strings(types))) }
        if scene.switcherCloseKeepsState {
            fields.append(JSONMember("debug", .object(JSONObject([JSONMember("switcherCloseKeepsState", .bool(true))]))))
        }
        fields.append(JSONMember("sessions", .array(scene.sessions.map(session))))
        if let events = scene.events { fields.append(JSONMember("events", .array(events.map(event)))) }
        members.append(JSONMember("scene", .object(JSONObject(fields + scene.extensions))))
        return members
    }

    private static func userInfo(_ value: [String: PropertyListValue]?) -> JSONValue {
        value.map { PropertyListValue.dictionary($0).jsonValue } ?? .null
    }

    private static func session(_ session: ScenarioSession) -> JSONValue {
        var fields = [JSONMember("persistentIdentifier", .string(session.persistentIdentifier))]
        if session.configuration != "Default Configuration" { fields.append(JSONMember("configuration", .string(session.configuration))) }
        if session.role != .windowApplication { fields.append(JSONMember("role", .string(session.role.rawValue))) }
        if let info = session.userInfo { fields.append(JSONMember("userInfo", userInfo(info))) }
        if session.state != .connected { fields.append(JSONMember("state", .string(session.state.rawValue))) }
        if let activity = session.activity { fields.append(JSONMember("activity", self.activity(activity))) }
        if session.stateRestorationActivity != .scene {
            fields.append(JSONMember("stateRestorationActivity", .string(session.stateRestorationActivity.rawValue)))
        }
        if !session.responders.isEmpty {
            fields.append(JSONMember("responders", .array(session.responders.map { responder in
                responder.userInfo.isEmpty ? .string(responder.name)
                    : .object(JSONObject([JSONMember("name", .string(responder.name)), JSONMember("userInfo", userInfo(responder.userInfo))]))
            })))
        }
        if session.activationConditions != SceneActivationConditions() {
            fields.append(JSONMember("activationConditions", .object(JSONObject([
                JSONMember("canActivateFor", .strings(session.activationConditions.canActivateForTargetContentIdentifier)),
                JSONMember("prefersToActivateFor", .strings(session.activationConditions.prefersToActivateForTargetContentIdentifier)),
            ]))))
        }
        return .object(JSONObject(fields + session.extensions))
    }

    private static func activity(_ activity: ScenarioActivity) -> JSONValue {
        var fields = [JSONMember("type", .string(activity.type))]
        if let title = activity.title { fields.append(JSONMember("title", .string(title))) }
        if activity.userInfo != [:] { fields.append(JSONMember("userInfo", userInfo(activity.userInfo))) }
        if !activity.declared { fields.append(JSONMember("declared", .bool(false))) }
        if let target = activity.targetContentIdentifier { fields.append(JSONMember("targetContentIdentifier", .string(target))) }
        if activity.isEligibleForHandoff { fields.append(JSONMember("isEligibleForHandoff", .bool(true))) }
        if activity.needsSave { fields.append(JSONMember("needsSave", .bool(true))) }
        return .object(JSONObject(fields + activity.extensions))
    }

    private static func event(_ event: ScenarioSceneEvent) -> JSONValue {
        var fields = [JSONMember("event", .string(event.kind.rawValue))]
        if let session = event.session { fields.append(JSONMember("session", .string(session))) }
        if event.clearsActivity {
            fields.append(JSONMember("activity", .null))
        } else if let activity = event.activity {
            fields.append(JSONMember("activity", self.activity(activity)))
        }
        if let info = event.sessionUserInfo { fields.append(JSONMember("sessionUserInfo", userInfo(info))) }
        if let sessions = event.sessions { fields.append(JSONMember("sessions", .strings(sessions))) }
        return .object(JSONObject(fields))
    }
}
