// swift-tools-version: 6.1
import PackageDescription

// A parser module outside reader: Atom and RSS 2.0 feeds, built as a library that reader loads
// at run time from its plugin path. It depends on reader for the plugin API and the export
// glue only; its tests run its Cases/ with reader's case runner.
let package = Package(
    name: "FeedModule",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "FeedModule", type: .dynamic, targets: ["FeedModule"])
    ],
    dependencies: [
        // Outside this repository: .package(url: "<reader's repository>", from: "<version>")
        .package(name: "reader", path: "../..")
    ],
    targets: [
        .target(
            name: "FeedModule",
            dependencies: [
                .product(name: "ReaderPluginAPI", package: "reader"),
                .product(name: "ReaderModuleExport", package: "reader"),
            ]
        ),
        .testTarget(
            name: "FeedModuleTests",
            dependencies: ["FeedModule", .product(name: "ReaderModuleCases", package: "reader")]
        ),
    ]
)
