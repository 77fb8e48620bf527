import Foundation

/// Short, readable descriptions of decoding errors, naming where in the JSON they happened.
public enum WireDecodingMessage {
    /// "params.intent.recipients: …" — the path and the decoder's own explanation.
    public static func describe(_ error: any Error) -> String {
        guard let decodingError = error as? DecodingError else { return String(describing: error) }
        switch decodingError {
        case let .dataCorrupted(context):
            return located(context, context.debugDescription)
        case let .keyNotFound(key, context):
            return located(context, "missing key \"\(key.stringValue)\"" + detail(context))
        case let .typeMismatch(type, context):
            return located(context, "expected \(type)" + detail(context))
        case let .valueNotFound(type, context):
            return located(context, "expected a \(type), found null")
        @unknown default:
            return String(describing: decodingError)
        }
    }

    private static func located(_ context: DecodingError.Context, _ message: String) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            .joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        if let underlying = context.underlyingError, message.isEmpty {
            return "\(path): \(underlying)"
        }
        return path.isEmpty ? message : "\(path): \(message)"
    }

    private static func detail(_ context: DecodingError.Context) -> String {
        context.debugDescription.isEmpty ? "" : " (\(context.debugDescription))"
    }
}
