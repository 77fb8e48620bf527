// MonkeyChat, a Parlance sample app: messaging. `monkeychat intents` is its Intents extension; the
// other commands are the app itself, which keeps its contact book and tells the assistant the names.
import Foundation
import Intents
import MonkeyAppSupport

let file = ChatBook.file

await AppMain.run(appName: "MonkeyChat", appIdentifier: ChatBook.identifier, extension: { MonkeyChatExtension() },
                  viewController: { MessageSnippet() }, commands: [
    .init("contacts", "contacts                list the contact book, favourites and recent first") { _ in
        let book = try file.read()
        for name in book.namesByPriority {
            let contact = book.contact(named: name)
            print(name + (contact?.favourite == true ? "  ★" : "") + (contact?.hasAccount == false ? "  (no account)" : ""))
        }
    },
    .init("add", "add NAME…              add contacts") { names in
        guard !names.isEmpty else { throw AppError("give the names to add") }
        try file.update { book in
            for name in names where book.contact(named: name) == nil {
                book.contacts.append(.init(name: name, handle: "@" + name.lowercased().filter(\.isLetter)))
            }
        }
        ContactVocabulary.publish()
    },
    .init("remove", "remove NAME…           remove contacts (the assistant forgets them at once)") { names in
        try file.update { book in
            let unknown = names.filter { book.contact(named: $0) == nil }
            guard unknown.isEmpty else { throw AppError("no contact named \(unknown.joined(separator: ", "))") }
            book.contacts.removeAll { contact in names.contains { $0.caseInsensitiveCompare(contact.name) == .orderedSame } }
        }
        ContactVocabulary.publish()
    },
    .init("favourite", "favourite NAME         make a contact a favourite") { names in
        try file.update { book in
            for name in names {
                guard let index = book.contacts.firstIndex(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
                    throw AppError("no contact named \(name)")
                }
                book.contacts[index].favourite = true
            }
        }
        ContactVocabulary.publish()
    },
    .init("crowd", "crowd [N]              add N more contacts called Bobo (default 80), for trying \"be more specific\"") { arguments in
        let count = arguments.first.flatMap(Int.init) ?? 80
        let surnames = ["Abbott", "Baker", "Carter", "Dalton", "Evans", "Fisher", "Gomez", "Hayes", "Irving", "Jones"]
        try file.update { book in
            for index in 0..<count {
                let name = "Bobo \(surnames[index % surnames.count]) \(index / surnames.count + 1)"
                if book.contact(named: name) == nil { book.contacts.append(.init(name: name, handle: "@bobo\(index)")) }
            }
        }
        ContactVocabulary.publish()
    },
    .init("messages", "messages               show sent and received messages") { _ in
        let book = try file.read()
        for message in try ChatBook.sentMessages().entries() { print("to \(message.to.joined(separator: ", ")): \(message.content)") }
        for message in book.inbox { print("from \(message.from ?? "?")\(message.read ? "" : " (unread)"): \(message.content)") }
    },
    .init("sync", "sync                   tell the assistant the contact names again") { _ in ContactVocabulary.publish() },
    .init("reset", "reset                  forget everything (the assistant forgets the names too)") { _ in
        try file.reset()
        try ChatBook.sentMessages().reset()
        INVocabulary.shared().removeAllVocabularyStrings()
    },
])
