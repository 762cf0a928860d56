// The mapping of the app life cycle's scenario fields (ScenarioAppLifecycle.swift): each
// checked with the JSON path of anything wrong, as the rest of the mapping does.

import TraceFormat

extension ScenarioLoader.Fields {
    static let secureCoding = ["notSecureCoding", "decodedWithoutAllowedClasses"]
    static let debug = ["developerMode"]
}

extension ScenarioDocumentMapper {
    /// The most `deferredRestoration` entries a scenario may list (each is one call).
    static let maximumDeferredCalls = 10_000

    /// `secureCoding`: `{"notSecureCoding": {"key": "Class"}, "decodedWithoutAllowedClasses": {...}}`;
    /// every key must be one of the object's `state` keys.
    func secureCoding(from value: JSONValue, state: JSONObject, at path: String) throws(ScenarioError) -> ScenarioSecureCoding {
        let object = try reader.object(value, at: path)
        var result = ScenarioSecureCoding()
        for member in object.members {
            let memberPath = JSONPathText.member(path, member.key)
            switch member.key {
            case "notSecureCoding": result.notSecureCoding = try classesByKey(member.value, state: state, at: memberPath)
            case "decodedWithoutAllowedClasses": result.decodedWithoutAllowedClasses = try classesByKey(member.value, state: state, at: memberPath)
            default:
                guard ScenarioJSONReader.isExtension(member.key) else {
                    throw reader.unknownField(member.key, in: path, known: ScenarioLoader.Fields.secureCoding)
                }
                result.extensions.append(member)
            }
        }
        return result
    }

    private func classesByKey(_ value: JSONValue, state: JSONObject, at path: String) throws(ScenarioError) -> [JSONMember] {
        let object = try reader.object(value, expected: "an object mapping state keys to class names ({\"photo\": \"UIImage\"})", at: path)
        var members: [JSONMember] = []
        for member in object.members {
            let memberPath = JSONPathText.member(path, member.key)
            let className = try reader.string(member.value, at: memberPath)
            guard !className.isEmpty else {
                throw reader.error(memberPath, .inconsistent(reason: "name the class of the value under \(JSONPathText.quoted(member.key))"))
            }
            guard state[member.key] != nil else {
                throw reader.error(memberPath, .inconsistent(
                    reason: "\(JSONPathText.quoted(member.key)) is not a key of this object's state; add it to state or remove it here"))
            }
            members.append(JSONMember(member.key, .string(className)))
        }
        return members
    }

    /// `relaunch.deferredRestoration`: calls in order; nothing may follow `crash` or `terminate`.
    func deferredCalls(from value: JSONValue, at path: String) throws(ScenarioError) -> [ScenarioDeferredCall] {
        let items = try reader.array(value, expected: "an array of \"extend\", \"complete\", \"crash\", \"terminate\"", at: path)
        guard items.count <= Self.maximumDeferredCalls else {
            throw reader.error(path, .inconsistent(reason: "\(items.count) calls; at most \(Self.maximumDeferredCalls)"))
        }
        var calls: [ScenarioDeferredCall] = []
        calls.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let itemPath = JSONPathText.element(path, index)
            let text = try reader.choice(item, allowed: ScenarioDeferredCall.allCases.map(\.rawValue), at: itemPath)
            if let last = calls.last, last == .crash || last == .terminate {
                throw reader.error(itemPath, .inconsistent(reason: "nothing runs after \(JSONPathText.quoted(last.rawValue)); remove it"))
            }
            calls.append(ScenarioDeferredCall(rawValue: text) ?? .extend)
        }
        return calls
    }

    /// `debug`: `{"developerMode": true}`.
    func debug(from value: JSONValue) throws(ScenarioError) -> ScenarioDebug {
        let object = try reader.object(value, at: "debug")
        var debug = ScenarioDebug()
        for member in object.members {
            switch member.key {
            case "developerMode": debug.developerMode = try reader.bool(member.value, at: JSONPathText.member("debug", member.key))
            default:
                guard ScenarioJSONReader.isExtension(member.key) else {
                    throw reader.unknownField(member.key, in: "debug", known: ScenarioLoader.Fields.debug)
                }
                debug.extensions.append(member)
            }
        }
        return debug
    }

    /// `app.systemVersion`: dotted numbers (`13.2`); with `secureCoding`, 13.2 or later.
    func systemVersion(_ value: JSONValue, at path: String) throws(ScenarioError) -> String {
        let text = try reader.string(value, at: path)
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCII) && Int($0) != nil }) else {
            throw reader.error(path, .invalidValue(found: JSONPathText.quoted(text), expected: "a version such as \"13.2\""))
        }
        return text
    }

    /// Rules between the app's new fields, checked after its walk.
    func checkAppLifecycle(_ app: ScenarioApp) throws(ScenarioError) {
        if app.secureCoding, let version = app.systemVersion, SystemVersion(version) < SystemVersion("13.2") {
            throw reader.error("app.systemVersion", .inconsistent(
                reason: "the secure pair (app.secureCoding) exists from iOS 13.2; raise systemVersion or set secureCoding to false"))
        }
    }

    /// `restorationParent`: a non-empty array of non-empty identifiers, at most the depth limit.
    func restorationParent(_ value: JSONValue, at path: String) throws(ScenarioError) -> [String] {
        let components = try reader.strings(value, at: path)
        guard !components.isEmpty else {
            throw reader.error(path, .inconsistent(reason: "name the parent's restoration path, root first (or remove restorationParent)"))
        }
        guard components.count <= limits.maxHierarchyDepth else {
            throw reader.error(path, .inconsistent(reason: "\(components.count) components; at most \(limits.maxHierarchyDepth)"))
        }
        if let empty = components.firstIndex(of: "") {
            throw reader.error(JSONPathText.element(path, empty), .inconsistent(reason: "an identifier in a restoration path cannot be empty"))
        }
        return components
    }

    /// `objectRestorationClassReturns`: `"instance"` or `"nil"`.
    func objectAnswer(_ value: JSONValue, at path: String) throws(ScenarioError) -> ScenarioObjectAnswer {
        if case .null = value { return .none }
        let text = try reader.choice(value, allowed: ["instance", "nil"], at: path)
        return text == "instance" ? .instance : .none
    }
}
