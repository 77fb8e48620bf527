import Intents

/// One string of an app's user vocabulary.
public struct VocabularyEntry: Sendable, Equatable, Codable {
    /// The app that gave it.
    public var appIdentifier: String
    /// Its type.
    public var type: INVocabularyStringType
    /// Its rank within the app and type: 0 is the most important.
    public var position: Int
    /// The string.
    public var phrase: String

    public init(appIdentifier: String, type: INVocabularyStringType, position: Int, phrase: String) {
        self.appIdentifier = appIdentifier
        self.type = type
        self.position = position
        self.phrase = phrase
    }
}
