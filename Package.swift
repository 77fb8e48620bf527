// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Parlance",
    products: [
        .library(name: "Intents", targets: ["Intents"]),
        .library(name: "IntentsUI", targets: ["IntentsUI"]),
        .library(name: "CoreLocation", targets: ["CoreLocation"]),
        .library(name: "ExtensionRuntime", targets: ["ExtensionRuntime"]),
        .library(name: "ParlanceEngine", targets: ["ParlanceEngine"]),
        .library(name: "ParlanceTesting", targets: ["ParlanceTesting"]),
        .library(name: "ParlanceScripts", targets: ["ParlanceScripts"]),
        .executable(name: "parlance", targets: ["parlance"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `parlance serve`: HTTP and WebSocket. No swift-configuration: the CLI configures it.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // `parlance wyoming`: Home Assistant's voice protocol over TCP; already used by Hummingbird.
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        // `parlance serve`'s /metrics: the Prometheus text format (swift-metrics and swift-atomics are in already).
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // `--store postgres://…`: the store in PostgreSQL, for several servers on one database.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
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
        // The assistant, bottom to top (docs/architecture.md): each target has one job, and the compiler
        // keeps the boundaries. The core: JSON values, the app bundle model and reader, and the protocols
        // where the others meet (app registry, vocabulary source, conversation store).
        .target(name: "ParlanceCore", dependencies: ["Intents", "ExtensionWire"]),
        // The durable store in SQLite: the only target that uses GRDB.
        .target(name: "ParlanceStore", dependencies: [
            "ParlanceCore", "Intents", .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        // The durable store in PostgreSQL, the same contract as ParlanceStore: the only target that uses PostgresNIO.
        .target(name: "ParlanceStorePostgres", dependencies: [
            "ParlanceCore", "Intents", .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Extension processes and app launches: the only target that spawns processes.
        .target(name: "ParlanceHosting", dependencies: [
            "ParlanceCore", "Intents", "IntentsUI", "ExtensionWire", "CProcessSpawn",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // From what a person says to an intent with parameters; reads apps and vocabulary through the core's protocols.
        .target(name: "ParlanceUnderstanding", dependencies: ["ParlanceCore", "Intents"],
                resources: [.copy("Resources/Languages")]),
        // Words and cards for what the engine decided and what the apps answered: each language's replies are a
        // data file (docs/phrasebooks.md), so a new language needs no Swift.
        .target(name: "ParlancePresentation", dependencies: ["ParlanceCore", "Intents", "IntentsUI"],
                resources: [.copy("Resources/Replies")]),
        // The conversation: a pure state machine and the actor that performs its actions.
        .target(name: "ParlanceEngine", dependencies: [
            "ParlanceCore", "ParlanceHosting", "ParlanceUnderstanding", "ParlancePresentation",
            "Intents", "IntentsUI", "ExtensionWire", .product(name: "Logging", package: "swift-log"),
        ]),
        // Speech in and out (docs/speech.md): WAV audio, espeak-ng voices, pocketsphinx recognition with a
        // language model built at run time. Engines are found when used, so nothing here needs them to build.
        .target(name: "ParlanceSpeech"),
        // Wyoming both ways (docs/speech.md): Parlance as a service (transcripts answered by conversations) and as
        // a client of speech-to-text and text-to-speech services.
        .target(name: "ParlanceWyoming", dependencies: [
            "ParlanceCore", "ParlanceEngine", "ParlancePresentation", "ParlanceSpeech",
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The home's Whisper speech-to-text service (docs/speech.md): installed from PyPI, started once per home,
        // primed with the apps' names and the vocabulary, spoken to over Wyoming.
        .target(name: "ParlanceWhisper", dependencies: ["ParlanceSpeech", "ParlanceWyoming", "CProcessSpawn"]),
        // The assistant as a service: the HTTP API (docs/openapi.yaml), the conversation WebSocket and the web page.
        // An adapter on the engine, like the CLI.
        .target(name: "AssistantServer", dependencies: [
            "ParlanceCore", "ParlanceHosting", "ParlanceUnderstanding", "ParlancePresentation", "ParlanceEngine",
            "Intents", "ParlanceSpeech",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Logging", package: "swift-log"), .product(name: "Prometheus", package: "swift-prometheus"),
        ], resources: [.copy("Resources/Web"), .copy("Resources/openapi.yaml")]),
        // Test doubles for app developers' and our own tests: an in-memory store, in-process extensions, a test
        // clock, bundle fixtures and crash simulation.
        .target(name: "ParlanceTesting", dependencies: [
            "ParlanceCore", "ParlanceHosting", "ParlanceUnderstanding", "ParlancePresentation", "ParlanceEngine",
            "Intents", "ExtensionRuntime",
        ]),
        // What `parlance test` and `parlance eval` run, for app developers' test suites too: conversation scripts
        // (`.conv`) against real extension processes, and the throwaway store a labelled set is scored against.
        .target(name: "ParlanceScripts", dependencies: [
            "ParlanceCore", "ParlanceStore", "ParlanceHosting", "ParlanceUnderstanding", "ParlancePresentation",
            "ParlanceEngine", "ParlanceTesting", "Intents",
        ]),
        // What the sample apps share: their data file, name matching and the shape of their program.
        .target(name: "MonkeyAppSupport", dependencies: ["Intents", "IntentsUI", "ExtensionRuntime"],
                path: "Examples/MonkeyAppSupport"),
        // The sample apps (docs/sample-apps.md): each program is both the app and its Intents extension.
        .executableTarget(name: "monkeychat", dependencies: ["Intents", "MonkeyAppSupport"], path: "Examples/MonkeyChat/Sources"),
        .executableTarget(name: "monkeypay", dependencies: ["Intents", "MonkeyAppSupport"], path: "Examples/MonkeyPay/Sources"),
        // MonkeyRide and GorillaCab: one ride app's code, two brands (by program name).
        .target(name: "RideAppSupport", dependencies: ["Intents", "IntentsUI", "MonkeyAppSupport"],
                path: "Examples/RideAppSupport"),
        .executableTarget(name: "monkeyride", dependencies: ["RideAppSupport"], path: "Examples/MonkeyRide/Sources"),
        .executableTarget(name: "gorillacab", dependencies: ["RideAppSupport"], path: "Examples/GorillaCab/Sources"),
        .executableTarget(name: "monkeyfit", dependencies: ["Intents", "MonkeyAppSupport"], path: "Examples/MonkeyFit/Sources"),
        .executableTarget(name: "monkeycall", dependencies: ["Intents", "MonkeyAppSupport"], path: "Examples/MonkeyCall/Sources"),
        .executableTarget(name: "monkeyphotos", dependencies: ["Intents", "MonkeyAppSupport"], path: "Examples/MonkeyPhotos/Sources"),
        .executableTarget(name: "monkeydine", dependencies: ["Intents", "IntentsUI", "MonkeyAppSupport"],
                          path: "Examples/MonkeyDine/Sources"),
        // The command-line tool. It depends on the sample apps so that `swift run parlance chat` builds them.
        .executableTarget(name: "parlance", dependencies: [
            "ParlanceCore", "ParlanceStore", "ParlanceHosting", "ParlanceUnderstanding", "ParlancePresentation",
            "ParlanceStorePostgres", "ParlanceEngine", "ParlanceScripts", "AssistantServer", "ParlanceSpeech", "ParlanceWyoming", "ParlanceWhisper", "ExtensionRuntime", "monkeychat", "monkeypay", "monkeyride",
            "monkeyfit", "monkeycall", "monkeyphotos", "monkeydine", "gorillacab",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        // Measures hosting latency (warm round trip, cold start): `swift run -c release parlance-bench`.
        .executableTarget(name: "parlance-bench", dependencies: ["ParlanceCore", "ParlanceStore", "ParlanceHosting",
                                                                 "ParlanceUnderstanding", "ParlancePresentation",
                                                                 "ParlanceEngine", "ParlanceScripts",
                                                                 "ExtensionRuntime", "ExtensionWire",
                                                                 .product(name: "Logging", package: "swift-log")],
                          path: "Benchmarks/ParlanceBench"),
        // An extension executable whose misbehaviour (crash, hang, garbage…) is chosen by its arguments.
        // libFuzzer harnesses (Scripts/fuzz.sh builds them with --sanitize fuzzer); built plainly, the same
        // program replays a corpus (Fuzz/corpus/TARGET).
        .executableTarget(name: "parlance-fuzz", dependencies: [
            "ExtensionWire", "Intents", "ParlanceCore", "ParlanceTesting", "ParlanceUnderstanding",
        ], path: "Fuzz/ParlanceFuzz"),
        .executableTarget(name: "parlance-test-extension", dependencies: ["Intents", "ExtensionRuntime"],
                          path: "Tests/Fixtures/TestExtension"),
        .testTarget(name: "IntentsTests", dependencies: ["Intents", "ParlanceCore"], resources: [.copy("Golden")]),
        // Our own test helpers: fixtures on disk, the built products, the `parlance` binary, captured logs.
        .target(name: "TestSupport", dependencies: ["ExtensionWire", .product(name: "Logging", package: "swift-log")],
                path: "Tests/TestSupport", resources: [.copy("Fixtures")]),
        // Tests by module; only EndToEndTests drives the `parlance` binary and the sample apps.
        .testTarget(name: "StoreTests", dependencies: ["ParlanceCore", "ParlanceStore", "ParlanceStorePostgres", "Intents", "TestSupport",
                                                      "parlance-test-extension", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "HostingTests", dependencies: [
            "ParlanceCore", "ParlanceStore", "ParlanceHosting", "ParlanceUnderstanding", "ParlanceTesting",
            "Intents", "IntentsUI", "ExtensionRuntime", "ExtensionWire", "TestSupport", "parlance-test-extension",
        ]),
        .testTarget(name: "UnderstandingTests", dependencies: [
            "ParlanceCore", "ParlanceStore", "ParlanceUnderstanding", "ParlanceTesting", "ParlanceScripts", "Intents",
            "TestSupport",
        ]),
        .testTarget(name: "EngineTests", dependencies: [
            "ParlanceCore", "ParlanceHosting", "ParlanceUnderstanding", "ParlancePresentation", "ParlanceEngine",
            "ParlanceTesting", "Intents", "ExtensionRuntime", "TestSupport",
        ]),
        // The replies of every language: the golden file, the catalog's format and checker, a language from data alone.
        .testTarget(name: "PresentationTests", dependencies: ["ParlanceCore", "ParlancePresentation", "Intents"],
                    exclude: ["Golden", "Fixtures"]),
        .testTarget(name: "SpeechTests", dependencies: ["ParlanceSpeech", "ParlanceWhisper", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: [
            "ParlanceCore", "ParlanceStore", "ParlancePresentation", "ParlanceTesting", "TestSupport", "ParlanceSpeech",
            "ParlanceWyoming", "AssistantServer", "parlance", "parlance-test-extension", "parlance-bench", "parlance-fuzz",
        ]),
    ],
    swiftLanguageModes: [.v6]
)
