// libFuzzer entry point for the storyboard reader: the XML tokenizer, the reader, reference
// resolution and the restoration map. Built by scripts/fuzz-storyboard.sh from the TraceFormat
// sources and the Storyboard module's XML, Reading, Model and Analysis folders (one module).

/// libFuzzer calls this with each input; any crash, hang or sanitizer report is a finding, and so
/// is an error without a place or a map that breaks its own invariants.
@_cdecl("LLVMFuzzerTestOneInput")
public func restoretraceFuzzStoryboard(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    let reader = StoryboardReader(limits: .init(maximumFileBytes: 1 << 20, xml: XMLLimits(maximumDepth: 300)))
    let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    let file: StoryboardFile
    do {
        file = try reader.read(bytes: bytes, path: "Main.storyboard")
    } catch {
        if error.explanation.isEmpty { fatalError("an error without a message") }
        if let line = error.line, line < 1 || line > lines { fatalError("an error on line \(line) of \(lines): \(error)") }
        if let column = error.column, column < 1 || column > count + 1 { fatalError("an error at column \(column): \(error)") }
        return 0
    }
    // The same file twice: references between two storyboards of one name resolve to the first.
    let set = StoryboardSet([file, file])
    let map = RestorationMap(set: set)
    if map.verdicts.count != map.tree.nodes.count { fatalError("a node without a verdict") }
    for (index, node) in map.tree.nodes.enumerated() {
        if let parent = node.parent, parent >= index { fatalError("a parent after its child") }
        if node.depth > SceneTree.maximumDepth { fatalError("a node deeper than the limit") }
        _ = map.explanation(of: index)
        _ = map.shortVerdict(of: index)
        if let path = map.path(of: index), path.count != node.depth + 1 { fatalError("a path of the wrong length") }
    }
    for controller in file.controllers {
        for source in [controller.source] + controller.segues.map(\.source) + controller.views.map(\.source) {
            guard let line = source.line, line >= 1, line <= lines, let column = source.column, column >= 1 else {
                fatalError("a location outside the file: \(source)")
            }
        }
    }
    return 0
}
