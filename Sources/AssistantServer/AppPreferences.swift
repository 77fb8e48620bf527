import ParlanceCore

/// The user's app settings the API changes besides permissions: which app serves a domain's requests
/// that name no app. `AssistantStore` keeps them.
public protocol AppPreferences: Sendable {
    /// The preferred app of each domain that has one, by domain.
    func preferredApps() throws(StoreError) -> [String: String]
    /// Sets (or, with nil, clears) a domain's preferred app.
    func setPreferredApp(_ identifier: String?, domain: String) throws(StoreError)
}
