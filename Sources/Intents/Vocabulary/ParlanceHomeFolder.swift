import Foundation

/// Where Parlance keeps its state, found the same way by the assistant and by the SDK in an app's
/// process: an explicit folder, else `$PARLANCE_HOME`, else `$XDG_DATA_HOME/parlance`, else
/// `~/.local/share/parlance`.
package enum ParlanceHomeFolder {
    package static func resolve(explicit: String? = nil,
                                environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: explicit).standardizedFileURL }
        if let home = environment["PARLANCE_HOME"], !home.isEmpty { return URL(fileURLWithPath: home).standardizedFileURL }
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty {
            return URL(fileURLWithPath: data).appendingPathComponent("parlance").standardizedFileURL
        }
        let user = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: user).appendingPathComponent(".local/share/parlance").standardizedFileURL
    }
}
