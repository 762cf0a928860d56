// A scenario's hierarchy as the hierarchy view draws it: every view controller, view and
// registered object as described, with the exclusions that follow from the rules alone
// (no identifier, excluded ancestor, custom container that does not encode its children,
// duplicate sibling paths, views without a preserved owner, unreferenced registered objects).

import RestorationEngine
import TraceFormat

enum ScenarioHierarchy {
    static func tree(_ scenario: Scenario) -> HierarchyTree {
        var tree = HierarchyTree()
        var referenced = Set(scenario.app.encodes)
        for window in scenario.windows {
            addViewController(window.root, parent: nil, parentPath: [], edgeLabel: nil, inherited: nil, into: &tree,
                              referenced: &referenced)
        }
        for object in scenario.registeredObjects {
            let excluded = referenced.contains(object.restorationIdentifier) ? nil : ExclusionReason.notReferenced.rawValue
            var lines = [DiagramText.short(object.className), "registered object"]
            // SCENE_RULES rule 49: its path goes through its restorationParent.
            if let parent = object.restorationParent { lines.append("parent " + DiagramText.path(parent)) }
            if let name = object.objectRestorationClass { lines.append("class " + DiagramText.short(name)) }
            lines.append(excluded.map { "reason: \($0)" } ?? "would be preserved (referenced)")
            var item = HierarchyItem(title: DiagramText.short(object.restorationIdentifier), lines: lines,
                                     shape: ObjectShape.registeredObject, tone: excluded == nil ? .described : .excluded,
                                     outcomeName: excluded == nil ? "would be preserved" : "excluded")
            item.path = [object.restorationIdentifier]
            item.facts = facts(path: item.path, className: object.className, kind: "registered object", lines: [],
                               exclusion: excluded, source: nil, jsonPath: object.jsonPath)
            _ = tree.add(item, parent: nil)
        }
        return tree
    }

    /// The identifier the engine uses: `""` counts as none (a documented choice).
    private static func identifier(_ raw: String?) -> String? {
        guard let raw, !raw.isEmpty else { return nil }
        return raw
    }

    private static func addViewController(
        _ controller: ScenarioViewController, parent: Int?, parentPath: [String]?, edgeLabel: String?, inherited: String?,
        into tree: inout HierarchyTree, referenced: inout Set<String>
    ) {
        let id = identifier(controller.restorationIdentifier)
        let exclusion = inherited ?? (id == nil ? ExclusionReason.noRestorationIdentifier.rawValue : nil)
        if exclusion == nil { referenced.formUnion(controller.encodes) }

        var lines = [DiagramText.short(controller.className)]
        if controller.kind != .plain { lines.append(controller.kind.rawValue) }
        if let restorationClass = controller.restorationClass {
            lines.append("restoration class " + DiagramText.short(restorationClass))
        }
        if let storyboard = controller.storyboardIdentifier { lines.append("storyboard " + DiagramText.short(storyboard)) }
        lines += behaviour(controller.restore)
        lines.append(exclusion.map { "reason: \($0)" } ?? "would be preserved")
        let isContainer = controller.kind != .plain
        var item = HierarchyItem(
            title: id.map { DiagramText.short($0) } ?? "(no identifier)", lines: lines,
            shape: isContainer ? ObjectShape.container : ObjectShape.viewController,
            tone: exclusion == nil ? .described : .excluded,
            outcomeName: exclusion == nil ? "would be preserved" : "excluded", edgeLabel: edgeLabel)
        // The restoration path the object would have: none below an object without an identifier.
        let path = id.flatMap { id in parentPath.map { $0 + [id] } }
        item.path = path
        item.facts = facts(path: path, className: controller.className,
                           kind: controller.kind == .plain ? "view controller" : controller.kind.rawValue + " container",
                           lines: Array(lines.dropFirst().dropLast()), exclusion: exclusion,
                           source: controller.source?.description, jsonPath: controller.jsonPath)
        let index = tree.add(item, parent: parent)

        let below = exclusion.map { _ in ExclusionReason.ancestorExcluded.rawValue }
        var seen = Set<String>()
        func siblingExclusion(_ childIdentifier: String?) -> String? {
            guard let childIdentifier = identifier(childIdentifier) else { return nil }
            return seen.insert(childIdentifier).inserted ? nil : ExclusionReason.duplicatePath.rawValue
        }
        let childrenEncoded = controller.kind != .custom || controller.encodesChildren
        for child in controller.children {
            let reason = below ?? (childrenEncoded ? siblingExclusion(child.restorationIdentifier)
                                                   : ExclusionReason.notEncodedByContainer.rawValue)
            addViewController(child, parent: index, parentPath: path, edgeLabel: nil, inherited: reason, into: &tree,
                              referenced: &referenced)
        }
        if let presented = controller.presented {
            let reason = below ?? siblingExclusion(presented.restorationIdentifier)
            addViewController(presented, parent: index, parentPath: path, edgeLabel: "presents", inherited: reason, into: &tree,
                              referenced: &referenced)
        }
        for view in controller.views {
            addView(view, parent: index, parentPath: path, ownerPreserved: exclusion == nil, into: &tree)
        }
    }

    private static func addView(_ view: ScenarioView, parent: Int, parentPath: [String]?, ownerPreserved: Bool,
                                into tree: inout HierarchyTree) {
        let id = identifier(view.restorationIdentifier)
        let exclusion: String? =
            id == nil ? ExclusionReason.noRestorationIdentifier.rawValue
            : (ownerPreserved ? nil : ExclusionReason.viewWithoutRestorableOwner.rawValue)
        var lines = [DiagramText.short(view.className)]
        if view.kind != .plain { lines.append(view.kind.rawValue + " view") }
        if let offset = view.contentOffset, offset.count == 2 {
            lines.append("offset \(DiagramNumber.text(offset[0])), \(DiagramNumber.text(offset[1]))")
        }
        if view.kind == .table || view.kind == .collection {
            lines.append(view.dataSourceModelAssociation ? "model association" : "no model association")
        }
        lines.append(exclusion.map { "reason: \($0)" } ?? "would be preserved")
        var item = HierarchyItem(
            title: id.map { DiagramText.short($0) } ?? "(no identifier)", lines: lines, shape: ObjectShape.view,
            tone: exclusion == nil ? .described : .excluded,
            outcomeName: exclusion == nil ? "would be preserved" : "excluded", edgeLabel: "view")
        let path = id.flatMap { id in parentPath.map { $0 + [id] } }
        item.path = path
        item.facts = facts(path: path, className: view.className, kind: "view", lines: Array(lines.dropFirst().dropLast()),
                           exclusion: exclusion, source: view.source?.description, jsonPath: view.jsonPath)
        let index = tree.add(item, parent: parent)
        for subview in view.subviews {
            addView(subview, parent: index, parentPath: path, ownerPreserved: ownerPreserved, into: &tree)
        }
    }

    /// What an object's tooltip says: its path, class and kind, what the node says of it, whether
    /// it would be preserved, and where it is defined (the app's source, the scenario's JSON path).
    private static func facts(path: [String]?, className: String, kind: String, lines: [String], exclusion: String?,
                              source: String?, jsonPath: String) -> DiagramFacts {
        var facts = DiagramFacts(path.map(DiagramFacts.path) ?? "(no restoration path)")
        facts.add("path", path.map(DiagramFacts.path) ?? "none (no identifier here or above)")
        facts.add("class", className)
        facts.add("kind", kind)
        for line in lines { facts.add(line) }
        facts.add("outcome", exclusion.map { "excluded (reason: \($0))" } ?? "would be preserved")
        facts.add("source", source)
        facts.add("scenario", jsonPath.isEmpty ? nil : jsonPath)
        return facts
    }

    /// The relaunch behaviour worth seeing on the diagram.
    private static func behaviour(_ restore: ScenarioRestoreBehavior) -> [String] {
        var lines: [String] = []
        if restore.createdAtLaunch == false { lines.append("not created at launch") }
        switch restore.restorationClassReturns {
        case .instance: break
        case .none: lines.append("restoration class returns nil")
        case .other(let className, _): lines.append("restoration class returns " + DiagramText.short(className))
        }
        switch restore.appDelegateReturns {
        case .none: break
        case .instance: lines.append("app delegate returns it")
        case .other(let className, _): lines.append("app delegate returns " + DiagramText.short(className))
        }
        if restore.decodeThrows { lines.append("decode throws") }
        if restore.crashesDuringDecode { lines.append("crashes during decode") }
        return lines
    }
}

/// Numbers as people read them on a diagram: integers without a fraction, else two decimals.
enum DiagramNumber {
    static func text(_ value: Double) -> String {
        guard value.isFinite else { return "?" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        let hundredths = (value * 100).rounded() / 100
        return String(hundredths)
    }
}
