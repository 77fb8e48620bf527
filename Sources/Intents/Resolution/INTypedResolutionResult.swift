import Foundation

/// The common base of the typed resolution results (`INPersonResolutionResult` and the rest):
/// the factories that carry a value. Apple's classes each declare these; here they are shared.
open class INTypedResolutionResult<Value: Codable>: INIntentResolutionResult, @unchecked Sendable {
    /// The value of a `success` or `confirmationRequired` outcome.
    public let value: Value?
    /// The items of a `disambiguation` outcome.
    public let items: [Value]?

    override package var disambiguationItemCount: Int? { items?.count }

    /// The factories' initializer.
    public required init(kind: Kind, reasonCode: Int?, value: Value?, items: [Value]?) {
        self.value = value
        self.items = items
        super.init(kind: kind, reasonCode: reasonCode)
    }

    /// A result without a value.
    public required init(kind: Kind, reasonCode: Int?) {
        self.value = nil
        self.items = nil
        super.init(kind: kind, reasonCode: reasonCode)
    }

    /// A copy of another result of the same value type (used to wrap a result in a more specific class).
    public convenience init(copying other: INTypedResolutionResult<Value>) {
        self.init(kind: other.kind, reasonCode: other.reasonCode, value: other.value, items: other.items)
    }

    /// The value matched one the app knows.
    public class func success(with resolvedValue: Value) -> Self {
        self.init(kind: .success, reasonCode: nil, value: resolvedValue, items: nil)
    }

    /// The user must choose one of these items (2 to 10; the assistant shows at most 10).
    public class func disambiguation(with itemsToDisambiguate: [Value]) -> Self {
        self.init(kind: .disambiguation, reasonCode: nil, value: nil, items: itemsToDisambiguate)
    }

    /// The user must confirm this value with yes or no (nil: confirm that no value is wanted).
    public class func confirmationRequired(with valueToConfirm: Value?) -> Self {
        self.init(kind: .confirmationRequired, reasonCode: nil, value: valueToConfirm, items: nil)
    }

    // MARK: JSON

    /// Decodes a result of this class from its JSON form.
    public required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        value = try c.decodeIfPresent(Value.self, forKey: .value)
        items = try c.decodeIfPresent([Value].self, forKey: .items)
        try super.init(from: decoder)
        if kind == .success, value == nil {
            throw DecodingError.keyNotFound(CodingKeys.value, .init(codingPath: c.codingPath,
                debugDescription: "a success outcome needs a 'value'"))
        }
        if kind == .disambiguation, (items ?? []).isEmpty {
            throw DecodingError.keyNotFound(CodingKeys.items, .init(codingPath: c.codingPath,
                debugDescription: "a disambiguation outcome needs at least one item in 'items'"))
        }
    }

    /// Encodes the result with its value or items.
    open override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(value, forKey: .value)
        try c.encodeIfPresent(items, forKey: .items)
    }

    // MARK: Direct JSON

    override package class func fromJSONTree(_ root: JSONTree.Object) throws -> INIntentResolutionResult {
        let (kind, reasonCode) = try jsonTreeOutcome(root)
        let value = try JSONTree.optional(Value.self, root["value"])
        let items = try JSONTree.optional([Value].self, root["items"])
        if kind == .success, value == nil { throw JSONTree.Unsupported() }
        if kind == .disambiguation, (items ?? []).isEmpty { throw JSONTree.Unsupported() }
        return self.init(kind: kind, reasonCode: reasonCode, value: value, items: items)
    }

    override package func encodeJSONTree(into root: inout JSONTree.Object) throws {
        try super.encodeJSONTree(into: &root)
        if let value { root["value"] = try JSONTree.encode(value) }
        if let items { root["items"] = try JSONTree.encode(items) }
    }
}
