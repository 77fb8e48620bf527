import Intents
import ParlanceCore

/// An installed app as `GET /v1/apps` lists it, in the asker's language.
struct AppSummary: Encodable, Sendable {
    struct Examples: Encodable, Sendable {
        let intent: String
        let phrases: [String]
    }

    let identifier: String
    let name: String
    let permission: String
    let usageDescription: String?
    let intents: [String]
    let domains: [String]
    let alternativeNames: [String]
    let examples: [Examples]

    init(_ app: InstalledApp, language: String) {
        let bundle = app.bundle
        identifier = bundle.identifier
        name = bundle.displayName(language: language)
        permission = app.permission.rawValue
        usageDescription = bundle.usageDescription(language: language)
        intents = bundle.supportedIntents
        var seen: [String] = []
        for intent in bundle.supportedIntents {
            if let domain = IntentCatalog.intent(named: intent)?.domain.rawValue, !seen.contains(domain) { seen.append(domain) }
        }
        domains = seen
        alternativeNames = bundle.alternativeNames.map(\.name)
        examples = bundle.examples(language: language).map { Examples(intent: $0.intentName, phrases: $0.examples) }
    }
}

/// `GET /v1/apps`: the apps and the domains' preferred apps.
struct AppListing: Encodable, Sendable {
    let apps: [AppSummary]
    let preferred: [String: String]
}
