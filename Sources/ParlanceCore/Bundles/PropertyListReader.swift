import Foundation

/// Reads plist files (XML, binary, or the old-style `.strings` text) and their values, recording a
/// located `BundleProblem` for everything missing or of the wrong type instead of stopping.
struct PropertyListReader {
    /// The file's name in messages, relative to the folder holding the bundle.
    let file: String
    private(set) var problems: [BundleProblem] = []

    init(file: String) {
        self.file = file
    }

    /// The root dictionary, or nil (with a problem) when the file is missing or not a dictionary plist.
    mutating func root(at url: URL, required: Bool = true) -> [String: Any]? {
        guard let data = try? Data(contentsOf: url) else {
            if required { error(nil, "the file is missing or unreadable") }
            return nil
        }
        let value: Any
        do {
            value = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
            self.error(nil, "not a valid property list (\(reason))")
            return nil
        }
        guard let dictionary = value as? [String: Any] else {
            error(nil, "the top level must be a dictionary")
            return nil
        }
        return dictionary
    }

    mutating func string(_ dictionary: [String: Any], _ key: String, at path: String? = nil,
                         required: Bool = false) -> String? {
        let location = Self.join(path, key)
        guard let value = dictionary[key] else {
            if required { error(location, "missing; it must be a string") }
            return nil
        }
        guard let string = value as? String else {
            error(location, "must be a string, not \(Self.typeName(value))")
            return nil
        }
        return string
    }

    /// A boolean (`<true/>` or `<false/>`); nil when absent.
    mutating func bool(_ dictionary: [String: Any], _ key: String, at path: String? = nil) -> Bool? {
        guard let value = dictionary[key] else { return nil }
        guard let bool = value as? Bool, !(value is String) else {
            error(Self.join(path, key), "must be a boolean (<true/> or <false/>), not \(Self.typeName(value))")
            return nil
        }
        return bool
    }

    mutating func dictionary(_ dictionary: [String: Any], _ key: String, at path: String? = nil,
                             required: Bool = false) -> [String: Any]? {
        let location = Self.join(path, key)
        guard let value = dictionary[key] else {
            if required { error(location, "missing; it must be a dictionary") }
            return nil
        }
        guard let result = value as? [String: Any] else {
            error(location, "must be a dictionary, not \(Self.typeName(value))")
            return nil
        }
        return result
    }

    /// An array; each element must have type T (others are reported and skipped).
    mutating func array<T>(_ dictionary: [String: Any], _ key: String, of: T.Type, at path: String? = nil,
                           required: Bool = false) -> [(index: Int, value: T)] {
        let location = Self.join(path, key)
        guard let value = dictionary[key] else {
            if required { error(location, "missing; it must be an array") }
            return []
        }
        guard let array = value as? [Any] else {
            error(location, "must be an array, not \(Self.typeName(value))")
            return []
        }
        var result: [(Int, T)] = []
        for (index, element) in array.enumerated() {
            if let typed = element as? T {
                result.append((index, typed))
            } else {
                error("\(location)[\(index)]", "must be a \(Self.typeName(of: T.self)), not \(Self.typeName(element))")
            }
        }
        return result
    }

    mutating func error(_ key: String?, _ message: String) {
        problems.append(BundleProblem(severity: .error, file: file, key: key, message: message))
    }

    mutating func warning(_ key: String?, _ message: String) {
        problems.append(BundleProblem(severity: .warning, file: file, key: key, message: message))
    }

    static func join(_ path: String?, _ key: String) -> String {
        path.map { "\($0).\(key)" } ?? key
    }

    private static func typeName(_ value: Any) -> String {
        switch value {
        case is String: "a string"
        case is Bool: "a boolean"
        case is NSNumber: "a number"
        case is [Any]: "an array"
        case is [String: Any]: "a dictionary"
        case is Data: "data"
        case is Date: "a date"
        default: "\(type(of: value))"
        }
    }

    private static func typeName<T>(of type: T.Type) -> String {
        switch type {
        case is String.Type: "string"
        case is [String: Any].Type: "dictionary"
        default: "\(type)"
        }
    }
}
