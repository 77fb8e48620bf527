import Foundation
import ParlanceCore
import Synchronization

/// The journal's part in one handle request, run by the extension host at the two moments it names:
/// "decided" before the extension has to be started (or waited for), so that a crash while it starts
/// leaves the request to be resumed; "sent" just before the request leaves — one synced write together
/// with "decided" when the extension was already running, as nothing can come between them then.
final class HandleJournalSteps: Sendable {
    /// Why the request was kept back.
    enum Refusal: Sendable {
        /// The intent was sent before: it is not sent twice.
        case alreadyHandled
        /// The journal could not be written, so nothing was sent.
        case failed(String)
    }

    private struct Progress {
        var decided = false
        var refusal: Refusal?
    }

    private struct KeptBack: Error, CustomStringConvertible {
        let description: String
    }

    private let store: any ConversationStore
    private let identifier: String
    private let app: String
    private let intent: String
    private let state: Data?
    private let session: String
    private let resending: Bool
    private let progress = Mutex(Progress())

    init(store: any ConversationStore, identifier: String, app: String, intent: String, state: Data?,
         session: String, resending: Bool) {
        self.store = store
        self.identifier = identifier
        self.app = app
        self.intent = intent
        self.state = state
        self.session = session
        self.resending = resending
    }

    /// For `ExtensionHost.handle`'s `beforeStarting`: records the decision (and the session's state).
    func beforeStarting() throws {
        try step { store throws(StoreError) in
            try store.beginHandling(intentIdentifier: identifier, app: app, intent: intent, state: state,
                                    session: session, resending: resending)
        }
        progress.withLock { $0.decided = true }
    }

    /// For `ExtensionHost.handle`'s `beforeSending`: records the request as sent, with the decision
    /// unless `beforeStarting` recorded it.
    func beforeSending() throws {
        if progress.withLock({ $0.decided }) {
            try step { store throws(StoreError) in
                try store.markHandleSent(intentIdentifier: identifier)
                return true
            }
        } else {
            try step { store throws(StoreError) in
                try store.beginSending(intentIdentifier: identifier, app: app, intent: intent, state: state,
                                       session: session, resending: resending)
            }
            progress.withLock { $0.decided = true }
        }
    }

    /// Whether the session's state was saved with the decision.
    var stateSaved: Bool { progress.withLock { $0.decided } }

    /// Why nothing was sent, when a step kept the request back.
    var refusal: Refusal? { progress.withLock { $0.refusal } }

    private func step(_ write: (any ConversationStore) throws(StoreError) -> Bool) throws {
        let refusal: Refusal
        do {
            if try write(store) { return }
            refusal = .alreadyHandled
        } catch {
            refusal = .failed(error.message)
        }
        progress.withLock { $0.refusal = refusal }
        switch refusal {
        case .alreadyHandled: throw KeptBack(description: "the intent \(identifier) was sent before")
        case .failed(let reason): throw KeptBack(description: reason)
        }
    }
}
