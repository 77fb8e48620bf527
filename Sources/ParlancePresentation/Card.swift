import Foundation

/// The visual form of a turn: a small, non-interactive view, rendered by the terminal
/// as a boxed card and by the web page as HTML.
public struct Card: Codable, Sendable, Equatable {
    /// Which default view this is.
    public enum Style: String, Codable, Sendable {
        case message, payment, ride, workout, photos, call, question, notice, snippet
    }

    /// One labelled line ("Amount: $20.00").
    public struct Row: Codable, Sendable, Equatable {
        public var label: String
        public var value: String
        public init(_ label: String, _ value: String) {
            self.label = label
            self.value = value
        }
    }

    public var style: Style
    /// The heading: the app's name, as SiriKit shows it above an app's content.
    public var title: String
    public var rows: [Row]
    /// Free text: a message bubble, a question.
    public var body: String?
    /// Numbered options of a choice.
    public var options: [String]
    /// A short line below the content ("Say yes to send it").
    public var footer: String?

    public init(style: Style, title: String, rows: [Row] = [], body: String? = nil, options: [String] = [],
                footer: String? = nil) {
        self.style = style
        self.title = title
        self.rows = rows
        self.body = body
        self.options = options
        self.footer = footer
    }
}
