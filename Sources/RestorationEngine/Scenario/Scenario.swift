// The in-memory form of a `restoretrace-scenario/1` file (spec/SCENARIO_FORMAT.md): an app's
// hierarchy when it goes to the background, and how the relaunched app behaves.
// `ScenarioLoader` builds these from JSON; the engine runs them; Diagrams draws them.

import TraceFormat

/// The current scenario format identifier.
public let currentScenarioFormat = "restoretrace-scenario/1"

/// A whole scenario file.
public struct Scenario: Sendable, Hashable {
    public var format: String
    public var name: String
    public var app: ScenarioApp
    public var windows: [ScenarioWindow]
    public var registeredObjects: [ScenarioRegisteredObject]
    public var relaunch: ScenarioRelaunch
    /// `debug` (ScenarioAppLifecycle.swift).
    public var debug = ScenarioDebug()
    /// `x-…` members, kept in order.
    public var extensions: [JSONMember]
    /// `lifecycle` (format 1.1): `app` unless the scenario says `scene` (rule 19).
    public var lifecycle: ScenarioLifecycle = .app
    /// `scene` (format 1.1): sessions and events of a scene app.
    public var scene: ScenarioSceneApp?

    public init(
        format: String = currentScenarioFormat, name: String, app: ScenarioApp = ScenarioApp(),
        windows: [ScenarioWindow], registeredObjects: [ScenarioRegisteredObject] = [],
        relaunch: ScenarioRelaunch = ScenarioRelaunch(), extensions: [JSONMember] = []
    ) {
        self.format = format
        self.name = name
        self.app = app
        self.windows = windows
        self.registeredObjects = registeredObjects
        self.relaunch = relaunch
        self.extensions = extensions
    }
}

/// `app`: the app delegate before termination.
public struct ScenarioApp: Sendable, Hashable {
    public var bundleVersion: String
    /// The device's user-interface idiom (`phone`), archived in every coder.
    public var idiom: String
    /// `shouldSaveApplicationState` (true).
    public var shouldSave: Bool
    /// What `willEncodeRestorableState` writes.
    public var state: JSONObject
    /// Registered objects the app delegate references in `willEncode`.
    public var encodes: [String]
    /// `secureCoding`: the delegate implements the secure pair (rule 40).
    public var secureCoding = false
    /// `legacyPair`: the delegate implements the old pair (true).
    public var legacyPair = true
    /// `systemVersion`; nil: see ``effectiveSystemVersion``.
    public var systemVersion: String?
    /// `ignoreSnapshot`: where the app calls `ignoreSnapshotOnNextApplicationLaunch()`, if it does.
    public var ignoreSnapshot: ScenarioSnapshotCall?
    public var extensions: [JSONMember]

    public init(bundleVersion: String = "1.0", idiom: String = "phone", shouldSave: Bool = true,
                state: JSONObject = JSONObject(), encodes: [String] = [], extensions: [JSONMember] = []) {
        self.bundleVersion = bundleVersion
        self.idiom = idiom
        self.shouldSave = shouldSave
        self.state = state
        self.encodes = encodes
        self.extensions = extensions
    }
}

/// One window; preservation starts at its root view controller.
public struct ScenarioWindow: Sendable, Hashable {
    public var root: ScenarioViewController
    public var extensions: [JSONMember]
    public init(root: ScenarioViewController, extensions: [JSONMember] = []) {
        self.root = root
        self.extensions = extensions
    }
}

/// `kind` of a view controller.
public enum ViewControllerKind: String, Sendable, Hashable, CaseIterable {
    case plain, navigation, tabBar, split, page, custom
}

/// A view controller and everything below it.
public struct ScenarioViewController: Sendable, Hashable {
    public var className: String
    /// Ancestors, nearest first, for the "same class or subclass" check.
    public var superclasses: [String]
    public var kind: ViewControllerKind
    /// nil (absent, null) means no identifier. `""` is kept as written; the engine treats it as nil.
    public var restorationIdentifier: String?
    public var restorationClass: String?
    public var storyboardIdentifier: String?
    /// What its `encodeRestorableState(with:)` writes.
    public var state: JSONObject
    /// Restoration identifiers of registered objects it encodes a reference to.
    public var encodes: [String]
    /// Contained view controllers (for `navigation`, the stack, last on top).
    public var children: [ScenarioViewController]
    /// The view controller it presents modally, if any.
    public var presented: ScenarioViewController? {
        get { presentedStorage.first }
        set { presentedStorage = newValue.map { [$0] } ?? [] }
    }
    private var presentedStorage: [ScenarioViewController]
    /// `tabBar`: the selected tab.
    public var selectedIndex: Int?
    /// `custom`: whether it encodes its children (false).
    public var encodesChildren: Bool
    public var views: [ScenarioView]
    public var restore: ScenarioRestoreBehavior
    public var cost: ScenarioCost?
    /// `source` (**extension**): where the app defines it, e.g. its scene in a storyboard.
    public var source: ObjectSource?
    /// `secureCoding` (ScenarioAppLifecycle.swift).
    public var secureCoding = ScenarioSecureCoding()
    /// Where it was in the file (`windows[0].root.children[1]`), for messages; "" when built in code.
    public var jsonPath: String
    public var extensions: [JSONMember]

    public init(
        className: String, superclasses: [String] = [], kind: ViewControllerKind = .plain,
        restorationIdentifier: String? = nil, restorationClass: String? = nil, storyboardIdentifier: String? = nil,
        state: JSONObject = JSONObject(), encodes: [String] = [], children: [ScenarioViewController] = [],
        presented: ScenarioViewController? = nil, selectedIndex: Int? = nil, encodesChildren: Bool = false,
        views: [ScenarioView] = [], restore: ScenarioRestoreBehavior = ScenarioRestoreBehavior(),
        cost: ScenarioCost? = nil, source: ObjectSource? = nil, jsonPath: String = "", extensions: [JSONMember] = []
    ) {
        self.className = className
        self.superclasses = superclasses
        self.kind = kind
        self.restorationIdentifier = restorationIdentifier
        self.restorationClass = restorationClass
        self.storyboardIdentifier = storyboardIdentifier
        self.state = state
        self.encodes = encodes
        self.children = children
        self.presentedStorage = presented.map { [$0] } ?? []
        self.selectedIndex = selectedIndex
        self.encodesChildren = encodesChildren
        self.views = views
        self.restore = restore
        self.cost = cost
        self.source = source
        self.jsonPath = jsonPath
        self.extensions = extensions
    }
}

/// `kind` of a view.
public enum ViewKind: String, Sendable, Hashable, CaseIterable {
    case plain, scroll, table, collection
}

/// A restorable view.
public struct ScenarioView: Sendable, Hashable {
    public var className: String
    public var kind: ViewKind
    public var restorationIdentifier: String?
    /// `[x, y]`.
    public var contentOffset: [Double]?
    public var dataSourceModelAssociation: Bool
    public var selectedModelIds: [String]
    public var firstVisibleModelId: String?
    public var state: JSONObject
    public var subviews: [ScenarioView]
    /// `source` (**extension**): where the app defines it, e.g. in a storyboard.
    public var source: ObjectSource?
    public var jsonPath: String
    public var extensions: [JSONMember]

    public init(
        className: String, kind: ViewKind = .plain, restorationIdentifier: String? = nil,
        contentOffset: [Double]? = nil, dataSourceModelAssociation: Bool = false, selectedModelIds: [String] = [],
        firstVisibleModelId: String? = nil, state: JSONObject = JSONObject(), subviews: [ScenarioView] = [],
        source: ObjectSource? = nil, jsonPath: String = "", extensions: [JSONMember] = []
    ) {
        self.className = className
        self.kind = kind
        self.restorationIdentifier = restorationIdentifier
        self.contentOffset = contentOffset
        self.dataSourceModelAssociation = dataSourceModelAssociation
        self.selectedModelIds = selectedModelIds
        self.firstVisibleModelId = firstVisibleModelId
        self.state = state
        self.subviews = subviews
        self.source = source
        self.jsonPath = jsonPath
        self.extensions = extensions
    }
}

/// What an app's restoration class or app delegate hands back for an object at relaunch.
public enum ScenarioObjectAnswer: Sendable, Hashable {
    /// `"instance"`: an object of the archived class.
    case instance
    /// `"nil"`.
    case none
    /// `{ "class": ..., "superclasses": [...] }`: an object of another class.
    case other(className: String, superclasses: [String])
}

/// `restore`: how the relaunched app behaves for one object.
public struct ScenarioRestoreBehavior: Sendable, Hashable {
    /// nil: the default rule of SCENARIO_FORMAT.md (root, tab/split/page children and a navigation
    /// controller's first child exist at launch; pushed, presented and custom children do not).
    public var createdAtLaunch: Bool?
    public var restorationClassReturns: ScenarioObjectAnswer
    public var appDelegateReturns: ScenarioObjectAnswer
    public var decodeThrows: Bool
    public var crashesDuringDecode: Bool
    /// `x-…` members, kept in order.
    public var extensions: [JSONMember]

    public init(createdAtLaunch: Bool? = nil, restorationClassReturns: ScenarioObjectAnswer = .instance,
                appDelegateReturns: ScenarioObjectAnswer = .none, decodeThrows: Bool = false,
                crashesDuringDecode: Bool = false, extensions: [JSONMember] = []) {
        self.createdAtLaunch = createdAtLaunch
        self.restorationClassReturns = restorationClassReturns
        self.appDelegateReturns = appDelegateReturns
        self.decodeThrows = decodeThrows
        self.crashesDuringDecode = crashesDuringDecode
        self.extensions = extensions
    }
}

/// `cost`: extra work the engine really spends, to model slow objects.
public struct ScenarioCost: Sendable, Hashable {
    public var encodeMicros: Int
    public var decodeMicros: Int
    /// `x-…` members, kept in order.
    public var extensions: [JSONMember]
    public init(encodeMicros: Int = 0, decodeMicros: Int = 0, extensions: [JSONMember] = []) {
        self.encodeMicros = encodeMicros
        self.decodeMicros = decodeMicros
        self.extensions = extensions
    }
}

/// A registered object (`registerObject(forStateRestoration:restorationIdentifier:)`).
public struct ScenarioRegisteredObject: Sendable, Hashable {
    public var restorationIdentifier: String
    public var className: String
    public var state: JSONObject
    /// `restorationParent`: the restoration path of its parent (a view controller or registered object), rule 49.
    public var restorationParent: [String]?
    /// `objectRestorationClass` (rule 50).
    public var objectRestorationClass: String?
    /// `objectRestorationClassReturns`: `.instance` or `.none` at relaunch.
    public var objectRestorationClassReturns: ScenarioObjectAnswer = .instance
    /// `registeredAtLaunch`: the relaunched app registers it again before restoration (true).
    public var registeredAtLaunch = true
    /// `secureCoding` (ScenarioAppLifecycle.swift).
    public var secureCoding = ScenarioSecureCoding()
    public var jsonPath: String
    /// `x-…` members, kept in order.
    public var extensions: [JSONMember]
    public init(restorationIdentifier: String, className: String, state: JSONObject = JSONObject(), jsonPath: String = "",
                extensions: [JSONMember] = []) {
        self.restorationIdentifier = restorationIdentifier
        self.className = className
        self.state = state
        self.jsonPath = jsonPath
        self.extensions = extensions
    }
}

/// `relaunch.shouldRestore`.
public enum ScenarioShouldRestore: String, Sendable, Hashable {
    case always = "true"
    case never = "false"
    /// Restore only an archive written by the same bundle version.
    case sameVersion
    /// Restore only an archive written on the same idiom (an iPad archive on an iPhone: no).
    case sameIdiom
    /// Both checks.
    case sameVersionAndIdiom
}

/// `relaunch.archive`: what happened to the archive file between the two processes.
public enum ScenarioArchiveCondition: String, Sendable, Hashable, CaseIterable {
    case intact, corrupt, truncated, missing
}

/// `relaunch`: the app and the device at the next launch.
public struct ScenarioRelaunch: Sendable, Hashable {
    /// nil: the same as `app.bundleVersion`.
    public var bundleVersion: String?
    /// nil: the same as `app.idiom` (the archive moved to another kind of device, e.g. by a backup restore).
    public var idiom: String?
    public var shouldRestore: ScenarioShouldRestore
    public var forceQuit: Bool
    public var launchCrashes: Int
    public var archive: ScenarioArchiveCondition
    public var deletedModelIds: [String]
    /// `deferredRestoration` (rules 44, 45): leading `extend`s run in didDecode, the rest after didFinishLaunching.
    public var deferredRestoration: [ScenarioDeferredCall] = []
    public var extensions: [JSONMember]

    public init(bundleVersion: String? = nil, idiom: String? = nil, shouldRestore: ScenarioShouldRestore = .always,
                forceQuit: Bool = false, launchCrashes: Int = 0, archive: ScenarioArchiveCondition = .intact,
                deletedModelIds: [String] = [], extensions: [JSONMember] = []) {
        self.bundleVersion = bundleVersion
        self.idiom = idiom
        self.shouldRestore = shouldRestore
        self.forceQuit = forceQuit
        self.launchCrashes = launchCrashes
        self.archive = archive
        self.deletedModelIds = deletedModelIds
        self.extensions = extensions
    }
}
