import ParlanceCore

/// One line of a labelled set: a request and what understanding should make of it.
public struct LabelledRequest: Sendable, Codable, Equatable {
    public var text: String
    public var language: String?
    public var app: String?
    public var intent: String?
    public var parameters: [String: JSONValue]?
}
