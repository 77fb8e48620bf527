import Foundation

/// An SDK value that writes its JSON form as a tree directly, without `Encodable`'s containers.
package protocol JSONTreeEncodable {
    /// The value's JSON form; throws `JSONTree.Unsupported` when it needs the `Encodable` path.
    func jsonTree() throws -> IntentJSON.Value
}

/// An SDK value that reads its JSON form from a tree directly, without `Decodable`'s containers.
package protocol JSONTreeDecodable {
    /// The value read from its JSON form; throws `JSONTree.Unsupported` for anything it does not take
    /// exactly as `init(from:)` would (the `Decodable` path then gives the value or the error).
    static func fromJSONTree(_ value: IntentJSON.Value) throws -> Self
}

/// An SDK object that writes its members into a JSON object of its own (intents, responses, resolution
/// results, people): the direct form only for the classes the SDK declares.
package protocol JSONTreeObject: AnyObject {
    /// The class whose direct JSON form this object has: an SDK class declares itself; a subclass declared
    /// elsewhere inherits its parent's and so takes the `Codable` path, which its own `encode(to:)` may extend.
    static var jsonTreeClass: AnyClass { get }
    /// Writes the object's members.
    func encodeJSONTree(into object: inout JSONTree.Object) throws
}
