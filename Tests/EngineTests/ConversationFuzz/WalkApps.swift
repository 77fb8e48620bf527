import ParlanceCore
import ParlanceTesting
import Synchronization

/// The installed apps as one walk sees them: the shared store's apps and decisions, but the domains' defaults
/// and the offers to make one kept for this walk alone, so that a yes to "Use MonkeyRide for rides from now
/// on?" in one walk never sends another walk's requests to that app.
final class WalkApps: AppRegistry {
    private let store: MemoryStore
    private let defaults = Mutex<(preferred: [String: String], offered: Set<String>)>(([:], []))

    init(_ store: MemoryStore) {
        self.store = store
    }

    func apps() throws(StoreError) -> [InstalledApp] { try store.apps() }
    func app(_ identifier: String) throws(StoreError) -> InstalledApp? { try store.app(identifier) }
    func setPermission(_ permission: AppPermission, for identifier: String) throws(StoreError) {
        try store.setPermission(permission, for: identifier)
    }
    func opensWithoutAsking(_ identifier: String) throws(StoreError) -> Bool { try store.opensWithoutAsking(identifier) }
    func setOpensWithoutAsking(_ always: Bool, for identifier: String) throws(StoreError) {
        try store.setOpensWithoutAsking(always, for: identifier)
    }

    func preferredApp(domain: String) throws(StoreError) -> String? { defaults.withLock { $0.preferred[domain] } }
    func setPreferredApp(_ identifier: String?, domain: String) throws(StoreError) {
        defaults.withLock { $0.preferred[domain] = identifier }
    }
    func defaultWasOffered(domain: String) throws(StoreError) -> Bool { defaults.withLock { $0.offered.contains(domain) } }
    func markDefaultOffered(domain: String) throws(StoreError) {
        defaults.withLock { _ = $0.offered.insert(domain) }
    }
}
