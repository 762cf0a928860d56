// Reading the storyboards a command was given (files, or - for standard input), and telling a
// storyboard from a scenario when the file name does not say.

import RestoreTrace
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

enum StoryboardInputs {
    /// The name standard input has in messages and locations.
    static let standardInputName = "<stdin>"

    /// Reads one storyboard; `-` is standard input.
    static func read(_ path: String) throws(StoryboardError) -> StoryboardFile {
        let reader = StoryboardReader()
        guard path == "-" else { return try reader.read(contentsOf: path) }
        let bytes: [UInt8]
        do {
            bytes = try FileDescriptorReading.readAll(STDIN_FILENO, limit: reader.limits.maximumFileBytes + 1)
        } catch {
            throw StoryboardError(file: standardInputName, problem: .unreadable(reason: error.reason))
        }
        return try reader.read(bytes: bytes, path: standardInputName)
    }

    /// The bytes of a file (at most 256 MiB, what the scenario loader accepts), or nil when it cannot be read.
    static func bytes(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return try? FileDescriptorReading.readAll(descriptor, limit: 256 << 20)
    }

    /// What an input holds.
    enum Kind {
        case storyboard, scenario, trace
    }

    /// Told by the file name (`.storyboard`, `.json`, `.jsonl`), else by the first byte that is not
    /// white space: `<` is XML, `{` JSON. nil when the file cannot be opened or says nothing.
    static func kind(of path: String) -> Kind? {
        if path.hasSuffix(".storyboard") { return .storyboard }
        if path.hasSuffix(".jsonl") { return .trace }
        if path.hasSuffix(".json") { return .scenario }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { posixRead(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        for byte in buffer.prefix(count) {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF: continue
            case UInt8(ascii: "<"): return .storyboard
            case UInt8(ascii: "{"):
                // A trace's first line is its header.
                let head = String(decoding: buffer.prefix(count), as: UTF8.self)
                return head.contains("\"type\":\"header\"") || head.contains("\"type\": \"header\"") ? .trace : .scenario
            default: return nil
            }
        }
        return nil
    }

    /// The working directory, for making locations relative (nil when it cannot be told).
    static var workingDirectory: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(cString: buffer)
    }
}

/// read(2), named apart from the methods called `read` in scope.
private func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
