// SceneActivityArchive: what of an activity reaches the disk and what comes back (rule 28) —
// `activityType`, `title` and `userInfo` only, the last decoded with the property-list classes
// alone — and the `KnownSceneSessions` list. Both are compact JSON with sorted keys, so an
// unchanged activity gives the same bytes (rule 26 compares them).

import TraceFormat

enum SceneActivityArchive {
    /// The deepest JSON read back: property lists nest at most ``PropertyListValue/maximumDepth``,
    /// plus the file's own object and tags.
    static let maximumReadDepth = PropertyListValue.maximumDepth * 2 + 8

    /// The bytes saved for `activity`. `userInfo` must have passed ``PropertyListValue/firstUnarchivable(in:)``.
    static func encode(_ activity: UserActivity) -> [UInt8] {
        var members = [JSONMember("activityType", .string(activity.activityType))]
        if let title = activity.title { members.append(JSONMember("title", .string(title))) }
        if let userInfo = activity.userInfo { members.append(JSONMember("userInfo", PropertyListValue.dictionary(userInfo).jsonValue)) }
        var out: [UInt8] = []
        JSONValue.object(JSONObject(members)).serialize(into: &out)
        return out
    }

    /// What reading a saved activity gives.
    enum Decoded {
        case activity(UserActivity)
        /// Saved with a nil `userInfo`: not restored at all.
        case noUserInfo(activityType: String)
        case failed(reason: String)
    }

    static func decode(_ bytes: [UInt8]) -> Decoded {
        let document: JSONValue
        do {
            document = try JSONValue.parse(bytes, maxDepth: maximumReadDepth)
        } catch {
            return .failed(reason: "not a saved activity: \(error.message)")
        }
        guard case .object(let object) = document, case .string(let type)? = object["activityType"] else {
            return .failed(reason: "no activityType")
        }
        var title: String?
        if let value = object["title"] {
            guard case .string(let text) = value else { return .failed(reason: "title is not a string") }
            title = text
        }
        guard let userInfoValue = object["userInfo"] else { return .noUserInfo(activityType: type) }
        do {
            let userInfo = try PropertyListValue.dictionary(json: userInfoValue, allowObjects: false)
            return .activity(UserActivity(activityType: type, title: title, userInfo: userInfo))
        } catch {
            return .failed(reason: "userInfo does not decode with the property-list classes: \(error)")
        }
    }

    static func encodeUserInfo(_ userInfo: [String: PropertyListValue]) -> [UInt8] {
        var out: [UInt8] = []
        PropertyListValue.dictionary(userInfo).jsonValue.serialize(into: &out)
        return out
    }

    static func decodeUserInfo(_ bytes: [UInt8]) -> [String: PropertyListValue]? {
        guard let document = try? JSONValue.parse(bytes, maxDepth: maximumReadDepth) else { return nil }
        return try? PropertyListValue.dictionary(json: document, allowObjects: false)
    }

    // MARK: KnownSceneSessions

    struct KnownSession: Equatable {
        var persistentIdentifier: String
        var configurationName: String
        var role: SceneSessionRole
    }

    static func encodeKnownSessions(_ sessions: [KnownSession]) -> [UInt8] {
        var out: [UInt8] = []
        JSONValue.array(sessions.map { session in
            .object(JSONObject([
                JSONMember("persistentIdentifier", .string(session.persistentIdentifier)),
                JSONMember("configuration", .string(session.configurationName)),
                JSONMember("role", .string(session.role.rawValue)),
            ]))
        }).serialize(into: &out)
        return out
    }

    static func decodeKnownSessions(_ bytes: [UInt8]) -> [KnownSession]? {
        guard case .array(let items)? = try? JSONValue.parse(bytes, maxDepth: 8) else { return nil }
        var sessions: [KnownSession] = []
        sessions.reserveCapacity(items.count)
        for item in items {
            guard case .object(let object) = item, case .string(let identifier)? = object["persistentIdentifier"],
                  case .string(let configuration)? = object["configuration"], case .string(let roleText)? = object["role"],
                  let role = SceneSessionRole(rawValue: roleText) else { return nil }
            sessions.append(KnownSession(persistentIdentifier: identifier, configurationName: configuration, role: role))
        }
        return sessions
    }
}
