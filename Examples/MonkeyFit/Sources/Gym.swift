import Foundation
import Intents
import MonkeyAppSupport

/// MonkeyFit's data: the workouts it offers, the user's own workouts, and the one going now.
struct Gym: Codable, Sendable {
    struct Session: Codable, Sendable {
        var identifier: String
        var name: String
        var goal: String?
        var startedAt: Date
        var paused: Bool = false
        var endedAt: Date?
        var cancelled: Bool = false
    }

    /// Workouts the user made up (told to the assistant as user vocabulary).
    var customWorkouts: [String] = ["Morning Climb"]
    var sessions: [Session] = []

    static let identifier = "org.parlance.examples.monkeyfit"
    static let file = AppDataFile<Gym>(appIdentifier: identifier) { Gym() }
    /// The workouts MonkeyFit offers everyone (its app vocabulary).
    static let builtIn = ["Bananarific", "Jungle Run", "Vine Swing"]

    var allWorkouts: [String] { Self.builtIn + customWorkouts }

    var current: Session? {
        sessions.last { $0.endedAt == nil && !$0.cancelled }
    }

    static func speakable(_ name: String) -> INSpeakableString {
        INSpeakableString(vocabularyIdentifier: name.lowercased().replacingOccurrences(of: " ", with: "-"),
                          spokenPhrase: name, pronunciationHint: name == "Bananarific" ? "ba nana ri fic" : nil)
    }
}
