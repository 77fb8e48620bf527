import Foundation
import Intents

/// What an Intents UI extension shows inside the assistant's answer: a small, non-interactive view
/// tree. The assistant draws it with the app's name on top — as a card in the terminal,
/// as HTML on the web page — and never sends input to it.
///
/// JSON form: `{"elements": [{"text": "Delivered", "style": "caption"}, {"key": "To", "value": "Bobo"}],
/// "replacesDefaultView": true}`.
public struct INUIView: Codable, Sendable, Equatable {
    /// The content, top to bottom.
    public var elements: [INUIElement]
    /// True when the view shows everything the assistant's default view would (the assistant then
    /// shows only this); false to show it below the default view.
    public var replacesDefaultView: Bool

    public init(_ elements: [INUIElement], replacesDefaultView: Bool = false) {
        self.elements = elements
        self.replacesDefaultView = replacesDefaultView
    }
}

/// One element of a UI extension's view.
public enum INUIElement: Codable, Sendable, Equatable {
    /// How prominent a line of text is.
    public enum TextStyle: String, Codable, Sendable {
        case title, body, caption
    }

    /// A line of text.
    case text(String, style: TextStyle = .body)
    /// A labelled value ("ETA: 4 min").
    case keyValue(String, String)
    /// How far something has got, 0 to 1, with a label ("Driver on the way").
    case progress(Double, label: String)
    /// A place on a map.
    case mapPin(label: String, latitude: Double, longitude: Double)
    /// An image the app ships (`INImage`): shown where images can be, else its description.
    case image(INImage, description: String)

    private enum CodingKeys: String, CodingKey {
        case text, style, key, value, progress, label, mapPin, latitude, longitude, image, description
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try c.decodeIfPresent(String.self, forKey: .text) {
            self = .text(text, style: try c.decodeIfPresent(TextStyle.self, forKey: .style) ?? .body)
        } else if let key = try c.decodeIfPresent(String.self, forKey: .key) {
            self = .keyValue(key, try c.decode(String.self, forKey: .value))
        } else if let fraction = try c.decodeIfPresent(Double.self, forKey: .progress) {
            guard (0...1).contains(fraction) else {
                throw DecodingError.dataCorruptedError(forKey: .progress, in: c, debugDescription: "progress is a fraction from 0 to 1")
            }
            self = .progress(fraction, label: try c.decodeIfPresent(String.self, forKey: .label) ?? "")
        } else if let label = try c.decodeIfPresent(String.self, forKey: .mapPin) {
            self = .mapPin(label: label, latitude: try c.decode(Double.self, forKey: .latitude),
                           longitude: try c.decode(Double.self, forKey: .longitude))
        } else if let image = try c.decodeIfPresent(INImage.self, forKey: .image) {
            self = .image(image, description: try c.decodeIfPresent(String.self, forKey: .description) ?? "")
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription:
                "an element is one of text, key/value, progress, mapPin or image"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .text(text, style):
            try c.encode(text, forKey: .text)
            try c.encode(style, forKey: .style)
        case let .keyValue(key, value):
            try c.encode(key, forKey: .key)
            try c.encode(value, forKey: .value)
        case let .progress(fraction, label):
            try c.encode(fraction, forKey: .progress)
            try c.encode(label, forKey: .label)
        case let .mapPin(label, latitude, longitude):
            try c.encode(label, forKey: .mapPin)
            try c.encode(latitude, forKey: .latitude)
            try c.encode(longitude, forKey: .longitude)
        case let .image(image, description):
            try c.encode(image, forKey: .image)
            try c.encode(description, forKey: .description)
        }
    }
}
