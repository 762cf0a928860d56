// One storyboard of a RestorationMap as the SceneMap the diagrams draw: the Storyboard module's
// verdicts and lint findings in words, per scene. It lives here, where both modules meet, so that
// Diagrams needs nothing of Storyboard (and never of XML) and Storyboard nothing of Graphviz.

import RestoreTrace

enum StoryboardSceneMap {
    /// The scenes and segues of file `fileIndex` of `map`, with `findings` on the scenes they are about.
    static func make(_ map: RestorationMap, fileIndex: Int, findings: [LintFinding]) -> SceneMap {
        let set = map.set
        let file = set.files[fileIndex]
        // Scenes in the order the app reaches them, then the rest in file order.
        var order: [Int] = []
        var seen = Set<Int>()
        for node in map.tree.nodes where node.controller.file == fileIndex && seen.insert(node.controller.index).inserted {
            order.append(node.controller.index)
        }
        for index in file.controllers.indices where seen.insert(index).inserted { order.append(index) }

        // Which scene each finding is about: by the object ID of the scene, its views or its segues.
        var sceneOfObject: [String: String] = [:]
        for controller in file.controllers {
            sceneOfObject[controller.objectID] = controller.objectID
            for view in controller.views { if let id = view.objectID { sceneOfObject[id] = controller.objectID } }
            for segue in controller.segues { if let id = segue.objectID { sceneOfObject[id] = controller.objectID } }
        }
        var findingsOfScene: [String: [LintFinding]] = [:]
        for finding in findings where finding.location.file == file.path {
            guard let objectID = finding.objectID, let scene = sceneOfObject[objectID] else { continue }
            findingsOfScene[scene, default: []].append(finding)
        }

        let roots = Set(map.roots)
        var scenes: [SceneMap.Scene] = []
        for index in order {
            let id = ControllerID(file: fileIndex, index: index)
            scenes.append(scene(id, map: map, findings: findingsOfScene[set[id].objectID] ?? [], isInitial: roots.contains(id)))
        }
        var segues: [SceneMap.Segue] = []
        for (index, controller) in file.controllers.enumerated() {
            var tabNumber = 0
            for segue in controller.segues {
                guard segue.kind != .unwind, let target = segue.destinationID, set.controller(objectID: target, inFile: fileIndex) != nil
                else { continue }
                if segue.kind == .relationship && segue.relationship == "viewControllers" { tabNumber += 1 }
                segues.append(SceneMap.Segue(from: controller.objectID, to: target, style: style(segue.kind),
                                             label: label(segue, tab: tabNumber)))
            }
            // A reference in this file to a scene of this file.
            if controller.kind == .reference, case .success(let resolved) = set.resolve(ControllerID(file: fileIndex, index: index)),
               resolved.file == fileIndex
            {
                segues.append(SceneMap.Segue(from: controller.objectID, to: set[resolved].objectID, style: .reference, label: "reference"))
            }
        }
        let summary = LintInputSummary.storyboards(map)[fileIndex]
        return SceneMap(title: "Storyboard \(file.name) — what state restoration does with each scene "
                            + "(\(summary.restored) of \(summary.controllers) restored)",
                        scenes: scenes, segues: segues)
    }

    private static func scene(_ id: ControllerID, map: RestorationMap, findings: [LintFinding], isInitial: Bool) -> SceneMap.Scene {
        let set = map.set
        let controller = set[id]
        let file = set.files[id.file]
        var lines: [String] = []
        let outcome: SceneMap.Outcome
        let verdict: String
        var explanation: String
        if controller.kind == .reference {
            let reference = controller.reference
            lines.append("storyboard reference")
            lines.append("to " + [reference?.storyboardName.map { "\($0).storyboard" }, reference?.referencedIdentifier]
                .compactMap { $0 }.joined(separator: " · ").nonEmpty(or: "its storyboard's initial scene"))
            switch set.resolve(id) {
            case .success(let target):
                outcome = .reference
                let destination = set[target]
                verdict = "leads to \(destination.displayName)" + (target.file == id.file ? "" : " in \(set.files[target.file].name)")
                explanation = verdict + ": " + (map.node(of: target).map { map.explanation(of: $0) } ?? RestorationMap.unreachableExplanation)
            case .failure(let reason):
                outcome = .unresolvedReference
                verdict = "leads nowhere among the storyboards given"
                explanation = "\(reason)."
            }
        } else {
            if controller.className != controller.displayName { lines.append(controller.className) }
            let hasStoryboardID = !(controller.storyboardIdentifier ?? "").isEmpty
            if let identifier = controller.effectiveRestorationIdentifier {
                if controller.usesStoryboardIdentifierAsRestorationIdentifier {
                    lines.append("restoration ID = storyboard ID")
                } else if identifier != controller.displayName {
                    lines.append("restoration ID \(identifier)")
                } else {
                    lines.append(hasStoryboardID ? "restoration ID = storyboard ID" : "restoration ID, no storyboard ID")
                }
            } else if map.node(of: id) == nil {
                // A placed scene's verdict says it.
                lines.append("no restoration ID")
            }
            for view in controller.views where !view.isPrototype && !view.restorationIdentifier.isEmpty {
                lines.append("\(view.kind == .plain ? "view" : "\(view.kind.rawValue) view") \(view.restorationIdentifier)")
            }
            if let node = map.node(of: id) {
                outcome = map.verdicts[node].isRestored ? .restored : .neverRestored
                verdict = map.shortVerdict(of: node)
                explanation = map.explanation(of: node)
                if let path = map.path(of: node) { explanation += "\nrestoration path " + path.joined(separator: "/") }
            } else {
                outcome = .notReachable
                verdict = ""
                explanation = RestorationMap.unreachableExplanation
            }
        }
        var tooltip = "\(controller.source) · object \(controller.objectID)\n\(controller.className)\n\(explanation)"
        for finding in findings {
            tooltip += "\n\(finding.severity.rawValue) \(finding.rule.id) \(finding.rule.name): \(finding.message)"
        }
        let isContainer = controller.isBuiltInContainer || controller.segues.contains { $0.kind == .embed }
        return SceneMap.Scene(
            id: controller.objectID, title: controller.displayName, lines: lines, outcome: outcome, verdict: verdict,
            findings: findings.map { "\($0.severity.rawValue) \($0.rule.id) \($0.rule.name)" }, isInitial: isInitial,
            isContainer: isContainer, tooltip: tooltip, group: file.name, path: map.node(of: id).flatMap { map.path(of: $0) })
    }

    private static func style(_ kind: SegueKind) -> SceneMap.SegueStyle {
        switch kind {
        case .relationship: return .relationship
        case .embed: return .embed
        case .show, .push: return .show
        case .showDetail, .replace: return .showDetail
        default: return .present
        }
    }

    private static func label(_ segue: StoryboardSegue, tab: Int) -> String {
        switch segue.kind {
        case .relationship:
            switch segue.relationship {
            case "rootViewController": return "root"
            case "viewControllers": return "tab \(tab)"
            case "masterViewController": return "master"
            case "detailViewController": return "detail"
            case "primaryViewController": return "primary"
            case "supplementaryViewController": return "supplementary"
            case "secondaryViewController": return "secondary"
            case "compactViewController": return "compact"
            default: return segue.relationship ?? "relationship"
            }
        default:
            return segue.kind.description + (segue.identifier.map { " \"\($0)\"" } ?? "")
        }
    }
}

extension String {
    fileprivate func nonEmpty(or fallback: String) -> String { isEmpty ? fallback : self }
}
