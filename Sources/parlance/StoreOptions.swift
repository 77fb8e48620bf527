import ArgumentParser
import AssistantServer
import Foundation
import ParlanceCore
import ParlanceStore
import ParlanceStorePostgres

/// `--store`: where `parlance serve` and `parlance users` keep the assistant's data (docs/server.md › PostgreSQL).
/// The home's SQLite file by default; a `postgres://` URL puts it in a PostgreSQL database that several servers
/// may share. `$PARLANCE_STORE` is read when the option is not given.
struct StoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Where the data is kept: 'sqlite' (the home's file, the default) or a PostgreSQL "
                               + "database, postgres://USER:PASSWORD@HOST:PORT/DATABASE; default: $PARLANCE_STORE, "
                               + "else sqlite.", valueName: "store"))
    var store: String?

    /// The PostgreSQL URL chosen, or nil for the home's SQLite file.
    func postgresURL(environment: [String: String] = ProcessInfo.processInfo.environment) throws(CommandFailure) -> String? {
        let chosen = store ?? environment["PARLANCE_STORE"].flatMap { $0.isEmpty ? nil : $0 }
        guard let chosen, chosen != "sqlite" else { return nil }
        guard PostgresAddress.isPostgresURL(chosen) else {
            throw CommandFailure("'\(chosen)' is not a store: use sqlite, or postgres://USER:PASSWORD@HOST:PORT/DATABASE"
                                 + (store == nil ? " (from PARLANCE_STORE)" : ""))
        }
        return chosen
    }

    /// The store chosen, as the home's users see it.
    func open(_ global: GlobalOptions) throws -> any HomeUserStore {
        if let url = try postgresURL() { return try PostgresStore.open(url: url) }
        return try StoreAccess.open(global)
    }
}

/// What `parlance users` does to a store, in SQLite or PostgreSQL alike.
protocol HomeUserStore {
    func users() throws(StoreError) -> [String]
    func addUser(_ user: String) throws(StoreError)
    func removeUser(_ user: String) throws(StoreError)
    func issueToken(for user: String, device: String) throws(StoreError) -> String
    func revokeToken(for user: String, device: String) throws(StoreError)
    func devices(of user: String?) throws(StoreError) -> [UserDevice]
}

/// What `parlance serve` needs of a store, in SQLite or PostgreSQL alike: the engine's ports, the users' views
/// and the installing of the sample apps.
protocol ServedStore: AppRegistry, ConversationStore, VocabularySource, UserDirectory, AppPreferences {
    func forUser(_ user: String) throws(StoreError) -> Self
    @discardableResult func install(_ app: AppBundle) throws(StoreError) -> InstallOutcome
}

extension AssistantStore: HomeUserStore, ServedStore {}
extension PostgresStore: HomeUserStore, ServedStore {}
