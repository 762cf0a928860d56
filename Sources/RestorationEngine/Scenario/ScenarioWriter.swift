// ScenarioWriter: a `Scenario` as `restoretrace-scenario/1` JSON text, fields in the order the
// format documents them, defaults left out, indented for people (short objects on one line).
// What it writes, ScenarioLoader reads back to an equal scenario (JSON paths aside). Without
// recursion: deep hierarchies are built as JSON values bottom-up.

import TraceFormat

/// Writes scenarios as JSON text.
public enum ScenarioWriter {
    /// The scenario as pretty-printed JSON, ending in a line feed.
    public static func text(_ scenario: Scenario) -> String {
        JSONPrettyPrinter.text(json(scenario)) + "\n"
    }

    /// The scenario as a JSON value.
    public static func json(_ scenario: Scenario) -> JSONValue {
        var members = [JSONMember("format", .string(scenario.format)), JSONMember("name", .string(scenario.name))]
        members += scenario.extensions
        let app = self.app(scenario.app)
        if !app.isEmpty { members.append(JSONMember("app", .object(JSONObject(app)))) }
        members += sceneMembers(scenario)
        if !scenario.windows.isEmpty || scenario.lifecycle != .scene {
            members.append(JSONMember("windows", .array(scenario.windows.map { window in
                .object(JSONObject([JSONMember("root", viewController(window.root))] + window.extensions))
            })))
        }
        if !scenario.registeredObjects.isEmpty {
            members.append(JSONMember("registeredObjects", .array(scenario.registeredObjects.map { object in
                var fields = [JSONMember("restorationIdentifier", .string(object.restorationIdentifier)),
                              JSONMember("class", .string(object.className))]
                if !object.state.isEmpty { fields.append(JSONMember("state", .object(object.state))) }
                if let parent = object.restorationParent { fields.append(JSONMember("restorationParent", .strings(parent))) }
                if let name = object.objectRestorationClass { fields.append(JSONMember("objectRestorationClass", .string(name))) }
                if object.objectRestorationClassReturns == .none { fields.append(JSONMember("objectRestorationClassReturns", .string("nil"))) }
                if !object.registeredAtLaunch { fields.append(JSONMember("registeredAtLaunch", .bool(false))) }
                if !object.secureCoding.isEmpty { fields.append(JSONMember("secureCoding", secureCoding(object.secureCoding))) }
                return .object(JSONObject(fields + object.extensions))
            })))
        }
        let relaunch = self.relaunch(scenario.relaunch)
        if !relaunch.isEmpty { members.append(JSONMember("relaunch", .object(JSONObject(relaunch)))) }
        if scenario.debug != ScenarioDebug() {
            var debug: [JSONMember] = []
            if scenario.debug.developerMode { debug.append(JSONMember("developerMode", .bool(true))) }
            members.append(JSONMember("debug", .object(JSONObject(debug + scenario.debug.extensions))))
        }
        return .object(JSONObject(members))
    }

    private static func app(_ app: ScenarioApp) -> [JSONMember] {
        var members: [JSONMember] = []
        if app.bundleVersion != "1.0" { members.append(JSONMember("bundleVersion", .string(app.bundleVersion))) }
        if app.idiom != "phone" { members.append(JSONMember("idiom", .string(app.idiom))) }
        if !app.shouldSave { members.append(JSONMember("shouldSave", .bool(false))) }
        if !app.state.isEmpty { members.append(JSONMember("state", .object(app.state))) }
        if !app.encodes.isEmpty { members.append(JSONMember("encodes", .strings(app.encodes))) }
        if app.secureCoding { members.append(JSONMember("secureCoding", .bool(true))) }
        if !app.legacyPair { members.append(JSONMember("legacyPair", .bool(false))) }
        if let version = app.systemVersion { members.append(JSONMember("systemVersion", .string(version))) }
        if let call = app.ignoreSnapshot { members.append(JSONMember("ignoreSnapshot", .string(call.rawValue))) }
        return members + app.extensions
    }

    private static func relaunch(_ relaunch: ScenarioRelaunch) -> [JSONMember] {
        var members: [JSONMember] = []
        if let version = relaunch.bundleVersion { members.append(JSONMember("bundleVersion", .string(version))) }
        if let idiom = relaunch.idiom { members.append(JSONMember("idiom", .string(idiom))) }
        switch relaunch.shouldRestore {
        case .always: break
        case .never: members.append(JSONMember("shouldRestore", .bool(false)))
        default: members.append(JSONMember("shouldRestore", .string(relaunch.shouldRestore.rawValue)))
        }
        if relaunch.forceQuit { members.append(JSONMember("forceQuit", .bool(true))) }
        if relaunch.launchCrashes != 0 { members.append(JSONMember("launchCrashes", .int(Int64(relaunch.launchCrashes)))) }
        if relaunch.archive != .intact { members.append(JSONMember("archive", .string(relaunch.archive.rawValue))) }
        if !relaunch.deletedModelIds.isEmpty { members.append(JSONMember("deletedModelIds", .strings(relaunch.deletedModelIds))) }
        if !relaunch.deferredRestoration.isEmpty {
            members.append(JSONMember("deferredRestoration", .array(relaunch.deferredRestoration.map { .string($0.rawValue) })))
        }
        return members + relaunch.extensions
    }

    /// `secureCoding`: the two maps of state keys to class names.
    private static func secureCoding(_ secureCoding: ScenarioSecureCoding) -> JSONValue {
        var members: [JSONMember] = []
        if !secureCoding.notSecureCoding.isEmpty {
            members.append(JSONMember("notSecureCoding", .object(JSONObject(secureCoding.notSecureCoding))))
        }
        if !secureCoding.decodedWithoutAllowedClasses.isEmpty {
            members.append(JSONMember("decodedWithoutAllowedClasses", .object(JSONObject(secureCoding.decodedWithoutAllowedClasses))))
        }
        return .object(JSONObject(members + secureCoding.extensions))
    }

    /// A view controller and everything below it, built from the leaves up with an explicit stack.
    private static func viewController(_ root: ScenarioViewController) -> JSONValue {
        // Post-order: every node after its children, so each finds their JSON ready.
        var order: [(node: ScenarioViewController, parent: Int?)] = []
        var pending: [(node: ScenarioViewController, parent: Int?)] = [(root, nil)]
        while let next = pending.popLast() {
            let index = order.count
            order.append(next)
            for child in next.node.children { pending.append((child, index)) }
            if let presented = next.node.presented { pending.append((presented, index)) }
        }
        var built: [JSONValue?] = Array(repeating: nil, count: order.count)
        var childrenOf: [[Int]] = Array(repeating: [], count: order.count)
        for index in order.indices.dropFirst() { childrenOf[order[index].parent!].append(index) }
        for index in order.indices.reversed() {
            let node = order[index].node
            // Children were pushed in order, so they were numbered in reverse, with the presented one first.
            var below = childrenOf[index].reversed().map { built[$0]! }
            let presented: JSONValue? = node.presented != nil ? below.removeLast() : Optional<JSONValue>.none
            built[index] = fields(of: node, children: below, presented: presented)
            for child in childrenOf[index] { built[child] = nil }
        }
        return built[0]!
    }

    private static func fields(of node: ScenarioViewController, children: [JSONValue], presented: JSONValue?) -> JSONValue {
        var members = [JSONMember("class", .string(node.className))]
        if !node.superclasses.isEmpty { members.append(JSONMember("superclasses", .strings(node.superclasses))) }
        if node.kind != .plain { members.append(JSONMember("kind", .string(node.kind.rawValue))) }
        if let identifier = node.restorationIdentifier { members.append(JSONMember("restorationIdentifier", .string(identifier))) }
        if let restorationClass = node.restorationClass { members.append(JSONMember("restorationClass", .string(restorationClass))) }
        if let storyboard = node.storyboardIdentifier { members.append(JSONMember("storyboardIdentifier", .string(storyboard))) }
        if let selected = node.selectedIndex { members.append(JSONMember("selectedIndex", .int(Int64(selected)))) }
        if node.kind == .custom && node.encodesChildren { members.append(JSONMember("encodesChildren", .bool(true))) }
        if !node.state.isEmpty { members.append(JSONMember("state", .object(node.state))) }
        if !node.encodes.isEmpty { members.append(JSONMember("encodes", .strings(node.encodes))) }
        let restore = self.restore(node.restore)
        if !restore.isEmpty { members.append(JSONMember("restore", .object(JSONObject(restore)))) }
        if let cost = node.cost {
            var fields: [JSONMember] = []
            if cost.encodeMicros != 0 { fields.append(JSONMember("encodeMicros", .int(Int64(cost.encodeMicros)))) }
            if cost.decodeMicros != 0 { fields.append(JSONMember("decodeMicros", .int(Int64(cost.decodeMicros)))) }
            members.append(JSONMember("cost", .object(JSONObject(fields + cost.extensions))))
        }
        if let source = node.source { members.append(JSONMember("source", source.jsonValue)) }
        if !node.secureCoding.isEmpty { members.append(JSONMember("secureCoding", secureCoding(node.secureCoding))) }
        members += node.extensions
        if !node.views.isEmpty { members.append(JSONMember("views", .array(node.views.map(view)))) }
        if !children.isEmpty { members.append(JSONMember("children", .array(children))) }
        if let presented { members.append(JSONMember("presented", presented)) }
        return .object(JSONObject(members))
    }

    private static func restore(_ restore: ScenarioRestoreBehavior) -> [JSONMember] {
        var members: [JSONMember] = []
        if let created = restore.createdAtLaunch { members.append(JSONMember("createdAtLaunch", .bool(created))) }
        if restore.restorationClassReturns != .instance {
            members.append(JSONMember("restorationClassReturns", answer(restore.restorationClassReturns)))
        }
        if restore.appDelegateReturns != .none { members.append(JSONMember("appDelegateReturns", answer(restore.appDelegateReturns))) }
        if restore.decodeThrows { members.append(JSONMember("decodeThrows", .bool(true))) }
        if restore.crashesDuringDecode { members.append(JSONMember("crashesDuringDecode", .bool(true))) }
        return members + restore.extensions
    }

    private static func answer(_ answer: ScenarioObjectAnswer) -> JSONValue {
        switch answer {
        case .instance: return .string("instance")
        case .none: return .string("nil")
        case .other(let className, let superclasses):
            var members = [JSONMember("class", .string(className))]
            if !superclasses.isEmpty { members.append(JSONMember("superclasses", .strings(superclasses))) }
            return .object(JSONObject(members))
        }
    }

    /// A view and its subviews (views nest only as deep as the loader allows; built bottom-up too).
    private static func view(_ root: ScenarioView) -> JSONValue {
        var order: [(node: ScenarioView, parent: Int?)] = []
        var pending: [(node: ScenarioView, parent: Int?)] = [(root, nil)]
        while let next = pending.popLast() {
            let index = order.count
            order.append(next)
            for subview in next.node.subviews { pending.append((subview, index)) }
        }
        var built: [JSONValue?] = Array(repeating: nil, count: order.count)
        var childrenOf: [[Int]] = Array(repeating: [], count: order.count)
        for index in order.indices.dropFirst() { childrenOf[order[index].parent!].append(index) }
        for index in order.indices.reversed() {
            let view = order[index].node
            var members = [JSONMember("class", .string(view.className))]
            if view.kind != .plain { members.append(JSONMember("kind", .string(view.kind.rawValue))) }
            if let identifier = view.restorationIdentifier { members.append(JSONMember("restorationIdentifier", .string(identifier))) }
            if let offset = view.contentOffset { members.append(JSONMember("contentOffset", .array(offset.map(JSONValue.double)))) }
            if view.dataSourceModelAssociation { members.append(JSONMember("dataSourceModelAssociation", .bool(true))) }
            if !view.selectedModelIds.isEmpty { members.append(JSONMember("selectedModelIds", .strings(view.selectedModelIds))) }
            if let first = view.firstVisibleModelId { members.append(JSONMember("firstVisibleModelId", .string(first))) }
            if !view.state.isEmpty { members.append(JSONMember("state", .object(view.state))) }
            if let source = view.source { members.append(JSONMember("source", source.jsonValue)) }
            members += view.extensions
            let subviews = childrenOf[index].reversed().map { built[$0]! }
            if !subviews.isEmpty { members.append(JSONMember("subviews", .array(subviews))) }
            built[index] = .object(JSONObject(members))
            for child in childrenOf[index] { built[child] = nil }
        }
        return built[0]!
    }
}

/// JSON for people: two-space indentation; an object or array whose compact form fits in
/// ``lineWidth`` (and that holds no object or array of objects) stays on one line.
public enum JSONPrettyPrinter {
    public static let lineWidth = 100

    public static func text(_ value: JSONValue) -> String {
        var out = ""
        // An explicit stack of what is left to write: values at an indentation, and literal text.
        enum Work {
            case value(JSONValue, indent: Int, width: Int)
            case text(String)
        }
        var work: [Work] = [.value(value, indent: 0, width: lineWidth)]
        while let next = work.popLast() {
            switch next {
            case .text(let text):
                out += text
            case .value(let value, let indent, let width):
                guard isContainer(value) else {
                    out += value.jsonText
                    continue
                }
                if !holdsObjects(value) {
                    let spaced = spacedCompact(value)
                    if spaced.count <= width {
                        out += spaced
                        continue
                    }
                }
                let pad = String(repeating: " ", count: indent + 2)
                var items: [Work] = []
                switch value {
                case .array(let elements):
                    items.append(.text("[\n"))
                    for (index, element) in elements.enumerated() {
                        items.append(.text(pad))
                        items.append(.value(element, indent: indent + 2, width: lineWidth - indent - 2))
                        items.append(.text(index < elements.count - 1 ? ",\n" : "\n"))
                    }
                    items.append(.text(String(repeating: " ", count: indent) + "]"))
                case .object(let object):
                    items.append(.text("{\n"))
                    for (index, member) in object.members.enumerated() {
                        let key = JSONValue.string(member.key).jsonText + ": "
                        items.append(.text(pad + key))
                        items.append(.value(member.value, indent: indent + 2, width: lineWidth - indent - 2 - key.count))
                        items.append(.text(index < object.members.count - 1 ? ",\n" : "\n"))
                    }
                    items.append(.text(String(repeating: " ", count: indent) + "}"))
                default:
                    break
                }
                work.append(contentsOf: items.reversed())
            }
        }
        return out
    }

    private static func isContainer(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: return true
        default: return false
        }
    }

    /// Whether an array holds objects, or an object holds an array of objects: written across lines.
    private static func holdsObjects(_ value: JSONValue) -> Bool {
        func isArrayOfObjects(_ value: JSONValue) -> Bool {
            guard case .array(let items) = value else { return false }
            return items.contains { if case .object = $0 { return true } else { return false } }
        }
        switch value {
        case .array: return isArrayOfObjects(value)
        case .object(let object): return object.members.contains { isArrayOfObjects($0.value) }
        default: return false
        }
    }

    /// The one-line form with a space after each `,` and `:` and inside braces: `{ "a": 1, "b": [1, 2] }`.
    private static func spacedCompact(_ value: JSONValue) -> String {
        switch value {
        case .array(let items): return "[" + items.map(spacedCompact).joined(separator: ", ") + "]"
        case .object(let object):
            if object.members.isEmpty { return "{}" }
            return "{ " + object.members.map { JSONValue.string($0.key).jsonText + ": " + spacedCompact($0.value) }
                .joined(separator: ", ") + " }"
        default: return value.jsonText
        }
    }
}
