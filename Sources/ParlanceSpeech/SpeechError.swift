/// Why speech could not be read, made or recognised; each says what to do.
public struct SpeechError: Error, Sendable, CustomStringConvertible {
    /// The kinds of trouble.
    public enum Kind: String, Sendable {
        /// The audio is not a WAV file this module reads.
        case unreadableAudio
        /// A speech engine (library or program) is not installed.
        case engineMissing
        /// The engine failed.
        case engineFailed
        /// The language has no voice or recogniser here.
        case unsupportedLanguage
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
