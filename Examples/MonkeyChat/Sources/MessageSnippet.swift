import Foundation
import Intents
import IntentsUI

/// MonkeyChat's Intents UI extension: the sent message as a MonkeyChat bubble, with its delivery
/// state. It shows everything the default view would, so it replaces it.
final class MessageSnippet: INUIHostedViewControlling {
    func configureView(for interaction: INInteraction, context: INUIHostedViewContext) async -> INUIView? {
        guard let intent = interaction.intent as? INSendMessageIntent else { return nil }
        let recipients = (intent.recipients ?? []).map(\.displayName).joined(separator: ", ")
        let response = interaction.intentResponse as? INSendMessageIntentResponse
        let state = response?.code == .success ? "✓ delivered" : "not sent yet"
        return INUIView([
            .text("To \(recipients)", style: .caption),
            .text("“\(intent.content ?? "")”", style: .body),
            .text(state, style: .caption),
        ], replacesDefaultView: true)
    }
}
