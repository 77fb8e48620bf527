import Foundation
import Intents
import IntentsUI
import MonkeyAppSupport

/// MonkeyChat's Intents UI extension: the sent message as a MonkeyChat bubble, with its delivery
/// state. It shows everything the default view would, so it replaces it.
final class MessageSnippet: INUIHostedViewControlling {
    func configureView(for interaction: INInteraction, context: INUIHostedViewContext) async -> INUIView? {
        guard let intent = interaction.intent as? INSendMessageIntent else { return nil }
        let recipients = (intent.recipients ?? []).map(\.displayName).joined(separator: ", ")
        let response = interaction.intentResponse as? INSendMessageIntentResponse
        let state = SnippetText.text(response?.code == .success ? "delivered" : "notSent")
        return INUIView([
            .text("\(SnippetText.text("to")) \(recipients)", style: .caption),
            .text("“\(intent.content ?? "")”", style: .body),
            .text(state, style: .caption),
        ], replacesDefaultView: true)
    }
}
