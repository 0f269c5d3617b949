// swift-tools-version: 6.1
import Foundation
import PackageDescription

/// The parser modules built into `reader`: every folder under `Plugins/` is one, a target of
/// that name depending on the plugin API only (and on what is named below), with its tests in
/// `Tests/<Name>Tests` when there are any. Adding a source is adding its folder and its line
/// in `Sources/ReaderBuiltins/BuiltinModules.swift`; nothing here changes.
///
/// Besides the plugin API, a module may need a system library, or the tree's one JSON reader
/// and writer; its tests may need an engine target. Both are reached through `package`
/// declarations, which a module outside this package cannot see (the RFC index's tests compare
/// its entries as the store writes them).
let moduleDependencies: [String: [Target.Dependency]] = [
    "HTML": ["CLibXML2"], "RFCIndex": ["ReaderJSON"], "Tweets": ["ReaderJSON"],
    // Internet-Drafts are laid out as RFCs are: read with the RFC text module's parser (its PagedText).
    "Drafts": ["RFCText"],
    // Errata, like Tweets' output, needs nothing but the plugin API (JSONValue reads its file).
    // RFCIndexXML (the RFC index in XML, read for lineage) scans its bytes, and Datatracker (a
    // draft's doc.json) reads it with JSONValue: the plugin API alone.
]
let moduleTestDependencies: [String: [Target.Dependency]] = [
    "RFCIndex": ["DocumentJSON"], "Tweets": ["ReaderJSON"],
    // The sample RFCs' titles are measured against the index's (SampleTitleTests).
    "RFCText": ["RFCIndex"],
]
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
func folders(in path: String) -> [String] {
    let url = root.appendingPathComponent(path)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.filter { name in
        var isFolder: ObjCBool = false
        return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isFolder)
            && isFolder.boolValue
    }.sorted()
}
let builtinModules: [(name: String, dependencies: [Target.Dependency])] = folders(in: "Plugins").map {
    ($0, moduleDependencies[$0] ?? [])
}
let moduleTests = Set(folders(in: "Tests"))

/// libxml2's headers live in a folder of their own (`/usr/include/libxml2` on Debian and in
/// macOS's SDK), which its module's importers name; the other system libraries' headers are on
/// the compiler's path.
let libxml2Headers = ["-Xcc", "-iwithsysroot", "-Xcc", "/usr/include/libxml2"]
let moduleSettings: [String: [SwiftSetting]] = ["HTML": [.unsafeFlags(libxml2Headers)]]
let moduleLinking: [String: [LinkerSetting]] = ["HTML": systemLibrary("xml2", archives: ["libxml2", "libicuuc", "libicudata", "liblzma"])]

/// libdeflate: on Linux its header and library are on the compiler's and linker's paths; on
/// macOS they are Homebrew's, whose folders pkg-config names (on Linux, pkg-config's `-L` would
/// put the shared object first on the link line: `systemLibrary(_:archives:)`).
#if os(Linux)
let deflateLibrary = Target.systemLibrary(name: "CDeflate")
#else
let deflateLibrary = Target.systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.brew(["libdeflate"])])
#endif

/// How a target links a system library: from its shared object in a debug build, and from its
/// static archive (with the archives it needs, in order) in a release build where they are all
/// installed, as Debian's -dev packages install them. A command then starts with none of these
/// libraries to map, relocate and bind: libxml2 (with ICU), SQLite and libdeflate cost 1–2 ms
/// of every command's start (Benchmarks/README.md). The module maps name no library, and no
/// pkg-config is asked: either would put the shared object on every link line.
func systemLibrary(_ name: String, archives: [String]) -> [LinkerSetting] {
    let folders = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"]
    let installed = folders.contains { folder in
        archives.allSatisfy { FileManager.default.fileExists(atPath: "\(folder)/\($0).a") }
    }
    guard installed else { return [.linkedLibrary(name)] }
    return [
        .linkedLibrary(name, .when(configuration: .debug)),
        .unsafeFlags(archives.flatMap { ["-Xlinker", "-l:\($0).a"] }, .when(configuration: .release)),
    ]
}

let package = Package(
    name: "reader",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "reader", targets: ["reader"]),
        .library(name: "ReaderKit", targets: ["ReaderKit"]),
        // The parser modules built into `reader`, to hand a `Reader` (the engine links none).
        .library(name: "ReaderBuiltins", targets: ["ReaderBuiltins"]),
        .library(name: "ReaderPluginAPI", targets: ["ReaderPluginAPI"]),
        // For modules outside this repository: export one as a loadable library, run its cases.
        .library(name: "ReaderModuleExport", targets: ["ReaderModuleExport"]),
        .library(name: "ReaderModuleCases", targets: ["ReaderModuleCases"]),
        .executable(name: "reader-bench", targets: ["ReaderBench"]),
        .library(name: "FaultyModule", type: .dynamic, targets: ["FaultyModule"]),
        .library(name: "FutureAPIModule", type: .dynamic, targets: ["FutureAPIModule"]),
        .library(name: "ShelfModule", type: .dynamic, targets: ["ShelfModule"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Named for the trust roots of TLS (Sources/NetworkAccess); AsyncHTTPClient uses it already.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // `reader serve` only (Sources/ReaderWeb): no traits, so no swift-configuration.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // `reader export --epub` only (Sources/ReaderRendering/EPUB): the zip an EPUB is.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // The small, dependency-free API every parser module is written against: the module
        // protocol and the document model as plain values, nothing about how they are stored.
        .target(name: "ReaderPluginAPI", dependencies: ["ReaderJSON"]),
        // The tree's one JSON reader and writer, below everything that reads or writes JSON by
        // hand: the document model's open-ended values, the store's documents, the RFC index's
        // entries, tweets. `package` declarations only: no module API.
        .target(name: "ReaderJSON"),
        // The engine's storage form of a document: its JSON, written and read directly, checked
        // against the model's `Codable` conformance (the reference) by the tests.
        .target(name: "DocumentJSON", dependencies: ["ReaderPluginAPI", "ReaderJSON"]),

        // Third-party modules: the C boundary (`reader_module.h`), the Swift side a module library
        // links to export itself, the runner of module test cases, and the host's crash guard.
        .systemLibrary(name: "CReaderModuleABI"),
        .target(name: "ReaderModuleExport", dependencies: ["ReaderPluginAPI", "CReaderModuleABI"]),
        .target(name: "ReaderModuleCases", dependencies: ["ReaderPluginAPI"]),
        .target(name: "CCrashGuard"),

        .systemLibrary(name: "CReaderZlib"),
        // Whole-buffer deflate, 2–3× zlib's speed at the same level; its output is an ordinary
        // zlib stream, so a blob stays what the contract says (Support/Zlib.swift).
        deflateLibrary,
        .systemLibrary(name: "CLibXML2"),
        // The full-text index (`reader find`): SQLite's FTS5, from the system's library.
        .systemLibrary(name: "CSQLite"),

        // What every HTTP client is made with: the proxies of the environment as curl reads
        // them, the certificate authorities, a server's "slow down" (Retry-After).
        .target(
            name: "NetworkAccess",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),

        // A small S3 client: Signature V4, and the object requests a shared store needs, on
        // AsyncHTTPClient; the endpoint and credentials as the AWS tools read them. No SDK.
        .target(
            name: "ObjectStorage",
            dependencies: [
                "NetworkAccess",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),

        // The engine, one target per layer; each depends only on the layers below it, never on
        // a peer (ARCHITECTURE.md, "Layers"). What another layer uses is `package`; `public` is
        // only what the CLI, the site or a program using ReaderKit needs through the façade.
        // The floor: files, locks, zlib, SQLite, the terminal's safety, the engine's error.
        .target(
            name: "ReaderSupport",
            dependencies: [
                "ReaderPluginAPI", "CReaderZlib", "CDeflate", "CSQLite",
                .product(name: "Crypto", package: "swift-crypto"),
                // The words of a network failure (NetworkWords.swift).
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            linkerSettings: systemLibrary("sqlite3", archives: ["libsqlite3"]) + systemLibrary("deflate", archives: ["libdeflate"])
        ),
        // Which key names which blobs: the catalog file and its journal.
        .target(name: "ReaderCatalog", dependencies: ["ReaderSupport", "ReaderPluginAPI", "ReaderJSON"]),
        // The store on disk: blobs, documents, the full-text index, reads, maintenance.
        .target(
            name: "ReaderStore",
            dependencies: [
                "ReaderCatalog", "ReaderSupport", "ReaderPluginAPI", "ReaderJSON", "DocumentJSON", "CSQLite",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Peers above the store, which never use each other: the fetcher (HTTP, files, mirrors),
        // the module registry (built-in modules handed in, the plugin path), the parser workers,
        // the renderers, and push/pull to object storage.
        .target(
            name: "ReaderFetch",
            dependencies: [
                "ReaderSupport", "NetworkAccess",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .target(
            name: "ReaderRegistry",
            dependencies: ["ReaderCatalog", "ReaderSupport", "ReaderPluginAPI", "ReaderModuleExport", "CReaderModuleABI", "CCrashGuard"]
        ),
        .target(name: "ReaderWorkers", dependencies: ["ReaderSupport", "ReaderPluginAPI"]),
        .target(
            name: "ReaderRendering",
            dependencies: [
                "ReaderStore", "ReaderSupport", "ReaderPluginAPI", "ReaderJSON", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        .target(
            name: "ReaderRemote",
            dependencies: [
                "ReaderStore", "ReaderCatalog", "ReaderSupport", "ObjectStorage", "NetworkAccess",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The façade: `Reader` and what it answers, the one engine target the CLI, the site and
        // a program using the engine import. It is handed its parser modules (ReaderBuiltins).
        .target(
            name: "ReaderKit",
            dependencies: [
                "ReaderFetch", "ReaderRegistry", "ReaderWorkers", "ReaderRendering", "ReaderRemote",
                "ReaderStore", "ReaderCatalog", "ReaderSupport",
                "ReaderPluginAPI", "DocumentJSON", "NetworkAccess",
            ]
        ),
        // The parser modules built into `reader`, in one list (BuiltinModules.swift): what the
        // executable, the bench and the tests hand the engine. No engine target depends on it.
        .target(name: "ReaderBuiltins", dependencies: ["ReaderPluginAPI"] + builtinModules.map { .target(name: $0.name) }),

        // `reader serve`: the store as a local website, on Hummingbird. Its own target, so that
        // the engine (and a program using ReaderKit) never builds or links a server.
        .target(
            name: "ReaderWeb",
            dependencies: [
                "ReaderKit",
                "ReaderPluginAPI",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOPosix", package: "swift-nio"),
                // The request head as sent, before Hummingbird converts it (Guard/ConnectionGuard.swift).
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            // Outside the package's `package` declarations, as a program using ReaderKit is: what
            // the engine's layers declare for each other is out of reach, and the compiler says
            // so, not a review (ARCHITECTURE.md, "Layers").
            packageAccess: false
        ),

        // The command line, as a library so that tests can drive it; `reader` is a thin shell.
        .target(
            name: "ReaderCLI",
            dependencies: [
                "ReaderKit",
                // The parser modules the command line hands the engine.
                "ReaderBuiltins",
                "ReaderPluginAPI",
                "NetworkAccess",
                "ReaderWeb",
                "ReaderModuleCases",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            // Outside the package's `package` declarations, as a program using ReaderKit is: what
            // the engine's layers declare for each other is out of reach, and the compiler says
            // so, not a review (ARCHITECTURE.md, "Layers").
            packageAccess: false
        ),
        // `--no-export-dynamic` undoes what a static Swift runtime's link asks for: the ~40,000
        // symbols of the engine and its packages exported, which the runtime's start-up searches
        // one by one (`dladdr`) and which a run-time module would bind to instead of its own copy.
        .executableTarget(
            name: "reader", dependencies: ["ReaderCLI"],
            linkerSettings: [.unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux], configuration: .release))]
        ),

        // Speed, measured in release against references taken in the same run (Benchmarks/README.md).
        .executableTarget(
            name: "ReaderBench",
            dependencies: [
                "ReaderKit", "ReaderBuiltins", "ReaderPluginAPI", "DocumentJSON", "ReaderSupport",
                // `serve-floor`: the web stack alone, for compare-serve.
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
                + builtinModules.map { .target(name: $0.name) },
            path: "Benchmarks/ReaderBench"
        ),

        // Shared by every test target: the corpus and helpers on documents; no dependencies, so
        // a module's tests build without the engine.
        .target(name: "ReaderTestSupport", dependencies: ["ReaderPluginAPI", "CReaderZlib"], path: "Tests/ReaderTestSupport"),
        // A real HTTP server on 127.0.0.1 and a runner for the built `reader` binary.
        .target(
            name: "ReaderTestHarness",
            dependencies: [
                "ReaderTestSupport",
                // To run a command in process (`ReaderBinary.Runner.inProcess`).
                "ReaderCLI",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            path: "Tests/ReaderTestHarness"
        ),
        .testTarget(
            name: "ReaderKitTests",
            dependencies: [
                "ReaderKit", "ReaderBuiltins", "DocumentJSON", "ReaderJSON", "ReaderTestSupport", "ReaderTestHarness",
                // The layers' internals, which the tests reach with `@testable import`.
                "ReaderSupport", "ReaderCatalog", "ReaderStore", "ReaderFetch", "ReaderRegistry", "ReaderWorkers", "ReaderRendering",
                "ReaderRemote",
            ],
            exclude: ["Relevance"]),
        .testTarget(name: "ReaderJSONTests", dependencies: ["ReaderJSON"]),
        // The site's routes in process and live (one body), and the site in a real browser.
        .testTarget(
            name: "ReaderWebTests",
            dependencies: [
                "ReaderWeb", "ReaderKit", "ReaderBuiltins", "ReaderPluginAPI", "ReaderTestSupport", "ReaderTestHarness",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // Proxies, certificate authorities, "slow down" and IPv6, against real servers of this
        // machine: tinyproxy, nginx with a certificate of the test's own authority, loopback.
        .testTarget(
            name: "ReaderNetworkTests",
            dependencies: [
                "ReaderKit", "NetworkAccess", "ObjectStorage", "ReaderTestSupport", "ReaderTestHarness",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]),
        // Signature V4 against AWS's published test suite (SignatureV4Cases/, Apache-2.0).
        .testTarget(name: "ObjectStorageTests", dependencies: ["ObjectStorage"]),
        // The help's layout is read from the commands' configurations (HelpLayoutTests).
        .testTarget(
            name: "ReaderCLITests",
            dependencies: [
                "ReaderKit", "ReaderBuiltins", "ReaderTestSupport", "ReaderTestHarness", "ReaderCLI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The built `reader` in a real terminal (tmux): the pager, the progress bar, Ctrl-C, colour.
        .testTarget(
            name: "ReaderTerminalTests",
            dependencies: ["ReaderTestSupport", "ReaderTestHarness", .product(name: "AsyncHTTPClient", package: "async-http-client")]),
        // Every module's `Plugins/<Name>/Cases/`, run against the module registered under its name.
        .testTarget(name: "ModuleCaseTests", dependencies: ["ReaderKit", "ReaderBuiltins", "ReaderModuleCases", "ReaderModuleExport"]),
        // Faulty module libraries for the plugin end-to-end tests (Tests/ModuleFixtures/README.md).
        .target(name: "FaultyModule", dependencies: ["ReaderModuleExport"], path: "Tests/ModuleFixtures/FaultyModule"),
        .target(name: "FutureAPIModule", path: "Tests/ModuleFixtures/FutureAPIModule"),
        // A module declaring a listing of its own (Tests/ModuleFixtures/README.md).
        .target(name: "ShelfModule", dependencies: ["ReaderModuleExport"], path: "Tests/ModuleFixtures/ShelfModule"),
        // kill -9, races, damage, hostile servers, full disks and hostile text, against the built
        // `reader` only (SECURITY.md). It checks stores against the contract with its own zlib and SHA-256.
        .testTarget(
            name: "ReaderFaultTests",
            dependencies: [
                "ReaderTestSupport", "ReaderTestHarness", "CReaderZlib", .product(name: "Crypto", package: "swift-crypto"),
                // To craft full-text index files (`CraftedIndexTests`) with SQLite's own calls.
                "CSQLite",
                // To set up and watch the S3 server of `RemoteTests` (moto's).
                "ObjectStorage",
            ]
        ),
    ]
        + builtinModules.map { module in
            .target(
                name: module.name,
                dependencies: ["ReaderPluginAPI"] + module.dependencies,
                path: "Plugins/\(module.name)",
                exclude: ["Cases"],
                swiftSettings: moduleSettings[module.name],
                linkerSettings: moduleLinking[module.name]
            )
        }
        + builtinModules.filter { moduleTests.contains("\($0.name)Tests") }.map { module in
            .testTarget(
                name: "\(module.name)Tests",
                dependencies: [.target(name: module.name), "ReaderTestSupport"] + (moduleTestDependencies[module.name] ?? []),
                swiftSettings: moduleSettings[module.name]
            )
        }
)

// An optimized build lets a target see the C modules that the modules it imports import
// internally (cross-module optimization may inline their code into it), so the HTML module's
// importers, direct or not, look for libxml2's headers too when built with `-c release`; every
// target is given the folder, which is simpler than tracing who imports whom. Without this,
// the README's install failed on a fresh machine ("'libxml/xmlversion.h' file not found" in
// ReaderBuiltins), while the debug build the tests use never needs them.
for target in package.targets where target.type != .system && target.type != .binary {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(libxml2Headers, .when(configuration: .release))]
}
