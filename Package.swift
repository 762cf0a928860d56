// swift-tools-version:6.0
// restoretrace: a model of UIKit state preservation and restoration that records every step,
// and the tools that read, render, summarise, export and diff those traces.
import PackageDescription

let package = Package(
    name: "restoretrace",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "RestoreTrace", targets: ["RestoreTrace"]),
        .executable(name: "restoretrace", targets: ["restoretrace"]),
        // `swift package --allow-writing-to-package-directory restoretrace-diagrams` in a package that depends on this one.
        .plugin(name: "restoretrace-diagrams", targets: ["RestoreTraceDiagrams"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Layer 0: the trace contract. No dependencies.
        .target(name: "TraceFormat"),
        // The relaunch child of `simulate`, started with posix_spawn (what Swift's Glibc module does not show).
        .target(name: "CProcessSpawn"),
        // Layer 1: the UIKit model and the trace analyses.
        .target(name: "RestorationEngine", dependencies: ["TraceFormat", "CProcessSpawn"]),
        .target(name: "TraceAnalysis", dependencies: ["TraceFormat"]),
        // Interface Builder storyboards -> scenarios and lint findings; the only module that reads XML.
        .target(name: "Storyboard", dependencies: ["TraceFormat", "RestorationEngine"]),
        // Graphviz: libgvc behind a typed DOT model; knows nothing of restoration.
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"])]
        ),
        // C beside libgvc: the lock every call holds, the text-size memo, deterministic DOT reading.
        .target(name: "CGraphvizSupport", dependencies: ["CGraphviz"]),
        .target(name: "Graphviz", dependencies: ["CGraphviz", "CGraphvizSupport"]),
        // Layer 2: restoration-aware diagrams.
        .target(name: "Diagrams", dependencies: ["Graphviz", "TraceAnalysis", "RestorationEngine", "TraceFormat"]),
        // The one library product users import.
        .target(name: "RestoreTrace", dependencies: ["TraceFormat", "RestorationEngine", "TraceAnalysis", "Storyboard", "Graphviz", "Diagrams"]),
        // The command line: commands live in a library so tests can run them in-process.
        .target(
            name: "RestoreTraceCLI",
            dependencies: ["RestoreTrace", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(name: "restoretrace", dependencies: ["RestoreTraceCLI"]),
        // Docs builds: runs `restoretrace diagrams` over the package that uses it.
        .plugin(
            name: "RestoreTraceDiagrams",
            capability: .command(
                intent: .custom(
                    verb: "restoretrace-diagrams",
                    description: "Redraw the diagrams of the package's traces, scenarios and storyboards (--check: fail when stale)"
                ),
                permissions: [.writeToPackageDirectory(reason: "restoretrace-diagrams writes the diagrams into the package (by default its DocC catalog's Resources)")]
            ),
            dependencies: ["restoretrace"]
        ),

        // Benchmarks: synthetic traces and hierarchies, and `restoretrace-bench`; in no product,
        // so nothing that depends on this package, nor the shipped `restoretrace`, carries them.
        .target(name: "TraceGeneration", dependencies: ["TraceFormat", "RestorationEngine"], path: "Benchmarks/Sources/TraceGeneration"),
        .executableTarget(
            name: "restoretrace-bench",
            dependencies: ["RestoreTrace", "TraceGeneration", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Benchmarks/Sources/restoretrace-bench"
        ),

        .testTarget(name: "TraceFormatTests", dependencies: ["TraceFormat", "TraceGeneration"], resources: [.copy("Corpus")]),
        .testTarget(name: "RestorationEngineTests", dependencies: ["RestorationEngine", "TraceFormat", "TraceGeneration"]),
        .testTarget(name: "TraceAnalysisTests", dependencies: ["TraceAnalysis", "TraceFormat", "TraceGeneration"]),
        .testTarget(name: "StoryboardTests", dependencies: ["Storyboard", "RestorationEngine", "TraceFormat"], exclude: ["Fixtures"]),
        // Helpers more than one test target uses (not a product; nothing ships it).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "GraphvizTests", dependencies: ["Graphviz", "CGraphvizSupport", "TestSupport", "TraceFormat", "TraceGeneration"]),
        .testTarget(name: "DiagramsTests", dependencies: ["Diagrams", "Graphviz", "RestorationEngine", "TraceAnalysis", "TraceFormat", "TraceGeneration", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "CLITests", dependencies: ["RestoreTraceCLI", "restoretrace", "restoretrace-bench"], exclude: ["SARIF"]),
    ]
)
