// SpeedscopeExporter: `export --to speedscope`, speedscope's evented profile format
// (https://www.speedscope.app/file-format-schema.json), one profile per thread and per scene session.

import TraceFormat

/// Writes a trace as a speedscope file of evented profiles.
///
/// - One profile per thread, and one per scene session (spans whose `B` record names a
///   `session`: `… · session main`), in the order their first span begins; `unit` `nanoseconds` for `ns` traces and
///   `none` otherwise; `at` values are clock units from the trace's first record, so
///   `startValue` is 0 and `endValue` the last record's offset.
/// - Frames are named `kind path` (`decode Tabs/CountryNav`); phase spans are frames too.
/// - Events are properly nested, as speedscope requires: if a span ends while spans that began
///   inside it are still open, those are closed at that moment and reopened right after.
/// - Spans that never end are closed at `endValue`. Instants are not shown (speedscope has no
///   instants); `summary` and the Chrome export list them.
///
/// Memory: the open spans, one entry per distinct frame name, and 4 MB of events per profile;
/// beyond that events wait in an anonymous temporary file until the profile is written.
public struct SpeedscopeExporter: TraceExporter {
    public static let schema = "https://www.speedscope.app/file-format-schema.json"

    private final class Profile {
        let name: String
        let events = SpoolBuffer()
        var json = JSONByteWriter(capacity: 1 << 14)
        /// (span id, frame index), innermost last.
        var stack: [(span: Int64, frame: Int)] = []
        var lastAt: Int64 = 0
        var eventCount = 0
        init(name: String) { self.name = name }
    }

    private let output: ExportOutput
    private let header: TraceHeader
    private var origin: Int64?
    private var lastTimestamp: Int64 = 0
    private var profiles: [Profile] = []
    private struct ProfileKey: Hashable {
        var thread: String?
        var session: String?
    }
    private var profileIndex: [ProfileKey: Int] = [:]
    private var frames: [String: Int] = [:]
    private var frameNames: [String] = []
    /// Which profile each open span is on.
    private var openSpans: [Int64: Int] = [:]

    public init(header: TraceHeader, output: ExportOutput) throws(ExportError) {
        self.header = header
        self.output = output
    }

    public mutating func add(_ record: TraceRecord) throws(ExportError) {
        if origin == nil { origin = record.ts }
        lastTimestamp = max(lastTimestamp, record.ts)
        guard let span = record.span else { return }
        switch record.phase {
        case .begin:
            let index = profile(for: ProfileKey(thread: record.thread, session: record[attribute: "session"]?.stringValue))
            let frame = frameIndex(ExportNames.name(kind: record.kind, path: record.path))
            let profile = profiles[index]
            event(open: true, frame: frame, at: record.ts, on: profile)
            profile.stack.append((span, frame))
            openSpans[span] = index
            try flushIfLarge(profile)
        case .end:
            guard let index = openSpans.removeValue(forKey: span) else { return }
            let profile = profiles[index]
            guard let position = profile.stack.lastIndex(where: { $0.span == span }) else { return }
            // Close what began inside this span and is still open, close it, reopen the others.
            let inside = profile.stack[(position + 1)...]
            for entry in inside.reversed() { event(open: false, frame: entry.frame, at: record.ts, on: profile) }
            event(open: false, frame: profile.stack[position].frame, at: record.ts, on: profile)
            for entry in inside { event(open: true, frame: entry.frame, at: record.ts, on: profile) }
            profile.stack.remove(at: position)
            try flushIfLarge(profile)
        case .instant:
            return
        }
    }

    public mutating func finish() throws(ExportError) {
        let end = lastTimestamp - (origin ?? lastTimestamp)
        var head = JSONByteWriter()
        head.raw("{\"$schema\":")
        head.string(SpeedscopeExporter.schema)
        head.raw(",\"name\":")
        head.string("restoretrace" + (header.scenario.map { ": " + $0 } ?? ""))
        head.raw(",\"exporter\":")
        head.string(restoreTraceGenerator)
        head.raw(",\"activeProfileIndex\":0,\"profiles\":[")
        try output.write(head.takeBytes())
        let unit = header.clock == ClockUnit.ns.rawValue ? "nanoseconds" : "none"
        for (index, profile) in profiles.enumerated() {
            for entry in profile.stack.reversed() { event(open: false, frame: entry.frame, at: lastTimestamp, on: profile) }
            profile.stack.removeAll()
            try profile.events.append(profile.json.takeBytes())
            var json = JSONByteWriter()
            if index > 0 { json.raw(",") }
            json.raw("\n{\"type\":\"evented\",\"name\":")
            json.string(profile.name)
            json.raw(",\"unit\":\"\(unit)\",\"startValue\":0,\"endValue\":")
            json.int(end)
            json.raw(",\"events\":[")
            try output.write(json.takeBytes())
            try profile.events.drain(into: output)
            try output.write(Array("]}".utf8))
        }
        var tail = JSONByteWriter()
        tail.raw("\n],\"shared\":{\"frames\":[")
        for (index, name) in frameNames.enumerated() {
            tail.raw(index == 0 ? "\n" : ",\n")
            tail.raw("{\"name\":")
            tail.string(name)
            tail.raw("}")
            if tail.bytes.count >= 1 << 16 { try output.write(tail.takeBytes()) }
        }
        tail.raw("\n]}}\n")
        try output.write(tail.takeBytes())
        try output.commit()
    }

    private mutating func profile(for key: ProfileKey) -> Int {
        if let index = profileIndex[key] { return index }
        var name = "restoretrace" + (header.scenario.map { " " + $0 } ?? "")
        if let session = key.session {
            name += " · session " + session + (key.thread.map { " · " + $0 } ?? "")
        } else {
            name += " · " + (key.thread ?? "main thread")
        }
        profiles.append(Profile(name: name))
        profileIndex[key] = profiles.count - 1
        return profiles.count - 1
    }

    private mutating func frameIndex(_ name: String) -> Int {
        if let index = frames[name] { return index }
        frames[name] = frameNames.count
        frameNames.append(name)
        return frameNames.count - 1
    }

    private func event(open: Bool, frame: Int, at timestamp: Int64, on profile: Profile) {
        // speedscope rejects time going backwards within a profile.
        let at = max(timestamp - (origin ?? timestamp), profile.lastAt)
        profile.lastAt = at
        profile.json.raw(profile.eventCount == 0 ? "\n" : ",\n")
        profile.json.raw(open ? "{\"type\":\"O\",\"frame\":" : "{\"type\":\"C\",\"frame\":")
        profile.json.int(frame)
        profile.json.raw(",\"at\":")
        profile.json.int(at)
        profile.json.raw("}")
        profile.eventCount += 1
    }

    private func flushIfLarge(_ profile: Profile) throws(ExportError) {
        if profile.json.bytes.count >= 1 << 16 { try profile.events.append(profile.json.takeBytes()) }
    }
}
