import Foundation

/// A state of the app that the user can continue in it: what the assistant hands the app when the
/// user opens it from an answer. Foundation on Linux has no NSUserActivity; this one keeps Apple's API.
///
/// `userInfo` travels as JSON: strings, numbers, booleans, arrays and dictionaries as they are;
/// dates and data as `{"$date": "…"}` and `{"$data": "<base64>"}`.
public final class NSUserActivity: NSObject, Codable, @unchecked Sendable {
    /// The kind of activity; the assistant's default is the intent's class name.
    public let activityType: String
    /// A title for the activity.
    public var title: String?
    /// The app's own state for continuing the activity (property-list values).
    public var userInfo: [AnyHashable: Any]?
    /// The keys of `userInfo` the app needs to continue.
    public var requiredUserInfoKeys: Set<String>?
    /// A web page that shows the same activity.
    public var webpageURL: URL?
    /// An identifier the app gives the activity.
    public var persistentIdentifier: String?
    /// A phrase suggested for invoking the activity again.
    public var suggestedInvocationPhrase: String?
    /// When the activity stops being useful.
    public var expirationDate: Date?
    /// Words describing the activity.
    public var keywords: Set<String> = []
    /// Whether the activity may move to another device.
    public var isEligibleForHandoff = true
    /// Whether the activity may be found by search.
    public var isEligibleForSearch = false
    /// Whether the activity may be indexed publicly.
    public var isEligibleForPublicIndexing = false
    /// The intent and response that led to this activity, set by the assistant when it opens the app.
    public private(set) var interaction: INInteraction?

    /// An activity of the given type.
    public init(activityType: String) {
        self.activityType = activityType
        super.init()
    }

    /// An activity with no type yet (`NSObject`'s initializer, which SiriKit code also uses).
    public convenience override init() {
        self.init(activityType: "")
    }

    /// Adds entries to `userInfo`.
    public func addUserInfoEntries(from otherDictionary: [AnyHashable: Any]) {
        var merged = userInfo ?? [:]
        for (key, value) in otherDictionary { merged[key] = value }
        userInfo = merged
    }

    /// Attaches the interaction; the assistant does this before handing the activity to the app.
    @_spi(Parlance) public func attach(_ interaction: INInteraction?) {
        self.interaction = interaction
    }

    // MARK: JSON

    private enum CodingKeys: String, CodingKey {
        case activityType, title, userInfo, requiredUserInfoKeys, webpageURL, persistentIdentifier,
             suggestedInvocationPhrase, expirationDate, keywords, interaction
    }

    /// Decodes the activity from its JSON form.
    public required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        activityType = try c.decode(String.self, forKey: .activityType)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        if let info = try c.decodeIfPresent([String: PropertyListValue].self, forKey: .userInfo) {
            userInfo = Dictionary(uniqueKeysWithValues: info.map { (AnyHashable($0.key), $0.value.anyValue) })
        }
        requiredUserInfoKeys = try c.decodeIfPresent(Set<String>.self, forKey: .requiredUserInfoKeys)
        webpageURL = try c.decodeIfPresent(URL.self, forKey: .webpageURL)
        persistentIdentifier = try c.decodeIfPresent(String.self, forKey: .persistentIdentifier)
        suggestedInvocationPhrase = try c.decodeIfPresent(String.self, forKey: .suggestedInvocationPhrase)
        expirationDate = try c.decodeWireDate(forKey: .expirationDate)
        keywords = try c.decodeIfPresent(Set<String>.self, forKey: .keywords) ?? []
        interaction = try c.decodeIfPresent(INInteraction.self, forKey: .interaction)
        super.init()
    }

    /// Encodes the activity in its JSON form; fails with the offending key when `userInfo` holds a
    /// value that is not a property-list value.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(activityType, forKey: .activityType)
        try c.encodeIfPresent(title, forKey: .title)
        if let userInfo {
            var info: [String: PropertyListValue] = [:]
            for (key, value) in userInfo {
                guard let name = key.base as? String else {
                    throw EncodingError.invalidValue(key.base, .init(codingPath: c.codingPath + [CodingKeys.userInfo],
                        debugDescription: "userInfo keys must be strings; '\(key)' is a \(type(of: key.base))"))
                }
                info[name] = try PropertyListValue(value, path: "userInfo['\(name)']")
            }
            try c.encode(info, forKey: .userInfo)
        }
        try c.encodeIfPresent(requiredUserInfoKeys?.sorted(), forKey: .requiredUserInfoKeys)
        try c.encodeIfPresent(webpageURL, forKey: .webpageURL)
        try c.encodeIfPresent(persistentIdentifier, forKey: .persistentIdentifier)
        try c.encodeIfPresent(suggestedInvocationPhrase, forKey: .suggestedInvocationPhrase)
        try c.encodeWireDate(expirationDate, forKey: .expirationDate)
        if !keywords.isEmpty { try c.encode(keywords.sorted(), forKey: .keywords) }
        try c.encodeIfPresent(interaction, forKey: .interaction)
    }

    /// Equal when the JSON forms are equal.
    public override func isEqual(_ object: Any?) -> Bool { WireObject.isEqual(self, object) }
    /// A hash consistent with `isEqual(_:)`.
    public override var hash: Int { activityType.hashValue }
    /// The JSON form.
    public override var description: String { WireObject.description(of: self) }
}
