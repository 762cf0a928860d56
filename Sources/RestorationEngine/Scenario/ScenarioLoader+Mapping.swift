// The mapping from a parsed JSON document to a `Scenario`: one function per object of
// spec/SCENARIO_FORMAT.md, each walking its members once, rejecting unknown fields (except `x-…`)
// and naming the JSON path of anything wrong. Rules between fields of one object are checked
// after its walk; `registeredObjects` is read first so every `encodes` is checked as it is read.

import TraceFormat

extension ScenarioLoader {
    /// Field names of each object, for unknown-field messages ("did you mean ...").
    enum Fields {
        static let document = ["format", "name", "app", "windows", "registeredObjects", "relaunch", "debug", "lifecycle", "scene"]
        static let app = ["bundleVersion", "idiom", "shouldSave", "state", "encodes",
                          "secureCoding", "legacyPair", "systemVersion", "ignoreSnapshot"]
        static let window = ["root"]
        static let viewController = [
            "class", "superclasses", "kind", "restorationIdentifier", "restorationClass", "storyboardIdentifier",
            "state", "encodes", "children", "presented", "selectedIndex", "encodesChildren", "views", "restore", "cost", "source",
            "secureCoding",
        ]
        static let view = [
            "class", "kind", "restorationIdentifier", "contentOffset", "dataSourceModelAssociation",
            "selectedModelIds", "firstVisibleModelId", "state", "subviews", "source",
        ]
        static let restore = ["createdAtLaunch", "restorationClassReturns", "appDelegateReturns", "decodeThrows",
                              "crashesDuringDecode"]
        static let answer = ["class", "superclasses"]
        static let source = ObjectSource.memberNames
        static let cost = ["encodeMicros", "decodeMicros"]
        static let registeredObject = ["restorationIdentifier", "class", "state", "restorationParent", "objectRestorationClass",
                                       "objectRestorationClassReturns", "registeredAtLaunch", "secureCoding"]
        static let relaunch = ["bundleVersion", "idiom", "shouldRestore", "forceQuit", "launchCrashes", "archive",
                               "deletedModelIds", "deferredRestoration"]
    }
}

/// Walks one parsed document. A struct per load: it carries the file name and the limits.
struct ScenarioDocumentMapper {
    let reader: ScenarioJSONReader
    let limits: ScenarioLoader.Limits
    /// The scenario's name when the document has no `name` (the file name without its extension).
    let defaultName: String
    /// The identifiers of `registeredObjects`, read before the windows so `encodes` can be checked in one walk.
    private var registeredIdentifiers: Set<String> = []

    init(reader: ScenarioJSONReader, limits: ScenarioLoader.Limits, defaultName: String) {
        self.reader = reader
        self.limits = limits
        self.defaultName = defaultName
    }

    private typealias Fields = ScenarioLoader.Fields

    /// The values of each enumerated field, built once.
    private enum Allowed {
        static let archive = ScenarioArchiveCondition.allCases.map(\.rawValue)
        static let viewControllerKind = ViewControllerKind.allCases.map(\.rawValue)
        static let viewKind = ViewKind.allCases.map(\.rawValue)
    }

    mutating func scenario(from document: JSONValue) throws(ScenarioError) -> Scenario {
        let top = try reader.object(document, expected: "a scenario object ({\"format\": ..., \"windows\": [...]})", at: "")
        var format: String?
        var name: String?
        var app = ScenarioApp()
        var windowValues: [JSONValue]?
        var registered: [ScenarioRegisteredObject] = []
        var relaunch = ScenarioRelaunch()
        var debug = ScenarioDebug()
        var extensions: [JSONMember] = []
        var lifecycle = ScenarioLifecycle.app
        var sceneValue: JSONValue?

        // `format` first, whatever its position: a future format's fields must not be reported as unknown.
        if let formatValue = top["format"] {
            let found = try reader.string(formatValue, at: "format")
            guard found == currentScenarioFormat || found == sceneScenarioFormat else {
                throw reader.error("format", .unsupportedFormat(found: found, supported: currentScenarioFormat + "\" or \"" + sceneScenarioFormat))
            }
            format = found
        }
        if let registeredValue = top["registeredObjects"] {
            registered = try registeredObjects(from: registeredValue)
            registeredIdentifiers = Set(registered.map(\.restorationIdentifier))
        }
        for member in top.members {
            let value = member.value
            switch member.key {
            case "format", "registeredObjects": break
            case "name": name = try reader.string(value, at: "name")
            case "app": app = try self.app(from: value)
            case "windows": windowValues = try reader.array(value, expected: "an array of windows", at: "windows")
            case "relaunch": relaunch = try self.relaunch(from: value)
            case "debug": debug = try self.debug(from: value)
            case "lifecycle": lifecycle = try self.lifecycle(from: value, format: format)
            case "scene": sceneValue = value
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
        let scene = try self.scene(from: sceneValue, lifecycle: lifecycle, format: format)
        guard let windowValues = windowValues ?? (lifecycle == .scene ? [] : nil) else {
            throw reader.error("windows", .missingField(hint: "add \"windows\": [{\"root\": {...}}] with the app's root view controller"))
        }
        guard !windowValues.isEmpty || lifecycle == .scene else {
            throw reader.error("windows", .inconsistent(reason: "a scenario needs at least one window"))
        }
        var windows: [ScenarioWindow] = []
        windows.reserveCapacity(windowValues.count)
        for (index, value) in windowValues.enumerated() {
            windows.append(try window(from: value, at: JSONPathText.element("windows", index)))
        }
        try checkTotalCost(windows)
        var scenario = Scenario(format: format, name: name ?? defaultName, app: app, windows: windows,
                                registeredObjects: registered, relaunch: relaunch, extensions: extensions)
        scenario.debug = debug
        scenario.lifecycle = lifecycle
        scenario.scene = scene
        return scenario
    }

    // MARK: app, relaunch, registeredObjects

    private func app(from value: JSONValue) throws(ScenarioError) -> ScenarioApp {
        let object = try reader.object(value, at: "app")
        var app = ScenarioApp()
        for member in object.members {
            switch member.key {
            case "bundleVersion": app.bundleVersion = try reader.string(member.value, at: JSONPathText.member("app", member.key))
            case "idiom": app.idiom = try idiom(member.value, at: JSONPathText.member("app", member.key))
            case "shouldSave": app.shouldSave = try reader.bool(member.value, at: JSONPathText.member("app", member.key))
            case "state": app.state = try reader.object(member.value, at: JSONPathText.member("app", member.key))
            case "encodes":
                app.encodes = try reader.strings(member.value, at: JSONPathText.member("app", member.key))
                try checkEncodes(app.encodes, at: "app.encodes")
            case "secureCoding": app.secureCoding = try reader.bool(member.value, at: JSONPathText.member("app", member.key))
            case "legacyPair": app.legacyPair = try reader.bool(member.value, at: JSONPathText.member("app", member.key))
            case "systemVersion": app.systemVersion = try systemVersion(member.value, at: JSONPathText.member("app", member.key))
            case "ignoreSnapshot":
                let text = try reader.choice(member.value, allowed: ScenarioSnapshotCall.allCases.map(\.rawValue),
                                             at: JSONPathText.member("app", member.key))
                app.ignoreSnapshot = ScenarioSnapshotCall(rawValue: text)
            default:
                guard ScenarioJSONReader.isExtension(member.key) else {
                    throw reader.unknownField(member.key, in: "app", known: Fields.app)
                }
                app.extensions.append(member)
            }
        }
        try checkAppLifecycle(app)
        return app
    }

    private func relaunch(from value: JSONValue) throws(ScenarioError) -> ScenarioRelaunch {
        let object = try reader.object(value, at: "relaunch")
        var relaunch = ScenarioRelaunch()
        for member in object.members {
            switch member.key {
            case "bundleVersion": relaunch.bundleVersion = try reader.optionalString(member.value, at: JSONPathText.member("relaunch", member.key))
            case "idiom": relaunch.idiom = try idiom(member.value, at: JSONPathText.member("relaunch", member.key))
            case "shouldRestore":
                let expected = "true, false, \"sameVersion\", \"sameIdiom\" or \"sameVersionAndIdiom\""
                switch member.value {
                case .bool(let flag): relaunch.shouldRestore = flag ? .always : .never
                case .string(let text):
                    guard let policy = ScenarioShouldRestore(rawValue: text), policy != .always, policy != .never else {
                        throw reader.error(JSONPathText.member("relaunch", member.key), .invalidValue(found: text, expected: expected))
                    }
                    relaunch.shouldRestore = policy
                default:
                    throw reader.wrongType(member.value, expected: expected, at: JSONPathText.member("relaunch", member.key))
                }
            case "forceQuit": relaunch.forceQuit = try reader.bool(member.value, at: JSONPathText.member("relaunch", member.key))
            case "launchCrashes":
                relaunch.launchCrashes = try reader.integer(member.value, in: 0...limits.maxLaunchCrashes, at: JSONPathText.member("relaunch", member.key))
            case "archive":
                let text = try reader.choice(member.value, allowed: Allowed.archive, at: JSONPathText.member("relaunch", member.key))
                relaunch.archive = ScenarioArchiveCondition(rawValue: text) ?? .intact
            case "deletedModelIds": relaunch.deletedModelIds = try reader.strings(member.value, at: JSONPathText.member("relaunch", member.key))
            case "deferredRestoration":
                relaunch.deferredRestoration = try deferredCalls(from: member.value, at: JSONPathText.member("relaunch", member.key))
            default:
                guard ScenarioJSONReader.isExtension(member.key) else {
                    throw reader.unknownField(member.key, in: "relaunch", known: Fields.relaunch)
                }
                relaunch.extensions.append(member)
            }
        }
        return relaunch
    }

    /// A user-interface idiom: a non-empty string (`phone`, `pad`, `tv`, `carPlay`, `mac`, ...).
    private func idiom(_ value: JSONValue, at path: String) throws(ScenarioError) -> String {
        let text = try reader.string(value, at: path)
        guard !text.isEmpty else {
            throw reader.error(path, .invalidValue(found: text, expected: "an idiom such as \"phone\" or \"pad\""))
        }
        return text
    }

    private func registeredObjects(from value: JSONValue) throws(ScenarioError) -> [ScenarioRegisteredObject] {
        let items = try reader.array(value, expected: "an array of registered objects", at: "registeredObjects")
        var objects: [ScenarioRegisteredObject] = []
        objects.reserveCapacity(items.count)
        var firstPathOfIdentifier: [String: String] = [:]
        for (index, item) in items.enumerated() {
            let path = JSONPathText.element("registeredObjects", index)
            let object = try reader.object(item, expected: "a registered object ({\"restorationIdentifier\": ..., \"class\": ...})", at: path)
            var identifier: String?
            var className: String?
            var state = JSONObject()
            var extensions: [JSONMember] = []
            var lifecycle = ScenarioRegisteredObject(restorationIdentifier: "", className: "")
            var secureCodingValue: JSONValue?
            for member in object.members {
                let memberPath = JSONPathText.member(path, member.key)
                switch member.key {
                case "restorationIdentifier": identifier = try reader.string(member.value, at: JSONPathText.member(path, member.key))
                case "class": className = try reader.string(member.value, at: JSONPathText.member(path, member.key))
                case "state": state = try reader.object(member.value, at: JSONPathText.member(path, member.key))
                case "restorationParent": lifecycle.restorationParent = try restorationParent(member.value, at: memberPath)
                case "objectRestorationClass":
                    let name = try reader.string(member.value, at: memberPath)
                    guard !name.isEmpty else { throw reader.error(memberPath, .inconsistent(reason: "name the class, or remove the field")) }
                    lifecycle.objectRestorationClass = name
                case "objectRestorationClassReturns": lifecycle.objectRestorationClassReturns = try objectAnswer(member.value, at: memberPath)
                case "registeredAtLaunch": lifecycle.registeredAtLaunch = try reader.bool(member.value, at: memberPath)
                case "secureCoding": secureCodingValue = member.value
                default:
                    guard ScenarioJSONReader.isExtension(member.key) else {
                        throw reader.unknownField(member.key, in: path, known: Fields.registeredObject)
                    }
                    extensions.append(member)
                }
            }
            let identifierPath = JSONPathText.member(path, "restorationIdentifier")
            guard let identifier else {
                throw reader.error(identifierPath, .missingField(hint: "a registered object is registered under a restoration identifier"))
            }
            guard !identifier.isEmpty else {
                throw reader.error(identifierPath, .inconsistent(reason: "a registered object needs a non-empty restoration identifier"))
            }
            if let first = firstPathOfIdentifier[identifier] {
                throw reader.error(identifierPath, .inconsistent(
                    reason: "\(JSONPathText.quoted(identifier)) is already registered by \(first); give each registered object its own identifier"))
            }
            firstPathOfIdentifier[identifier] = path
            guard let className else {
                throw reader.error(JSONPathText.member(path, "class"), .missingField(hint: "name the registered object's class"))
            }
            var registered = ScenarioRegisteredObject(restorationIdentifier: identifier, className: className, state: state,
                                                      jsonPath: path, extensions: extensions)
            registered.restorationParent = lifecycle.restorationParent
            registered.objectRestorationClass = lifecycle.objectRestorationClass
            registered.objectRestorationClassReturns = lifecycle.objectRestorationClassReturns
            registered.registeredAtLaunch = lifecycle.registeredAtLaunch
            if let secureCodingValue {
                registered.secureCoding = try secureCoding(from: secureCodingValue, state: state, at: JSONPathText.member(path, "secureCoding"))
            }
            objects.append(registered)
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
            case "root": root = try viewController(from: member.value, at: JSONPathText.member(path, "root"), depth: 1)
            default:
                guard ScenarioJSONReader.isExtension(member.key) else {
                    throw reader.unknownField(member.key, in: path, known: Fields.window)
                }
                extensions.append(member)
            }
        }
        guard let root else {
            throw reader.error(JSONPathText.member(path, "root"), .missingField(hint: "a window needs its root view controller"))
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
        var secureCodingValue: JSONValue?
        for member in object.members {
            let value = member.value
            switch member.key {
            case "class": className = try reader.string(value, at: JSONPathText.member(path, member.key))
            case "superclasses": controller.superclasses = try reader.strings(value, at: JSONPathText.member(path, member.key))
            case "kind":
                let text = try reader.choice(value, allowed: Allowed.viewControllerKind, at: JSONPathText.member(path, member.key))
                controller.kind = ViewControllerKind(rawValue: text) ?? .plain
            case "restorationIdentifier": controller.restorationIdentifier = try reader.optionalString(value, at: JSONPathText.member(path, member.key))
            case "restorationClass": controller.restorationClass = try reader.optionalString(value, at: JSONPathText.member(path, member.key))
            case "storyboardIdentifier": controller.storyboardIdentifier = try reader.optionalString(value, at: JSONPathText.member(path, member.key))
            case "state": controller.state = try reader.object(value, at: JSONPathText.member(path, member.key))
            case "encodes":
                controller.encodes = try reader.strings(value, at: JSONPathText.member(path, member.key))
                try checkEncodes(controller.encodes, at: JSONPathText.member(path, member.key))
            case "children":
                let childrenPath = JSONPathText.member(path, member.key)
                let items = try reader.array(value, expected: "an array of view controllers", at: childrenPath)
                controller.children.reserveCapacity(items.count)
                for (index, item) in items.enumerated() {
                    controller.children.append(
                        try viewController(from: item, at: JSONPathText.element(childrenPath, index), depth: depth + 1))
                }
            case "presented":
                if case .null = value { break }
                controller.presented = try viewController(from: value, at: JSONPathText.member(path, member.key), depth: depth + 1)
            case "selectedIndex":
                sawSelectedIndex = true
                controller.selectedIndex = try reader.integer(value, in: 0...Int(Int32.max), at: JSONPathText.member(path, member.key))
            case "encodesChildren":
                sawEncodesChildren = true
                controller.encodesChildren = try reader.bool(value, at: JSONPathText.member(path, member.key))
            case "views":
                let viewsPath = JSONPathText.member(path, member.key)
                let items = try reader.array(value, expected: "an array of views", at: viewsPath)
                controller.views.reserveCapacity(items.count)
                for (index, item) in items.enumerated() {
                    controller.views.append(try view(from: item, at: JSONPathText.element(viewsPath, index), depth: depth + 1))
                }
            case "restore": controller.restore = try restoreBehavior(from: value, at: JSONPathText.member(path, member.key))
            case "cost": controller.cost = try cost(from: value, at: JSONPathText.member(path, member.key))
            case "source": controller.source = try source(from: value, at: JSONPathText.member(path, member.key))
            case "secureCoding": secureCodingValue = value
            default:
                guard ScenarioJSONReader.isExtension(member.key) else {
                    throw reader.unknownField(member.key, in: path, known: Fields.viewController)
                }
                controller.extensions.append(member)
            }
        }
        guard let className else {
            throw reader.error(JSONPathText.member(path, "class"),
                               .missingField(hint: "every view controller needs its class name, e.g. \"class\": \"UINavigationController\""))
        }
        controller.className = className
        if let secureCodingValue {
            controller.secureCoding = try secureCoding(from: secureCodingValue, state: controller.state,
                                                       at: JSONPathText.member(path, "secureCoding"))
        }
        try checkViewController(controller, at: path, sawSelectedIndex: sawSelectedIndex, sawEncodesChildren: sawEncodesChildren)
        return controller
    }

    /// Rules between the fields of one view controller.
    private func checkViewController(_ controller: ScenarioViewController, at path: String,
                                     sawSelectedIndex: Bool, sawEncodesChildren: Bool) throws(ScenarioError) {
        if sawSelectedIndex {
            let selectedPath = JSONPathText.member(path, "selectedIndex")
            guard controller.kind == .tabBar else {
                throw reader.error(selectedPath, .inconsistent(reason: "selectedIndex applies only to \"kind\": \"tabBar\"; remove it or set the kind"))
            }
            if let index = controller.selectedIndex, index >= controller.children.count {
                let range = controller.children.isEmpty ? "it has no children" : "it has \(controller.children.count) children, so use 0 to \(controller.children.count - 1)"
                throw reader.error(selectedPath, .invalidNumber(reason: "\(index) is not the index of a tab: \(range)"))
            }
        }
        if sawEncodesChildren, controller.kind != .custom {
            throw reader.error(JSONPathText.member(path, "encodesChildren"), .inconsistent(
                reason: "encodesChildren applies only to \"kind\": \"custom\" (built-in containers always encode their children)"))
        }
        if controller.restorationClass == nil, controller.restore.restorationClassReturns != .instance {
            throw reader.error(JSONPathText.member(JSONPathText.member(path, "restore"), "restorationClassReturns"), .inconsistent(
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
            let value = member.value
            switch member.key {
            case "class": className = try reader.string(value, at: JSONPathText.member(path, member.key))
            case "kind":
                let text = try reader.choice(value, allowed: Allowed.viewKind, at: JSONPathText.member(path, member.key))
                view.kind = ViewKind(rawValue: text) ?? .plain
            case "restorationIdentifier": view.restorationIdentifier = try reader.optionalString(value, at: JSONPathText.member(path, member.key))
            case "contentOffset":
                scrollOnlyField = member.key
                view.contentOffset = try point(value, at: JSONPathText.member(path, member.key))
            case "dataSourceModelAssociation":
                tableOnlyField = member.key
                view.dataSourceModelAssociation = try reader.bool(value, at: JSONPathText.member(path, member.key))
            case "selectedModelIds":
                tableOnlyField = member.key
                view.selectedModelIds = try reader.strings(value, at: JSONPathText.member(path, member.key))
            case "firstVisibleModelId":
                tableOnlyField = member.key
                view.firstVisibleModelId = try reader.optionalString(value, at: JSONPathText.member(path, member.key))
            case "state": view.state = try reader.object(value, at: JSONPathText.member(path, member.key))
            case "source": view.source = try source(from: value, at: JSONPathText.member(path, member.key))
            case "subviews":
                let subviewsPath = JSONPathText.member(path, member.key)
                let items = try reader.array(value, expected: "an array of views", at: subviewsPath)
                view.subviews.reserveCapacity(items.count)
                for (index, item) in items.enumerated() {
                    view.subviews.append(try self.view(from: item, at: JSONPathText.element(subviewsPath, index), depth: depth + 1))
                }
            default:
                guard ScenarioJSONReader.isExtension(member.key) else {
                    throw reader.unknownField(member.key, in: path, known: Fields.view)
                }
                view.extensions.append(member)
            }
        }
        guard let className else {
            throw reader.error(JSONPathText.member(path, "class"),
                               .missingField(hint: "every view needs its class name, e.g. \"class\": \"UITableView\""))
        }
        view.className = className
        if let field = scrollOnlyField, view.kind == .plain {
            throw reader.error(JSONPathText.member(path, field), .inconsistent(
                reason: "only scroll views keep a content offset; set \"kind\" to \"scroll\", \"table\" or \"collection\""))
        }
        if let field = tableOnlyField, view.kind != .table, view.kind != .collection {
            throw reader.error(JSONPathText.member(path, field), .inconsistent(
                reason: "only table and collection views have model identifiers; set \"kind\" to \"table\" or \"collection\""))
        }
        return view
    }

    /// `[x, y]`: two finite numbers.
    private func point(_ value: JSONValue, at path: String) throws(ScenarioError) -> [Double] {
        guard case .array(let items) = value, items.count == 2,
              let x = items[0].doubleValue, let y = items[1].doubleValue
        else {
            throw reader.error(path, .wrongType(expected: "an [x, y] array of two numbers", found: ScenarioDocumentMapper.describe(value)))
        }
        // The parser reads a number beyond a double's range (1e400) as infinite.
        for (index, coordinate) in [x, y].enumerated() where !coordinate.isFinite {
            throw reader.error("\(path)[\(index)]", .invalidNumber(
                reason: "the number is out of range: a coordinate must be finite, at most ±1.7976931348623157e308"))
        }
        return [x, y]
    }

    private static func describe(_ value: JSONValue) -> String {
        if case .array(let items) = value { return "an array of \(items.count) " + (items.count == 1 ? "item" : "items") }
        return value.typeName
    }

    // MARK: restore, cost, source

    /// `source` (extension): `{ "file": ..., "line": ..., "column": ..., "objectId": ... }`, or null.
    private func source(from value: JSONValue, at path: String) throws(ScenarioError) -> ObjectSource? {
        if case .null = value { return nil }
        let object = try reader.object(value, expected: "a source object ({\"file\": ..., \"line\": ...})", at: path)
        var file: String?
        var location = ObjectSource(file: "")
        for member in object.members {
            let memberPath = JSONPathText.member(path, member.key)
            switch member.key {
            case "file": file = try reader.string(member.value, at: memberPath)
            case "line": location.line = try reader.integer(member.value, in: 1...Int(Int32.max), at: memberPath)
            case "column": location.column = try reader.integer(member.value, in: 1...Int(Int32.max), at: memberPath)
            case "objectId": location.objectID = try reader.string(member.value, at: memberPath)
            default:
                // `x-…` notes are accepted here but not kept: a location is a plain value.
                guard ScenarioJSONReader.isExtension(member.key) else {
                    throw reader.unknownField(member.key, in: path, known: Fields.source)
                }
            }
        }
        guard let file, !file.isEmpty else {
            throw reader.error(JSONPathText.member(path, "file"), .missingField(hint: "a source names its file, e.g. \"file\": \"Main.storyboard\""))
        }
        location.file = file
        return location
    }

    private func restoreBehavior(from value: JSONValue, at path: String) throws(ScenarioError) -> ScenarioRestoreBehavior {
        let object = try reader.object(value, at: path)
        var behavior = ScenarioRestoreBehavior()
        for member in object.members {
            switch member.key {
            case "createdAtLaunch": behavior.createdAtLaunch = try reader.bool(member.value, at: JSONPathText.member(path, member.key))
            case "restorationClassReturns": behavior.restorationClassReturns = try answer(member.value, at: JSONPathText.member(path, member.key))
            case "appDelegateReturns": behavior.appDelegateReturns = try answer(member.value, at: JSONPathText.member(path, member.key))
            case "decodeThrows": behavior.decodeThrows = try reader.bool(member.value, at: JSONPathText.member(path, member.key))
            case "crashesDuringDecode": behavior.crashesDuringDecode = try reader.bool(member.value, at: JSONPathText.member(path, member.key))
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
                switch member.key {
                case "class": className = try reader.string(member.value, at: JSONPathText.member(path, member.key))
                case "superclasses": superclasses = try reader.strings(member.value, at: JSONPathText.member(path, member.key))
                default:
                    // `x-…` notes are accepted here but not kept: the answer is a plain enum.
                    guard ScenarioJSONReader.isExtension(member.key) else {
                        throw reader.unknownField(member.key, in: path, known: Fields.answer)
                    }
                }
            }
            guard let className else {
                throw reader.error(JSONPathText.member(path, "class"), .missingField(hint: "name the class of the object returned"))
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
            switch member.key {
            case "encodeMicros": cost.encodeMicros = try reader.integer(member.value, in: 0...limits.maxCostMicros, at: JSONPathText.member(path, member.key))
            case "decodeMicros": cost.decodeMicros = try reader.integer(member.value, in: 0...limits.maxCostMicros, at: JSONPathText.member(path, member.key))
            default:
                guard ScenarioJSONReader.isExtension(member.key) else {
                    throw reader.unknownField(member.key, in: path, known: Fields.cost)
                }
                cost.extensions.append(member)
            }
        }
        return cost
    }

    /// The engine really spends every `cost`: their sum is capped. Walks with an explicit stack.
    private func checkTotalCost(_ windows: [ScenarioWindow]) throws(ScenarioError) {
        var total = 0
        var pending = windows.map(\.root)
        while let controller = pending.popLast() {
            if let cost = controller.cost {
                total += cost.encodeMicros + cost.decodeMicros
                guard total <= limits.maxTotalCostMicros else {
                    throw reader.error(JSONPathText.member(controller.jsonPath, "cost"), .invalidNumber(
                        reason: "the scenario's costs add up to more than \(limits.maxTotalCostMicros / 1_000_000) s "
                            + "(restoretrace really spends them); lower them"))
                }
            }
            pending.append(contentsOf: controller.children)
            if let presented = controller.presented { pending.append(presented) }
        }
    }

    // MARK: References between objects

    /// Every `encodes` names a registered object.
    private func checkEncodes(_ identifiers: [String], at path: String) throws(ScenarioError) {
        let known = registeredIdentifiers
        for (index, identifier) in identifiers.enumerated() where !known.contains(identifier) {
            let registered = known.isEmpty ? "registeredObjects is empty" : "registeredObjects has " + known.sorted().map(JSONPathText.quoted).joined(separator: ", ")
            throw reader.error(JSONPathText.element(path, index), .inconsistent(
                reason: "no registered object has the restoration identifier \(JSONPathText.quoted(identifier)) (\(registered))"))
        }
    }
}
