import Foundation

// Encodings for Foundation types whose default Codable form is not the documented wire form
// (docs/intents-json.md): dates as ISO 8601 strings, decimals as JSON numbers, date components
// and ranges as small objects, name components as their parts.

extension KeyedEncodingContainer {
    mutating func encodeWireDate(_ value: Date?, forKey key: Key) throws {
        guard let value else { return }
        try encode(WireDate.string(from: value), forKey: key)
    }

    mutating func encodeNumber(_ value: NSNumber?, forKey key: Key) throws {
        guard let value else { return }
        try encode(value.doubleValue, forKey: key)
    }

    mutating func encodeDecimalNumber(_ value: NSDecimalNumber?, forKey key: Key) throws {
        guard let value else { return }
        try encode(value.decimalValue, forKey: key)
    }

    mutating func encodeDateComponents(_ value: DateComponents?, forKey key: Key) throws {
        guard let value else { return }
        try encode(WireDateComponents(value), forKey: key)
    }

    mutating func encodeRange(_ value: NSRange?, forKey key: Key) throws {
        guard let value else { return }
        try encode(WireRange(location: value.location, length: value.length), forKey: key)
    }

    mutating func encodeNameComponents(_ value: PersonNameComponents?, forKey key: Key) throws {
        guard let value else { return }
        try encode(WireNameComponents(value), forKey: key)
    }
}

extension KeyedDecodingContainer {
    func decodeWireDate(forKey key: Key) throws -> Date? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let date = WireDate.date(from: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self,
                debugDescription: "'\(text)' is not an ISO 8601 date such as 2026-11-21T09:30:00Z")
        }
        return date
    }

    func decodeNumber(forKey key: Key) throws -> NSNumber? {
        try decodeIfPresent(Double.self, forKey: key).map { NSNumber(value: $0) }
    }

    func decodeDecimalNumber(forKey key: Key) throws -> NSDecimalNumber? {
        try decodeIfPresent(Decimal.self, forKey: key).map { NSDecimalNumber(decimal: $0) }
    }

    func decodeDateComponents(forKey key: Key) throws -> DateComponents? {
        try decodeIfPresent(WireDateComponents.self, forKey: key)?.components
    }

    func decodeRange(forKey key: Key) throws -> NSRange? {
        try decodeIfPresent(WireRange.self, forKey: key).map { NSRange(location: $0.location, length: $0.length) }
    }

    func decodeNameComponents(forKey key: Key) throws -> PersonNameComponents? {
        try decodeIfPresent(WireNameComponents.self, forKey: key)?.components
    }

    /// The value, or a "key not found" error naming the key.
    func require<T>(_ value: T?, forKey key: Key) throws -> T {
        guard let value else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath,
                debugDescription: "'\(key.stringValue)' is required"))
        }
        return value
    }
}

/// `{ "location": 1, "length": 3 }`
struct WireRange: Codable {
    var location: Int
    var length: Int
}

/// Date components as a flat object of the fields that are set: `{ "year": 2026, "month": 11, "day": 21 }`.
struct WireDateComponents: Codable {
    var components: DateComponents

    init(_ components: DateComponents) {
        self.components = components
    }

    enum Key: String, CodingKey, CaseIterable {
        case era, year, month, day, hour, minute, second, nanosecond, weekday, weekdayOrdinal, weekOfYear,
             timeZone, calendar
    }

    static var integerFields: [(Key, WritableKeyPath<DateComponents, Int?>)] { [
        (.era, \.era), (.year, \.year), (.month, \.month), (.day, \.day), (.hour, \.hour), (.minute, \.minute),
        (.second, \.second), (.nanosecond, \.nanosecond), (.weekday, \.weekday),
        (.weekdayOrdinal, \.weekdayOrdinal), (.weekOfYear, \.weekOfYear),
    ] }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        var components = DateComponents()
        for (key, path) in Self.integerFields {
            components[keyPath: path] = try c.decodeIfPresent(Int.self, forKey: key)
        }
        if let zone = try c.decodeIfPresent(String.self, forKey: .timeZone) {
            guard let timeZone = TimeZone(identifier: zone) else {
                throw DecodingError.dataCorruptedError(forKey: .timeZone, in: c,
                    debugDescription: "'\(zone)' is not a time zone identifier such as Europe/Paris")
            }
            components.timeZone = timeZone
        }
        if let calendar = try c.decodeIfPresent(String.self, forKey: .calendar) {
            guard calendar == "gregorian" else {
                throw DecodingError.dataCorruptedError(forKey: .calendar, in: c,
                    debugDescription: "only the 'gregorian' calendar is supported, not '\(calendar)'")
            }
            components.calendar = Calendar(identifier: .gregorian)
        }
        self.components = components
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        for (key, path) in Self.integerFields {
            try c.encodeIfPresent(components[keyPath: path], forKey: key)
        }
        try c.encodeIfPresent(components.timeZone?.identifier, forKey: .timeZone)
        if components.calendar != nil { try c.encode("gregorian", forKey: .calendar) }
    }
}

/// A person's name in parts: `{ "givenName": "Tamsin", "familyName": "O'Hara" }`.
struct WireNameComponents: Codable {
    var namePrefix: String?
    var givenName: String?
    var middleName: String?
    var familyName: String?
    var nameSuffix: String?
    var nickname: String?

    init(_ components: PersonNameComponents) {
        namePrefix = components.namePrefix
        givenName = components.givenName
        middleName = components.middleName
        familyName = components.familyName
        nameSuffix = components.nameSuffix
        nickname = components.nickname
    }

    var components: PersonNameComponents {
        var components = PersonNameComponents()
        components.namePrefix = namePrefix
        components.givenName = givenName
        components.middleName = middleName
        components.familyName = familyName
        components.nameSuffix = nameSuffix
        components.nickname = nickname
        return components
    }
}

// The direct JSON form (`JSONTree`) of the same encodings.

extension WireRange {
    var jsonTree: IntentJSON.Value {
        .object(["location": .number(Double(location)), "length": .number(Double(length))])
    }

    init(jsonTree value: IntentJSON.Value) throws {
        let o = try JSONTree.object(value)
        location = try JSONTree.required(Int.self, o["location"])
        length = try JSONTree.required(Int.self, o["length"])
    }
}

extension WireDateComponents {
    var jsonTree: IntentJSON.Value {
        var o = JSONTree.Object()
        for (key, path) in Self.integerFields {
            if let field = components[keyPath: path] { o[key.rawValue] = .number(Double(field)) }
        }
        if let zone = components.timeZone?.identifier { o[Key.timeZone.rawValue] = .string(zone) }
        if components.calendar != nil { o[Key.calendar.rawValue] = .string("gregorian") }
        return .object(o)
    }

    init(jsonTree value: IntentJSON.Value) throws {
        let o = try JSONTree.object(value)
        var components = DateComponents()
        for (key, path) in Self.integerFields {
            components[keyPath: path] = try JSONTree.optional(Int.self, o[key.rawValue])
        }
        if let zone = try JSONTree.optional(String.self, o[Key.timeZone.rawValue]) {
            guard let timeZone = TimeZone(identifier: zone) else { throw JSONTree.Unsupported() }
            components.timeZone = timeZone
        }
        if let calendar = try JSONTree.optional(String.self, o[Key.calendar.rawValue]) {
            guard calendar == "gregorian" else { throw JSONTree.Unsupported() }
            components.calendar = Calendar(identifier: .gregorian)
        }
        self.components = components
    }
}

extension WireNameComponents {
    private static var fields: [(String, WritableKeyPath<WireNameComponents, String?>)] { [
        ("namePrefix", \.namePrefix), ("givenName", \.givenName), ("middleName", \.middleName),
        ("familyName", \.familyName), ("nameSuffix", \.nameSuffix), ("nickname", \.nickname),
    ] }

    var jsonTree: IntentJSON.Value {
        var o = JSONTree.Object()
        for (key, path) in Self.fields {
            if let part = self[keyPath: path] { o[key] = .string(part) }
        }
        return .object(o)
    }

    init(jsonTree value: IntentJSON.Value) throws {
        let o = try JSONTree.object(value)
        self.init(PersonNameComponents())
        for (key, path) in Self.fields {
            self[keyPath: path] = try JSONTree.optional(String.self, o[key])
        }
    }
}
