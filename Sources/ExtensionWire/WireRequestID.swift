/// A JSON-RPC request id: the assistant sends numbers; strings are echoed back as they came.
public enum WireRequestID: Hashable, Sendable, Codable, CustomStringConvertible {
    case number(Int)
    case string(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            self = .number(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .number(number): try container.encode(number)
        case let .string(string): try container.encode(string)
        }
    }

    public var description: String {
        switch self {
        case let .number(number): String(number)
        case let .string(string): "\"\(string)\""
        }
    }
}
