// StateRestorationOptIn: which opt-in pair UIKit calls (rule 40) — the secure pair when the
// delegate implements it on iOS 13.2 or later, else the old one (with UIKit's deprecation
// warning there) — and the attributes the `shouldSave`/`shouldRestore` records gain for it.

import TraceFormat

struct StateRestorationOptIn {
    /// Whether the run uses the secure pair: every coder then requires secure coding.
    let secure: Bool
    /// Whether the records say which pair was called (only where the secure pair exists).
    let recordsPair: Bool
    private let legacy: Bool

    init(application: Application) {
        let methods = application.delegate?.implementedStateRestorationMethods ?? []
        let available = application.supportsSecureStateRestoration
        secure = available && methods.contains(.securePair)
        legacy = methods.contains(.legacyPair)
        recordsPair = available
    }

    /// The answer to "should save", with the `warning` UIKit logs for the old pair.
    func shouldSave(_ application: Application, coder: StateCoder, recorder: any TraceRecorder) -> Bool {
        coder.requiresSecureCoding = secure
        guard let delegate = application.delegate else { return false }
        if secure { return delegate.application(application, shouldSaveSecureApplicationState: coder) }
        guard legacy else { return false }
        warnIfDeprecated(method: "shouldSaveApplicationState", recorder: recorder)
        return delegate.application(application, shouldSaveApplicationState: coder)
    }

    func shouldRestore(_ application: Application, coder: StateCoder, recorder: any TraceRecorder) -> Bool {
        coder.requiresSecureCoding = secure
        guard let delegate = application.delegate else { return false }
        if secure { return delegate.application(application, shouldRestoreSecureApplicationState: coder) }
        guard legacy else { return false }
        warnIfDeprecated(method: "shouldRestoreApplicationState", recorder: recorder)
        return delegate.application(application, shouldRestoreApplicationState: coder)
    }

    /// `secure` on the records (rule 40) and, under the secure pair, UIKit's own keys of the
    /// application coder (rule 43).
    func attributes(coder: StateCoder) -> [TraceAttribute] {
        guard recordsPair else { return [] }
        var attributes = [TraceAttribute("secure", .bool(secure))]
        if secure {
            attributes.append(TraceAttribute("coderKeys", .strings(coder.allKeys.filter(StateCoderKey.isReserved))))
        }
        return attributes
    }

    /// Reported (Automattic/simplenote-ios PR #826): UIKit logs this for the old pair since 13.2.
    private func warnIfDeprecated(method: String, recorder: any TraceRecorder) {
        guard recordsPair else { return }
        let secureName = method.replacing("Application", with: "SecureApplication")
        recorder.instant(.warning, path: nil, className: nil, attributes: [
            TraceAttribute("message", .string("[ApplicationStateRestoration] Warning: The UIApplicationDelegate method "
                + "application:\(method): is deprecated, use application:\(secureName): instead")),
        ])
    }
}
