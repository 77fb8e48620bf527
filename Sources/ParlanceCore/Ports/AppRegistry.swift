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
}
