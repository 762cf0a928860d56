// Test support: traces recorded with InMemoryRecorder the way the engine records them, so the
// diagrams are tested on every kind of step without running the engine.

import TraceFormat

enum SampleTraces {
    static func attributes(_ pairs: [(String, JSONValue)]) -> [TraceAttribute] { pairs.map { TraceAttribute($0.0, $0.1) } }

    /// The countries app: a tab bar with a navigation stack, a settings screen, an excluded
    /// password screen, a restored detail screen, a class mismatch, an object not found and a
    /// failed decode. With `crashInDecodeOf`, the process stops inside that object's decode.
    static func countries(crashInDecodeOf crashPath: [String]? = nil) -> (header: TraceHeader, records: [TraceRecord]) {
        let recorder = InMemoryRecorder(clock: .tick, header: TraceHeader(clock: "tick", scenario: "countries"))
        let tabs = ["Tabs"], nav = ["Tabs", "CountryNav"], list = ["Tabs", "CountryNav", "CountryList"]
        let table = list + ["CountryTable"], detail = ["Tabs", "CountryNav", "CountryDetail"]
        let settings = ["Tabs", "Settings"], profile = ["Tabs", "Profile"], help = ["Tabs", "Help"]
        let objects: [([String], String)] = [
            (tabs, "UITabBarController"), (nav, "UINavigationController"), (list, "CountryListViewController"),
            (table, "UITableView"), (detail, "CountryViewController"), (settings, "SettingsViewController"),
            (profile, "ProfileViewController"), (help, "HelpViewController"),
        ]

        let preservation = recorder.begin(.preservation)
        recorder.instant(.shouldSave, path: nil, className: nil, attributes: attributes([("result", true)]))
        let willEncode = recorder.begin(.willEncode)
        recorder.end(willEncode, .willEncode, path: nil, attributes: attributes([("bytes", 24), ("keys", .strings(["uiVersion"]))]))
        for (path, className) in objects {
            let span = recorder.begin(.encode, path: path, className: className)
            recorder.end(span, .encode, path: path, attributes: attributes([("bytes", 57), ("keys", .strings(["k"]))]))
            if path == settings {
                recorder.instant(.exclude, path: nil, className: "PasswordViewController", attributes: attributes([
                    ("reason", "noRestorationIdentifier"), ("parent", .strings(settings)),
                ]))
            }
        }
        let write = recorder.begin(.archiveWrite)
        recorder.end(write, .archiveWrite, path: nil, attributes: attributes([("bytes", 900), ("file", "state.archive"), ("result", "written")]))
        recorder.end(preservation, .preservation)

        let restoration = recorder.begin(.restoration)
        recorder.instant(.launch, path: nil, className: nil, attributes: attributes([("step", "willFinishLaunching")]))
        let read = recorder.begin(.archiveRead)
        recorder.end(read, .archiveRead, path: nil, attributes: attributes([("bytes", 900), ("file", "state.archive"), ("result", "read")]))
        recorder.instant(.shouldRestore, path: nil, className: nil, attributes: attributes([
            ("result", true), ("archivedVersion", "1.0"), ("currentVersion", "1.0"),
        ]))
        var restored: [[String]] = []
        for (path, className) in objects {
            let (via, result, found): (String, String, String?) =
                path == detail ? ("restorationClass", "found", className)
                : path == profile ? ("appDelegate", "classMismatch", "LegacyProfileViewController")
                : path == help ? ("none", "nil", nil)
                : path == settings ? ("storyboard", "found", className)
                : ("existing", "found", className)
            let locate = recorder.begin(.locate, path: path, className: className)
            var end = attributes([("via", .string(via)), ("result", .string(result))])
            if let found { end.append(TraceAttribute("foundClass", .string(found))) }
            recorder.end(locate, .locate, path: path, attributes: end)
            if path == help {
                recorder.instant(.exclude, path: path, className: className, attributes: attributes([("reason", "notFound")]))
            }
            guard result == "found" else { continue }
            let decode = recorder.begin(.decode, path: path, className: className)
            if path == crashPath { return (recorder.header, recorder.records) }
            if path == settings {
                recorder.instant(.error, path: path, className: nil, attributes: attributes([("message", "decode threw: missing key")]))
                recorder.end(decode, .decode, path: path, attributes: attributes([("keys", .strings([])), ("result", "failed")]))
                continue
            }
            recorder.end(decode, .decode, path: path, attributes: attributes([("keys", .strings(["k"])), ("result", "decoded")]))
            restored.append(path)
        }
        let didDecode = recorder.begin(.didDecode)
        recorder.end(didDecode, .didDecode)
        for path in restored {
            let span = recorder.begin(.finishedRestoring, path: path, className: nil)
            recorder.end(span, .finishedRestoring, path: path)
        }
        recorder.instant(.launch, path: nil, className: nil, attributes: attributes([("step", "didFinishLaunching")]))
        recorder.end(restoration, .restoration)
        return (recorder.header, recorder.records)
    }

    /// A wide app: `count` objects under one tab bar, in navigation stacks of ten, all restored
    /// except every 50th (excluded), for the collapsing and speed tests.
    static func wide(objects count: Int) -> (header: TraceHeader, records: [TraceRecord]) {
        let recorder = InMemoryRecorder(clock: .tick, header: TraceHeader(clock: "tick", scenario: "wide"))
        var paths: [[String]] = [["Root"]]
        for index in 0..<max(0, count - 1) {
            let stack = "Stack\(index / 10)"
            if index % 10 == 0 { paths.append(["Root", stack]) }
            paths.append(["Root", stack, "Screen\(index)"])
        }
        paths = Array(paths.prefix(count))
        let preservation = recorder.begin(.preservation)
        for (index, path) in paths.enumerated() {
            if index % 50 == 49 {
                recorder.instant(.exclude, path: path, className: "ScreenViewController",
                                 attributes: attributes([("reason", "noRestorationIdentifier")]))
                continue
            }
            let span = recorder.begin(.encode, path: path, className: "ScreenViewController")
            recorder.end(span, .encode, path: path, attributes: attributes([("bytes", 10)]))
        }
        recorder.end(preservation, .preservation)
        let restoration = recorder.begin(.restoration)
        for (index, path) in paths.enumerated() where index % 50 != 49 {
            let locate = recorder.begin(.locate, path: path, className: "ScreenViewController")
            recorder.end(locate, .locate, path: path, attributes: attributes([("via", "storyboard"), ("result", "found")]))
            let decode = recorder.begin(.decode, path: path, className: "ScreenViewController")
            recorder.end(decode, .decode, path: path, attributes: attributes([("result", "decoded")]))
        }
        for (index, path) in paths.enumerated() where index % 50 != 49 {
            let span = recorder.begin(.finishedRestoring, path: path)
            recorder.end(span, .finishedRestoring, path: path)
        }
        recorder.end(restoration, .restoration)
        return (recorder.header, recorder.records)
    }
}
