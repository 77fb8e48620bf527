import Foundation

extension IntentJSON {
    /// A JSON value: the SDK's JSON form of its objects as a tree (`JSONValue` in the assistant's modules),
    /// how the wire's messages are read and written and how understood parameters are carried.
    public enum Value: Sendable, Equatable, Hashable, Codable {
        case string(String)
        case number(Double)
        case bool(Bool)
        case array([Value])
        case object([String: Value])
        case null

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try? container.decode([Value].self) {
                self = .array(value)
            } else {
                self = .object(try container.decode([String: Value].self))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let value): try container.encode(value)
            case .number(let value):
                if value.rounded() == value, abs(value) < 1e15 { try container.encode(Int64(value)) } else { try container.encode(value) }
            case .bool(let value): try container.encode(value)
            case .array(let value): try container.encode(value)
            case .object(let value): try container.encode(value)
            case .null: try container.encodeNil()
            }
        }

        /// The string, if this is one.
        public var stringValue: String? {
            if case .string(let value) = self { return value }
            return nil
        }

        /// The members, if this is an object.
        public var objectValue: [String: Value]? {
            if case .object(let value) = self { return value }
            return nil
        }

        /// The elements, if this is an array.
        public var arrayValue: [Value]? {
            if case .array(let value) = self { return value }
            return nil
        }
    }
}
