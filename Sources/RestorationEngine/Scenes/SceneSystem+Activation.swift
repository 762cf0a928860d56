// Routing an event to a scene by its target content identifier (rule 37): a connected scene
// whose `prefersToActivate…` matches, else one whose `canActivate…` matches, else a new session
// (with an `error` when scenes were connected and none could take it).

import TraceFormat

extension SceneSystem {
    /// An event (a notification, a link, a Handoff or Spotlight activity) arrives with `activity`.
    @discardableResult
    public func open(_ activity: UserActivity) -> Scene? {
        guard let application else {
            error("openEvent: the app is not running", session: nil)
            return nil
        }
        let target = activity.targetContentIdentifier
        let scenes = application.connectedScenes
        var chosen: (Scene, SceneActivationVia)?
        if let scene = scenes.first(where: { SceneActivationConditions.matches($0.activationConditions.prefersToActivateForTargetContentIdentifier, target) }) {
            chosen = (scene, .prefers)
        } else if let scene = scenes.first(where: { SceneActivationConditions.matches($0.activationConditions.canActivateForTargetContentIdentifier, target) }) {
            chosen = (scene, .can)
        }
        var extra: [TraceAttribute] = []
        if let target { extra.append(TraceAttribute("targetContentIdentifier", .string(target))) }
        if let (scene, via) = chosen {
            recorder.instant(.sceneActivate, path: nil, className: nil,
                             attributes: attributes(scene.session, [TraceAttribute("via", .string(via.rawValue))] + extra))
            moveToForeground(scene)
            scene.delegate?.scene(scene, continue: activity)
            return scene
        }
        if !scenes.isEmpty {
            error("openEvent: no connected scene's activation conditions match "
                + (target.map { "the target content identifier \"\($0)\"" } ?? "an event without a target content identifier")
                + "; every event must match at least one scene, so a new session is made", session: nil)
        }
        if !application.supportsMultipleScenes, let existing = scenes.first {
            moveToBackground(existing)
            disconnect(existing, reason: .memory)
        }
        let identifier = makeIdentifier(application)
        recorder.instant(.sceneActivate, path: nil, className: nil,
                         attributes: attributes(session: identifier, [TraceAttribute("via", .string(SceneActivationVia.new.rawValue))] + extra))
        return connectNewScene(persistentIdentifier: identifier, userActivities: [activity], reason: .event)
    }
}
