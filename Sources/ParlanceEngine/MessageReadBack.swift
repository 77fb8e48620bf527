/// When the assistant reads a message back ("Send “hi” to Kiki?") and waits for a yes before sending it.
public enum MessageReadBack: String, Codable, Sendable, CaseIterable {
    /// Every message.
    case always
    /// A message whose words or people came from an answer, or from a reading that was not sure.
    case whenUnsure
    /// Never: a message is sent as soon as it is complete.
    case never
}
