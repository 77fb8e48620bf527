import Foundation

/// A person: a contact, a payee, a driver. The assistant fills in what the user said
/// (often just `displayName`); the extension resolves it to someone the app knows.
///
/// JSON form: `{"displayName": "Bobo", "personHandle": {"value": "+1 555 0100", "type": "phoneNumber"}, "customIdentifier": "bobo-1"}`
open class INPerson: NSObject, INSpeakable, Codable, NSCopying, @unchecked Sendable {
    /// How to reach the person.
    public let personHandle: INPersonHandle?
    /// The parts of the person's name.
    public let nameComponents: PersonNameComponents?
    /// A picture of the person.
    public let image: INImage?
    /// The identifier of the person in the system contacts.
    public let contactIdentifier: String?
    /// The app's own identifier of the person.
    public let customIdentifier: String?
    /// How the person relates to the user.
    public let relationship: INPersonRelationship?
    /// Other handles of the person.
    public let aliases: [INPersonHandle]?
    /// How the aliases were suggested.
    public let suggestionType: INPersonSuggestionType
    /// Whether the person is the user.
    public let isMe: Bool
    /// Candidates the assistant matched for this person, best first.
    public let siriMatches: [INPerson]?

    private let givenDisplayName: String?

    /// A person with every detail. The designated initializer; the others are Apple's.
    public init(personHandle: INPersonHandle?, nameComponents: PersonNameComponents?, displayName: String?,
                image: INImage?, contactIdentifier: String?, customIdentifier: String?,
                relationship: INPersonRelationship?, aliases: [INPersonHandle]?, suggestionType: INPersonSuggestionType,
                isMe: Bool, siriMatches: [INPerson]? = nil) {
        self.personHandle = personHandle
        self.nameComponents = nameComponents
        self.givenDisplayName = displayName
        self.image = image
        self.contactIdentifier = contactIdentifier
        self.customIdentifier = customIdentifier
        self.relationship = relationship
        self.aliases = aliases
        self.suggestionType = suggestionType
        self.isMe = isMe
        self.siriMatches = siriMatches
        super.init()
    }

    /// A person (the iOS 10 initializer).
    public convenience init(personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?,
                            image: INImage?, contactIdentifier: String?, customIdentifier: String?) {
        self.init(personHandle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
                  contactIdentifier: contactIdentifier, customIdentifier: customIdentifier, relationship: nil,
                  aliases: nil, suggestionType: .none, isMe: false)
    }

    /// A person who may be the user.
    public convenience init(personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?,
                            image: INImage?, contactIdentifier: String?, customIdentifier: String?, isMe: Bool) {
        self.init(personHandle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
                  contactIdentifier: contactIdentifier, customIdentifier: customIdentifier, relationship: nil,
                  aliases: nil, suggestionType: .none, isMe: isMe)
    }

    /// A person with a relationship to the user.
    public convenience init(personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?,
                            image: INImage?, contactIdentifier: String?, customIdentifier: String?,
                            relationship: INPersonRelationship?) {
        self.init(personHandle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
                  contactIdentifier: contactIdentifier, customIdentifier: customIdentifier, relationship: relationship,
                  aliases: nil, suggestionType: .none, isMe: false)
    }

    /// A person with other handles.
    public convenience init(personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?,
                            image: INImage?, contactIdentifier: String?, customIdentifier: String?,
                            aliases: [INPersonHandle]?, suggestionType: INPersonSuggestionType) {
        self.init(personHandle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
                  contactIdentifier: contactIdentifier, customIdentifier: customIdentifier, relationship: nil,
                  aliases: aliases, suggestionType: suggestionType, isMe: false)
    }

    /// The name to show: the one given, else the formatted name, else the handle, else "".
    public var displayName: String {
        if let givenDisplayName, !givenDisplayName.isEmpty { return givenDisplayName }
        if let nameComponents {
            let formatted = [nameComponents.givenName, nameComponents.middleName, nameComponents.familyName]
                .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            if !formatted.isEmpty { return formatted }
        }
        return personHandle?.value ?? ""
    }

    /// What the user says for this person: the display name.
    public var spokenPhrase: String { displayName }
    /// No pronunciation hint.
    public var pronunciationHint: String? { nil }
    /// The app's identifier of the person.
    public var vocabularyIdentifier: String? { customIdentifier ?? contactIdentifier }
    /// The iOS 10 name of `vocabularyIdentifier`.
    public var identifier: String? { vocabularyIdentifier }
    /// The candidates the assistant matched.
    public var alternativeSpeakableMatches: [any INSpeakable]? { siriMatches }

    // MARK: JSON

    private enum CodingKeys: String, CodingKey {
        case displayName, personHandle, nameComponents, image, contactIdentifier, customIdentifier, relationship,
             aliases, suggestionType, isMe, siriMatches
    }

    /// Decodes the person from its JSON form.
    public required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        givenDisplayName = try c.decodeIfPresent(String.self, forKey: .displayName)
        personHandle = try c.decodeIfPresent(INPersonHandle.self, forKey: .personHandle)
        nameComponents = try c.decodeNameComponents(forKey: .nameComponents)
        image = try c.decodeIfPresent(INImage.self, forKey: .image)
        contactIdentifier = try c.decodeIfPresent(String.self, forKey: .contactIdentifier)
        customIdentifier = try c.decodeIfPresent(String.self, forKey: .customIdentifier)
        relationship = try c.decodeIfPresent(INPersonRelationship.self, forKey: .relationship)
        aliases = try c.decodeIfPresent([INPersonHandle].self, forKey: .aliases)
        suggestionType = try c.decodeIfPresent(INPersonSuggestionType.self, forKey: .suggestionType) ?? .none
        isMe = try c.decodeIfPresent(Bool.self, forKey: .isMe) ?? false
        siriMatches = try c.decodeIfPresent([INPerson].self, forKey: .siriMatches)
        super.init()
    }

    /// Encodes the person in its JSON form; `displayName` is always present.
    open func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(displayName, forKey: .displayName)
        try c.encodeIfPresent(personHandle, forKey: .personHandle)
        try c.encodeNameComponents(nameComponents, forKey: .nameComponents)
        try c.encodeIfPresent(image, forKey: .image)
        try c.encodeIfPresent(contactIdentifier, forKey: .contactIdentifier)
        try c.encodeIfPresent(customIdentifier, forKey: .customIdentifier)
        try c.encodeIfPresent(relationship, forKey: .relationship)
        try c.encodeIfPresent(aliases, forKey: .aliases)
        if suggestionType != .none { try c.encode(suggestionType, forKey: .suggestionType) }
        if isMe { try c.encode(isMe, forKey: .isMe) }
        try c.encodeIfPresent(siriMatches, forKey: .siriMatches)
    }

    // MARK: Direct JSON

    /// A person's members read from its JSON form (`JSONTree`), for the designated initializer.
    package struct JSONTreeFields {
        package let personHandle: INPersonHandle?
        package let nameComponents: PersonNameComponents?
        package let displayName: String?
        package let image: INImage?
        package let contactIdentifier: String?
        package let customIdentifier: String?
        package let relationship: INPersonRelationship?
        package let aliases: [INPersonHandle]?
        package let suggestionType: INPersonSuggestionType
        package let isMe: Bool
        package let siriMatches: [INPerson]?

        package init(_ o: JSONTree.Object) throws {
            displayName = try JSONTree.optional(String.self, o["displayName"])
            personHandle = try JSONTree.optional(INPersonHandle.self, o["personHandle"])
            nameComponents = try JSONTree.optionalNameComponents(o["nameComponents"])
            image = try JSONTree.optional(INImage.self, o["image"])
            contactIdentifier = try JSONTree.optional(String.self, o["contactIdentifier"])
            customIdentifier = try JSONTree.optional(String.self, o["customIdentifier"])
            relationship = try JSONTree.optional(INPersonRelationship.self, o["relationship"])
            aliases = try JSONTree.optional([INPersonHandle].self, o["aliases"])
            suggestionType = try JSONTree.optional(INPersonSuggestionType.self, o["suggestionType"]) ?? .none
            isMe = try JSONTree.optional(Bool.self, o["isMe"]) ?? false
            siriMatches = try JSONTree.optional([INPerson].self, o["siriMatches"])
        }
    }

    /// The class whose direct JSON form this object has (as `INIntent.jsonTreeClass`).
    package class var jsonTreeClass: AnyClass { INPerson.self }

    /// Reads a person of this class from its JSON form.
    package class func fromJSONTree(_ value: IntentJSON.Value) throws -> Self {
        let person = try JSONTreeFields(JSONTree.object(value))
        let made = INPerson(personHandle: person.personHandle, nameComponents: person.nameComponents,
                            displayName: person.displayName, image: person.image,
                            contactIdentifier: person.contactIdentifier, customIdentifier: person.customIdentifier,
                            relationship: person.relationship, aliases: person.aliases,
                            suggestionType: person.suggestionType, isMe: person.isMe, siriMatches: person.siriMatches)
        guard let made = made as? Self else { throw JSONTree.Unsupported() }
        return made
    }

    /// The person's JSON form, for the SDK's classes of people.
    package func jsonTree() throws -> IntentJSON.Value {
        try JSONTree.object(of: self)
    }

    /// Writes the person's members; the SDK's subclasses add theirs.
    package func encodeJSONTree(into o: inout JSONTree.Object) throws {
        o["displayName"] = .string(displayName)
        if let personHandle { o["personHandle"] = try JSONTree.encode(personHandle) }
        if let nameComponents { o["nameComponents"] = JSONTree.nameComponents(nameComponents) }
        if let image { o["image"] = try JSONTree.encode(image) }
        if let contactIdentifier { o["contactIdentifier"] = .string(contactIdentifier) }
        if let customIdentifier { o["customIdentifier"] = .string(customIdentifier) }
        if let relationship { o["relationship"] = try JSONTree.encode(relationship) }
        if let aliases { o["aliases"] = try JSONTree.encode(aliases) }
        if suggestionType != .none { o["suggestionType"] = try JSONTree.encode(suggestionType) }
        if isMe { o["isMe"] = .bool(isMe) }
        if let siriMatches { o["siriMatches"] = try JSONTree.encode(siriMatches) }
    }

    // MARK: NSObject

    /// A copy made through the JSON form.
    public func copy(with zone: NSZone? = nil) -> Any {
        guard let data = try? WireObject.sharedEncoder.encode(self),
              let copy = try? JSONDecoder().decode(Self.self, from: data) else { return self }
        return copy
    }

    /// Equal when the JSON forms are equal.
    open override func isEqual(_ object: Any?) -> Bool {
        WireObject.isEqual(self, object)
    }

    /// A hash consistent with `isEqual(_:)`.
    open override var hash: Int {
        displayName.hashValue
    }

    /// The display name.
    open override var description: String {
        displayName
    }
}

extension INPerson: JSONTreeEncodable, JSONTreeDecodable, JSONTreeObject {}
