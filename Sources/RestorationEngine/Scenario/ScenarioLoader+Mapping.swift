// The mapping from a parsed JSON document to a `Scenario`: one function per object of
// spec/SCENARIO_FORMAT.md, each walking its members once, rejecting unknown fields (except `x-…`)
// and naming the JSON path of anything wrong. Cross-field rules are checked after each walk.

import TraceFormat

extension ScenarioLoader {
    /// Field names of each object, for unknown-field messages ("did you mean ...").
    enum Fields {
        static let document = ["format", "name", "app", "windows", "registeredObjects", "relaunch"]
        static let app = ["bundleVersion", "shouldSave", "state", "encodes"]
        static let window = ["root"]
        static let viewController = [
            "class", "superclasses", "kind", "restorationIdentifier", "restorationClass", "storyboardIdentifier",
            "state", "encodes", "children", "presented", "selectedIndex", "encodesChildren", "views", "restore", "cost",
        ]
        static let view = [
            "class", "kind", "restorationIdentifier", "contentOffset", "dataSourceModelAssociation",
            "selectedModelIds", "firstVisibleModelId", "state", "subviews",
        ]
        static let restore = ["createdAtLaunch", "restorationClassReturns", "appDelegateReturns", "decodeThrows",
                              "crashesDuringDecode"]
        static let answer = ["class", "superclasses"]
        static let cost = ["encodeMicros", "decodeMicros"]
        static let registeredObject = ["restorationIdentifier", "class", "state"]
        static let relaunch = ["bundleVersion", "shouldRestore", "forceQuit", "launchCrashes", "archive",
                               "deletedModelIds"]
    }
}

/// Walks one parsed document. A struct per load: it carries the file name and the limits.
struct ScenarioDocumentMapper {
    let reader: ScenarioJSONReader
    let limits: ScenarioLoader.Limits
    /// The scenario's name when the document has no `name` (the file name without its extension).
    let defaultName: String

    private typealias Fields = ScenarioLoader.Fields

    func scenario(from document: JSONValue) throws(ScenarioError) -> Scenario {
        let top = try reader.object(document, expected: "a scenario object ({\"format\": ..., \"windows\": [...]})", at: "")
        var format: String?
        var name: String?
        var app = ScenarioApp()
        var windowValues: [JSONValue]?
        var registered: [ScenarioRegisteredObject] = []
        var relaunch = ScenarioRelaunch()
        var extensions: [JSONMember] = []

        // `format` first, whatever its position: a future format's fields must not be reported as unknown.
        if let formatValue = top["format"] {
            let found = try reader.string(formatValue, at: "format")
            guard found == currentScenarioFormat else {
                throw reader.error("format", .unsupportedFormat(found: found, supported: currentScenarioFormat))
            }
            format = found
        }
        for member in top.members {
            let value = member.value
            switch member.key {
            case "format": break
            case "name": name = try reader.string(value, at: "name")
            case "app": app = try self.app(from: value)
            case "windows": windowValues = try reader.array(value, expected: "an array of windows", at: "windows")
            case "registeredObjects": registered = try registeredObjects(from: value)
            case "relaunch": relaunch = try self.relaunch(from: value)
            default:
                guard ScenarioJSONReader.isExtension(member.key) else {
                    throw reader.unknownField(member.key, in: "", known: Fields.document)
                }
                extensions.append(member)
            }
        }
        guard let format else {
            throw reader.error("format", .missingField(hint: "add \"format\": \"\(currentScenarioFormat)\""))
        }
        guard let windowValues else {
            throw reader.error("windows", .missingField(hint: "add \"windows\": [{\"root\": {...}}] with the app's root view controller"))
        }
        guard !windowValues.isEmpty else {
            throw reader.error("windows", .inconsistent(reason: "a scenario needs at least one window"))
        }
        var windows: [ScenarioWindow] = []
        windows.reserveCapacity(windowValues.count)
        for (index, value) in windowValues.enumerated() {
            windows.append(try window(from: value, at: ScenarioJSONReader.path("windows", index)))
        }
        let scenario = Scenario(format: format, name: name ?? defaultName, app: app, windows: windows,
                                registeredObjects: registered, relaunch: relaunch, extensions: extensions)
        try checkReferences(scenario)
        return scenario
    }

    // MARK: app, relaunch, registeredObjects

    private func app(from value: JSONValue) throws(ScenarioError) -> ScenarioApp {
        let object = try reader.object(value, at: "app")
        var app = ScenarioApp()
        for member in object.members {
            let path = { ScenarioJSONReader.path("app", member.key) }
            switch member.key {
            case "bundleVersion": app.bundleVersion = try reader.string(member.value, at: path())
            case "shouldSave": app.shouldSave = try reader.bool(member.value, at: path())
            case "state": app.state = try reader.object(member.value, at: path())
            case "encodes": app.encodes = try reader.strings(member.value, at: path())
            default:
                guard ScenarioJSONReader.isExtension(member.key) else {
                    throw reader.unknownField(member.key, in: "app", known: Fields.app)
                }
                app.extensions.append(member)
            }
        }
        return app
    }

    private func relaunch(from value: JSONValue) throws(ScenarioError) -> ScenarioRelaunch {
        let object = try reader.object(value, at: "relaunch")
        var relaunch = ScenarioRelaunch()
        for member in object.members {
            let path = { ScenarioJSONReader.path("relaunch", member.key) }
            switch member.key {
            case "bundleVersion": relaunch.bundleVersion = try reader.optionalString(member.value, at: path())
            case "shouldRestore":
                switch member.value {
                case .bool(let flag): relaunch.shouldRestore = flag ? .always : .never
                case .string("sameVersion"): relaunch.shouldRestore = .sameVersion
                case .string(let other):
                    throw reader.error(path(), .invalidValue(found: other, expected: "true, false or \"sameVersion\""))
                default:
                    throw reader.wrongType(member.value, expected: "true, false or \"sameVersion\"", at: path())
                }
            case "forceQuit": relaunch.forceQuit = try reader.bool(member.value, at: path())
            case "launchCrashes":
                relaunch.launchCrashes = try reader.integer(member.value, in: 0...limits.maxLaunchCrashes, at: path())
            case "archive":
                let text = try reader.choice(member.value, allowed: ScenarioArchiveCondition.allCases.map(\.rawValue), at: path())
                relaunch.archive = ScenarioArchiveCondition(rawValue: text) ?? .intact
            case "deletedModelIds": relaunch.deletedModelIds = try reader.strings(member.value, at: path())
            default:
                guard ScenarioJSONReader.isExtension(member.key) else {
                    throw reader.unknownField(member.key, in: "relaunch", known: Fields.relaunch)
                }
                relaunch.extensions.append(member)
            }
        }
        return relaunch
    }

    private func registeredObjects(from value: JSONValue) throws(ScenarioError) -> [ScenarioRegisteredObject] {
        let items = try reader.array(value, expected: "an array of registered objects", at: "registeredObjects")
        var objects: [ScenarioRegisteredObject] = []
        objects.reserveCapacity(items.count)
        var firstPathOfIdentifier: [String: String] = [:]
        for (index, item) in items.enumerated() {
            let path = ScenarioJSONReader.path("registeredObjects", index)
            let object = try reader.object(item, expected: "a registered object ({\"restorationIdentifier\": ..., \"class\": ...})", at: path)
            var identifier: String?
            var className: String?
            var state = JSONObject()
            var extensions: [JSONMember] = []
            for member in object.members {
                let memberPath = { ScenarioJSONReader.path(path, member.key) }
                switch member.key {
                case "restorationIdentifier": identifier = try reader.string(member.value, at: memberPath())
                case "class": className = try reader.string(member.value, at: memberPath())
                case "state": state = try reader.object(member.value, at: memberPath())
                default:
                    guard ScenarioJSONReader.isExtension(member.key) else {
                        throw reader.unknownField(member.key, in: path, known: Fields.registeredObject)
                    }
                    extensions.append(member)
                }
            }
            let identifierPath = ScenarioJSONReader.path(path, "restorationIdentifier")
            guard let identifier else {
                throw reader.error(identifierPath, .missingField(hint: "a registered object is registered under a restoration identifier"))
            }
            guard !identifier.isEmpty else {
                throw reader.error(identifierPath, .inconsistent(reason: "a registered object needs a non-empty restoration identifier"))
            }
            if let first = firstPathOfIdentifier[identifier] {
                throw reader.error(identifierPath, .inconsistent(
                    reason: "\(ScenarioJSONReader.quoted(identifier)) is already registered by \(first); give each registered object its own identifier"))
            }
            firstPathOfIdentifier[identifier] = path
            guard let className else {
                throw reader.error(ScenarioJSONReader.path(path, "class"), .missingField(hint: "name the registered object's class"))
            }
            objects.append(ScenarioRegisteredObject(restorationIdentifier: identifier, className: className, state: state,
                                                    jsonPath: path, extensions: extensions))
        }
        return objects
    }

    // MARK: windows, view controllers, views

    private func window(from value: JSONValue, at path: String) throws(ScenarioError) -> ScenarioWindow {
        let object = try reader.object(value, expected: "a window object ({\"root\": {...}})", at: path)
        var root: ScenarioViewController?
        var extensions: [JSONMember] = []
        for member in object.members {
            switch member.key {
            case "root": root = try viewController(from: member.value, at: ScenarioJSONReader.path(path, "root"), depth: 1)
            default:
                guard ScenarioJSONReader.isExtension(member.key) else {
                    throw reader.unknownField(member.key, in: path, known: Fields.window)
                }
                extensions.append(member)
            }
        }
        guard let root else {
            throw reader.error(ScenarioJSONReader.path(path, "root"), .missingField(hint: "a window needs its root view controller"))
        }
        return ScenarioWindow(root: root, extensions: extensions)
    }

    private func viewController(from value: JSONValue, at path: String, depth: Int) throws(ScenarioError) -> ScenarioViewController {
        guard depth <= limits.maxHierarchyDepth else { throw reader.error(path, .hierarchyTooDeep(limit: limits.maxHierarchyDepth)) }
        let object = try reader.object(value, expected: "a view controller object ({\"class\": ...})", at: path)
        var controller = ScenarioViewController(className: "", jsonPath: path)
        var className: String?
        var sawSelectedIndex = false
        var sawEncodesChildren = false
        for member in object.members {
            let memberPath = { ScenarioJSONReader.path(path, member.key) }
            let value = member.value
            switch member.key {
            case "class": className = try reader.string(value, at: memberPath())
            case "superclasses": controller.superclasses = try reader.strings(value, at: memberPath())
            case "kind":
                let text = try reader.choice(value, allowed: ViewControllerKind.allCases.map(\.rawValue), at: memberPath())
                controller.kind = ViewControllerKind(rawValue: text) ?? .plain
            case "restorationIdentifier": controller.restorationIdentifier = try reader.optionalString(value, at: memberPath())
            case "restorationClass": controller.restorationClass = try reader.optionalString(value, at: memberPath())
            case "storyboardIdentifier": controller.storyboardIdentifier = try reader.optionalString(value, at: memberPath())
            case "state": controller.state = try reader.object(value, at: memberPath())
            case "encodes": controller.encodes = try reader.strings(value, at: memberPath())
            case "children":
                let childrenPath = memberPath()
                let items = try reader.array(value, expected: "an array of view controllers", at: childrenPath)
                controller.children.reserveCapacity(items.count)
                for (index, item) in items.enumerated() {
                    controller.children.append(
                        try viewController(from: item, at: ScenarioJSONReader.path(childrenPath, index), depth: depth + 1))
                }
            case "presented":
                if case .null = value { break }
                controller.presented = try viewController(from: value, at: memberPath(), depth: depth + 1)
            case "selectedIndex":
                sawSelectedIndex = true
                controller.selectedIndex = try reader.integer(value, in: 0...Int(Int32.max), at: memberPath())
            case "encodesChildren":
                sawEncodesChildren = true
                controller.encodesChildren = try reader.bool(value, at: memberPath())
            case "views":
                let viewsPath = memberPath()
                let items = try reader.array(value, expected: "an array of views", at: viewsPath)
                controller.views.reserveCapacity(items.count)
                for (index, item) in items.enumerated() {
                    controller.views.append(try view(from: item, at: ScenarioJSONReader.path(viewsPath, index), depth: depth + 1))
                }
            case "restore": controller.restore = try restoreBehavior(from: value, at: memberPath())
            case "cost": controller.cost = try cost(from: value, at: memberPath())
            default:
                guard ScenarioJSONReader.isExtension(member.key) else {
                    throw reader.unknownField(member.key, in: path, known: Fields.viewController)
                }
                controller.extensions.append(member)
            }
        }
        guard let className else {
            throw reader.error(ScenarioJSONReader.path(path, "class"),
                               .missingField(hint: "every view controller needs its class name, e.g. \"class\": \"UINavigationController\""))
        }
        controller.className = className
        try checkViewController(controller, at: path, sawSelectedIndex: sawSelectedIndex, sawEncodesChildren: sawEncodesChildren)
        return controller
    }

    /// Rules between the fields of one view controller.
    private func checkViewController(_ controller: ScenarioViewController, at path: String,
                                     sawSelectedIndex: Bool, sawEncodesChildren: Bool) throws(ScenarioError) {
        if sawSelectedIndex {
            let selectedPath = ScenarioJSONReader.path(path, "selectedIndex")
            guard controller.kind == .tabBar else {
                throw reader.error(selectedPath, .inconsistent(reason: "selectedIndex applies only to \"kind\": \"tabBar\"; remove it or set the kind"))
            }
            if let index = controller.selectedIndex, index >= controller.children.count {
                let range = controller.children.isEmpty ? "it has no children" : "it has \(controller.children.count) children, so use 0 to \(controller.children.count - 1)"
                throw reader.error(selectedPath, .invalidNumber(reason: "\(index) is not the index of a tab: \(range)"))
            }
        }
        if sawEncodesChildren, controller.kind != .custom {
            throw reader.error(ScenarioJSONReader.path(path, "encodesChildren"), .inconsistent(
                reason: "encodesChildren applies only to \"kind\": \"custom\" (built-in containers always encode their children)"))
        }
        if controller.restorationClass == nil, controller.restore.restorationClassReturns != .instance {
            throw reader.error(ScenarioJSONReader.path(ScenarioJSONReader.path(path, "restore"), "restorationClassReturns"), .inconsistent(
                reason: "this view controller has no restorationClass to return anything; add \"restorationClass\" or remove this field"))
        }
    }

    private func view(from value: JSONValue, at path: String, depth: Int) throws(ScenarioError) -> ScenarioView {
        guard depth <= limits.maxHierarchyDepth else { throw reader.error(path, .hierarchyTooDeep(limit: limits.maxHierarchyDepth)) }
        let object = try reader.object(value, expected: "a view object ({\"class\": ...})", at: path)
        var view = ScenarioView(className: "", jsonPath: path)
        var className: String?
        var tableOnlyField: String?
        var scrollOnlyField: String?
        for member in object.members {
            let memberPath = { ScenarioJSONReader.path(path, member.key) }
            let value = member.value
            switch member.key {
            case "class": className = try reader.string(value, at: memberPath())
            case "kind":
                let text = try reader.choice(value, allowed: ViewKind.allCases.map(\.rawValue), at: memberPath())
                view.kind = ViewKind(rawValue: text) ?? .plain
            case "restorationIdentifier": view.restorationIdentifier = try reader.optionalString(value, at: memberPath())
            case "contentOffset":
                scrollOnlyField = member.key
                view.contentOffset = try point(value, at: memberPath())
            case "dataSourceModelAssociation":
                tableOnlyField = member.key
                view.dataSourceModelAssociation = try reader.bool(value, at: memberPath())
            case "selectedModelIds":
                tableOnlyField = member.key
                view.selectedModelIds = try reader.strings(value, at: memberPath())
            case "firstVisibleModelId":
                tableOnlyField = member.key
                view.firstVisibleModelId = try reader.optionalString(value, at: memberPath())
            case "state": view.state = try reader.object(value, at: memberPath())
            case "subviews":
                let subviewsPath = memberPath()
                let items = try reader.array(value, expected: "an array of views", at: subviewsPath)
                view.subviews.reserveCapacity(items.count)
                for (index, item) in items.enumerated() {
                    view.subviews.append(try self.view(from: item, at: ScenarioJSONReader.path(subviewsPath, index), depth: depth + 1))
                }
            default:
                guard ScenarioJSONReader.isExtension(member.key) else {
                    throw reader.unknownField(member.key, in: path, known: Fields.view)
                }
                view.extensions.append(member)
            }
        }
        guard let className else {
            throw reader.error(ScenarioJSONReader.path(path, "class"),
                               .missingField(hint: "every view needs its class name, e.g. \"class\": \"UITableView\""))
        }
        view.className = className
        if let field = scrollOnlyField, view.kind == .plain {
            throw reader.error(ScenarioJSONReader.path(path, field), .inconsistent(
                reason: "only scroll views keep a content offset; set \"kind\" to \"scroll\", \"table\" or \"collection\""))
        }
        if let field = tableOnlyField, view.kind != .table, view.kind != .collection {
            throw reader.error(ScenarioJSONReader.path(path, field), .inconsistent(
                reason: "only table and collection views have model identifiers; set \"kind\" to \"table\" or \"collection\""))
        }
        return view
    }

    /// `[x, y]`: two finite numbers.
    private func point(_ value: JSONValue, at path: String) throws(ScenarioError) -> [Double] {
        guard case .array(let items) = value, items.count == 2,
              let x = items[0].doubleValue, let y = items[1].doubleValue, x.isFinite, y.isFinite
        else {
            throw reader.error(path, .wrongType(expected: "an [x, y] array of two numbers", found: ScenarioDocumentMapper.describe(value)))
        }
        return [x, y]
    }

    private static func describe(_ value: JSONValue) -> String {
        if case .array(let items) = value { return "an array of \(items.count) " + (items.count == 1 ? "item" : "items") }
        return value.typeName
    }

    // MARK: restore, cost

    private func restoreBehavior(from value: JSONValue, at path: String) throws(ScenarioError) -> ScenarioRestoreBehavior {
        let object = try reader.object(value, at: path)
        var behavior = ScenarioRestoreBehavior()
        for member in object.members {
            let memberPath = { ScenarioJSONReader.path(path, member.key) }
            switch member.key {
            case "createdAtLaunch": behavior.createdAtLaunch = try reader.bool(member.value, at: memberPath())
            case "restorationClassReturns": behavior.restorationClassReturns = try answer(member.value, at: memberPath())
            case "appDelegateReturns": behavior.appDelegateReturns = try answer(member.value, at: memberPath())
            case "decodeThrows": behavior.decodeThrows = try reader.bool(member.value, at: memberPath())
            case "crashesDuringDecode": behavior.crashesDuringDecode = try reader.bool(member.value, at: memberPath())
            default:
                guard ScenarioJSONReader.isExtension(member.key) else {
                    throw reader.unknownField(member.key, in: path, known: Fields.restore)
                }
                behavior.extensions.append(member)
            }
        }
        return behavior
    }

    /// `"instance"`, `"nil"` (or JSON null), or `{ "class": ..., "superclasses": [...] }`.
    private func answer(_ value: JSONValue, at path: String) throws(ScenarioError) -> ScenarioObjectAnswer {
        switch value {
        case .null: return .none
        case .string("instance"): return .instance
        case .string("nil"): return .none
        case .string(let other):
            throw reader.error(path, .invalidValue(
                found: other, expected: "\"instance\", \"nil\" or {\"class\": \"Other\", \"superclasses\": [...]}"))
        case .object:
            let object = try reader.object(value, at: path)
            var className: String?
            var superclasses: [String] = []
            for member in object.members {
                let memberPath = { ScenarioJSONReader.path(path, member.key) }
                switch member.key {
                case "class": className = try reader.string(member.value, at: memberPath())
                case "superclasses": superclasses = try reader.strings(member.value, at: memberPath())
                default:
                    // `x-…` notes are accepted here but not kept: the answer is a plain enum.
                    guard ScenarioJSONReader.isExtension(member.key) else {
                        throw reader.unknownField(member.key, in: path, known: Fields.answer)
                    }
                }
            }
            guard let className else {
                throw reader.error(ScenarioJSONReader.path(path, "class"), .missingField(hint: "name the class of the object returned"))
            }
            return .other(className: className, superclasses: superclasses)
        default:
            throw reader.wrongType(value, expected: "\"instance\", \"nil\" or an object {\"class\": ...}", at: path)
        }
    }

    private func cost(from value: JSONValue, at path: String) throws(ScenarioError) -> ScenarioCost {
        let object = try reader.object(value, at: path)
        var cost = ScenarioCost()
        for member in object.members {
            let memberPath = { ScenarioJSONReader.path(path, member.key) }
            switch member.key {
            case "encodeMicros": cost.encodeMicros = try reader.integer(member.value, in: 0...limits.maxCostMicros, at: memberPath())
            case "decodeMicros": cost.decodeMicros = try reader.integer(member.value, in: 0...limits.maxCostMicros, at: memberPath())
            default:
                guard ScenarioJSONReader.isExtension(member.key) else {
                    throw reader.unknownField(member.key, in: path, known: Fields.cost)
                }
                cost.extensions.append(member)
            }
        }
        return cost
    }

    // MARK: references between objects

    /// Every `encodes` names a registered object. Walks with an explicit stack: no recursion.
    private func checkReferences(_ scenario: Scenario) throws(ScenarioError) {
        let known = Set(scenario.registeredObjects.map(\.restorationIdentifier))
        try checkEncodes(scenario.app.encodes, at: "app.encodes", known: known)
        var pending: [ScenarioViewController] = scenario.windows.map(\.root)
        while let controller = pending.popLast() {
            try checkEncodes(controller.encodes, at: ScenarioJSONReader.path(controller.jsonPath, "encodes"), known: known)
            pending.append(contentsOf: controller.children)
            if let presented = controller.presented { pending.append(presented) }
        }
    }

    private func checkEncodes(_ identifiers: [String], at path: String, known: Set<String>) throws(ScenarioError) {
        for (index, identifier) in identifiers.enumerated() where !known.contains(identifier) {
            let registered = known.isEmpty ? "registeredObjects is empty" : "registeredObjects has " + known.sorted().map(ScenarioJSONReader.quoted).joined(separator: ", ")
            throw reader.error(ScenarioJSONReader.path(path, index), .inconsistent(
                reason: "no registered object has the restoration identifier \(ScenarioJSONReader.quoted(identifier)) (\(registered))"))
        }
    }
}
