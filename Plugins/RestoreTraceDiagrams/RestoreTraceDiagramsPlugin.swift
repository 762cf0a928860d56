// The SwiftPM command plugin `restoretrace-diagrams`: a package that depends on restoretrace runs
//   swift package --allow-writing-to-package-directory restoretrace-diagrams [--check] [INPUT...]
// to redraw the diagrams of its traces, scenarios and storyboards into its DocC catalog's
// Resources (or --output DIR). All the work is `restoretrace diagrams`, run as the plugin's tool
// from the package directory with paths relative to it, so the files are the same on every machine.
// (Plugins are not shipped in the executable: Foundation's Process and FileManager are fine here.)

import Foundation
import PackagePlugin

@main
struct RestoreTraceDiagramsPlugin: CommandPlugin {
    /// Options of `restoretrace diagrams` that take a value, passed on as they are.
    static let valueOptions = ["views", "format", "theme", "max-nodes"]
    /// Its flags, passed on as they are (`--check` is read here too).
    static let flags = ["check", "prune", "dark-variants"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        // `-o DIR` as the command line has it; ArgumentExtractor knows long names only.
        var extractor = ArgumentExtractor(arguments.map { $0 == "-o" ? "--output" : $0 })
        if extractor.extractFlag(named: "help") > 0 {
            print(Self.usage)
            return
        }
        let package = context.package.directoryURL.standardizedFileURL
        let outputs = extractor.extractOption(named: "output")
        var passed: [String] = []
        for name in Self.valueOptions {
            for value in extractor.extractOption(named: name) { passed += ["--\(name)", value] }
        }
        var check = false
        for name in Self.flags where extractor.extractFlag(named: name) > 0 {
            passed.append("--\(name)")
            if name == "check" { check = true }
        }
        let inputs = extractor.remainingArguments
        if let unknown = inputs.first(where: { $0.hasPrefix("-") }) {
            throw PluginFailure("unknown option \(unknown); see `swift package restoretrace-diagrams --help`")
        }
        guard outputs.count <= 1 else { throw PluginFailure("give --output once") }

        let output: String
        if let given = outputs.first {
            output = given
        } else {
            output = try Self.catalogResources(root: package)
        }
        let tool = try context.tool(named: "restoretrace").url
        let process = Process()
        process.executableURL = tool
        process.currentDirectoryURL = package
        process.arguments = ["diagrams"] + (inputs.isEmpty ? ["."] : inputs) + ["--output", output] + passed
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            if check && process.terminationReason == .exit && process.terminationStatus == 1 {
                let again = (["swift", "package", "--allow-writing-to-package-directory", "restoretrace-diagrams"]
                    + arguments.filter { $0 != "--check" }).joined(separator: " ")
                throw PluginFailure("the diagrams in \(output) are out of date; regenerate them with `\(again)` and commit them")
            }
            throw PluginFailure("restoretrace diagrams failed (exit status \(process.terminationStatus))")
        }
    }

    /// The Resources folder of the package's one DocC catalog, relative to `root`; made by the tool
    /// when the catalog has none yet.
    static func catalogResources(root: URL) throws -> String {
        let catalogs = findCatalogs(below: root, root: root).sorted()
        switch catalogs.count {
        case 0:
            throw PluginFailure("no DocC catalog (*.docc) in the package; pass --output DIR, "
                + "for example --output Sources/MyLibrary/MyLibrary.docc/Resources")
        case 1:
            return catalogs[0] + "/Resources"
        default:
            throw PluginFailure("\(catalogs.count) DocC catalogs: \(catalogs.joined(separator: ", ")); "
                + "choose where the diagrams go with --output DIR, for example --output \(catalogs[0])/Resources")
        }
    }

    /// The `*.docc` folders below `directory` (hidden folders skipped), as paths relative to `root`.
    static func findCatalogs(below directory: URL, root: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(
            at: directory, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { return [] }
        var found: [String] = []
        let rootPath = root.path(percentEncoded: false)
        let prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
        for case let url as URL in walker where url.pathExtension == "docc" {
            walker.skipDescendants()
            var path = url.standardizedFileURL.path(percentEncoded: false)
            while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
            found.append(path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path)
        }
        return found
    }

    static let usage = """
        USAGE: swift package --allow-writing-to-package-directory restoretrace-diagrams [--check] [INPUT...] [options]

        Redraws the diagrams of the package's traces (*.jsonl), scenarios (*.scenario.json) and
        storyboards (*.storyboard) with `restoretrace diagrams`: each in every view it has, as
        NAME.VIEW.svg, byte-stable, rewriting only files that change.

        INPUT...            files or folders, relative to the package (default: the whole package,
                            hidden folders such as .build skipped)
        -o, --output DIR    where the diagrams go (default: the Resources folder of the package's
                            one DocC catalog, *.docc/Resources, made when missing)
        --check             write nothing; list what is missing or stale and fail (for CI)
        --prune             remove diagrams (NAME.VIEW.FORMAT) that no input draws any more
        --views LIST        flow,hierarchy,locate,storyboard (default: all an input has)
        --format FORMAT     svg (default), png, pdf or dot
        --theme THEME       light (default) or dark
        --dark-variants     also write NAME.VIEW~dark.svg, DocC's dark-mode variant
        --max-nodes N       collapse big diagrams past N nodes (default 400)

        `restoretrace diagrams --help` describes the options in full. SwiftPM asks for leave to
        write into the package even with --check: pass --allow-writing-to-package-directory.

        Examples:
          swift package --allow-writing-to-package-directory restoretrace-diagrams
          swift package --allow-writing-to-package-directory restoretrace-diagrams --check
          swift package --allow-writing-to-package-directory restoretrace-diagrams Traces --output docs/diagrams --prune
        """
}

/// A failure the plugin reports: SwiftPM prints it as an error and exits non-zero.
struct PluginFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
