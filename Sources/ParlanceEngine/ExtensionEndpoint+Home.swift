import ExtensionWire
import Foundation

extension ExtensionEndpoint {
    /// Gives the extension its app's data folder in the assistant's home, `<home>/app-data/<app>`, and
    /// `PARLANCE_HOME`. In the sandbox that home holds nothing but this one folder.
    mutating func give(home: String?) {
        guard let home else { return }
        environment["PARLANCE_HOME"] = home
        dataFolder = URL(fileURLWithPath: home).appendingPathComponent("app-data")
            .appendingPathComponent(appIdentifier).path
    }
}
