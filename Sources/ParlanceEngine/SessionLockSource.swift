import Foundation
import ParlanceCore
import ParlanceHosting

/// Whether the user's session is locked: the assistant's own lock (`parlance lock` / `unlock`, the
/// API) or, where available, the desktop session's lock (logind's LockedHint).
public struct SessionLockSource: Sendable {
    let store: any ConversationStore
    /// Whether to consult the desktop session too.
    public var followsDesktop: Bool

    public init(store: any ConversationStore, followsDesktop: Bool = false) {
        self.store = store
        self.followsDesktop = followsDesktop
    }

    /// Locked now? A store that can't be read counts as locked: restricted intents wait.
    public func isLocked() -> Bool {
        guard let locked = try? store.isSessionLocked() else { return true }
        if locked { return true }
        return followsDesktop && DesktopSession.isLocked()
    }
}
