/// The words of the offer to make an app a domain's default, from the language's replies file
/// (`defaultApp.…`): asked once per domain, after a request whose app the user chose among several ("Use
/// MonkeyRide for rides from now on?").
struct DefaultAppPhrases: Sendable {
    /// The language ("en"); one without a replies file speaks English.
    let code: String

    private var catalog: ReplyCatalog { ReplyLanguages.catalog(code: code) }

    /// "Use MonkeyRide for rides from now on?"
    func offer(app: String, domain: String) -> String {
        catalog.text("defaultApp.offer", ["app": .text(app), "domain": .text(domain)])
    }

    /// The yes: "OK, I'll use MonkeyRide for rides from now on."
    func chosen(app: String, domain: String) -> String {
        catalog.text("defaultApp.chosen", ["app": .text(app), "domain": .text(domain)])
    }

    /// Anything but a yes: every request that names no app still asks.
    func declined() -> String { catalog.text("defaultApp.declined") }
}
