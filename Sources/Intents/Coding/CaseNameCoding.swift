import Foundation

/// An enum that travels in JSON as the name of its case ("missed", "outdoor"), not as a number.
public protocol CaseNamed: CaseIterable, Sendable {
    /// The case's name, as it appears in JSON.
    var caseName: String { get }
}

/// An option set that travels in JSON as a list of member names (["read", "flagged"]).
public protocol CaseNamedOptionSet: OptionSet, Sendable where Element == Self {
    /// Every member with its name.
    static var namedMembers: [(Self, String)] { get }
}

/// Encodes and decodes case-named enums and option sets, with errors that name the valid values.
enum CaseNameCoding {
    static func decode<T: CaseNamed>(from decoder: any Decoder) throws -> T {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        if let match = T.allCases.first(where: { $0.caseName == name }) { return match }
        throw DecodingError.dataCorruptedError(in: container, debugDescription: unknownNameMessage(
            name, of: String(describing: T.self), valid: T.allCases.map(\.caseName)))
    }

    static func encode<T: CaseNamed>(_ value: T, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value.caseName)
    }

    static func decodeOptions<T: CaseNamedOptionSet>(from decoder: any Decoder) throws -> T {
        let container = try decoder.singleValueContainer()
        let names = try container.decode([String].self)
        var result = T()
        for name in names {
            guard let member = T.namedMembers.first(where: { $0.1 == name }) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: unknownNameMessage(
                    name, of: String(describing: T.self), valid: T.namedMembers.map(\.1)))
            }
            result.insert(member.0)
        }
        return result
    }

    static func encodeOptions<T: CaseNamedOptionSet>(_ value: T, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(T.namedMembers.filter { value.contains($0.0) }.map(\.1))
    }

    static func unknownNameMessage(_ name: String, of typeName: String, valid: [String]) -> String {
        var message = "'\(name)' is not a value of \(typeName)"
        if let suggestion = Suggestion.closest(to: name, in: valid) {
            message += "; did you mean '\(suggestion)'?"
        } else {
            message += "; expected one of: \(valid.joined(separator: ", "))"
        }
        return message
    }
}
