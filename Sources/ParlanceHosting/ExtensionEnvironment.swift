import ExtensionWire
import Foundation

/// The environment an extension process gets: an allow-list, never the assistant's whole environment
/// (which may hold credentials and the assistant's home). docs/security.md lists it:
///
/// - from the assistant: `PATH`, `LANG`, `LANGUAGE`, `LC_*`, `TZ`, `PARLANCE_EXAMPLES_BIN`, and the
///   variables the operator names in `PARLANCE_EXTENSION_ENVIRONMENT` (names separated by commas or
///   spaces: `PARLANCE_EXTENSION_ENVIRONMENT=MONKEYRIDE_PHASE_SECONDS`);
/// - set for it: `HOME` and `PARLANCE_APP_DATA` (its app's data folder), `TMPDIR=/tmp`,
///   `PARLANCE_APP_IDENTIFIER`, `PARLANCE_EXTENSION_PROCESS=1`, and what the endpoint adds.
enum ExtensionEnvironment {
    /// The variable that names further variables to pass on.
    static let forwardedNamesVariable = "PARLANCE_EXTENSION_ENVIRONMENT"
    static let passedThrough: Set<String> = ["PATH", "LANG", "LANGUAGE", "TZ", "PARLANCE_EXAMPLES_BIN"]

    static func allowed(for endpoint: ExtensionEndpoint, inherited: [String: String]) -> [String: String] {
        var environment = allowed(appIdentifier: endpoint.appIdentifier, dataFolder: endpoint.dataFolder, inherited: inherited)
        environment["PARLANCE_EXTENSION_PROCESS"] = "1"
        environment.merge(endpoint.environment) { _, added in added }
        return environment
    }

    /// What every sandboxed program of an app gets, extension or hand-off: the allow-list, `TMPDIR`,
    /// `PARLANCE_APP_IDENTIFIER`, and its data folder as `HOME` and `PARLANCE_APP_DATA`.
    static func allowed(appIdentifier: String, dataFolder: String?, inherited: [String: String]) -> [String: String] {
        let named = Set((inherited[forwardedNamesVariable] ?? "")
            .split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init))
        var environment = inherited.filter { name, _ in
            passedThrough.contains(name) || name.hasPrefix("LC_") || named.contains(name)
        }
        if environment["PATH"] == nil { environment["PATH"] = "/usr/local/bin:/usr/bin:/bin" }
        environment["TMPDIR"] = "/tmp"
        environment["PARLANCE_APP_IDENTIFIER"] = appIdentifier
        if let dataFolder {
            environment["HOME"] = dataFolder
            environment["PARLANCE_APP_DATA"] = dataFolder
        }
        return environment
    }
}
