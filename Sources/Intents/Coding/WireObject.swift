import Foundation

/// Equality, hashing, copying and description of SDK objects through their JSON form, so that
/// two objects are equal exactly when they would travel identically.
package enum WireObject {
    /// The encoder for the wire and for comparisons: sorted keys, no escaped slashes.
    package static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// One encoder for every object: making one costs as much as encoding a small object.
    static let sharedEncoder = encoder()
    /// One decoder for every object.
    static let sharedDecoder = JSONDecoder()

    static func data(of value: some Encodable) -> Data? {
        try? sharedEncoder.encode(value)
    }

    static func isEqual<T: NSObject & Encodable>(_ value: T, _ other: Any?) -> Bool {
        guard let other = other as? NSObject & Encodable, type(of: other) == type(of: value) else { return false }
        if other === value { return true }
        guard let left = data(of: value), let right = data(of: other) else { return false }
        return left == right
    }

    static func hash(of value: some Encodable) -> Int {
        data(of: value)?.hashValue ?? 0
    }

    static func description(of value: some Encodable) -> String {
        guard let data = data(of: value), let text = String(data: data, encoding: .utf8) else {
            return "<\(type(of: value)): not encodable>"
        }
        return "\(type(of: value)) \(text)"
    }

    /// A deep copy by encoding and decoding; the original if that fails (it does not for SDK types).
    static func copy<T: Codable>(of value: T) -> T {
        guard let data = data(of: value), let copy = try? sharedDecoder.decode(T.self, from: data) else { return value }
        return copy
    }
}

/// The coding keys of an intent or response without parameters.
enum NoParameterKey: String, CodingKey, CaseIterable {
    case none
}

/// A coding key made from any string, for reading the keys an object actually has.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Reads the nested object of an intent's `parameters` or a response's `properties`, refusing keys
/// the type does not have. Without the nested object, the keys are read from the root object.
enum NestedWireObject {
    static func container<Key: CodingKey & CaseIterable>(
        of decoder: any Decoder, at nestedKey: String, keyedBy: Key.Type, kind: String,
        typeName: @autoclosure () -> String  // a type's name is looked up at run time: only for the error
    ) throws -> KeyedDecodingContainer<Key> {
        let root = try decoder.container(keyedBy: AnyCodingKey.self)
        let nested = AnyCodingKey(stringValue: nestedKey)
        guard root.contains(nested) else { return try decoder.container(keyedBy: Key.self) }
        let all = try root.nestedContainer(keyedBy: AnyCodingKey.self, forKey: nested)
        let known = Key.allCases.map(\.stringValue).filter { Key.self != NoParameterKey.self || $0 != "none" }
        for key in all.allKeys where !known.contains(key.stringValue) {
            throw DecodingError.dataCorruptedError(forKey: key, in: all, debugDescription: INIntent.unknownKeyMessage(
                key.stringValue, kind: kind, of: typeName(), known: known))
        }
        return try root.nestedContainer(keyedBy: Key.self, forKey: nested)
    }
}
