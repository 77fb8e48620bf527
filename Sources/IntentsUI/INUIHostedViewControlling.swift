import Foundation
import Intents

/// Where the assistant shows the view.
public enum INUIHostedViewContext: String, Codable, Sendable {
    /// In the assistant's answer (SiriKit's `siriSnippet`).
    case siriSnippet
    /// In a maps-style client.
    case mapsCard
}

/// What an Intents UI extension implements: given the interaction (the intent and the response so
/// far, from confirm or handle), the view to show — SiriKit's `configureView(for:of:interactiveBehavior:context:completion:)`
/// as an async function returning the view. Return nil to leave the assistant's default view alone.
public protocol INUIHostedViewControlling: AnyObject {
    func configureView(for interaction: INInteraction, context: INUIHostedViewContext) async -> INUIView?
}
