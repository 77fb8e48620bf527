import Foundation

/// Something the user can say: a phrase, with an identifier the app gave it and a hint how it sounds.
public protocol INSpeakable: NSObjectProtocol {
    /// What the user says.
    var spokenPhrase: String { get }
    /// How the phrase sounds, for unusual spellings ("ba nana ri fic").
    var pronunciationHint: String? { get }
    /// The app's identifier of the phrase, from its vocabulary.
    var vocabularyIdentifier: String? { get }
    /// The iOS 10 name of `vocabularyIdentifier`.
    var identifier: String? { get }
    /// Other phrases the user may have meant.
    var alternativeSpeakableMatches: [any INSpeakable]? { get }
}
