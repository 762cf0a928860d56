// A scratch directory per test, removed when the test ends.

import Foundation

/// A fresh directory under the system temporary directory; `deinit` removes it.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("restoretrace-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` inside the directory.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `bytes` to `name` and returns its path.
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func write(_ name: String, _ text: String) throws -> String { try write(name, Array(text.utf8)) }

    /// The contents of `name` as text.
    func read(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }
}
