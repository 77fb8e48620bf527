import Foundation

/// A phrase the user can say, such as a workout name or a ride option, with the app's identifier for it.
///
/// JSON form: `{"spokenPhrase": "Bananarific", "vocabularyIdentifier": "bananarific", "pronunciationHint": "ba nana ri fic"}`
public final class INSpeakableString: NSObject, INSpeakable, Codable, NSCopying, @unchecked Sendable {
    /// What the user says.
    public let spokenPhrase: String
    /// How the phrase sounds.
    public let pronunciationHint: String?
    /// The app's identifier of the phrase.
    public let vocabularyIdentifier: String?

    /// A phrase with an identifier (iOS 11 name).
    public init(vocabularyIdentifier: String, spokenPhrase: String, pronunciationHint: String?) {
        self.vocabularyIdentifier = vocabularyIdentifier
        self.spokenPhrase = spokenPhrase
        self.pronunciationHint = pronunciationHint
        super.init()
    }

    /// A phrase with an identifier (the iOS 10 initializer).
    public convenience init(identifier: String, spokenPhrase: String, pronunciationHint: String?) {
        self.init(vocabularyIdentifier: identifier, spokenPhrase: spokenPhrase, pronunciationHint: pronunciationHint)
    }

    /// A phrase without an identifier.
    public init(spokenPhrase: String) {
        self.spokenPhrase = spokenPhrase
        self.vocabularyIdentifier = nil
        self.pronunciationHint = nil
        super.init()
    }

    /// A phrase with each of its parts, as its JSON form gives them.
    package init(spokenPhrase: String, vocabularyIdentifier: String?, pronunciationHint: String?) {
        self.spokenPhrase = spokenPhrase
        self.vocabularyIdentifier = vocabularyIdentifier
        self.pronunciationHint = pronunciationHint
        super.init()
    }

    /// The iOS 10 name of `vocabularyIdentifier`.
    public var identifier: String? { vocabularyIdentifier }
    /// Other phrases the user may have meant; none.
    public var alternativeSpeakableMatches: [any INSpeakable]? { nil }

    private enum CodingKeys: String, CodingKey {
        case spokenPhrase, vocabularyIdentifier, pronunciationHint
    }

    /// Decodes the phrase from its JSON form.
    public required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        spokenPhrase = try c.decode(String.self, forKey: .spokenPhrase)
        vocabularyIdentifier = try c.decodeIfPresent(String.self, forKey: .vocabularyIdentifier)
        pronunciationHint = try c.decodeIfPresent(String.self, forKey: .pronunciationHint)
        super.init()
    }

    /// Encodes the phrase in its JSON form.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(spokenPhrase, forKey: .spokenPhrase)
        try c.encodeIfPresent(vocabularyIdentifier, forKey: .vocabularyIdentifier)
        try c.encodeIfPresent(pronunciationHint, forKey: .pronunciationHint)
    }

    /// A copy (the object is immutable).
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Equal when phrase, identifier and hint are equal.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? INSpeakableString else { return false }
        return spokenPhrase == other.spokenPhrase && vocabularyIdentifier == other.vocabularyIdentifier
            && pronunciationHint == other.pronunciationHint
    }

    /// A hash consistent with `isEqual(_:)`.
    public override var hash: Int { spokenPhrase.hashValue ^ (vocabularyIdentifier?.hashValue ?? 0) }

    /// The spoken phrase.
    public override var description: String { spokenPhrase }
}

extension INSpeakableString: JSONTreeEncodable, JSONTreeDecodable {
    package func jsonTree() -> IntentJSON.Value {
        var o: JSONTree.Object = ["spokenPhrase": .string(spokenPhrase)]
        if let vocabularyIdentifier { o["vocabularyIdentifier"] = .string(vocabularyIdentifier) }
        if let pronunciationHint { o["pronunciationHint"] = .string(pronunciationHint) }
        return .object(o)
    }

    package static func fromJSONTree(_ value: IntentJSON.Value) throws -> INSpeakableString {
        let o = try JSONTree.object(value)
        return INSpeakableString(spokenPhrase: try JSONTree.required(String.self, o["spokenPhrase"]),
                                 vocabularyIdentifier: try JSONTree.optional(String.self, o["vocabularyIdentifier"]),
                                 pronunciationHint: try JSONTree.optional(String.self, o["pronunciationHint"]))
    }
}
