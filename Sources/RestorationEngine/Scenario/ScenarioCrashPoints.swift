// Where a scenario asks the relaunched process to crash: the view controllers whose
// `restore.crashesDuringDecode` is true, with the restoration path the engine gives them.

extension Scenario {
    /// A view controller whose decode crashes the relaunched process.
    public struct CrashPoint: Sendable, Hashable {
        /// Its restoration path (identifiers from the window's root down).
        public var path: [String]
        public var className: String
        /// Where it is in the scenario file (`windows[0].root.children[1]`).
        public var jsonPath: String

        public init(path: [String], className: String, jsonPath: String) {
            self.path = path
            self.className = className
            self.jsonPath = jsonPath
        }
    }

    /// Every view controller with `crashesDuringDecode` that has a full restoration path
    /// (an object below a missing identifier is never preserved, so it cannot crash in decode).
    /// Walks with an explicit stack, so deep hierarchies are fine.
    public var crashPoints: [CrashPoint] {
        var found: [CrashPoint] = []
        var pending: [(controller: ScenarioViewController, parentPath: [String])] =
            windows.reversed().map { ($0.root, []) }
        while let (controller, parentPath) = pending.popLast() {
            guard let identifier = controller.restorationIdentifier, !identifier.isEmpty else { continue }
            let path = parentPath + [identifier]
            if controller.restore.crashesDuringDecode {
                found.append(CrashPoint(path: path, className: controller.className, jsonPath: controller.jsonPath))
            }
            if let presented = controller.presented { pending.append((presented, path)) }
            for child in controller.children.reversed() { pending.append((child, path)) }
        }
        return found
    }

    /// Whether any object's decode crashes the relaunched process.
    public var crashesDuringDecode: Bool { !crashPoints.isEmpty }
}
