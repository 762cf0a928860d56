// AppLifecycleFacts: what a trace says about the app life cycle around the objects (spec
// SCENE_RULES.md rules 40–55) — which delegate pair ran and what secure coding refused,
// deferred restoration's counter and the crash that discards state, registered objects' paths
// and how they were found, developer mode, the snapshot request, and UIKit's log lines.
// `explain` prints them as its "App life cycle" section and JSON `lifecycle`.

import TraceFormat

/// One fact about the app life cycle, with the trace lines it rests on.
public struct AppLifecycleFact: Sendable, Hashable {
    public enum Topic: String, Sendable, Hashable, CaseIterable {
        /// `shouldSave`/`shouldRestore` with `secure: true`: the secure pair ran (rule 40).
        case securePair
        /// `secure: false`: only the deprecated pair is implemented (rule 40).
        case legacyPair
        /// An `encode` or `decode` that ended `secureCodingViolation` (rules 41, 42).
        case secureCodingViolation
        /// `extendRestoration` / `completeRestoration` of one launch (or one scene): the counter (rules 34, 44, 45).
        case deferredRestoration
        /// A `discard` with reason `restorationIncomplete`: a crash inside deferred restoration (rule 44).
        case restorationIncomplete
        /// A `discardSuppressed`: developer mode kept the state (rule 54).
        case developerMode
        /// A registered object's path and how the relaunch found it (rules 48–51).
        case registeredObject
        /// `ignoreSnapshotOnNextApplicationLaunch()`, honoured or not (rule 47).
        case ignoreSnapshot
        /// A `warning` record: a line UIKit logs (rules 40, 55).
        case warning
    }

    public var topic: Topic
    /// The object it is about, when one.
    public var path: [String]?
    /// What happened, in words a developer acts on.
    public var summary: String
    /// The trace lines it rests on.
    public var lines: [Int]

    public init(topic: Topic, path: [String]? = nil, summary: String, lines: [Int]) {
        self.topic = topic
        self.path = path
        self.summary = summary
        self.lines = lines
    }

    /// The topic as a heading word: "Secure coding", "Deferred restoration", ….
    public var title: String {
        switch topic {
        case .securePair, .legacyPair: return "Secure coding"
        case .secureCodingViolation: return "Secure-coding violation"
        case .deferredRestoration: return "Deferred restoration"
        case .restorationIncomplete: return "Deferred restoration crashed"
        case .developerMode: return "Developer mode"
        case .registeredObject: return "Registered object"
        case .ignoreSnapshot: return "Snapshot"
        case .warning: return "UIKit warning"
        }
    }
}

/// Gathers ``AppLifecycleFact``s from a trace's records, in trace order.
///
/// ```swift
/// var facts = AppLifecycleFacts()
/// for (line, record) in records { facts.add(record, line: line) }
/// for fact in facts.facts { print(fact.title, fact.summary) }
/// ```
public struct AppLifecycleFacts: Sendable {
    /// Facts and the line each is sorted by (its first record's).
    private var found: [(line: Int, fact: AppLifecycleFact)] = []
    private var securePairLines: [Int] = []
    private var legacyPairLines: [Int] = []
    /// The deferred restoration of one launch or one scene session.
    private struct Counter: Sendable {
        var session: String?
        var extends = 0
        var completes = 0
        var ignored = 0
        /// Completes without an extend in effect (also counted in `completes` and `ignored`).
        var unmatchedCompletes = 0
        var depth: Int64 = 0
        var lines: [Int] = []
    }
    private var counters: [Counter] = []
    /// The counter of the launch running (its index), and each scene session's.
    private var launchCounter: Int?
    private var sessionCounters: [String: Int] = [:]
    /// Open `locate` spans of registered objects: their begin's line, path and restoration class.
    private var openLocates: [Int64: (line: Int, restorationClass: String?, path: [String]?)] = [:]

    public init() {}

    /// Adds one record (records in trace order) read at `line`.
    public mutating func add(_ record: TraceRecord, line: Int) {
        switch record.kind {
        case .shouldSave, .shouldRestore:
            switch record[attribute: "secure"]?.boolValue {
            case true?: securePairLines.append(line)
            case false?: legacyPairLines.append(line)
            case nil: break
            }
        case .encode, .decode:
            if record.phase == .end, record.result == "secureCodingViolation" {
                let violation = record[attribute: "violation"]?.objectValue
                let key = violation?["key"]?.stringValue.map { " for key " + VerdictWording.quoted($0) } ?? ""
                let type = violation?["class"]?.stringValue.map { " (class " + PathText.sanitized($0) + ")" } ?? ""
                let summary = record.kind == .encode
                    ? "secure coding refused the value\(key)\(type) that \(name(record.path)) encoded: its own state was dropped "
                        + "from the archive (rule 42); adopt NSSecureCoding or encode property-list values"
                    : "secure coding refused the value\(key)\(type) that \(name(record.path)) decoded: it and the keys after it "
                        + "were lost (rule 41); decode it with decodeObject(of:forKey:) naming its class"
                append(AppLifecycleFact(topic: .secureCodingViolation, path: record.path, summary: summary, lines: [line]))
            }
        case .restoration:
            if record.phase == .begin { launchCounter = nil }
        case .extendRestoration, .completeRestoration:
            let index = counter(session: record[attribute: "session"]?.stringValue)
            if record.kind == .extendRestoration { counters[index].extends += 1 } else { counters[index].completes += 1 }
            if let depth = record[attribute: "depth"]?.intValue { counters[index].depth = depth }
            if record[attribute: "ignored"]?.boolValue == true { counters[index].ignored += 1 }
            counters[index].lines.append(line)
        case .error:
            // An unmatched completeStateRestoration is ignored with an error (rule 45): a call all the same.
            if Self.isUnmatchedComplete(record) {
                let index = counter(session: record[attribute: "session"]?.stringValue)
                counters[index].completes += 1
                counters[index].unmatchedCompletes += 1
                counters[index].ignored += 1
                counters[index].lines.append(line)
            }
        case .discard:
            if record.reason == DiscardReason.restorationIncomplete.rawValue {
                let whose = record[attribute: "session"]?.stringValue.map { "scene session " + PathText.sanitized($0) + "'s" } ?? "the"
                append(AppLifecycleFact(topic: .restorationIncomplete, summary:
                    "\(whose) saved state was discarded at this launch: the previous process crashed after extendStateRestoration() "
                    + "and before its completeStateRestoration() (rule 44); balance every extend with a complete", lines: [line]))
            }
        case .discardSuppressed:
            let reason = record.reason.map(VerdictWording.quoted) ?? "a reason"
            append(AppLifecycleFact(topic: .developerMode, summary:
                "developer mode (UIStateRestorationDeveloperMode) kept the saved state that UIKit would have discarded (\(reason)); "
                + "a user's device without it discards it (rule 54)", lines: [line]))
        case .ignoreSnapshot:
            let honoured = record[attribute: "honoured"]?.boolValue == true
            append(AppLifecycleFact(topic: .ignoreSnapshot, summary: honoured
                ? "ignoreSnapshotOnNextApplicationLaunch() was honoured: it was called from a state-preservation method (rule 47)"
                : "ignoreSnapshotOnNextApplicationLaunch() was ignored: UIKit honours it only from state-preservation methods (rule 47)",
                lines: [line]))
        case .warning:
            var summary = "UIKit logged " + VerdictWording.quoted(record.message ?? "a warning")
            if let detail = record[attribute: "detail"]?.stringValue { summary += " (" + PathText.sanitized(detail) + ")" }
            append(AppLifecycleFact(topic: .warning, path: record.path, summary: summary, lines: [line]))
        case .locate:
            if record.phase == .begin, record[attribute: "objectKind"]?.stringValue == RestorableObjectKind.registeredObject.rawValue,
               let span = record.span
            {
                openLocates[span] = (line, record[attribute: "restorationClass"]?.stringValue, record.path)
            } else if record.phase == .end, let span = record.span, let begin = openLocates.removeValue(forKey: span),
                      ((record.path ?? begin.path)?.count ?? 0) > 1 || record.result != LocateResult.found.rawValue
                          || record.via != LocateStep.registered.rawValue
            {
                // A registered object without a restorationParent that was found is what the
                // app life cycle before rules 48–51 did: nothing to add to its report.
                append(registeredObject(record, begin: begin, line: line), at: begin.line)
            }
        default:
            break
        }
    }

    /// The facts, in the order of their first trace line.
    public var facts: [AppLifecycleFact] {
        var all = found
        if let first = securePairLines.first {
            all.append((first, AppLifecycleFact(topic: .securePair, summary:
                "the app implements the secure pair (application(_:shouldSaveSecureApplicationState:) and "
                + "shouldRestoreSecureApplicationState): every restoration coder requires secure coding, so each value must "
                + "adopt NSSecureCoding and be decoded with its class (rules 40, 41)", lines: securePairLines)))
        }
        if let first = legacyPairLines.first {
            all.append((first, AppLifecycleFact(topic: .legacyPair, summary:
                "the app implements only the deprecated pair (application(_:shouldSaveApplicationState:) and "
                + "shouldRestoreApplicationState, iOS 6.0–13.2): UIKit still calls it and logs a deprecation warning; "
                + "implement the secure pair instead (rule 40)", lines: legacyPairLines)))
        }
        for counter in counters where !counter.lines.isEmpty {
            let whose = counter.session.map { "scene session " + PathText.sanitized($0) + ": " } ?? ""
            var summary = whose + "extendStateRestoration() \(Self.times(counter.extends)), completeStateRestoration() \(Self.times(counter.completes))"
            if counter.ignored > 0 { summary += " (\(counter.ignored) unmatched, ignored: rule 45)" }
            if counter.depth > 0 {
                summary += "; the counter was left at \(counter.depth): restoration never completed, and a crash now discards the saved state (rule 44)"
            } else if counter.completes > counter.unmatchedCompletes {
                summary += "; the counter went back to 0: restoration completed (rules 44, 45)"
            } else {
                summary += "; the counter stayed at 0: no extend was in effect (rules 44, 45)"
            }
            all.append((counter.lines[0], AppLifecycleFact(topic: .deferredRestoration, summary: summary, lines: counter.lines)))
        }
        // A stable sort: facts of one line keep the order they were found in.
        return all.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element.fact)
    }

    /// Reads the records of a trace, `lines` their line numbers (the first record is line 2 when nil).
    public init(records: some Sequence<TraceRecord>, lines: [Int]? = nil) {
        for (index, record) in records.enumerated() {
            add(record, line: lines.map { index < $0.count ? $0[index] : index + 2 } ?? index + 2)
        }
    }

    /// The `error` record the engine writes for a `completeStateRestoration` without a matching
    /// extend, which UIKit ignores (rule 45), in the app life cycle or a scene's.
    static func isUnmatchedComplete(_ record: TraceRecord) -> Bool {
        guard record.kind == .error, let message = record.message else { return false }
        return isUnmatchedComplete(message: message)
    }

    /// Whether an `error` record's message is that of an unmatched `completeStateRestoration`.
    static func isUnmatchedComplete(message: String) -> Bool {
        message.hasPrefix("completeStateRestoration") && message.contains("without a matching extendStateRestoration")
    }

    private static func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }

    private func name(_ path: [String]?) -> String { path.map(PathText.display) ?? "an object" }

    private mutating func append(_ fact: AppLifecycleFact, at line: Int? = nil) {
        found.append((line ?? fact.lines.first ?? 0, fact))
    }

    private mutating func counter(session: String?) -> Int {
        if let session {
            if let index = sessionCounters[session] { return index }
            sessionCounters[session] = counters.count
        } else {
            if let launchCounter { return launchCounter }
            launchCounter = counters.count
        }
        counters.append(Counter(session: session))
        return counters.count - 1
    }

    /// A registered object's path (through its restorationParent, rule 49) and how it was found (rule 50).
    private func registeredObject(_ end: TraceRecord, begin: (line: Int, restorationClass: String?, path: [String]?),
                                  line: Int) -> AppLifecycleFact {
        // An `E` may leave its path out; the `B` always has it.
        let objectPath = end.path ?? begin.path
        let path = objectPath ?? []
        var summary = name(objectPath)
        summary += path.count > 1
            ? " has the path of its restorationParent " + PathText.display(Array(path.dropLast())) + " plus its identifier (rule 49)"
            : " has a one-element path: no restorationParent, or one UIKit ignored (rule 49)"
        switch (end.via, end.result) {
        case (LocateStep.objectRestorationClass.rawValue?, LocateResult.found.rawValue?):
            summary += "; at relaunch its objectRestorationClass " + (begin.restorationClass.map(PathText.sanitized) ?? "")
                + " made it from the whole path (rule 50)"
        case (LocateStep.registered.rawValue?, LocateResult.found.rawValue?):
            summary += "; at relaunch it was found registered (rule 50)"
        case (_, LocateResult.nil.rawValue?) where begin.restorationClass != nil:
            summary += "; at relaunch its objectRestorationClass " + (begin.restorationClass.map(PathText.sanitized) ?? "")
                + " returned nil, so it was not restored (rule 50)"
        default:
            summary += "; at relaunch nothing was registered with its identifier and it has no objectRestorationClass, "
                + "so it was not restored (rule 50)"
        }
        return AppLifecycleFact(topic: .registeredObject, path: objectPath, summary: summary, lines: [begin.line, line])
    }
}
