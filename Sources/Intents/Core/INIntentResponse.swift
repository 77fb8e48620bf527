import Foundation

/// The base class of every intent response: the outcome code an extension reports from confirm or
/// handle, the details it fills in, and optionally an activity that continues the work in the app.
///
/// JSON form: `{"response": "INSendMessageIntentResponse", "code": "success", "properties": {…}}`
open class INIntentResponse: NSObject, Codable, NSCopying, @unchecked Sendable {
    /// Continues the conversation in the app, when the user opens it from the answer.
    public var userActivity: NSUserActivity?

    /// Set on the response a default method returns when the extension implements no spelling of it.
    var isUnimplementedMarker = false

    /// A response without a code; use a concrete response class.
    public override init() {
        super.init()
    }

    init(userActivity: NSUserActivity?) {
        self.userActivity = userActivity
        super.init()
    }

    /// The name of the response's code ("success", "failureInsufficientFunds"); overridden by each response class.
    open var codeName: String { "unspecified" }

    /// The response's class name ("INSendMessageIntentResponse").
    public var responseName: String { String(describing: type(of: self)) }

    // MARK: JSON

    private enum RootKey: String, CodingKey {
        case response, code, userActivity, properties
    }

    /// Decodes the common part of a response: its class name must match the type being decoded.
    public required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: RootKey.self)
        let expected = String(describing: Self.self)
        if let name = try c.decodeIfPresent(String.self, forKey: .response), name != expected {
            throw DecodingError.dataCorruptedError(forKey: .response, in: c,
                debugDescription: "expected an \(expected), found '\(name)'")
        }
        userActivity = try c.decodeIfPresent(NSUserActivity.self, forKey: .userActivity)
        super.init()
    }

    /// Encodes the class name, code and user activity; subclasses add their properties.
    open func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: RootKey.self)
        try c.encode(responseName, forKey: .response)
        try c.encode(codeName, forKey: .code)
        try c.encodeIfPresent(userActivity, forKey: .userActivity)
    }

    static func decodeCode<Code: CaseNamed & Decodable>(_ type: Code.Type, from decoder: any Decoder) throws -> Code {
        let c = try decoder.container(keyedBy: RootKey.self)
        return try c.decode(Code.self, forKey: .code)
    }

    static func propertyContainer<Key: CodingKey & CaseIterable>(
        of decoder: any Decoder, keyedBy: Key.Type
    ) throws -> KeyedDecodingContainer<Key> {
        try NestedWireObject.container(of: decoder, at: RootKey.properties.stringValue, keyedBy: Key.self,
                                       kind: "property", typeName: String(describing: Self.self))
    }

    static func propertyContainer<Key: CodingKey>(of encoder: any Encoder, keyedBy: Key.Type) -> KeyedEncodingContainer<Key> {
        var root = encoder.container(keyedBy: RootKey.self)
        return root.nestedContainer(keyedBy: Key.self, forKey: .properties)
    }

    // MARK: Direct JSON

    /// The class whose direct JSON form this object has (as `INIntent.jsonTreeClass`).
    package class var jsonTreeClass: AnyClass { INIntentResponse.self }
    /// The name of `jsonTreeClass`, as `responseName` gives it.
    package class var jsonTreeName: String { "INIntentResponse" }

    /// Reads a response of this class from its JSON form (`JSONTree`); each response class reads its own.
    package class func fromJSONTree(_ root: JSONTree.Object) throws -> INIntentResponse {
        throw JSONTree.Unsupported()
    }

    /// Writes the class name and code; each response class adds its properties.
    package func encodeJSONTree(into root: inout JSONTree.Object) throws {
        root["response"] = .string(type(of: self).jsonTreeName)
        root["code"] = .string(codeName)
        try JSONTree.refuse(userActivity)
    }

    // MARK: NSObject

    /// A copy made through the JSON form.
    public func copy(with zone: NSZone? = nil) -> Any {
        (try? IntentJSON.decodeResponse(from: WireObject.sharedEncoder.encode(self))) ?? self
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
