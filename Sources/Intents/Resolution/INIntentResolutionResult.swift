import Foundation

/// The outcome of resolving one parameter value: the extension's answer to a resolve call.
///
/// Create results with the class factories (`success(with:)`, `needsValue()`, …) of the typed
/// subclass for the parameter, as in SiriKit. JSON form:
/// `{"result": "INPersonResolutionResult", "outcome": "disambiguation", "items": […]}`
open class INIntentResolutionResult: NSObject, Codable, NSCopying, @unchecked Sendable {
    /// The kinds of outcome a resolution can have.
    public enum Kind: String, Sendable, CaseIterable, Codable {
        /// The value matched one the app knows.
        case success
        /// The user must choose among 2 to 10 items.
        case disambiguation
        /// The user must confirm the value with yes or no.
        case confirmationRequired
        /// A required value is missing: the user must give one.
        case needsValue
        /// The app does not need this parameter: the value is dropped.
        case notRequired
        /// The value can't be used: the user is told why (if a reason is given) and asked for another.
        case unsupported
        /// Too little information or too many matches: the user must be more specific.
        case needsMoreDetails
        /// Marks a result returned by a default method when the extension implements no spelling of it.
        case unimplemented
    }

    /// What kind of outcome this is.
    public let kind: Kind
    /// How many items a `disambiguation` outcome offers (nil for results without items), for the
    /// assistant's check of the protocol's limits.
    package var disambiguationItemCount: Int? { nil }
    /// The raw value of the unsupported reason, for results made with `unsupported(forReason:)`.
    public let reasonCode: Int?

    /// The factories' common initializer; subclasses add their value.
    public required init(kind: Kind, reasonCode: Int?) {
        self.kind = kind
        self.reasonCode = reasonCode
        super.init()
    }

    /// The user must give a value.
    public class func needsValue() -> Self { self.init(kind: .needsValue, reasonCode: nil) }
    /// The app does not need the parameter; proceed without it.
    public class func notRequired() -> Self { self.init(kind: .notRequired, reasonCode: nil) }
    /// The value can't be used; the user is asked for another.
    public class func unsupported() -> Self { self.init(kind: .unsupported, reasonCode: nil) }
    /// The value is too vague (too many matches, too little information); the user is asked to be more specific.
    /// A Parlance addition (SiriKit has no such case); SiriKit apps use `needsValue()`.
    public class func needsMoreDetails() -> Self { self.init(kind: .needsMoreDetails, reasonCode: nil) }

    class func unimplementedMarker() -> Self { self.init(kind: .unimplemented, reasonCode: nil) }

    /// The result class's name ("INPersonResolutionResult").
    public var resultName: String { String(describing: type(of: self)) }

    /// The name of the unsupported reason, for results made with `unsupported(forReason:)`.
    public var reasonName: String? { reasonCode.flatMap { Self.reasonName(for: $0) } }

    class func reasonName(for code: Int) -> String? { nil }
    class func reasonCode(named name: String) -> Int? { nil }

    // MARK: JSON

    enum CodingKeys: String, CodingKey {
        case result, outcome, reason, value, items
    }

    /// Decodes a result of this class from its JSON form.
    public required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let expected = String(describing: Self.self)
        if let name = try c.decodeIfPresent(String.self, forKey: .result), name != expected {
            throw DecodingError.dataCorruptedError(forKey: .result, in: c,
                debugDescription: "expected an \(expected), found '\(name)'")
        }
        let outcome = try c.decode(String.self, forKey: .outcome)
        guard let kind = Kind(rawValue: outcome), kind != .unimplemented else {
            throw DecodingError.dataCorruptedError(forKey: .outcome, in: c, debugDescription: CaseNameCoding.unknownNameMessage(
                outcome, of: "a resolution outcome", valid: Kind.allCases.filter { $0 != .unimplemented }.map(\.rawValue)))
        }
        self.kind = kind
        if let reason = try c.decodeIfPresent(String.self, forKey: .reason) {
            guard kind == .unsupported, let code = Self.reasonCode(named: reason) else {
                throw DecodingError.dataCorruptedError(forKey: .reason, in: c,
                    debugDescription: "'\(reason)' is not an unsupported reason of \(expected)")
            }
            reasonCode = code
        } else {
            reasonCode = nil
        }
        super.init()
    }

    /// Encodes the class name, outcome and reason; the typed subclass adds the value or items.
    open func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(resultName, forKey: .result)
        try c.encode(kind.rawValue, forKey: .outcome)
        try c.encodeIfPresent(reasonName, forKey: .reason)
    }

    // MARK: Direct JSON

    /// The class whose direct JSON form this object has (as `INIntent.jsonTreeClass`).
    package class var jsonTreeClass: AnyClass { INIntentResolutionResult.self }
    /// The name of `jsonTreeClass`, as `resultName` gives it.
    package class var jsonTreeName: String { "INIntentResolutionResult" }

    /// Reads a result of this class from its JSON form (`JSONTree`).
    package class func fromJSONTree(_ root: JSONTree.Object) throws -> INIntentResolutionResult {
        let (kind, reasonCode) = try jsonTreeOutcome(root)
        return self.init(kind: kind, reasonCode: reasonCode)
    }

    /// The outcome and reason, as `init(from:)` takes them.
    class func jsonTreeOutcome(_ root: JSONTree.Object) throws -> (Kind, Int?) {
        guard case .string(let outcome)? = root["outcome"], let kind = Kind(rawValue: outcome), kind != .unimplemented else {
            throw JSONTree.Unsupported()
        }
        guard let reason = try JSONTree.optional(String.self, root["reason"]) else { return (kind, nil) }
        guard kind == .unsupported, let code = reasonCode(named: reason) else { throw JSONTree.Unsupported() }
        return (kind, code)
    }

    /// Writes the class name, outcome and reason; the typed results add the value or items.
    package func encodeJSONTree(into root: inout JSONTree.Object) throws {
        root["result"] = .string(type(of: self).jsonTreeName)
        root["outcome"] = .string(kind.rawValue)
        if let reasonName { root["reason"] = .string(reasonName) }
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
        WireObject.hash(of: self)
    }

    /// The JSON form.
    open override var description: String {
        WireObject.description(of: self)
    }
}
