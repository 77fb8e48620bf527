import Foundation

/// A property-list value as it travels in JSON (used for `NSUserActivity.userInfo`).
enum PropertyListValue: Codable, Equatable {
    case string(String), integer(Int), double(Double), bool(Bool), date(Date), data(Data)
    case array([PropertyListValue]), dictionary([String: PropertyListValue])

    /// Converts a Swift value, or fails naming where the unsupported value sits.
    init(_ value: Any, path: String) throws {
        switch value {
        case let v as Bool: self = .bool(v)
        case let v as Int: self = .integer(v)
        case let v as Double: self = .double(v)
        case let v as String: self = .string(v)
        case let v as Date: self = .date(v)
        case let v as Data: self = .data(v)
        case let v as URL: self = .string(v.absoluteString)
        case let v as [Any]:
            self = .array(try v.enumerated().map { try PropertyListValue($0.element, path: "\(path)[\($0.offset)]") })
        case let v as [String: Any]:
            self = .dictionary(try v.reduce(into: [:]) { $0[$1.key] = try PropertyListValue($1.value, path: "\(path)['\($1.key)']") })
        case let v as NSNumber:
            self = .double(v.doubleValue)
        default:
            throw EncodingError.invalidValue(value, .init(codingPath: [],
                debugDescription: "\(path) holds a \(type(of: value)), which can't travel to the assistant; "
                    + "use strings, numbers, booleans, dates, data, arrays and dictionaries"))
        }
    }

    var anyValue: Any {
        switch self {
        case let .string(v): v
        case let .integer(v): v
        case let .double(v): v
        case let .bool(v): v
        case let .date(v): v
        case let .data(v): v
        case let .array(v): v.map(\.anyValue)
        case let .dictionary(v): v.mapValues(\.anyValue)
        }
    }

    private enum TagKey: String, CodingKey {
        case date = "$date", data = "$data"
    }

    init(from decoder: any Decoder) throws {
        if let tagged = try? decoder.container(keyedBy: TagKey.self) {
            if let text = try tagged.decodeIfPresent(String.self, forKey: .date) {
                guard let date = WireDate.date(from: text) else {
                    throw DecodingError.dataCorruptedError(forKey: .date, in: tagged,
                        debugDescription: "'\(text)' is not an ISO 8601 date")
                }
                self = .date(date)
                return
            }
            if let base64 = try tagged.decodeIfPresent(String.self, forKey: .data) {
                guard let data = Data(base64Encoded: base64) else {
                    throw DecodingError.dataCorruptedError(forKey: .data, in: tagged, debugDescription: "not base64")
                }
                self = .data(data)
                return
            }
        }
        let single = try decoder.singleValueContainer()
        if let v = try? single.decode(Bool.self) { self = .bool(v) }
        else if let v = try? single.decode(Int.self) { self = .integer(v) }
        else if let v = try? single.decode(Double.self) { self = .double(v) }
        else if let v = try? single.decode(String.self) { self = .string(v) }
        else if let v = try? single.decode([PropertyListValue].self) { self = .array(v) }
        else { self = .dictionary(try single.decode([String: PropertyListValue].self)) }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case let .date(v):
            var c = encoder.container(keyedBy: TagKey.self)
            try c.encode(WireDate.string(from: v), forKey: .date)
        case let .data(v):
            var c = encoder.container(keyedBy: TagKey.self)
            try c.encode(v.base64EncodedString(), forKey: .data)
        default:
            var c = encoder.singleValueContainer()
            switch self {
            case let .string(v): try c.encode(v)
            case let .integer(v): try c.encode(v)
            case let .double(v): try c.encode(v)
            case let .bool(v): try c.encode(v)
            case let .array(v): try c.encode(v)
            case let .dictionary(v): try c.encode(v)
            case .date, .data: break
            }
        }
    }
}
