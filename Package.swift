// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Parlance",
    products: [
        .library(name: "Intents", targets: ["Intents"]),
        .library(name: "CoreLocation", targets: ["CoreLocation"]),
    ],
    targets: [
        // Stand-ins for the Apple location types that SiriKit code uses (CLPlacemark, CLLocation…).
        .target(name: "CoreLocation"),
        // The SDK an app's extension links: Apple-compatible Intents types. Foundation only.
        .target(name: "Intents", dependencies: ["CoreLocation"]),
        .testTarget(name: "IntentsTests", dependencies: ["Intents"], resources: [.copy("Golden")]),
    ],
    swiftLanguageModes: [.v6]
)
