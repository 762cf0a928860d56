// ExportTracks: which timeline track (tid / profile / thread) each span and instant belongs
// to in exports: one track per phase (preservation, restoration) and thread, and one per scene
// session, assigned in a fixed order so that exports are deterministic.

import TraceFormat

/// One timeline of an export: the spans of one phase on one thread, or of one scene session.
public struct ExportTrack: Sendable, Hashable {
    /// 1-based, stable: 1 preservation, 2 restoration, 3 outside both phases (all on the main
    /// thread); tracks of other threads and of scene sessions get 4, 5, … in the order they
    /// first appear.
    public var id: Int
    /// `preservation`, `restoration`, or nil for spans outside both phases (and for sessions).
    public var phase: RecordKind?
    /// The record's `thread`; nil is the main thread.
    public var thread: String?
    /// The scene session (`session`) whose records the track holds; nil for phase tracks.
    public var session: String? = nil

    /// `preservation`, `restoration · worker`, `outside phases`, `session main`.
    public var name: String {
        let base = session.map { "session " + $0 } ?? phase?.rawValue ?? "outside phases"
        return thread.map { base + " · " + $0 } ?? base
    }
}

/// Assigns records to tracks while following the open phase spans.
struct ExportTracks {
    private struct Key: Hashable {
        var phase: RecordKind?
        var thread: String?
        var session: String?
    }

    static let phaseKinds: [RecordKind] = [.preservation, .restoration]

    private var tracks: [Key: ExportTrack] = [:]
    /// Open phase spans, innermost last.
    private var openPhases: [(span: Int64, kind: RecordKind)] = []
    /// The main-thread track returned last, checked before the dictionary.
    private var lastMainTrack: ExportTrack?
    /// Tracks of threads and sessions made so far (they are numbered from 4 in order).
    private var extraTrackCount = 0

    /// The track a record belongs to, and whether it is the first record on it (so the
    /// exporter can name the track). Phase spans sit on their own phase's track.
    mutating func track(for record: TraceRecord) -> (track: ExportTrack, isNew: Bool) {
        track(
            phase: record.phase, kind: record.kind, span: record.span, thread: record.thread,
            session: record[attribute: "session"]?.stringValue)
    }

    /// ``track(for:)`` from the record fields it reads. A record naming a scene session sits
    /// on that session's track, whatever phase is open.
    mutating func track(phase recordPhase: Phase, kind: RecordKind, span: Int64?, thread: String?, session: String? = nil)
        -> (track: ExportTrack, isNew: Bool)
    {
        var phase = openPhases.last?.kind
        if recordPhase == .begin, let span, kind == .preservation || kind == .restoration {
            openPhases.append((span, kind))
            phase = kind
        }
        if session != nil { phase = nil }
        // The common case: main thread, same phase as the last record (no hashing).
        if thread == nil, session == nil, let last = lastMainTrack, last.phase == phase { return (last, false) }
        let key = Key(phase: phase, thread: thread, session: session)
        if let existing = tracks[key] {
            if thread == nil, session == nil { lastMainTrack = existing }
            return (existing, false)
        }
        let id: Int
        if thread == nil, session == nil {
            id = phase.flatMap { ExportTracks.phaseKinds.firstIndex(of: $0) }.map { $0 + 1 } ?? 3
        } else {
            id = 4 + extraTrackCount
            extraTrackCount += 1
        }
        let track = ExportTrack(id: id, phase: phase, thread: thread, session: session)
        tracks[key] = track
        if thread == nil, session == nil { lastMainTrack = track }
        return (track, true)
    }

    /// Call on every `E` record after handling it: closes a phase span.
    mutating func ended(span: Int64) {
        if let index = openPhases.lastIndex(where: { $0.span == span }) { openPhases.remove(at: index) }
    }
}

/// A span that has begun and not yet ended, as exporters keep it.
struct OpenExportSpan {
    var span: Int64
    var record: TraceRecord
    var track: ExportTrack
}

/// The `kind path` name exports give a span or instant: `decode Tabs/CountryNav`.
enum ExportNames {
    static func name(kind: RecordKind, path: [String]?) -> String {
        guard let path, !path.isEmpty else { return kind.rawValue }
        return kind.rawValue + " " + PathText.display(path)
    }
}
