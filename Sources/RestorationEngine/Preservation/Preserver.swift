// Preserver: the first process's side — one preservation pass (rule 2's order) and the
// archive written to disk, each step reported to the recorder.

import TraceFormat

/// Preserves an ``Application``'s state, as UIKit does when the app moves to the background.
///
/// ```swift
/// let result = try Preserver(application: app).preserve(to: ArchiveDirectory(url: dir), recorder: recorder)
/// ```
public struct Preserver {
    public let application: Application
    public let clock: EngineClock
    public let limits: PreservationLimits

    public init(application: Application, clock: EngineClock = .wall, limits: PreservationLimits = PreservationLimits()) {
        self.application = application
        self.clock = clock
        self.limits = limits
    }

    /// shouldSave → willEncode → every object's encode → the archive written atomically to `directory`.
    /// The result's `archive` is nil here (the archive is on disk; `RestorationArchive.decode`
    /// reads it back); ``makeArchive(recorder:)`` keeps it in memory instead.
    /// Throws ``PreservationError`` when the hierarchy is too deep or the write fails; the
    /// trace then holds an `error` record and the previous archive (if any) is untouched.
    @discardableResult
    public func preserve(to directory: ArchiveDirectory, recorder: any TraceRecorder) throws(PreservationError) -> PreservationResult {
        let span = recorder.begin(.preservation, path: nil, className: nil, attributes: [])
        defer { recorder.end(span, .preservation, path: nil, attributes: []) }
        let walk = PreservationWalk(application: application, recorder: recorder, limits: limits, timestamp: clock.now(),
                                    keepsArchive: false)
        var result = try walk.run()
        guard result.shouldSave else { return result }

        let file = RestorationArchive.file(payloadParts: walk.encodedPayloadParts)
        let writeSpan = recorder.begin(.archiveWrite, path: nil, className: nil, attributes: [])
        do {
            try directory.writeArchive(file)
            recorder.end(writeSpan, .archiveWrite, path: nil, attributes: [
                TraceAttribute("bytes", .int(Int64(file.count))),
                TraceAttribute("file", .string(ArchiveDirectory.archiveFileName)),
                TraceAttribute("result", .string("written")),
            ])
        } catch {
            recorder.end(writeSpan, .archiveWrite, path: nil, attributes: [
                TraceAttribute("bytes", .int(0)),
                TraceAttribute("file", .string(ArchiveDirectory.archiveFileName)),
                TraceAttribute("result", .string("failed")),
            ])
            recorder.instant(.error, path: nil, className: nil, attributes: [TraceAttribute("message", .string(error.description))])
            throw .archiveWriteFailed(error.description)
        }
        result.archiveBytes = file.count
        return result
    }

    /// The same pass without the disk: returns the archive (nil when shouldSave said no).
    public func makeArchive(recorder: any TraceRecorder) throws(PreservationError) -> PreservationResult {
        let span = recorder.begin(.preservation, path: nil, className: nil, attributes: [])
        defer { recorder.end(span, .preservation, path: nil, attributes: []) }
        return try PreservationWalk(application: application, recorder: recorder, limits: limits, timestamp: clock.now(),
                                    keepsArchive: true).run()
    }
}
