import ArgumentParser

/// Which recogniser hears spoken requests (`--recognizer`).
enum RecognizerChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Whisper when `parlance speech setup` has set it up, else the offline grammar recogniser.
    case auto
    /// The home's Whisper service; an error when it is not set up.
    case whisper
    /// The offline grammar recogniser (pocketsphinx; English only).
    case grammar
}
