// The output folder of a docs build: compares each drawing with the file already there, writes
// only what changed (atomically), or with --check only says what is out of date; removes or
// reports the diagrams no input draws; and tells what it did, one line per file and a total.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RestoreTrace
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

struct DocsBuildFolder {
    let path: String
    /// Write nothing; count and list what is out of date.
    let check: Bool

    private(set) var drawn = 0
    private(set) var written = 0
    private(set) var removed = 0
    /// With `check`: the files missing, stale, or (pruning) drawn by no input.
    private(set) var outOfDateCount = 0

    init(path: String, check: Bool) {
        self.path = path
        self.check = check
    }

    var isUpToDate: Bool { outOfDateCount == 0 }

    /// Puts the drawing `bytes` of `input` at `name`, unless the file already holds exactly those bytes.
    mutating func settle(_ name: String, bytes: Data, drawnFrom input: String) throws(RenderCommand.RenderFailure) {
        drawn += 1
        let file = PathName.appending(name, to: path)
        if let existing = StoryboardInputs.bytes(of: file), bytes.elementsEqual(existing) { return }
        if check {
            outOfDateCount += 1
            var status = stat()
            let missing = lstat(file, &status) != 0
            try say(missing ? "\(file): missing: \(input) draws it" : "\(file): stale: \(input) draws it differently")
            return
        }
        do {
            let output = try AtomicOutputFile(path: file)
            try output.write(bytes)
            try output.commit()
        } catch {
            throw .init(message: "\(input): \(error.description)")
        }
        written += 1
        try say("wrote \(file)")
    }

    /// Removes (with `check`, lists) the folder's diagrams whose names are not in `names`.
    mutating func prune(keeping names: Set<String>) throws(RenderCommand.RenderFailure) {
        let entries = DocsBuildInputs.visibleEntries(of: path)
        for name in entries.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        where DocsBuildPlan.isDiagramName(name) && !names.contains(name) {
            let file = PathName.appending(name, to: path)
            var status = stat()
            guard lstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            if check {
                outOfDateCount += 1
                try say("\(file): no input draws it")
                continue
            }
            guard unlink(file) == 0 else {
                throw .init(message: "\(file): cannot remove it: \(String(cString: strerror(errno)))")
            }
            removed += 1
            try say("removed \(file)")
        }
    }

    /// The closing line: how many diagrams, and what was done to them.
    func finish() throws(RenderCommand.RenderFailure) {
        let diagrams = drawn == 1 ? "1 diagram" : "\(drawn) diagrams"
        if check {
            if isUpToDate { try say("\(path): \(diagrams) up to date") }
            return
        }
        var done = ["\(written) written", "\(drawn - written) unchanged"]
        if removed > 0 { done.append("\(removed) removed") }
        try say("\(path): \(diagrams) (\(done.joined(separator: ", ")))")
    }

    private func say(_ line: String) throws(RenderCommand.RenderFailure) {
        do {
            try StandardDescriptors.write(line + "\n")
        } catch {
            throw .init(message: error.description)
        }
    }
}
