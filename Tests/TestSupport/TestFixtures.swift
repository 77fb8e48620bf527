import Foundation

/// The checked-in fixture files (Xcode's template plists, the Python extension, the golden wire exchange).
package enum TestFixtures {
    /// A fixture file by its path under Fixtures/.
    package static func url(_ path: String) -> URL {
        let root = Bundle.module.resourceURL ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        return root.appendingPathComponent("Fixtures").appendingPathComponent(path)
    }
}
