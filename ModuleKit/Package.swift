// swift-tools-version: 6.1
import PackageDescription

// What a parser module outside reader builds against, and nothing else: the plugin API (and
// the JSON reader and writer it uses without showing them), the export glue and the case
// runner, with no dependencies. Its target folders are links to reader's own sources
// (../Sources), so there is one copy of each; a module package that
// depends on this instead of on reader itself resolves and builds in seconds, offline.
let package = Package(
    name: "ReaderModuleKit",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "ReaderPluginAPI", targets: ["ReaderPluginAPI"]),
        .library(name: "ReaderModuleExport", targets: ["ReaderModuleExport"]),
        .library(name: "ReaderModuleCases", targets: ["ReaderModuleCases"]),
    ],
    targets: [
        .target(name: "ReaderPluginAPI", dependencies: ["ReaderJSON"]),
        .target(name: "ReaderJSON"),
        .systemLibrary(name: "CReaderModuleABI"),
        .target(name: "ReaderModuleExport", dependencies: ["ReaderPluginAPI", "CReaderModuleABI"]),
        .target(name: "ReaderModuleCases", dependencies: ["ReaderPluginAPI"]),
    ]
)
