// Path names taken apart as text, as NSString's path methods did, without linking the whole of
// swift-corelibs-foundation into the executable for them.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

enum PathName {
    /// `path` without the slashes that end it (`/` stays `/`).
    private static func trimmed(_ path: String) -> Substring {
        var path = Substring(path)
        while path.count > 1 && path.hasSuffix("/") { path = path.dropLast() }
        return path
    }

    /// The last component: `a/b.svg` -> `b.svg`, `out/` -> `out`, `/` -> `/`.
    static func lastComponent(_ path: String) -> String {
        let path = trimmed(path)
        guard path != "/", let slash = path.lastIndex(of: "/") else { return String(path) }
        return String(path[path.index(after: slash)...])
    }

    /// What follows the last `.` of the last component, or "" when it has none (`.profile` has none).
    static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// `component` below `directory`, with one slash between them.
    static func appending(_ component: String, to directory: String) -> String {
        guard !directory.isEmpty else { return component }
        return String(trimmed(directory)) + (directory == "/" ? "" : "/") + component
    }

    /// `path` with empty and `.` components removed and `..` taken back where it can be:
    /// `out/./a.svg` and `out//b/../a.svg` both read `out/a.svg`. Text only: symbolic links are
    /// not followed.
    static func standardized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var kept: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) where component != "." {
            if component == "..", let last = kept.last, last != ".." {
                kept.removeLast()
            } else if component == "..", absolute {
                continue
            } else {
                kept.append(component)
            }
        }
        let joined = kept.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// Creates the directory `path` and any missing parents (as `mkdir -p`); an existing directory
    /// is fine. Returns nil on success, else why it failed, with the component that failed.
    static func makeDirectories(_ path: String) -> String? {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            if mkdir(prefix, 0o755) == 0 || (errno == EEXIST && isDirectory(prefix)) { continue }
            let reason = errno == EEXIST ? "not a directory" : String(cString: strerror(errno))
            return prefix == path ? reason : "\(prefix): \(reason)"
        }
        return nil
    }

    /// Whether `path` names a directory (following symbolic links).
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
