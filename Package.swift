// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Parlance",
    products: [
        .library(name: "Intents", targets: ["Intents"]),
        .library(name: "IntentsUI", targets: ["IntentsUI"]),
        .library(name: "CoreLocation", targets: ["CoreLocation"]),
        .library(name: "ExtensionRuntime", targets: ["ExtensionRuntime"]),
        .library(name: "Assistant", targets: ["Assistant"]),
        .executable(name: "parlance", targets: ["parlance"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Stand-ins for the Apple location types that SiriKit code uses (CLPlacemark, CLLocation…).
        .target(name: "CoreLocation"),
        // The SDK an app's extension links: Apple-compatible Intents types. Foundation only.
        .target(name: "Intents", dependencies: ["CoreLocation"]),
        // What an Intents UI extension returns: a small, non-interactive view tree.
        .target(name: "IntentsUI", dependencies: ["Intents"]),
        // The wire protocol between assistant and extension (docs/protocol.md): one schema for both sides.
        .target(name: "ExtensionWire", dependencies: ["Intents", "IntentsUI"]),
        // Inside an extension process: serves the wire protocol on stdin/stdout for an INExtension.
        .target(name: "ExtensionRuntime", dependencies: ["Intents", "IntentsUI", "ExtensionWire"]),
        // glibc's process-spawning calls that need _GNU_SOURCE (pipe2, closefrom and chdir file actions).
        .target(name: "CProcessSpawn"),
        // The assistant engine: bundles, store, hosting (and later understanding and conversation).
        .target(name: "Assistant", dependencies: [
            "Intents", "IntentsUI", "ExtensionWire", "CProcessSpawn",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // What the sample apps share: their data file, name matching and the shape of their program.
        .target(name: "MonkeyAppSupport", dependencies: ["Intents", "IntentsUI", "ExtensionRuntime"],
                path: "Examples/MonkeyAppSupport"),
        // The sample apps (docs/sample-apps.md): each program is both the app and its Intents extension.
        .executableTarget(name: "monkeychat", dependencies: ["Intents", "MonkeyAppSupport"], path: "Examples/MonkeyChat/Sources"),
        .executableTarget(name: "monkeypay", dependencies: ["Intents", "MonkeyAppSupport"], path: "Examples/MonkeyPay/Sources"),
        .executableTarget(name: "monkeyride", dependencies: ["Intents", "MonkeyAppSupport"], path: "Examples/MonkeyRide/Sources"),
        .executableTarget(name: "monkeyfit", dependencies: ["Intents", "MonkeyAppSupport"], path: "Examples/MonkeyFit/Sources"),
        .executableTarget(name: "monkeycall", dependencies: ["Intents", "MonkeyAppSupport"], path: "Examples/MonkeyCall/Sources"),
        .executableTarget(name: "monkeyphotos", dependencies: ["Intents", "MonkeyAppSupport"], path: "Examples/MonkeyPhotos/Sources"),
        // The command-line tool. It depends on the sample apps so that `swift run parlance chat` builds them.
        .executableTarget(name: "parlance", dependencies: [
            "Assistant", "ExtensionRuntime", "monkeychat", "monkeypay", "monkeyride",
            "monkeyfit", "monkeycall", "monkeyphotos",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Measures hosting latency (warm round trip, cold start): `swift run -c release parlance-bench`.
        .executableTarget(name: "parlance-bench", dependencies: ["Assistant", "ExtensionRuntime", "ExtensionWire",
                                                                 .product(name: "Logging", package: "swift-log")],
                          path: "Benchmarks/ParlanceBench"),
        // An extension executable whose misbehaviour (crash, hang, garbage…) is chosen by its arguments.
        .executableTarget(name: "parlance-test-extension", dependencies: ["Intents", "ExtensionRuntime"],
                          path: "Tests/Fixtures/TestExtension"),
        .testTarget(name: "IntentsTests", dependencies: ["Intents"], resources: [.copy("Golden")]),
        .testTarget(name: "AssistantTests",
                    dependencies: ["Assistant", "IntentsUI", "ExtensionRuntime", "ExtensionWire", "parlance-test-extension", "parlance",
                                   "parlance-bench"],
                    resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
