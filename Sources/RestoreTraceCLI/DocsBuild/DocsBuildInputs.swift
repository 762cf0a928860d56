// The inputs of `restoretrace diagrams`: files as given, and the traces, scenarios and
// storyboards found in the directories given (hidden folders such as .build skipped), in a
// stable order so that the same tree always makes the same set.

import RestoreTrace
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One file to draw and what it holds.
struct DocsBuildInput: Sendable {
    var path: String
    var kind: StoryboardInputs.Kind
}

enum DocsBuildInputs {
    /// The file names a directory walk takes, and what each holds.
    static func kind(ofFound name: String) -> StoryboardInputs.Kind? {
        if name.hasSuffix(".jsonl") { return .trace }
        if name.hasSuffix(".scenario.json") { return .scenario }
        if name.hasSuffix(".storyboard") { return .storyboard }
        return nil
    }

    /// Folders deeper than this are not walked (a link loop is not followed either: links to
    /// directories are skipped).
    static let maximumDepth = 64

    /// Every input named by `arguments`, without repeats, files in the order given and each
    /// directory's finds sorted by path. Throws the first argument that is neither a file nor a directory.
    static func collect(_ arguments: [String]) throws(RenderCommand.RenderFailure) -> [DocsBuildInput] {
        var found: [DocsBuildInput] = []
        var seen = Set<String>()
        func add(_ input: DocsBuildInput) {
            if seen.insert(PathName.standardized(input.path)).inserted { found.append(input) }
        }
        for argument in arguments {
            guard argument != "-" else {
                throw RenderCommand.RenderFailure(message: "diagrams reads files and directories, not standard input (-)")
            }
            var status = stat()
            guard stat(argument, &status) == 0 else {
                let why = errno == ENOENT ? "no such file or directory" : String(cString: strerror(errno))
                throw RenderCommand.RenderFailure(message: "\(argument): cannot read the input: \(why)")
            }
            if status.st_mode & S_IFMT == S_IFDIR {
                var paths: [(String, StoryboardInputs.Kind)] = []
                walk(argument.hasSuffix("/") && argument.count > 1 ? String(argument.dropLast()) : argument, depth: 0, into: &paths)
                for (path, kind) in paths.sorted(by: { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }) {
                    add(DocsBuildInput(path: path, kind: kind))
                }
            } else {
                guard let kind = StoryboardInputs.kind(of: argument) else {
                    throw RenderCommand.RenderFailure(message: "\(argument): cannot tell a trace (.jsonl), a scenario (.json) "
                        + "or a storyboard (.storyboard) from its name or its first bytes")
                }
                add(DocsBuildInput(path: argument, kind: kind))
            }
        }
        return found
    }

    /// The names in `directory` that do not start with `.`, unsorted; empty when it cannot be read.
    static func visibleEntries(of directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names
    }

    /// Appends the inputs below `directory` (entries starting with `.` skipped, links to directories not followed).
    private static func walk(_ directory: String, depth: Int, into paths: inout [(String, StoryboardInputs.Kind)]) {
        guard depth < maximumDepth else { return }
        for name in visibleEntries(of: directory) {
            let path = directory == "." ? name : PathName.appending(name, to: directory)
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                walk(path, depth: depth + 1, into: &paths)
            case S_IFREG, S_IFLNK:
                guard let kind = kind(ofFound: name) else { continue }
                // A link is taken when it leads to a file.
                if status.st_mode & S_IFMT == S_IFLNK, PathName.isDirectory(path) || stat(path, &status) != 0 { continue }
                paths.append((path, kind))
            default:
                continue
            }
        }
    }
}
