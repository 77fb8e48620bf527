import Foundation
import Intents
import MonkeyAppSupport

/// Finds MonkeyChat messages by sender, read state and words, newest first.
final class SearchForMessagesHandler: NSObject, INSearchForMessagesIntentHandling {
    func resolveSenders(for intent: INSearchForMessagesIntent) async -> [INPersonResolutionResult] {
        guard let senders = intent.senders, !senders.isEmpty else { return [] }
        guard let book = try? ChatBook.file.read() else { return [] }
        return senders.map { person in
            switch NameMatch.find(person.displayName, in: book.namesByPriority) {
            case .exact(let name): return book.contact(named: name).map { .success(with: SendMessageHandler.person($0)) } ?? .unsupported()
            case .partial(let name), .close(let name):
                return book.contact(named: name).map { .confirmationRequired(with: SendMessageHandler.person($0)) } ?? .unsupported()
            case .several(let names): return .disambiguation(with: names.compactMap { book.contact(named: $0) }.map(SendMessageHandler.person))
            case .tooMany: return .needsMoreDetails()
            case .none: return .unsupported()
            }
        }
    }

    func handle(intent: INSearchForMessagesIntent) async -> INSearchForMessagesIntentResponse {
        guard let book = try? ChatBook.file.read() else { return INSearchForMessagesIntentResponse(code: .failure, userActivity: nil) }
        let senders = Set((intent.senders ?? []).map { $0.displayName.lowercased() })
        let terms = (intent.searchTerms ?? []).map { $0.lowercased() }
        let found = book.inbox.filter { message in
            (senders.isEmpty || senders.contains((message.from ?? "").lowercased()))
                && (!intent.attributes.contains(.unread) || !message.read)
                && (!intent.attributes.contains(.read) || message.read)
                && (!intent.attributes.contains(.flagged) || message.flagged)
                && (terms.isEmpty || terms.contains { message.content.lowercased().contains($0) })
        }.sorted { $0.date > $1.date }
        let response = INSearchForMessagesIntentResponse(code: .success, userActivity: nil)
        response.messages = found.map { message in
            let sender = message.from.flatMap(book.contact(named:)).map(SendMessageHandler.person)
            return INMessage(identifier: message.identifier, content: message.content, dateSent: message.date,
                             sender: sender, recipients: nil)
        }
        return response
    }
}

/// Marks MonkeyChat messages read, unread or flagged: the messages named, or else all unread ones.
final class SetMessageAttributeHandler: NSObject, INSetMessageAttributeIntentHandling {
    func resolveAttribute(for intent: INSetMessageAttributeIntent) async -> INMessageAttributeResolutionResult {
        switch intent.attribute {
        case .read, .unread, .flagged, .unflagged: return .success(with: intent.attribute)
        case .unknown: return .needsValue()
        default: return .unsupported()
        }
    }

    func handle(intent: INSetMessageAttributeIntent) async -> INSetMessageAttributeIntentResponse {
        let changed = (try? ChatBook.file.update { book -> Int in
            let wanted = Set(intent.identifiers ?? [])
            var count = 0
            for index in book.inbox.indices where wanted.isEmpty ? !book.inbox[index].read : wanted.contains(book.inbox[index].identifier) {
                switch intent.attribute {
                case .read: book.inbox[index].read = true
                case .unread: book.inbox[index].read = false
                case .flagged: book.inbox[index].flagged = true
                case .unflagged: book.inbox[index].flagged = false
                default: continue
                }
                count += 1
            }
            return count
        }) ?? -1
        let code: INSetMessageAttributeIntentResponseCode = changed < 0 ? .failure : changed == 0 ? .failureMessageNotFound : .success
        return INSetMessageAttributeIntentResponse(code: code, userActivity: nil)
    }
}
