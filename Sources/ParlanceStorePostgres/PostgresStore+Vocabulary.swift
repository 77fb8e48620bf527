import Foundation
import Intents
import ParlanceCore

extension PostgresStore: VocabularySource {
    /// Replaces every string of one type for one app, atomically, with the cleaned list; refuses the whole update
    /// when a string looks like a phone number or an e-mail address. Returns what was kept.
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

    /// Removes every string of every type the app gave.
    public func removeAllVocabulary(app identifier: String) throws(StoreError) {
        try apply(.removeAll, app: identifier)
    }

    /// Applies a checked update in one transaction.
    public func apply(_ update: VocabularyUpdate, app identifier: String) throws(StoreError) {
        try link.changing { session in
            switch update {
            case let .replace(strings, type):
                try session.execute("DELETE FROM user_vocabulary WHERE user_id = $1 AND app_identifier = $2 AND type = $3",
                                    [.text(user), .text(identifier), .text(type.caseName)])
                if !strings.isEmpty {
                    // One statement for the whole list: the strings and their ranks as two arrays.
                    var values: [PostgresSession.Value] = [.text(user), .text(identifier), .text(type.caseName)]
                    var rows: [String] = []
                    for (position, phrase) in strings.enumerated() {
                        rows.append("($1, $2, $3, $\(values.count + 1), $\(values.count + 2))")
                        values += [.int(position), .text(phrase)]
                    }
                    try session.execute("""
                        INSERT INTO user_vocabulary (user_id, app_identifier, type, position, phrase)
                        VALUES \(rows.joined(separator: ", "))
                        """, values)
                }
            case .removeAll:
                try session.execute("DELETE FROM user_vocabulary WHERE user_id = $1 AND app_identifier = $2",
                                    [.text(user), .text(identifier)])
            }
            try PostgresSchema.bumpVocabularyGeneration(session)
        }
    }

    /// The viewing user's vocabulary, optionally of one app and one type, by app, type and rank.
    public func vocabulary(app identifier: String? = nil,
                           type: INVocabularyStringType? = nil) throws(StoreError) -> [VocabularyEntry] {
        try link.withConnection { session in
            try session.rows("""
                SELECT app_identifier, type, position, phrase FROM user_vocabulary
                WHERE user_id = $1 AND ($2::text IS NULL OR app_identifier = $2) AND ($3::text IS NULL OR type = $3)
                ORDER BY app_identifier COLLATE "C", type COLLATE "C", position
                """, [.text(user), .optional(identifier), .optional(type?.caseName)]).compactMap { row in
                let name = try row["type"].decode(String.self)
                guard let type = INVocabularyStringType.allCases.first(where: { $0.caseName == name }) else { return nil }
                return VocabularyEntry(appIdentifier: try row["app_identifier"].decode(String.self), type: type,
                                       position: try row["position"].decode(Int.self), phrase: try row["phrase"].decode(String.self))
            }
        }
    }

    /// The user vocabulary of every app, by app, type and rank.
    public func vocabulary() throws(StoreError) -> [VocabularyEntry] {
        try vocabulary(app: nil, type: nil)
    }

    /// A number that changes whenever user vocabulary or an installed app changes, in any instance.
    public func vocabularyGeneration() throws(StoreError) -> Int {
        try link.cachedRead("vocabularyGeneration") { session -> (value: Int, generation: Int?) in
            guard let row = try session.rows("""
                SELECT generation AS vocabulary, \(PostgresLink.generationColumn) FROM vocabulary_generation WHERE id = 1
                """).first else { return (0, nil) }
            return (try row["vocabulary"].decode(Int.self), try row["store_generation"].decode(Int.self))
        }
    }
}
