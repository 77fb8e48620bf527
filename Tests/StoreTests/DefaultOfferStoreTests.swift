import Foundation
import ParlanceCore
import ParlanceStore
import Testing

/// The mark that the assistant offered to make an app a domain's default: per domain, durable across restarts,
/// in the SQLite store's settings.
@Suite struct DefaultOfferStoreTests {
    @Test func theMarkIsPerDomainAndSurvivesARestart() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("default-offer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        do {
            let store = try AssistantStore.open(home: home)
            #expect(try store.defaultWasOffered(domain: "rides") == false)
            try store.markDefaultOffered(domain: "rides")
            try store.markDefaultOffered(domain: "rides")  // twice is once
        }
        let reopened = try AssistantStore.open(home: home)
        #expect(try reopened.defaultWasOffered(domain: "rides"))
        #expect(try reopened.defaultWasOffered(domain: "messaging") == false, "per domain")
        #expect(try reopened.preferredApp(domain: "rides") == nil, "an offer chooses nothing")
    }
}
