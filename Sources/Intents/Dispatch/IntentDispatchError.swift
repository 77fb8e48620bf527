import Foundation

/// Why the dispatcher could not call an extension's handler.
public struct IntentDispatchError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Reason: Sendable, Equatable {
        case handlerDoesNotAdopt(handlerType: String, protocolName: String)
        case noHandler
        case unknownParameter(String, known: [String])
        case handleNotImplemented
        case unsupportedIntent
    }

    private let reason: Reason

    /// The kinds of dispatch failure.
    public enum Kind: Sendable, Equatable {
        /// The handler object does not adopt the intent's handling protocol.
        case handlerDoesNotAdopt
        /// `handler(for:)` returned nil.
        case noHandler
        /// The intent has no resolvable parameter of that name.
        case unknownParameter
        /// The handler implements no spelling of handle.
        case handleNotImplemented
        /// The intent is not one the method accepts.
        case unsupportedIntent
    }

    /// What kind of failure this is.
    public var kind: Kind {
        switch reason {
        case .handlerDoesNotAdopt: .handlerDoesNotAdopt
        case .noHandler: .noHandler
        case .unknownParameter: .unknownParameter
        case .handleNotImplemented: .handleNotImplemented
        case .unsupportedIntent: .unsupportedIntent
        }
    }
    /// The intent's class name.
    public let intentName: String

    private init(_ reason: Reason, intentName: String) {
        self.reason = reason
        self.intentName = intentName
    }

    /// The extension returned no handler for the intent.
    public static func noHandler(for intentName: String) -> Self {
        Self(.noHandler, intentName: intentName)
    }

    /// The handler object does not adopt the intent's handling protocol.
    static func handlerDoesNotAdopt(_ handler: Any, protocolName: String, intentName: String) -> Self {
        Self(.handlerDoesNotAdopt(handlerType: String(describing: type(of: handler)), protocolName: protocolName),
             intentName: intentName)
    }

    static func unknownParameter(_ name: String, of intent: INIntent) -> Self {
        Self(.unknownParameter(name, known: type(of: intent).parameterDescriptions.map(\.name)), intentName: intent.intentName)
    }

    /// The handler implements no spelling of handle.
    public static func handleNotImplemented(_ intentName: String) -> Self {
        Self(.handleNotImplemented, intentName: intentName)
    }

    /// The intent is not one this method accepts.
    public static func unsupportedIntent(_ intentName: String) -> Self {
        Self(.unsupportedIntent, intentName: intentName)
    }

    static func cast<P>(_ handler: Any, to: P.Type, adopting protocolName: String, for intent: INIntent) throws(Self) -> P {
        guard let typed = handler as? P else {
            throw handlerDoesNotAdopt(handler, protocolName: protocolName, intentName: intent.intentName)
        }
        return typed
    }

    /// What went wrong, in words an extension developer can act on.
    public var description: String {
        switch reason {
        case .noHandler:
            return "the extension's handler(for:) returned no handler for \(intentName)"
        case let .handlerDoesNotAdopt(handlerType, protocolName):
            return "\(handlerType), the handler for \(intentName), does not adopt \(protocolName)"
        case let .unknownParameter(name, known):
            return INIntent.unknownKeyMessage(name, kind: "resolvable parameter", of: intentName, known: known)
        case .handleNotImplemented:
            return "the handler for \(intentName) implements no spelling of handle: write handle(intent:completion:), "
                + "handle(intent:) async, or the iOS 10 name"
        case .unsupportedIntent:
            return "\(intentName) is not an intent Parlance knows"
        }
    }
}
