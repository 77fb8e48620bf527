import Foundation
import Intents

/// Where the assistant keeps its state: `--home`, else `$PARLANCE_HOME`, else `$XDG_DATA_HOME/parlance`,
/// else `~/.local/share/parlance` — the same folder `INVocabulary` writes to from an app's process.
public enum ParlanceHome {
    /// The home folder for these settings.
    public static func resolve(explicit: String? = nil,
                               environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        ParlanceHomeFolder.resolve(explicit: explicit, environment: environment)
    }
}
