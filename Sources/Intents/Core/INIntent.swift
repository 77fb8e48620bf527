import Foundation

/// The base class of every intent: a structured request (domain, action, parameters) that the
/// assistant builds from what the user said and hands to an app's extension to resolve, confirm and handle.
///
/// JSON form (docs/intents-json.md):
/// `{"intent": "INSendMessageIntent", "identifier": "…", "parameters": {"content": "send more bananas"}}`
open class INIntent: NSObject, Codable, NSCopying, @unchecked Sendable {
    /// Identifies one request; the same across its resolve, confirm and handle calls.
    public var identifier: String? { storedIdentifier }
    /// A description of the intent for display, if the app gave one.
    open var intentDescription: String?
    /// A phrase suggested to the user for invoking this intent again.
    public var suggestedInvocationPhrase: String?

    private var storedIdentifier: String?

    /// An intent without parameters.
    public override init() {
        super.init()
    }

    /// Sets the request identifier. The assistant does this when it creates the intent.
    @_spi(Parlance) public func assignIdentifier(_ identifier: String?) {
        storedIdentifier = identifier
    }

    /// The intent's class name, as on Apple's platforms ("INSendMessageIntent").
    public var intentName: String { String(describing: type(of: self)) }

    // MARK: JSON

    private enum RootKey: String, CodingKey {
        case intent, identifier, parameters, intentDescription, suggestedInvocationPhrase
    }

    /// Decodes the common part of an intent: its class name must match the type being decoded.
    public required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: RootKey.self)
        let expected = String(describing: Self.self)
        if let name = try c.decodeIfPresent(String.self, forKey: .intent), name != expected {
            throw DecodingError.dataCorruptedError(forKey: .intent, in: c,
                debugDescription: "expected an \(expected), found '\(name)'")
        }
        storedIdentifier = try c.decodeIfPresent(String.self, forKey: .identifier)
        intentDescription = try c.decodeIfPresent(String.self, forKey: .intentDescription)
        suggestedInvocationPhrase = try c.decodeIfPresent(String.self, forKey: .suggestedInvocationPhrase)
        super.init()
    }

    /// Encodes the class name, identifier and descriptions; subclasses add their parameters.
    open func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: RootKey.self)
        try c.encode(intentName, forKey: .intent)
        try c.encodeIfPresent(storedIdentifier, forKey: .identifier)
        try c.encodeIfPresent(intentDescription, forKey: .intentDescription)
        try c.encodeIfPresent(suggestedInvocationPhrase, forKey: .suggestedInvocationPhrase)
    }

    /// The `parameters` object of an intent's JSON (or the root object when there is none),
    /// refusing keys that are not parameters of the intent.
    static func parameterContainer<Key: CodingKey & CaseIterable>(
        of decoder: any Decoder, keyedBy: Key.Type
    ) throws -> KeyedDecodingContainer<Key> {
        try NestedWireObject.container(of: decoder, at: RootKey.parameters.stringValue, keyedBy: Key.self,
                                       kind: "parameter", typeName: String(describing: Self.self))
    }

    static func parameterContainer<Key: CodingKey>(of encoder: any Encoder, keyedBy: Key.Type) -> KeyedEncodingContainer<Key> {
        var root = encoder.container(keyedBy: RootKey.self)
        return root.nestedContainer(keyedBy: Key.self, forKey: .parameters)
    }

    // MARK: Direct JSON

    /// The class whose direct JSON form this object has (`JSONTreeObject`).
    package class var jsonTreeClass: AnyClass { INIntent.self }
    /// The name of `jsonTreeClass`, as `intentName` gives it (without looking the name up at run time).
    package class var jsonTreeName: String { "INIntent" }

    /// Reads an intent of this class from its JSON form (`JSONTree`); each intent class reads its own.
    package class func fromJSONTree(_ root: JSONTree.Object) throws -> INIntent {
        throw JSONTree.Unsupported()
    }

    /// Reads the identifier and descriptions (the class name chose the class).
    package func readJSONTreeBase(_ root: JSONTree.Object) throws {
        storedIdentifier = try JSONTree.optional(String.self, root["identifier"])
        intentDescription = try JSONTree.optional(String.self, root["intentDescription"])
        suggestedInvocationPhrase = try JSONTree.optional(String.self, root["suggestedInvocationPhrase"])
    }

    /// Writes the class name, identifier and descriptions, and an empty `parameters` object that each
    /// intent class fills.
    package func encodeJSONTree(into root: inout JSONTree.Object) throws {
        root["intent"] = .string(type(of: self).jsonTreeName)
        if let storedIdentifier { root["identifier"] = .string(storedIdentifier) }
        if let intentDescription { root["intentDescription"] = .string(intentDescription) }
        if let suggestedInvocationPhrase { root["suggestedInvocationPhrase"] = .string(suggestedInvocationPhrase) }
        root["parameters"] = .object([:])
    }

    static func unknownKeyMessage(_ key: String, kind: String, of typeName: String, known: [String]) -> String {
        var message = "\(typeName) has no \(kind) '\(key)'"
        if let suggestion = Suggestion.closest(to: key, in: known) {
            message += "; did you mean '\(suggestion)'?"
        } else if known.isEmpty {
            message += "; it has none"
        } else {
            message += "; its \(kind)s are: \(known.joined(separator: ", "))"
        }
        return message
    }

    // MARK: Dispatch (overridden by every concrete intent)

    class var parameterDescriptions: [IntentParameterDescription] { [] }

    /// Every property that travels in the intent's JSON, resolvable or not.
    class var propertyNames: [String] { [] }

    func dispatchResolve(_ parameter: String, to handler: Any) async throws(IntentDispatchError) -> [INIntentResolutionResult]? {
        throw IntentDispatchError.unsupportedIntent(intentName)
    }

    func dispatchConfirm(to handler: Any) async throws(IntentDispatchError) -> INIntentResponse? {
        throw IntentDispatchError.unsupportedIntent(intentName)
    }

    func dispatchHandle(to handler: Any) async throws(IntentDispatchError) -> INIntentResponse? {
        throw IntentDispatchError.unsupportedIntent(intentName)
    }

    // MARK: NSObject

    /// A copy made through the JSON form.
    public func copy(with zone: NSZone? = nil) -> Any {
        (try? IntentJSON.decodeIntent(from: WireObject.sharedEncoder.encode(self))) ?? self
    }

    /// Equal when the JSON forms are equal.
    open override func isEqual(_ object: Any?) -> Bool {
        WireObject.isEqual(self, object)
    }

    /// A hash consistent with `isEqual(_:)`.
    open override var hash: Int {
        WireObject.hash(of: self)
    }

    /// The JSON form.
    open override var description: String {
        WireObject.description(of: self)
    }
}
