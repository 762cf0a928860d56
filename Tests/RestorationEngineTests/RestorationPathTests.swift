// RestorationPath: parents, appends and hashing agree with paths built from their components.

import RestorationEngine
import Testing

@Suite("Restoration path")
struct RestorationPathTests {
    @Test("a path's parent equals, and hashes like, the path built from the same components",
          arguments: [["Root", "Tab1", "Screen3", "Table"], ["a", "", "Zürich ✓"], ["x", "y"]])
    func parentMatchesRebuiltPath(components: [String]) {
        let path = RestorationPath(components)
        let rebuilt = RestorationPath(Array(components.dropLast()))
        #expect(path.parent == rebuilt)
        #expect(path.parent?.hashValue == rebuilt.hashValue)
        #expect(Set([rebuilt]).contains(path.parent ?? path))
    }

    @Test("a root has no parent, and appending then taking the parent gives the path back")
    func rootAndAppend() {
        let root = RestorationPath(["Root"])
        #expect(root.parent == nil)
        let child = root.appending("Child").appending("Grandchild")
        #expect(child.parent?.parent == root)
        #expect(child.parent?.parent?.hashValue == root.hashValue)
    }
}
