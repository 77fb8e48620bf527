import ExtensionWire
import Foundation

extension ExtensionEndpoint {
    /// Gives the extension its app's data folder in the assistant's home, `<home>/app-data/<app>`, and
    /// `PARLANCE_HOME`. In the sandbox that home holds nothing but this one folder.
    mutating func give(home: String?) {
        guard let home else { return }
        environment["PARLANCE_HOME"] = home
        dataFolder = Self.dataFolder(home: home, app: appIdentifier)
    }

    /// `<home>/app-data/<app>`. Joined as text when the home is absolute: made at every call to an
    /// extension, and a `URL` round trip costs more than the rest of making the endpoint.
    static func dataFolder(home: String, app: String) -> String {
        guard home.hasPrefix("/"), !home.contains("//"), !home.contains("/."), !app.contains("/") else {
            return URL(fileURLWithPath: home).appendingPathComponent("app-data").appendingPathComponent(app).path
        }
        return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/app-data/" + app
    }
}
