// HierarchyTree's cut: the search counts nodes without building cuts; the counts must be the
// ones the built cuts have, for every fanout and depth limit, on random forests.

import Graphviz
import Testing
import TraceGeneration
import TraceFormat
@testable import Diagrams

@Suite("Hierarchy cut")
struct HierarchyCutTests {
    /// A random forest of `count` items, some with a problem tone.
    private static func forest(count: Int, seed: UInt64) -> HierarchyTree {
        var random = SplitMix64(seed: seed)
        var tree = HierarchyTree()
        for index in 0..<count {
            let parent: Int? = index == 0 || random.next() % 7 == 0 ? nil : Int(random.next() % UInt64(index))
            let problem = random.next() % 5 == 0
            _ = tree.add(HierarchyItem(title: "\(index)", lines: [], shape: .box, tone: problem ? .excluded : .restored,
                                       outcomeName: problem ? "excluded" : "restored"), parent: parent)
        }
        return tree
    }

    @Test("the search's node counts equal the built cuts' counts, and stop just past the budget")
    func countsMatch() {
        for seed in UInt64(1)...12 {
            let tree = HierarchyCutTests.forest(count: 40 + Int(seed) * 25, seed: seed)
            let problems = tree.problemSubtrees()
            for depthLimit in 1...tree.maximumDepth() {
                for fanout in 1...12 {
                    let built = tree.cut(fanout: fanout, depthLimit: depthLimit, problems: problems).visibleCount
                    #expect(tree.visibleCount(fanout: fanout, depthLimit: depthLimit, split: HierarchyTree.SplitChildren(tree: tree, problems: problems), budget: .max - 1) == built)
                    for budget in [built - 1, built, built + 1, 20] where budget >= 0 {
                        let counted = tree.visibleCount(fanout: fanout, depthLimit: depthLimit, split: HierarchyTree.SplitChildren(tree: tree, problems: problems), budget: budget)
                        #expect(counted == min(built, budget + 1), "seed \(seed), depth \(depthLimit), fanout \(fanout), budget \(budget)")
                    }
                }
            }
            for budget in [20, 50, 120] {
                #expect(tree.cut(budget: budget).visibleCount <= max(budget, tree.cut(fanout: 1, depthLimit: 1, problems: problems).visibleCount))
            }
        }
    }
}
