import Foundation
import Intents

/// Reads a `Decodable` value from a `JSONValue` directly: the same result as writing the value as JSON
/// text and decoding it with `JSONDecoder` (default strategies), without the text, and with the same
/// kinds of `DecodingError` (key not found, type mismatch, value not found, data corrupted).
public struct JSONValueDecoder: Sendable {
    public init() {}

    /// Decodes `type` from `value`.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        // The protocol's messages and the SDK's objects read their JSON form directly where they can.
        if let direct = T.self as? any JSONTreeDecodable.Type, let read = try? direct.fromJSONTree(value) as? T {
            return read
        }
        return try DecodingNode.decode(T.self, from: value, codingPath: [])
    }
}

/// The decoding of one value, shared by the containers.
enum DecodingNode {
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue,
                                     codingPath: @autoclosure () -> [any CodingKey]) throws -> T {
        // Compared by type first: a cast for every value would cost more than the decoding.
        if T.self == JSONValue.self, let same = value as? T { return same }
        if T.self == String.self, let text = try string(value, codingPath()) as? T { return text }
        if T.self == Data.self {
            guard let data = Data(base64Encoded: try string(value, codingPath())) as? T else {
                throw corrupted("Encountered Data is not valid Base64.", codingPath())
            }
            return data
        }
        if T.self == URL.self {
            guard let url = URL(string: try string(value, codingPath())) as? T else {
                throw corrupted("Invalid URL string.", codingPath())
            }
            return url
        }
        if T.self == Decimal.self {
            let number = try double(value, codingPath(), type: Decimal.self)
            // As JSONDecoder reads the number's text: 0.1 is the decimal 0.1, not the double's expansion.
            if let decimal = (Decimal(string: "\(number)", locale: nil) ?? Decimal(number)) as? T { return decimal }
        }
        // The SDK's objects read their JSON form directly where they can; anything they do not take exactly
        // as `init(from:)` would, the containers read (with the same value or the error and its message).
        if T.self == AnyIntent.self || T.self == AnyResolutionResult.self || T.self == AnyIntentResponse.self,
           let direct = T.self as? any JSONTreeDecodable.Type, let read = try? direct.fromJSONTree(value) as? T {
            return read
        }
        return try T(from: NodeDecoder(value: value, codingPath: codingPath()))
    }

    static func string(_ value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> String {
        guard case .string(let text) = value else { throw mismatch(String.self, value, codingPath()) }
        return text
    }

    static func bool(_ value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(Bool.self, value, codingPath()) }
        return flag
    }

    static func double(_ value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey],
                       type: Any.Type = Double.self) throws -> Double {
        guard case .number(let number) = value else { throw mismatch(type, value, codingPath()) }
        return number
    }

    static func float(_ value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> Float {
        let number = try double(value, codingPath(), type: Float.self)
        guard number.magnitude <= Double(Float.greatestFiniteMagnitude) else {
            throw corrupted("Number \(number) does not fit in Float.", codingPath())
        }
        return Float(number)
    }

    static func integer<I: FixedWidthInteger>(_ value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> I {
        let number = try double(value, codingPath(), type: I.self)
        guard let integer = I(exactly: number) else {
            throw corrupted("Number \(number) is not representable in Swift.", codingPath())
        }
        return integer
    }

    static func mismatch(_ type: Any.Type, _ value: JSONValue, _ codingPath: [any CodingKey]) -> DecodingError {
        if value == .null {
            return .valueNotFound(type, .init(codingPath: codingPath,
                debugDescription: "Cannot get value of type \(type) -- found null value instead"))
        }
        return .typeMismatch(type, .init(codingPath: codingPath,
            debugDescription: "Expected to decode \(type) but found \(kind(of: value)) instead."))
    }

    static func corrupted(_ message: String, _ codingPath: [any CodingKey]) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: message))
    }

    static func kind(of value: JSONValue) -> String {
        switch value {
        case .string: "a string"
        case .number: "number"
        case .bool: "bool"
        case .array: "an array"
        case .object: "a dictionary"
        case .null: "null"
        }
    }
}

private struct DecodingIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { intValue.map { "Index \($0)" } ?? "super" }
    init(_ index: Int?) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct NodeDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw DecodingNode.mismatch([String: Any].self, value, codingPath)
        }
        return KeyedDecodingContainer(KeyedNodeDecoding<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw DecodingNode.mismatch([Any].self, value, codingPath) }
        return UnkeyedNodeDecoding(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleNodeDecoding(value: value, codingPath: codingPath)
    }
}

private struct KeyedNodeDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func member(_ key: Key) throws -> JSONValue {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath,
                debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try DecodingNode.bool(member(key), codingPath + [key])
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try DecodingNode.string(member(key), codingPath + [key])
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try DecodingNode.double(member(key), codingPath + [key])
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try DecodingNode.float(member(key), codingPath + [key])
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }

    private func integer<I: FixedWidthInteger>(_ key: Key) throws -> I {
        try DecodingNode.integer(member(key), codingPath + [key])
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try DecodingNode.decode(T.self, from: member(key), codingPath: codingPath + [key])
    }

    // One look-up for an optional member, where the protocol's defaults make three (contains, nil, decode).
    private func present(_ key: Key) -> JSONValue? {
        guard let value = members[key.stringValue], value != .null else { return nil }
        return value
    }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try present(key).map { try DecodingNode.bool($0, codingPath + [key]) }
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try present(key).map { try DecodingNode.string($0, codingPath + [key]) }
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try present(key).map { try DecodingNode.double($0, codingPath + [key]) }
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try present(key).map { try DecodingNode.float($0, codingPath + [key]) }
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try present(key).map { try DecodingNode.integer($0, codingPath + [key]) }
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try present(key).map { try DecodingNode.decode(T.self, from: $0, codingPath: codingPath + [key]) }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                               forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try NodeDecoder(value: member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try NodeDecoder(value: member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        NodeDecoder(value: members["super"] ?? .null, codingPath: codingPath + [DecodingIndexKey(nil)])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        NodeDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct UnkeyedNodeDecoding: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The next element and its index; the index's coding path is made only when needed (an error, a nested value).
    private mutating func next(_ type: Any.Type) throws -> (JSONValue, Int) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: path(currentIndex), debugDescription: "Unkeyed container is at end."))
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], currentIndex)
    }

    private func path(_ index: Int) -> [any CodingKey] { codingPath + [DecodingIndexKey(index)] }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any?.self, .init(codingPath: codingPath + [DecodingIndexKey(currentIndex)],
                                                               debugDescription: "Unkeyed container is at end."))
        }
        guard elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { let (v, p) = try next(type); return try DecodingNode.bool(v, path(p)) }
    mutating func decode(_ type: String.Type) throws -> String {
        let (v, p) = try next(type)
        return try DecodingNode.string(v, path(p))
    }
    mutating func decode(_ type: Double.Type) throws -> Double {
        let (v, p) = try next(type)
        return try DecodingNode.double(v, path(p))
    }
    mutating func decode(_ type: Float.Type) throws -> Float {
        let (v, p) = try next(type)
        return try DecodingNode.float(v, path(p))
    }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

    private mutating func integer<I: FixedWidthInteger>() throws -> I {
        let (v, p) = try next(I.self)
        return try DecodingNode.integer(v, path(p))
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (v, p) = try next(type)
        return try DecodingNode.decode(T.self, from: v, codingPath: path(p))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey> {
        let (v, p) = try next([String: Any].self)
        return try NodeDecoder(value: v, codingPath: path(p)).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (v, p) = try next([Any].self)
        return try NodeDecoder(value: v, codingPath: path(p)).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (v, p) = try next(Any.self)
        return NodeDecoder(value: v, codingPath: path(p))
    }
}

private struct SingleNodeDecoding: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try DecodingNode.bool(value, codingPath) }
    func decode(_ type: String.Type) throws -> String { try DecodingNode.string(value, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try DecodingNode.double(value, codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try DecodingNode.float(value, codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try DecodingNode.integer(value, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try DecodingNode.integer(value, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try DecodingNode.integer(value, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try DecodingNode.integer(value, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try DecodingNode.integer(value, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try DecodingNode.integer(value, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try DecodingNode.integer(value, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try DecodingNode.integer(value, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try DecodingNode.integer(value, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try DecodingNode.integer(value, codingPath) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try DecodingNode.decode(T.self, from: value, codingPath: codingPath)
    }
}
