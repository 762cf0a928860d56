// Application: the engine's UIApplication — windows, delegate, registered objects, and the
// restoration classes and storyboards a relaunched app can resolve by name.

/// A window: preservation starts at its root view controller (rule 6).
public final class Window {
    public var rootViewController: ViewController?
    public init(rootViewController: ViewController? = nil) { self.rootViewController = rootViewController }
}

/// The model of `UIApplication` for state restoration.
public final class Application {
    public var delegate: (any ApplicationDelegate)?
    public var windows: [Window]
    /// `CFBundleVersion`, archived under ``StateCoderKey/bundleVersion``.
    public var bundleVersion: String
    /// `phone`, `pad`, ...: archived under ``StateCoderKey/userInterfaceIdiom``.
    public var userInterfaceIdiom: String
    public var systemVersion: String

    /// Objects registered for restoration, in registration order.
    public private(set) var registeredObjects: [(restorationIdentifier: String, object: any RestorableObject)] = []
    private var registeredIndex: [ObjectIdentifier: String] = [:]
    public private(set) var restorationClasses: [String: RestorationClass] = [:]
    public private(set) var storyboards: [String: any Storyboard] = [:]
    /// Deferred restoration, registration paths, developer mode (ApplicationLifecycle.swift).
    let lifecycle = ApplicationLifecycle()

    public init(
        delegate: (any ApplicationDelegate)? = nil, windows: [Window] = [], bundleVersion: String = "1.0",
        userInterfaceIdiom: String = "phone", systemVersion: String = "12.0"
    ) {
        self.delegate = delegate
        self.windows = windows
        self.bundleVersion = bundleVersion
        self.userInterfaceIdiom = userInterfaceIdiom
        self.systemVersion = systemVersion
    }

    /// `UIApplication.registerObject(forStateRestoration:restorationIdentifier:)`: makes the
    /// object available; it is preserved only when something preserved encodes it (rule 11).
    public func registerObject(forStateRestoration object: any RestorableObject, restorationIdentifier: String) {
        // Rule 49: the path is fixed now, from `restorationParent`; the same identifier below
        // another parent is another registration.
        let path = parentPath(of: object.restorationParent)?.appending(restorationIdentifier) ?? RestorationPath([restorationIdentifier])
        if let position = registeredObjects.firstIndex(where: {
            $0.restorationIdentifier == restorationIdentifier && registrationPath(of: $0.object) == path
        }) {
            registeredIndex[ObjectIdentifier(registeredObjects[position].object)] = nil
            lifecycle.registrationPaths[ObjectIdentifier(registeredObjects[position].object)] = nil
            registeredObjects[position] = (restorationIdentifier, object)
        } else {
            registeredObjects.append((restorationIdentifier, object))
        }
        registeredIndex[ObjectIdentifier(object)] = restorationIdentifier
        if path.depth > 1 { lifecycle.registrationPaths[ObjectIdentifier(object)] = path }
    }

    /// The registration identifier of `object`, if it is registered.
    public func registrationIdentifier(of object: any RestorableObject) -> String? {
        // Asked for every object preserved; most apps register none, and then nothing is hashed.
        registeredIndex.isEmpty ? nil : registeredIndex[ObjectIdentifier(object)]
    }

    /// The object registered under `identifier`.
    public func registeredObject(withIdentifier identifier: String) -> (any RestorableObject)? {
        registeredObjects.first(where: { $0.restorationIdentifier == identifier })?.object
    }

    /// Makes a restoration class resolvable by its archived name at relaunch.
    public func register(restorationClass: RestorationClass) {
        restorationClasses[restorationClass.name] = restorationClass
    }

    /// Makes a storyboard resolvable by name at relaunch.
    public func register(storyboard: any Storyboard) { storyboards[storyboard.name] = storyboard }
}
