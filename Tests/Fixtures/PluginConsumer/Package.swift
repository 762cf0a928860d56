// swift-tools-version:6.0
// A package that uses restoretrace's command plugin as a user's package would: it depends on
// restoretrace by path, keeps a trace and its scenario in Traces/ and a DocC catalog in its target.
// scripts/test-plugin.sh copies it under .build/ (the path below is rewritten to the checkout) and runs
//   swift package --allow-writing-to-package-directory restoretrace-diagrams [--check]
// The main package does not see it: its targets are all declared with their paths.
import PackageDescription

let package = Package(
    name: "PluginConsumer",
    dependencies: [
        .package(name: "restoretrace", path: "../../.."),
    ],
    targets: [
        .target(name: "Settings"),
    ]
)
