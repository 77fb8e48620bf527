import Foundation
import GRDB
import Intents
import ParlanceCore

extension AssistantStore: VocabularySource {
    /// Replaces every string of one type for one app, atomically, with the cleaned list (Apple's rules:
    /// empty and over-long strings dropped, duplicates keep their first position). Refuses the whole
    /// update when a string looks like a phone number or an e-mail address. Returns what was kept.
    @discardableResult
    public func replaceVocabulary(_ strings: [String], type: INVocabularyStringType,
                                  app identifier: String) throws(StoreError) -> [String] {
        let checked: Result<VocabularyUpdate, VocabularyRejection> = VocabularyUpdate.replace(strings, type: type)
        switch checked {
        case let .failure(rejection):
            throw StoreError(.refusedVocabulary, rejection.description)
        case let .success(update):
            try apply(update, app: identifier)
            if case let .replace(kept, _) = update { return kept }
            return []
        }
    }

    /// Removes every string of every type the app gave (the app's reset or logout).
    public func removeAllVocabulary(app identifier: String) throws(StoreError) {
        try apply(.removeAll, app: identifier)
    }

    /// Applies a checked update in one transaction.
    public func apply(_ update: VocabularyUpdate, app identifier: String) throws(StoreError) {
        try write { db in try Self.applyInTransaction(update, app: identifier, user: user, db) }
    }

    /// Applies an update to one user's vocabulary, in the caller's transaction.
    static func applyInTransaction(_ update: VocabularyUpdate, app identifier: String, user: String, _ db: Database) throws {
        let mine = Column("user") == user && Column("appIdentifier") == identifier
        switch update {
        case let .replace(strings, type):
            try VocabularyRow.filter(mine && Column("type") == type.caseName).deleteAll(db)
            let insert = try db.cachedStatement(sql: """
                INSERT INTO userVocabulary (user, appIdentifier, type, position, phrase) VALUES (?, ?, ?, ?, ?)
                """)
            for (position, phrase) in strings.enumerated() {
                try insert.execute(arguments: [user, identifier, type.caseName, position, phrase])
            }
        case .removeAll:
            try VocabularyRow.filter(mine).deleteAll(db)
        }
        try StoreSchema.bumpVocabularyGeneration(db)
    }

    /// Applies the updates apps left in the home's inbox (from `INVocabulary` in their own processes).
    /// Called before every read of the vocabulary, so a change is seen by the very next request.
    @discardableResult
    public func ingestVocabularyInbox() throws(StoreError) -> Int {
        guard let inbox = vocabularyInbox else { return 0 }
        // Taken before the listing: a file added after it changes the stamp, so the next call lists again.
        guard let stamp = FolderStamp(path: inbox.folderPath) else { return 0 }  // no inbox yet: nothing left
        if shared.inboxSeen.withLock({ $0 == stamp }) { return 0 }
        let applied = try inbox.ingest(into: self)
        // Trusted only once nothing is left: a file that could not be read this time is tried at every read.
        if stamp.isSettled, inbox.pending().isEmpty { shared.inboxSeen.withLock { $0 = stamp } }
        return applied
    }

    /// The viewing user's vocabulary, optionally of one app and one type, by app, type and rank.
    public func vocabulary(app identifier: String? = nil,
                           type: INVocabularyStringType? = nil) throws(StoreError) -> [VocabularyEntry] {
        try ingestVocabularyInbox()
        return try read { db in
            var request = VocabularyRow.filter(Column("user") == self.user)
            if let identifier { request = request.filter(Column("appIdentifier") == identifier) }
            if let type { request = request.filter(Column("type") == type.caseName) }
            return try request.order(Column("appIdentifier"), Column("type"), Column("position")).fetchAll(db)
                .compactMap { row in
                    INVocabularyStringType.allCases.first { $0.caseName == row.type }.map {
                        VocabularyEntry(appIdentifier: row.appIdentifier, type: $0, position: row.position, phrase: row.phrase)
                    }
                }
        }
    }

    /// The user vocabulary of every app, by app, type and rank.
    public func vocabulary() throws(StoreError) -> [VocabularyEntry] {
        try vocabulary(app: nil, type: nil)
    }

    /// A number that changes whenever user vocabulary or an installed app changes, in this process or another.
    public func vocabularyGeneration() throws(StoreError) -> Int {
        try ingestVocabularyInbox()
        // Asked before every request: a cached statement, not one prepared each time, and no transaction
        // around it (one SELECT reads one consistent snapshot by itself; BEGIN and COMMIT cost more than it).
        do {
            return try readLatest { db in
                try Int.fetchOne(db.cachedStatement(sql: "SELECT generation FROM vocabularyGeneration WHERE id = 1")) ?? 0
            }
        } catch {
            throw StoreError(.database, "the store could not be read: \(error)")
        }
    }
}
