// swift-tools-version: 6.1
import PackageDescription

// A parser module outside reader: Atom and RSS 2.0 feeds, built as a library that reader loads
// at run time from its plugin path. It depends on reader's module kit only (the plugin API and
// the export glue); its tests run its Cases/ with reader's case runner.
let package = Package(
    name: "ReleasesModule",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "ReleasesModule", type: .dynamic, targets: ["ReleasesModule"])
    ],
    dependencies: [
        // reader's module kit: the plugin API, the export glue and the case runner, without
        // reader's own dependencies. Outside this repository, the path of your clone's ModuleKit.
        .package(name: "ReaderModuleKit", path: "../../ModuleKit")
    ],
    targets: [
        .target(
            name: "ReleasesModule",
            dependencies: [
                .product(name: "ReaderPluginAPI", package: "ReaderModuleKit"),
                .product(name: "ReaderModuleExport", package: "ReaderModuleKit"),
            ]
        ),
        .testTarget(
            name: "ReleasesModuleTests",
            dependencies: ["ReleasesModule", .product(name: "ReaderModuleCases", package: "ReaderModuleKit")]
        ),
    ]
)
