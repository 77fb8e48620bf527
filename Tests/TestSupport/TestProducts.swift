import ExtensionWire
import Foundation

/// Paths of executables built beside the test bundle (.build/debug).
package enum TestProducts {
    package static let directory: URL = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent()
    }()

    package static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// The test extension with a behaviour, as an endpoint with its own identifier.
    package static func testExtension(_ arguments: [String] = [], identifier: String = "com.example.test.intents",
                              app: String = "TestApp") -> ExtensionEndpoint {
        ExtensionEndpoint(identifier: identifier, appIdentifier: "com.example.test", appName: app,
                          executable: path("parlance-test-extension"), arguments: arguments)
    }
}
