// Saving a scene at a background transition (rules 25–30): ask the delegate for its activity,
// let the activity's delegate and every responder sharing it update it, then persist what UIKit
// persists — or say why it was not: unchanged, cleared, not declared, not a property list.

import TraceFormat

extension SceneSystem {
    /// One `activitySave` span for one background transition.
    func save(_ scene: Scene) {
        let session = scene.session
        let span = recorder.begin(.activitySave, path: nil, className: nil, attributes: attributes(session))
        var end: [TraceAttribute] = []
        let result = saveActivity(of: scene, end: &end)
        saveUserInfo(of: session)
        end.append(TraceAttribute("result", .string(result.rawValue)))
        recorder.end(span, .activitySave, path: nil, attributes: attributes(session, end))
    }

    private func saveActivity(of scene: Scene, end: inout [TraceAttribute]) -> ActivitySaveResult {
        let session = scene.session
        let identifier = session.persistentIdentifier
        // No delegate answers as one that does not implement the method.
        let answer: UserActivity? = scene.delegate.map { $0.stateRestorationActivity(for: scene) } ?? UserActivity.notImplemented
        let activity: UserActivity?
        if answer === UserActivity.notImplemented {
            // Rule 25: without the method, whatever the app assigned to the session is saved.
            end.append(TraceAttribute("savedFrom", .string("sessionProperty")))
            activity = session.stateRestorationActivity
        } else {
            end.append(TraceAttribute("savedFrom", .string("stateRestorationActivity")))
            activity = answer
        }
        guard let activity else {
            // Rule 25: nil deletes the previously saved activity.
            session.stateRestorationActivity = nil
            if session.lastWrittenActivity != nil || answer !== UserActivity.notImplemented {
                store.remove(.activity, session: identifier)
            }
            session.lastWrittenActivity = nil
            return .cleared
        }
        end.append(TraceAttribute("activityType", .string(activity.activityType)))
        update(activity, of: session)
        guard let application, application.declaredActivityTypes.contains(activity.activityType) else {
            // Rule 29: silently not persisted; the previous file is kept (the engine's choice).
            return .notPersisted
        }
        if let userInfo = activity.userInfo, let problem = PropertyListValue.firstUnarchivable(in: userInfo) {
            // Rule 28 (the engine's choice): the previous file is kept.
            error("userInfo.\(problem.keyPath): \(problem.reason); the activity was not saved", session: identifier)
            return .encodeFailed
        }
        let bytes = SceneActivityArchive.encode(activity)
        end.append(TraceAttribute("bytes", .int(Int64(bytes.count))))
        // Rule 25: the session holds a copy (an unchanged one already holds an equal copy).
        let unchanged = session.lastWrittenActivity == bytes
        if !unchanged || session.stateRestorationActivity == nil {
            session.stateRestorationActivity = activity === session.stateRestorationActivity ? activity : activity.copy()
        }
        if unchanged { return .unchanged }
        guard write(bytes, to: .activity, of: session) else { return .encodeFailed }
        session.lastWrittenActivity = bytes
        return .written
    }

    /// Rule 27: `userActivityWillSave`, then `updateUserActivityState(_:)` on every responder
    /// sharing the activity; `userInfo` emptied first only when the app set `needsSave`.
    private func update(_ activity: UserActivity, of session: SceneSession) {
        if activity.needsSave {
            activity.userInfo = [:]
        }
        if let delegate = activity.delegate {
            let span = recorder.begin(.activityUpdate, path: nil, className: nil, attributes: attributes(session, [
                TraceAttribute("method", .string("userActivityWillSave")),
                TraceAttribute("responder", .string(String(describing: type(of: delegate)))),
            ]))
            delegate.userActivityWillSave(activity)
            recorder.end(span, .activityUpdate, path: nil, attributes: attributes(session))
        }
        for responder in activity.responders {
            let span = recorder.begin(.activityUpdate, path: nil, className: nil, attributes: attributes(session, [
                TraceAttribute("method", .string("updateUserActivityState")),
                TraceAttribute("responder", .string(responder.responderName)),
            ]))
            responder.updateUserActivityState(activity)
            recorder.end(span, .activityUpdate, path: nil, attributes: attributes(session, [
                TraceAttribute("keys", .strings((activity.userInfo ?? [:]).keys.sorted())),
            ]))
        }
        activity.needsSave = false
    }

    /// Rule 30: `session.userInfo` is saved when it is a valid property list, and changed.
    private func saveUserInfo(of session: SceneSession) {
        guard let userInfo = session.userInfo else { return }
        if let problem = PropertyListValue.firstUnarchivable(in: userInfo) {
            error("session.userInfo.\(problem.keyPath): \(problem.reason); the session's userInfo was not saved",
                  session: session.persistentIdentifier)
            return
        }
        let bytes = SceneActivityArchive.encodeUserInfo(userInfo)
        guard session.lastWrittenUserInfo != bytes else { return }
        if write(bytes, to: .userInfo, of: session) { session.lastWrittenUserInfo = bytes }
    }

    /// An `activityWrite` span around one file write; false when it failed (with an `error`).
    func write(_ bytes: [UInt8], to file: SceneStateFile, of session: SceneSession) -> Bool {
        let span = recorder.begin(.activityWrite, path: nil, className: nil,
                                  attributes: attributes(session, [TraceAttribute("file", .string(file.rawValue))]))
        var ok = true
        do {
            try store.write(bytes, to: file, session: session.persistentIdentifier)
        } catch {
            ok = false
            self.error("cannot write the session's \(file.rawValue): \(error)", session: session.persistentIdentifier)
        }
        recorder.end(span, .activityWrite, path: nil, attributes: attributes(session, [
            TraceAttribute("bytes", .int(Int64(bytes.count))), TraceAttribute("result", .string(ok ? "written" : "failed")),
        ]))
        return ok
    }
}
