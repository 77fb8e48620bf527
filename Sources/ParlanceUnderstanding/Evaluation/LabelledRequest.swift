import ParlanceCore

/// One line of a labelled set: a request and what understanding should make of it.
public struct LabelledRequest: Sendable, Codable, Equatable {
    /// The request as a person says it.
    public var text: String
    /// Its language; nil takes the evaluation's default.
    public var language: String?
    /// The app it goes to without the conversation asking which (`Evaluator.judgedApp(of:)`): the app it
    /// names, else the only installed app that can serve it; nil when several could.
    public var app: String?
    /// The intent class, or nil for a request no installed app serves.
    public var intent: String?
    /// The intent's parameters in the SDK's JSON form, by property name.
    public var parameters: [String: JSONValue]?

    public init(text: String, language: String? = nil, app: String?, intent: String?,
                parameters: [String: JSONValue]? = nil) {
        self.text = text
        self.language = language
        self.app = app
        self.intent = intent
        self.parameters = parameters
    }
}
