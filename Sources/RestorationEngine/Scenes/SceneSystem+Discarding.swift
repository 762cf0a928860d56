// Discarding sessions (rule 24): closing a scene in the app switcher, the app's destruction
// request, and `didDiscardSceneSessions` — at once when the app runs, at the next launch when it
// does not. Also rule 39's reported exception, and rule 34's per-scene extend/complete counter.

import TraceFormat

extension SceneSystem {
    /// The user closes the session's card in the app switcher (rule 24; rule 39 with
    /// ``SceneSystemOptions/switcherCloseKeepsState``). Works whether or not the app is running.
    public func closeInSwitcher(_ identifier: String) {
        if let application {
            guard let session = application.session(withIdentifier: identifier) else {
                error("userClose: no open session has this identifier", session: identifier)
                return
            }
            if options.switcherCloseKeepsState {
                // FB9855914: the card goes, the session and its state stay.
                if let scene = session.connectedScene {
                    moveToBackground(scene)
                    disconnect(scene, reason: .userClosed, extra: [TraceAttribute("sessionKept", .bool(true))])
                }
                return
            }
            destroy(session, reason: .userClosed)
            return
        }
        var known = readKnownSessions()
        guard known.contains(where: { $0.persistentIdentifier == identifier }) else {
            error("userClose: the system knows no session with this identifier", session: identifier)
            return
        }
        guard !options.switcherCloseKeepsState else { return }
        recorder.instant(.sessionDiscard, path: nil, className: nil, attributes: attributes(session: identifier, [
            TraceAttribute("reason", .string(SessionDiscardReason.userClosed.rawValue)),
        ]))
        store.removeSession(identifier)
        known.removeAll { $0.persistentIdentifier == identifier }
        writeKnownSessions(known)
        knownWhileNotRunning = known
        discardedWhileNotRunning.append(identifier)
    }

    /// `requestSceneSessionDestruction` from the app (rule 24).
    public func requestDestruction(_ identifier: String) {
        guard let (_, session) = runningSession(identifier, for: "destroyRequest") else { return }
        destroy(session, reason: .requested)
    }

    /// Disconnects the session's scene (after its background transition), deletes its files,
    /// then tells the app.
    func destroy(_ session: SceneSession, reason: SessionDiscardReason) {
        guard let application else { return }
        if let scene = session.connectedScene {
            moveToBackground(scene)
            disconnect(scene, reason: reason == .userClosed ? .userClosed : .requested)
        }
        recorder.instant(.sessionDiscard, path: nil, className: nil,
                         attributes: attributes(session, [TraceAttribute("reason", .string(reason.rawValue))]))
        store.removeSession(session.persistentIdentifier)
        application.remove(session)
        session.stateRestorationActivity = nil
        tellDiscards([session], application: application, deferred: false)
    }

    /// `didDiscardSceneSessions` for the sessions discarded while the app was not running,
    /// shortly after `didFinishLaunching`.
    func tellDeferredDiscards(_ application: SceneApplication) {
        let identifiers = discardedWhileNotRunning
        discardedWhileNotRunning.removeAll()
        guard !identifiers.isEmpty else { return }
        let sessions = identifiers.map { SceneSession(persistentIdentifier: $0, role: .windowApplication, configurationName: "") }
        tellDiscards(sessions, application: application, deferred: true)
    }

    private func tellDiscards(_ sessions: [SceneSession], application: SceneApplication, deferred: Bool) {
        // One record about several sessions: `session` names the first, `sessions` all of them.
        let identifiers = sessions.map(\.persistentIdentifier)
        let span = recorder.begin(.didDiscardSceneSessions, path: nil, className: nil, attributes: attributes(session: identifiers[0], [
            TraceAttribute("sessions", .strings(identifiers)), TraceAttribute("deferredToLaunch", .bool(deferred)),
        ]))
        application.delegate?.application(application, didDiscardSceneSessions: sessions)
        recorder.end(span, .didDiscardSceneSessions, path: nil, attributes: attributes(session: identifiers[0]))
    }

    // MARK: Rule 34: extend / complete per scene

    func extendStateRestoration(of scene: Scene) {
        scene.restorationExtensionDepth += 1
        if scene.restorationExtensionDepth == 1 {
            do {
                try store.write([], to: .restorationInProgress, session: scene.session.persistentIdentifier)
            } catch {
                self.error("cannot write the restoration marker: \(error)", session: scene.session.persistentIdentifier)
            }
        }
        recorder.instant(.extendRestoration, path: nil, className: nil, attributes: attributes(scene.session, [
            TraceAttribute("depth", .int(Int64(scene.restorationExtensionDepth))),
        ]))
    }

    func completeStateRestoration(of scene: Scene) {
        guard scene.restorationExtensionDepth > 0 else {
            // Rule 45 (the engine's choice): an unmatched complete is ignored, with an error.
            error("completeStateRestoration without a matching extendStateRestoration: ignored", session: scene.session.persistentIdentifier)
            return
        }
        scene.restorationExtensionDepth -= 1
        if scene.restorationExtensionDepth == 0 { store.remove(.restorationInProgress, session: scene.session.persistentIdentifier) }
        recorder.instant(.completeRestoration, path: nil, className: nil, attributes: attributes(scene.session, [
            TraceAttribute("depth", .int(Int64(scene.restorationExtensionDepth))),
        ]))
    }

    /// At launch: a session whose last process crashed between extend and complete loses its
    /// saved activity (rules 34, 44).
    func discardIncompleteRestoration(of session: SceneSession) {
        let identifier = session.persistentIdentifier
        guard (try? store.read(.restorationInProgress, session: identifier)) ?? nil != nil else { return }
        recorder.instant(.discard, path: nil, className: nil, attributes: attributes(session, [
            TraceAttribute("reason", .string("restorationIncomplete")),
        ]))
        store.remove(.activity, session: identifier)
        store.remove(.restorationInProgress, session: identifier)
    }
}
