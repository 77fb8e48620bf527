import Foundation

/// The one textual form dates take in Parlance's JSON: ISO 8601 in UTC with milliseconds.
package enum WireDate {
    private static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// `2026-11-21T09:30:00.000Z`
    package static func string(from date: Date) -> String {
        date.formatted(style)
    }

    /// Parses the wire form, also accepting dates without fractional seconds.
    package static func date(from text: String) -> Date? {
        if let date = try? Date(text, strategy: style) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle())
    }
}
