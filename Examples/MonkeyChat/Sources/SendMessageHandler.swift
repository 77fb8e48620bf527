import Foundation
import Intents
import MonkeyAppSupport

/// Sends a MonkeyChat message: resolves each recipient against the contact book and the content.
final class SendMessageHandler: NSObject, INSendMessageIntentHandling {
    func resolveRecipients(for intent: INSendMessageIntent) async -> [INSendMessageRecipientResolutionResult] {
        guard let recipients = intent.recipients, !recipients.isEmpty else { return [.needsValue()] }
        guard let book = try? ChatBook.file.read() else { return [.unsupported()] }
        let names = book.namesByPriority
        return recipients.map { person in
            let spoken = person.displayName
            switch NameMatch.find(spoken, in: names) {
            case .exact(let name):
                guard let contact = book.contact(named: name), contact.hasAccount else {
                    return .unsupported(forReason: .noAccount)
                }
                return .success(with: Self.person(contact))
            case .partial(let name), .close(let name):
                return book.contact(named: name).map { .confirmationRequired(with: Self.person($0)) } ?? .needsValue()
            case .several(let candidates):
                return .disambiguation(with: candidates.compactMap { book.contact(named: $0) }.map(Self.person))
            case .tooMany:
                return INSendMessageRecipientResolutionResult(personResolutionResult: .needsMoreDetails())
            case .none:
                return .unsupported(forReason: .noAccount)
            }
        }
    }

    func resolveContent(for intent: INSendMessageIntent) async -> INStringResolutionResult {
        guard let content = intent.content?.trimmingCharacters(in: .whitespacesAndNewlines), !content.isEmpty else {
            return .needsValue()
        }
        return .success(with: content)
    }

    /// MonkeyChat has no group chats: a group name is not needed.
    func resolveSpeakableGroupName(for intent: INSendMessageIntent) async -> INSpeakableStringResolutionResult {
        .notRequired()
    }

    func confirm(intent: INSendMessageIntent) async -> INSendMessageIntentResponse {
        INSendMessageIntentResponse(code: .ready, userActivity: nil)
    }

    func handle(intent: INSendMessageIntent) async -> INSendMessageIntentResponse {
        let recipients = (intent.recipients ?? []).map(\.displayName)
        let content = intent.content ?? ""
        do {
            let identifier = intent.identifier ?? UUID().uuidString
            // The same intent sent again (after the assistant restarted) is answered from the record.
            let message: ChatBook.Message
            switch try ChatBook.sentMessages().record(key: identifier, { _ in
                ChatBook.Message(identifier: identifier, from: nil, to: recipients, content: content, date: Date(), read: true)
            }) {
            case .recorded(let sent):
                message = sent
                try ChatBook.file.update { book in
                    for index in book.contacts.indices where recipients.contains(book.contacts[index].name) {
                        book.contacts[index].lastMessaged = sent.date
                    }
                }
            case .existing(let earlier):
                message = earlier
            case .declined:
                return INSendMessageIntentResponse(code: .failure, userActivity: nil)
            }
            ContactVocabulary.publish()
            let response = INSendMessageIntentResponse(code: .success, userActivity: nil)
            response.sentMessage = INMessage(identifier: message.identifier, content: content, dateSent: message.date,
                                             sender: nil, recipients: intent.recipients)
            return response
        } catch {
            return INSendMessageIntentResponse(code: .failure, userActivity: nil)
        }
    }

    static func person(_ contact: ChatBook.Contact) -> INPerson {
        INPerson(personHandle: INPersonHandle(value: contact.handle, type: .unknown), nameComponents: nil,
                 displayName: contact.name, image: nil, contactIdentifier: contact.handle, customIdentifier: nil)
    }
}
