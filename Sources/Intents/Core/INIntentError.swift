import Foundation

/// The error domain of `INIntentError`.
public let INIntentErrorDomain = "IntentsErrorDomain"

/// An error of the Intents framework.
public struct INIntentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: Int, Sendable {
        /// The interaction operation is not supported.
        case interactionOperationNotSupported = 1900
        /// Donating an interaction failed.
        case donatingInteraction = 1901
        /// Deleting all interactions failed.
        case deletingAllInteractions = 1902
        /// Deleting interactions by identifier failed.
        case deletingInteractionWithIdentifiers = 1903
        /// Deleting interactions by group failed.
        case deletingInteractionWithGroupIdentifier = 1904
        /// More than one extension of the app supports the intent.
        case intentSupportedByMultipleExtension = 2001
        /// An intent restricted while locked is not in IntentsSupported.
        case restrictedIntentsNotSupportedByExtension = 2002
        /// The extension gave no handler for the intent.
        case noHandlerProvidedForIntent = 2003
        /// The intent name is not valid.
        case invalidIntentName = 2004
        /// The request took too long.
        case requestTimedOut = 3001
        /// The user vocabulary file is in the wrong place.
        case invalidUserVocabularyFileLocation = 4000
        /// The extension took too long to start.
        case extensionLaunchingTimeout = 5000
        /// The extension could not be started.
        case extensionBringUpFailed = 5001
    }

    /// What went wrong.
    public let code: Code
    /// More about the error.
    public let message: String?

    /// An error with a code and, optionally, a message.
    public init(_ code: Code, message: String? = nil) {
        self.code = code
        self.message = message
    }

    /// The error domain.
    public static var errorDomain: String { INIntentErrorDomain }

    /// The code and message.
    public var description: String {
        "\(INIntentErrorDomain) \(code.rawValue) (\(code))" + (message.map { ": \($0)" } ?? "")
    }

    /// `Code.interactionOperationNotSupported`.
    public static var interactionOperationNotSupported: Code { .interactionOperationNotSupported }
    /// `Code.noHandlerProvidedForIntent`.
    public static var noHandlerProvidedForIntent: Code { .noHandlerProvidedForIntent }
    /// `Code.requestTimedOut`.
    public static var requestTimedOut: Code { .requestTimedOut }
    /// `Code.extensionBringUpFailed`.
    public static var extensionBringUpFailed: Code { .extensionBringUpFailed }
}
