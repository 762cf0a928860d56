// Output paths that would destroy an input, or each other: refused before anything runs.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds outputs that name an input file (the same file by device and inode, whatever the
/// spelling: `t.jsonl`, `./t.jsonl`, a link) or repeat another output.
enum OutputClash {
    /// The input that writing `output` would overwrite, if any.
    static func input(overwrittenBy output: String, inputs: [String]) -> String? {
        guard output != "-", let target = identity(of: output) else { return nil }
        return inputs.first { $0 != "-" && identity(of: $0) == target }
    }

    /// A message for the first output that names an input or an earlier output, if any.
    static func problem(outputs: [(input: String, output: String)]) -> String? {
        var seen: [String: String] = [:]
        for (input, output) in outputs where output != "-" {
            if let overwritten = OutputClash.input(overwrittenBy: output, inputs: outputs.map(\.input)) {
                return "-o \(output) is the input \(overwritten): writing it would destroy the input; choose another output"
            }
            // Outputs can repeat one another only when there are two.
            guard outputs.count > 1 else { continue }
            let key = PathName.standardized(output)
            if let earlier = seen[key] {
                return "\(earlier) and \(input) would both be written to \(output); render them into different places"
            }
            seen[key] = input
        }
        return nil
    }

    private struct FileIdentity: Equatable {
        var device: UInt64
        var inode: UInt64
    }

    /// The file's device and inode; nil when it does not exist or is not a regular file.
    private static func identity(of path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }
}
