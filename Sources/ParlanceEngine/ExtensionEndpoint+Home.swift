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
        guard home.utf8.first == UInt8(ascii: "/"), isPlain(home), !app.utf8.contains(UInt8(ascii: "/")) else {
            return URL(fileURLWithPath: home).appendingPathComponent("app-data").appendingPathComponent(app).path
        }
        return (home.utf8.last == UInt8(ascii: "/") ? String(home.dropLast()) : home) + "/app-data/" + app
    }

    /// No "//" and no "/." in `path`, which `URL` would rewrite. Scanned byte by byte: Foundation's
    /// `contains` goes through `NSString` and cost more than the whole join.
    private static func isPlain(_ path: String) -> Bool {
        var afterSlash = false
        for byte in path.utf8 {
            if afterSlash && (byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".")) { return false }
            afterSlash = byte == UInt8(ascii: "/")
        }
        return true
    }
}
