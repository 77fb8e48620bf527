import ParlanceCore
import ParlanceStorePostgres
import Testing

/// `--store postgres://…` read into where to connect, without a server.
@Suite struct PostgresAddressTests {
    @Test func aFullURLIsRead() throws {
        let address = try PostgresAddress(url: "postgres://parlance:s%3Acret@db.example:6543/assistant")
        #expect(address.host == "db.example" && address.port == 6543)
        #expect(address.username == "parlance" && address.password == "s:cret" && address.database == "assistant")
        #expect(!address.description.contains("cret"), "the password is never shown")
    }

    @Test func defaultsAndSockets() throws {
        let plain = try PostgresAddress(url: "postgresql://ada@localhost/home")
        #expect(plain.port == 5432 && plain.password == nil && plain.socketFolder == nil)
        let socket = try PostgresAddress(url: "postgres://ada@/home?host=/run/postgresql")
        #expect(socket.socketFolder == "/run/postgresql" && socket.host == nil)
    }

    @Test func whatIsNotAStoreIsRefused() {
        #expect(!PostgresAddress.isPostgresURL("/var/lib/parlance"))
        #expect(throws: StoreError.self) { try PostgresAddress(url: "postgres://localhost") }
        #expect(throws: StoreError.self) { try PostgresAddress(url: "postgres://localhost/a/b") }
        #expect(throws: StoreError.self) { try PostgresAddress(url: "sqlite:///tmp/x") }
    }
}
