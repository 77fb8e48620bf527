import Foundation
import GRDB
import Intents
import ParlanceCore

/// Applies the vocabulary updates apps left in `<home>/inbox/vocabulary/` (written by `INVocabulary`
/// in the app's process), in name order, each exactly once even with several assistants reading the
/// same home: a file's name is recorded in the same transaction that applies it. An update is the owner's
/// (`HomeUser`) unless its file names another user of the home (`"user"`); one naming an unknown user is rejected.
struct VocabularyInbox {
    let folder: URL
    /// The folder's path, made once: its stamp is taken before every request.
    let folderPath: String

    init(home: URL) {
        folder = home.appendingPathComponent("inbox/vocabulary")
        folderPath = folder.path
    }

    /// The pending files, oldest first.
    func pending() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folderPath)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// Applies every pending file; returns how many changed the store. A file that cannot be read is
    /// renamed to `.rejected` with the reason beside it, never silently dropped.
    @discardableResult
    func ingest(into store: AssistantStore) throws(StoreError) -> Int {
        var applied = 0
        for file in pending() {
            let name = file.lastPathComponent
            guard let data = try? Data(contentsOf: file) else { continue }  // another assistant took it
            let update: (app: String, user: String, update: VocabularyUpdate)
            do {
                update = try Self.decode(data)
            } catch {
                quarantine(file, reason: "\(error)")
                continue
            }
            guard try store.hasUser(update.user) else {
                quarantine(file, reason: "there is no user '\(update.user)' in this home")
                continue
            }
            let changed = try store.write { db -> Bool in
                guard try !Self.wasApplied(name, db) else { return false }
                try AssistantStore.applyInTransaction(update.update, app: update.app, user: update.user, db)
                try db.execute(sql: "INSERT INTO appliedVocabularyInbox (name, appliedAt) VALUES (?, ?)",
                               arguments: [name, StoredDate.text(Date())])
                return true
            }
            if changed { applied += 1 }
            try? FileManager.default.removeItem(at: file)
        }
        return applied
    }

    private static func wasApplied(_ name: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT 1 FROM appliedVocabularyInbox WHERE name = ?", arguments: [name]) ?? false
    }

    private static func decode(_ data: Data) throws -> (app: String, user: String, update: VocabularyUpdate) {
        struct Message: Decodable {
            var app: String; var user: String?; var operation: String; var type: String?; var strings: [String]?
        }
        let message = try JSONDecoder().decode(Message.self, from: data)
        let user = message.user ?? HomeUser.owner
        switch message.operation {
        case "removeAll":
            return (message.app, user, .removeAll)
        case "replace":
            guard let typeName = message.type,
                  let type = INVocabularyStringType.allCases.first(where: { $0.caseName == typeName }) else {
                throw StoreError(.refusedVocabulary, "unknown vocabulary type '\(message.type ?? "")'")
            }
            switch VocabularyUpdate.replace(message.strings ?? [], type: type) as Result<VocabularyUpdate, VocabularyRejection> {
            case let .success(update): return (message.app, user, update)
            case let .failure(rejection): throw StoreError(.refusedVocabulary, rejection.description)
            }
        default:
            throw StoreError(.refusedVocabulary, "unknown operation '\(message.operation)'")
        }
    }

    private func quarantine(_ file: URL, reason: String) {
        let rejected = file.deletingPathExtension().appendingPathExtension("rejected")
        try? FileManager.default.moveItem(at: file, to: rejected)
        try? Data((reason + "\n").utf8).write(to: rejected.appendingPathExtension("reason"))
    }
}
