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

    static func data(of value: some Encodable) -> Data? {
        try? encoder().encode(value)
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
        guard let data = data(of: value), let copy = try? JSONDecoder().decode(T.self, from: data) else { return value }
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
