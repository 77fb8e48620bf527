extension ConversationEvent {
    /// Whether deciding on this event may open an app: an extension answered confirm or handle with a
    /// hand-off code (`continueInApp`, `handleInApp`, `failureRequiringAppLaunch…`).
    var asksToOpenApp: Bool {
        switch self {
        case .confirmed(let code?, _), .handled(let code, _): return ConversationMachine.handsOff(code)
        default: return false
        }
    }
}
