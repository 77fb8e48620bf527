
/// How answers are adapted to the way the user talks to the assistant.
public enum PresentationMode: String, Codable, Sendable, CaseIterable {
    /// Started from a screen: cards carry the details, the words stay short.
    case visual
    /// Hands-free: everything needed is in the words; no cards.
    case voice
}
