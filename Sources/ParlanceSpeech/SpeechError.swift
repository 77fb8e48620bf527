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
        /// The engine has no voice (or voice variant) of that name.
        case unknownVoice
        /// There is no text to speak.
        case emptyText
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    /// Text that is empty or only spaces: speaking it would make an empty recording.
    public static let nothingToSay = SpeechError(.emptyText, "there is nothing to say: the text is empty; give the words to speak")
}
