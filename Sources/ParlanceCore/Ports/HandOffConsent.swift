/// The apps the user lets the assistant open without asking: the "always" answered to "Open MonkeyChat to
/// finish this?". Bound to the app's code as it was when the user said it (its code fingerprint, which covers
/// the launch command and its program), so an app whose code changed is asked about again. `AssistantStore`
/// keeps it in SQLite, `MemoryStore` (ParlanceTesting) in memory.
public protocol HandOffConsent: Sendable {
    /// Whether the user said "always" for this app, for its code as installed now, and did not take it back.
    func opensWithoutAsking(_ identifier: String) throws(StoreError) -> Bool
    /// Records "always" for an installed app's current code (true) or takes it back (false); durable when
    /// the call returns.
    func setOpensWithoutAsking(_ always: Bool, for identifier: String) throws(StoreError)
}
