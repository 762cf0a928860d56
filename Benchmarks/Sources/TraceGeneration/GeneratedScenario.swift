// GeneratedScenario: synthetic hierarchies of a chosen size and shape, for scale tests and
// benchmarks (`restoretrace _bench-engine`). Built iteratively, bottom-up, so any depth is fine.

import RestorationEngine
import TraceFormat

/// Synthetic scenarios with exactly `objects` view controllers and views.
public enum GeneratedScenario {
    public enum Shape: String, Sendable, CaseIterable {
        /// A tab bar with every other object as a direct tab.
        case wide
        /// A split view controller holding chains of `chainLength` nested custom containers.
        case deep
        /// An app-like mix: tabs of navigation stacks whose view controllers each own a table view.
        case mixed
    }

    /// A scenario with `objects` restorable objects (at least 1) in `shape`.
    public static func make(objects: Int, shape: Shape, chainLength: Int = 100) -> Scenario {
        let count = max(1, objects)
        let root: ScenarioViewController
        switch shape {
        case .wide:
            let children = (1..<max(1, count)).map { ScenarioViewController(className: "ItemViewController", restorationIdentifier: "Item\($0)",
                                                                              state: JSONObject([JSONMember("index", .int(Int64($0)))])) }
            root = ScenarioViewController(className: "UITabBarController", kind: .tabBar, restorationIdentifier: "Root", children: children)
        case .deep:
            var chains: [ScenarioViewController] = []
            var remaining = count - 1
            var chainNumber = 0
            while remaining > 0 {
                let length = min(max(1, chainLength), remaining)
                chains.append(chain(length: length, number: chainNumber))
                remaining -= length
                chainNumber += 1
            }
            root = ScenarioViewController(className: "UISplitViewController", kind: .split, restorationIdentifier: "Root", children: chains)
        case .mixed:
            // Each screen is a view controller and its table view: 2 objects; each tab a navigation controller of 10 screens.
            var tabs: [ScenarioViewController] = []
            var remaining = count - 1
            var tabNumber = 0
            while remaining > 0 {
                remaining -= 1
                var screens: [ScenarioViewController] = []
                var screenNumber = 0
                while remaining > 0 && screens.count < 10 {
                    let table = ScenarioView(className: "UITableView", kind: .table, restorationIdentifier: "Table",
                                             contentOffset: [0, Double(screenNumber * 44)], dataSourceModelAssociation: true,
                                             selectedModelIds: ["row\(screenNumber)"], firstVisibleModelId: "row0")
                    let hasTable = remaining >= 2
                    screens.append(ScenarioViewController(
                        className: "ScreenViewController", restorationIdentifier: "Screen\(screenNumber)",
                        state: JSONObject([JSONMember("screen", .int(Int64(screenNumber)))]), views: hasTable ? [table] : [],
                        restore: ScenarioRestoreBehavior(createdAtLaunch: screenNumber == 0 ? nil : false, appDelegateReturns: .instance)))
                    remaining -= hasTable ? 2 : 1
                    screenNumber += 1
                }
                tabs.append(ScenarioViewController(className: "UINavigationController", kind: .navigation,
                                                   restorationIdentifier: "Tab\(tabNumber)", children: screens))
                tabNumber += 1
            }
            root = ScenarioViewController(className: "UITabBarController", kind: .tabBar, restorationIdentifier: "Root", children: tabs)
        }
        return Scenario(name: "generated-\(shape.rawValue)-\(count)", windows: [ScenarioWindow(root: root)],
                        relaunch: ScenarioRelaunch(shouldRestore: .sameVersion))
    }

    /// A chain of `length` custom containers, each encoding its one child, built from the bottom up.
    public static func chain(length: Int, number: Int = 0) -> ScenarioViewController {
        var current = ScenarioViewController(className: "LinkViewController", restorationIdentifier: length == 1 ? "Chain\(number)" : "Link\(length - 1)",
                                             restore: ScenarioRestoreBehavior(createdAtLaunch: length == 1 ? nil : true))
        var level = length - 2
        while level >= 0 {
            current = ScenarioViewController(className: "LinkViewController", kind: .custom,
                                             restorationIdentifier: level == 0 ? "Chain\(number)" : "Link\(level)",
                                             children: [current], encodesChildren: true,
                                             restore: ScenarioRestoreBehavior(createdAtLaunch: level == 0 ? nil : true))
            level -= 1
        }
        return current
    }
}
