import Foundation
import MonkeyAppSupport

/// MonkeyChat's data: its contact book and the messages it received (in `state.json`), and the messages it sent
/// (in `sent.jsonl`, `sentMessages`).
struct ChatBook: Codable, Sendable {
    struct Contact: Codable, Sendable {
        var name: String
        var handle: String
        var favourite: Bool = false
        var lastMessaged: Date?
        /// Whether this contact has a MonkeyChat account (others can't receive messages).
        var hasAccount: Bool = true
    }

    struct Message: Codable, Sendable {
        var identifier: String
        var from: String?
        var to: [String]
        var content: String
        var date: Date
        var read: Bool
        var flagged: Bool = false
    }

    var contacts: [Contact]
    /// Sent messages as versions before `sent.jsonl` kept them; moved there on first use.
    var sent: [Message]?
    var inbox: [Message] = []

    static let identifier = "org.parlance.examples.monkeychat"
    static let file = AppDataFile<ChatBook>(appIdentifier: identifier) { .demo }
    private static let sentLedger = AppDataLedger<Message, Void>(appIdentifier: identifier, name: "sent") { $0.identifier }

    /// The messages MonkeyChat sent, one entry per intent.
    static func sentMessages() throws -> AppDataLedger<Message, Void> {
        try sentLedger.movingOlderRecords { ledger in
            guard try file.read().sent?.isEmpty == false else { return }
            try file.update { book in
                for message in book.sent ?? [] { try ledger.record(key: message.identifier) { _ in message } }
                book.sent = nil
            }
        }
    }

    /// A fresh install: a few friends, among them several Bobos, and two unread messages.
    static var demo: ChatBook {
        let names = ["Bobo", "Bobo the Great", "Bobo Jr.", "Little Bobo", "Kiki", "Coco", "Mimi Banana", "Zaza"]
        var book = ChatBook(contacts: names.map { Contact(name: $0, handle: "@" + $0.lowercased().filter(\.isLetter)) })
        book.contacts[0].favourite = true
        book.contacts[4].favourite = true
        if let zaza = book.contacts.firstIndex(where: { $0.name == "Zaza" }) { book.contacts[zaza].hasAccount = false }
        let now = Date()
        book.inbox = [
            Message(identifier: "m1", from: "Bobo", to: ["me"], content: "the bananas arrived", date: now.addingTimeInterval(-3600), read: false),
            Message(identifier: "m2", from: "Kiki", to: ["me"], content: "swing by the big tree later?", date: now.addingTimeInterval(-600), read: false),
            Message(identifier: "m3", from: "Coco", to: ["me"], content: "thanks for the coconut", date: now.addingTimeInterval(-86_400), read: true),
        ]
        return book
    }

    /// Contact names, most important first: favourites, then the recently messaged, then the rest.
    var namesByPriority: [String] {
        contacts.enumerated().sorted { a, b in
            if a.element.favourite != b.element.favourite { return a.element.favourite }
            switch (a.element.lastMessaged, b.element.lastMessaged) {
            case let (x?, y?) where x != y: return x > y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return a.offset < b.offset
            }
        }.map(\.element.name)
    }

    func contact(named name: String) -> Contact? {
        contacts.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }
}
