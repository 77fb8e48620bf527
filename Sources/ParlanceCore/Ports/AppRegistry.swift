/// The installed apps and the user's decisions about each (permission, opening without asking), as the
/// engine and understanding read them. `AssistantStore` keeps them in SQLite; `MemoryStore` (ParlanceTesting) in memory.
public protocol AppRegistry: HandOffConsent {
    /// Every installed app, by display name.
    func apps() throws(StoreError) -> [InstalledApp]
    /// One installed app, or nil.
    func app(_ identifier: String) throws(StoreError) -> InstalledApp?
    /// Records the user's decision about an app; durable when the call returns.
    func setPermission(_ permission: AppPermission, for identifier: String) throws(StoreError)
    /// The app the user chose for a domain's requests that name no app ("rides"), if any.
    func preferredApp(domain: String) throws(StoreError) -> String?
    /// Makes an installed app the one a domain's requests that name no app go to (nil: none, every such
    /// request asks); durable when the call returns.
    func setPreferredApp(_ identifier: String?, domain: String) throws(StoreError)
    /// Whether the assistant already offered to make an app the domain's default (it offers once per domain, ever).
    func defaultWasOffered(domain: String) throws(StoreError) -> Bool
    /// Records that the domain's default was offered; durable when the call returns.
    func markDefaultOffered(domain: String) throws(StoreError)
}

extension AppRegistry {
    /// A registry that keeps no such mark never offers: as if offered before.
    public func defaultWasOffered(domain: String) throws(StoreError) -> Bool { true }

    /// A registry that keeps no such mark records nothing.
    public func markDefaultOffered(domain: String) throws(StoreError) {}
}
