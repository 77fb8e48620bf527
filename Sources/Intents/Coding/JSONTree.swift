import CoreLocation
import Foundation

/// The SDK's direct JSON form: the same trees as `Codable` through the assistant's `JSONValueEncoder` and
/// `JSONValueDecoder`, several times faster, for the values every extension call carries (intents,
/// responses, resolution results and what they hold). It covers what it can read and write exactly and
/// refuses the rest with `Unsupported` — a value of a type it does not cover, a key or type `init(from:)`
/// would reject — so that the caller takes the `Codable` path, which gives the same value or the error
/// with its message. `Tests/IntentsTests/JSONTreeTests.swift` compares the two paths on every intent,
/// response and resolution result.
package enum JSONTree {
    /// The value needs the `Codable` path.
    package struct Unsupported: Error {
        package init() {}
    }

    package typealias Object = [String: IntentJSON.Value]

    // MARK: Writing

    /// The JSON form of a value of a type the direct form covers.
    package static func encode<T: Encodable>(_ value: T) throws -> IntentJSON.Value {
        // Compared by type first: a cast costs more than the comparison.
        if T.self == String.self, let text = value as? String { return .string(text) }
        if T.self == IntentJSON.Value.self, let tree = value as? IntentJSON.Value { return tree }
        if T.self == Int.self, let number = value as? Int { return .number(Double(number)) }
        if T.self == Bool.self, let flag = value as? Bool { return .bool(flag) }
        if T.self == Double.self, let number = value as? Double { return try self.number(number) }
        if T.self == URL.self, let url = value as? URL { return .string(url.absoluteString) }
        if T.self == Data.self, let data = value as? Data { return .string(data.base64EncodedString()) }
        if let direct = value as? any JSONTreeEncodable { return try direct.jsonTree() }
        if let named = value as? any CaseNamed { return .string(named.caseName) }
        if let options = value as? any CaseNamedOptionSet { return .array(options.memberNames.map { .string($0) }) }
        throw Unsupported()
    }

    /// A finite number (`Encodable` refuses the others).
    package static func number(_ value: Double) throws -> IntentJSON.Value {
        guard value.isFinite else { throw Unsupported() }
        return .number(value)
    }

    /// A decimal as the wire writes it (`JSONValueEncoder`'s form of `Decimal`).
    package static func decimal(_ value: NSDecimalNumber) -> IntentJSON.Value {
        .number(NSDecimalNumber(decimal: value.decimalValue).doubleValue)
    }

    /// A date in its wire form.
    package static func date(_ value: Date) -> IntentJSON.Value {
        .string(WireDate.string(from: value))
    }

    /// The JSON object of an object of a class the SDK declares.
    package static func object(of object: some JSONTreeObject) throws -> IntentJSON.Value {
        guard ObjectIdentifier(type(of: object)) == ObjectIdentifier(type(of: object).jsonTreeClass) else {
            throw Unsupported()
        }
        var members = Object()
        try object.encodeJSONTree(into: &members)
        return .object(members)
    }

    // MARK: Reading

    /// A value of `type` from its JSON form.
    package static func decode<T: Decodable>(_ type: T.Type, from value: IntentJSON.Value) throws -> T {
        if T.self == String.self {
            guard case .string(let text) = value, let result = text as? T else { throw Unsupported() }
            return result
        }
        if T.self == IntentJSON.Value.self, let tree = value as? T { return tree }
        if T.self == Int.self {
            guard case .number(let number) = value, let integer = Int(exactly: number), let result = integer as? T else {
                throw Unsupported()
            }
            return result
        }
        if T.self == Bool.self {
            guard case .bool(let flag) = value, let result = flag as? T else { throw Unsupported() }
            return result
        }
        if T.self == Double.self {
            guard case .number(let number) = value, let result = number as? T else { throw Unsupported() }
            return result
        }
        if T.self == URL.self {
            guard case .string(let text) = value, let result = URL(string: text) as? T else { throw Unsupported() }
            return result
        }
        if T.self == Data.self {
            guard case .string(let text) = value, let result = Data(base64Encoded: text) as? T else { throw Unsupported() }
            return result
        }
        if let direct = T.self as? any JSONTreeDecodable.Type {
            guard let result = try direct.fromJSONTree(value) as? T else { throw Unsupported() }
            return result
        }
        if let named = T.self as? any CaseNamed.Type {
            guard case .string(let name) = value, let result = named.case(named: name) as? T else { throw Unsupported() }
            return result
        }
        if let options = T.self as? any CaseNamedOptionSet.Type {
            guard case .array(let elements) = value, let result = options.fromMemberNames(elements) as? T else {
                throw Unsupported()
            }
            return result
        }
        throw Unsupported()
    }

    /// An optional member: nil when it is missing or null, as `decodeIfPresent` reads it.
    package static func optional<T: Decodable>(_ type: T.Type, _ value: IntentJSON.Value?) throws -> T? {
        guard let value, value != .null else { return nil }
        return try decode(T.self, from: value)
    }

    /// A required member.
    package static func required<T: Decodable>(_ type: T.Type, _ value: IntentJSON.Value?) throws -> T {
        guard let value else { throw Unsupported() }
        return try decode(T.self, from: value)
    }

    /// The members of an object.
    package static func object(_ value: IntentJSON.Value) throws -> Object {
        guard case .object(let members) = value else { throw Unsupported() }
        return members
    }

    /// The nested object of an intent's parameters or a response's properties, when every key in it is one
    /// of `known` (the `Decodable` path reads a missing one from the root and refuses unknown keys).
    package static func nested(_ root: Object, at key: String, known: Set<String>) throws -> Object {
        guard case .object(let members)? = root[key] else { throw Unsupported() }
        for name in members.keys where !known.contains(name) { throw Unsupported() }
        return members
    }

    /// An optional date in its wire form.
    package static func optionalDate(_ value: IntentJSON.Value?) throws -> Date? {
        guard let value, value != .null else { return nil }
        guard case .string(let text) = value, let date = WireDate.date(from: text) else { throw Unsupported() }
        return date
    }

    /// An optional decimal, read as `JSONValueDecoder` reads a `Decimal`.
    package static func optionalDecimal(_ value: IntentJSON.Value?) throws -> NSDecimalNumber? {
        guard let value, value != .null else { return nil }
        guard case .number(let number) = value else { throw Unsupported() }
        return NSDecimalNumber(decimal: Decimal(string: "\(number)", locale: nil) ?? Decimal(number))
    }

    /// An optional number.
    package static func optionalNumber(_ value: IntentJSON.Value?) throws -> NSNumber? {
        guard let value, value != .null else { return nil }
        guard case .number(let number) = value else { throw Unsupported() }
        return NSNumber(value: number)
    }

    /// Optional date components in their wire form (`WireDateComponents`).
    package static func optionalDateComponents(_ value: IntentJSON.Value?) throws -> DateComponents? {
        guard let value, value != .null else { return nil }
        return try WireDateComponents(jsonTree: value).components
    }

    /// Optional name components in their wire form.
    package static func optionalNameComponents(_ value: IntentJSON.Value?) throws -> PersonNameComponents? {
        guard let value, value != .null else { return nil }
        return try WireNameComponents(jsonTree: value).components
    }

    /// An optional range in its wire form.
    package static func optionalRange(_ value: IntentJSON.Value?) throws -> NSRange? {
        guard let value, value != .null else { return nil }
        let range = try WireRange(jsonTree: value)
        return NSRange(location: range.location, length: range.length)
    }

    /// Date components in their wire form.
    package static func dateComponents(_ value: DateComponents) -> IntentJSON.Value {
        WireDateComponents(value).jsonTree
    }

    /// Name components in their wire form.
    package static func nameComponents(_ value: PersonNameComponents) -> IntentJSON.Value {
        WireNameComponents(value).jsonTree
    }

    /// A range in its wire form.
    package static func range(_ value: NSRange) -> IntentJSON.Value {
        WireRange(location: value.location, length: value.length).jsonTree
    }

    /// A member of a type the direct form does not cover: only its absence can be read directly.
    package static func absent<T>(_ value: IntentJSON.Value?) throws -> T? {
        guard value == nil || value == .null else { throw Unsupported() }
        return nil
    }

    /// A required member of a special form (a date, a number): present, or the `Decodable` path's error.
    package static func present<T>(_ value: T?) throws -> T {
        guard let value else { throw Unsupported() }
        return value
    }

    /// Writes a member of a type the direct form does not cover: only its absence.
    package static func refuse(_ value: Any?) throws {
        if value != nil { throw Unsupported() }
    }
}

extension CaseNamed {
    /// The case with this name, if any.
    static func `case`(named name: String) -> Self? {
        allCases.first { $0.caseName == name }
    }
}

extension CaseNamedOptionSet {
    /// The names of the members in the set, in the order of `namedMembers` (the JSON form).
    var memberNames: [String] {
        Self.namedMembers.filter { contains($0.0) }.map(\.1)
    }

    /// The set of the named members; nil when a name is not a member's.
    static func fromMemberNames(_ names: [IntentJSON.Value]) -> Self? {
        var result = Self()
        for name in names {
            guard case .string(let text) = name, let member = namedMembers.first(where: { $0.1 == text }) else { return nil }
            result.insert(member.0)
        }
        return result
    }
}

extension Array: JSONTreeEncodable where Element: Encodable {
    package func jsonTree() throws -> IntentJSON.Value {
        .array(try map { try JSONTree.encode($0) })
    }
}

extension Array: JSONTreeDecodable where Element: Decodable {
    package static func fromJSONTree(_ value: IntentJSON.Value) throws -> [Element] {
        guard case .array(let elements) = value else { throw JSONTree.Unsupported() }
        return try elements.map { try JSONTree.decode(Element.self, from: $0) }
    }
}
