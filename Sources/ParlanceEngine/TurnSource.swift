/// How what the user said reached the assistant: typed (or a transcript made elsewhere), or heard by one of
/// Parlance's recognisers, which may have misheard it.
public enum TurnSource: Sendable, Equatable {
    case typed
    /// Heard; `confidence` (0–1) where the recogniser says how sure it is (Whisper over Wyoming does not).
    case spoken(confidence: Double?)
}
