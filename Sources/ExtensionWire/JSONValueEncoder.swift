import Foundation
import Intents

/// Turns an `Encodable` value into its `JSONValue` directly: the same value as encoding it with
/// `JSONEncoder` (default strategies) and decoding the text as `JSONValue`, without the text. Data is
/// base64, URLs are their absolute string, decimals and floats are numbers as their text would read.
public struct JSONValueEncoder: Sendable {
    public init() {}

    /// The JSON form of `value`; throws as `JSONEncoder` would (a non-finite number, nothing encoded).
    public func encode(_ value: some Encodable) throws -> JSONValue {
        // The protocol's messages and the SDK's objects write their JSON form directly where they can.
        if let direct = value as? any JSONTreeEncodable, let tree = try? direct.jsonTree() { return tree }
        let node = try EncodingNode.encode(value, codingPath: [])
        guard let result = node.materialized else {
            throw EncodingError.invalidValue(value, .init(codingPath: [],
                debugDescription: "Top-level \(type(of: value)) did not encode any values."))
        }
        return result
    }
}

/// A value being encoded: a finished value, or an object or array still being filled by containers.
final class EncodingNode {
    /// A member or element: a finished value is kept as it is, without a node of its own; a node only
    /// where a container still fills it.
    enum Child {
        case value(JSONValue)
        case node(EncodingNode)

        /// The finished value; nil when nothing was encoded.
        var materialized: JSONValue? {
            switch self {
            case .value(let value): value
            case .node(let node): node.materialized()
            }
        }
    }

    private enum Content {
        case empty
        case value(JSONValue)
        case object([String: Child])
        case array([Child])
    }

    private var content: Content = .empty

    init() {}

    /// Encodes any value, with the special forms `JSONEncoder` gives Foundation's types.
    static func encode<T: Encodable>(_ value: T, codingPath: @autoclosure () -> [any CodingKey]) throws -> Child {
        if let known = specialForm(of: value) { return .value(known) }
        let node = EncodingNode()
        try value.encode(to: NodeEncoder(node: node, codingPath: codingPath()))
        return .node(node)
    }

    private static func specialForm<T: Encodable>(of value: T) -> JSONValue? {
        // Compared by type first: a cast for every value would cost more than the encoding.
        if T.self == String.self, let text = value as? String { return .string(text) }
        if T.self == JSONValue.self, let json = value as? JSONValue { return json }
        if T.self == Data.self, let data = value as? Data { return .string(data.base64EncodedString()) }
        if T.self == URL.self, let url = value as? URL { return .string(url.absoluteString) }
        if T.self == Decimal.self, let decimal = value as? Decimal {
            return .number(NSDecimalNumber(decimal: decimal).doubleValue)
        }
        // The SDK's objects write their JSON form directly where they can (the same tree, without the
        // containers); where they cannot (`JSONTree.Unsupported`), the containers below do.
        if T.self == AnyIntent.self || T.self == AnyResolutionResult.self || T.self == AnyIntentResponse.self,
           let direct = value as? any JSONTreeEncodable, let tree = try? direct.jsonTree() {
            return tree
        }
        return nil
    }

    static func number(_ value: Double, codingPath: @autoclosure () -> [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath(),
                debugDescription: "Unable to encode Double.\(value) directly in JSON."))
        }
        return .number(value)
    }

    static func number(_ value: Float, codingPath: @autoclosure () -> [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath(),
                debugDescription: "Unable to encode Float.\(value) directly in JSON."))
        }
        // As the text "0.1" a Float is written as would read back as a Double.
        return .number(Double("\(value)") ?? Double(value))
    }

    /// The members of an object, making this node one.
    func object() {
        if case .object = content { return }
        content = .object([:])
    }

    func set(_ child: Child, forKey key: String) {
        guard case .object(var members) = content else {
            content = .object([key: child])
            return
        }
        content = .empty  // the dictionary stays uniquely referenced while it changes
        members[key] = child
        content = .object(members)
    }

    /// Makes this node an array.
    func array() {
        if case .array = content { return }
        content = .array([])
    }

    func append(_ child: Child) {
        guard case .array(var elements) = content else {
            content = .array([child])
            return
        }
        content = .empty
        elements.append(child)
        content = .array(elements)
    }

    var count: Int {
        switch content {
        case .array(let elements): elements.count
        case .object(let members): members.count
        default: 0
        }
    }

    func set(_ value: JSONValue) {
        content = .value(value)
    }

    /// The finished value; nil when nothing was encoded.
    func materialized() -> JSONValue? {
        switch content {
        case .empty: nil
        case .value(let value): value
        case .object(let members): .object(members.mapValues { $0.materialized ?? .object([:]) })
        case .array(let elements): .array(elements.map { $0.materialized ?? .object([:]) })
        }
    }
}

private struct NodeEncoder: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.object()
        return KeyedEncodingContainer(KeyedNodeEncoding<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.array()
        return UnkeyedNodeEncoding(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeEncoding(node: node, codingPath: codingPath)
    }
}

private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { intValue.map { "Index \($0)" } ?? "super" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}

private struct KeyedNodeEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    private func put(_ value: JSONValue, _ key: Key) { node.set(.value(value), forKey: key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        put(try EncodingNode.number(value, codingPath: codingPath + [key]), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        put(try EncodingNode.number(value, codingPath: codingPath + [key]), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(.number(Double(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(.number(Double(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(.number(Double(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(.number(Double(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(.number(Double(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(.number(Double(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(.number(Double(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(.number(Double(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(.number(Double(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(.number(Double(value)), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.set(try EncodingNode.encode(value, codingPath: codingPath + [key]), forKey: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = EncodingNode()
        child.object()
        node.set(.node(child), forKey: key.stringValue)
        return KeyedEncodingContainer(KeyedNodeEncoding<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = EncodingNode()
        child.array()
        node.set(.node(child), forKey: key.stringValue)
        return UnkeyedNodeEncoding(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let child = EncodingNode()
        node.set(.node(child), forKey: "super")
        return NodeEncoder(node: child, codingPath: codingPath + [SuperKey()])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = EncodingNode()
        node.set(.node(child), forKey: key.stringValue)
        return NodeEncoder(node: child, codingPath: codingPath + [key])
    }
}

private struct UnkeyedNodeEncoding: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var count: Int { node.count }

    private func put(_ value: JSONValue) { node.append(.value(value)) }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws {
        put(try EncodingNode.number(value, codingPath: codingPath + [IndexKey(count)]))
    }
    mutating func encode(_ value: Float) throws {
        put(try EncodingNode.number(value, codingPath: codingPath + [IndexKey(count)]))
    }
    mutating func encode(_ value: Int) throws { put(.number(Double(value))) }
    mutating func encode(_ value: Int8) throws { put(.number(Double(value))) }
    mutating func encode(_ value: Int16) throws { put(.number(Double(value))) }
    mutating func encode(_ value: Int32) throws { put(.number(Double(value))) }
    mutating func encode(_ value: Int64) throws { put(.number(Double(value))) }
    mutating func encode(_ value: UInt) throws { put(.number(Double(value))) }
    mutating func encode(_ value: UInt8) throws { put(.number(Double(value))) }
    mutating func encode(_ value: UInt16) throws { put(.number(Double(value))) }
    mutating func encode(_ value: UInt32) throws { put(.number(Double(value))) }
    mutating func encode(_ value: UInt64) throws { put(.number(Double(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.append(try EncodingNode.encode(value, codingPath: codingPath + [IndexKey(count)]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey> {
        let child = EncodingNode()
        child.object()
        let path = codingPath + [IndexKey(count)]
        node.append(.node(child))
        return KeyedEncodingContainer(KeyedNodeEncoding<NestedKey>(node: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = EncodingNode()
        child.array()
        let path = codingPath + [IndexKey(count)]
        node.append(.node(child))
        return UnkeyedNodeEncoding(node: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let child = EncodingNode()
        let path = codingPath + [IndexKey(count)]
        node.append(.node(child))
        return NodeEncoder(node: child, codingPath: path)
    }
}

private struct SingleNodeEncoding: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.set(.null) }
    mutating func encode(_ value: Bool) throws { node.set(.bool(value)) }
    mutating func encode(_ value: String) throws { node.set(.string(value)) }
    mutating func encode(_ value: Double) throws { node.set(try EncodingNode.number(value, codingPath: codingPath)) }
    mutating func encode(_ value: Float) throws { node.set(try EncodingNode.number(value, codingPath: codingPath)) }
    mutating func encode(_ value: Int) throws { node.set(.number(Double(value))) }
    mutating func encode(_ value: Int8) throws { node.set(.number(Double(value))) }
    mutating func encode(_ value: Int16) throws { node.set(.number(Double(value))) }
    mutating func encode(_ value: Int32) throws { node.set(.number(Double(value))) }
    mutating func encode(_ value: Int64) throws { node.set(.number(Double(value))) }
    mutating func encode(_ value: UInt) throws { node.set(.number(Double(value))) }
    mutating func encode(_ value: UInt8) throws { node.set(.number(Double(value))) }
    mutating func encode(_ value: UInt16) throws { node.set(.number(Double(value))) }
    mutating func encode(_ value: UInt32) throws { node.set(.number(Double(value))) }
    mutating func encode(_ value: UInt64) throws { node.set(.number(Double(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let child = try EncodingNode.encode(value, codingPath: codingPath)
        node.set(child.materialized ?? .object([:]))
    }
}
