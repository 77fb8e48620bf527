import Foundation

/// A name several installed apps go by (display, spoken, localized or alternative name, compared without
/// case, accents or spaces): a hostile app can take "MonkeyPay" to be mistaken for MonkeyPay. Found when
/// apps load, told as a warning, and every question that offers such apps names their bundle identifiers.
public struct SharedAppName: Sendable, Equatable {
    /// The name as the first of the apps writes it.
    public var name: String
    /// The apps that go by it, by identifier.
    public var identifiers: [String]

    public init(name: String, identifiers: [String]) {
        self.name = name
        self.identifiers = identifiers
    }

    /// Every name more than one of `apps` goes by, in the apps' order.
    public static func among(_ apps: [AppBundle]) -> [SharedAppName] {
        var shared: [String: SharedAppName] = [:]
        var order: [String] = []
        for app in apps {
            for name in Set(names(of: app).map { ($0, key($0)) }.filter { !$0.1.isEmpty }.map { $0.1 }).sorted() {
                if shared[name] == nil {
                    order.append(name)
                    shared[name] = SharedAppName(name: names(of: app).first { key($0) == name } ?? name, identifiers: [])
                }
                shared[name]?.identifiers.append(app.identifier)
            }
        }
        return order.compactMap { shared[$0] }.filter { $0.identifiers.count > 1 }
    }

    /// What the user is told: the name, the apps' identifiers, and that a request naming it asks which.
    public var warning: String {
        "warning: \(identifiers.count) installed apps go by the name “\(name)”: \(identifiers.joined(separator: ", ")); "
            + "a request that names it asks which one is meant (remove the one you do not know: parlance apps remove ID)"
    }

    /// An app's name for a question that offers it: its display name, with its bundle identifier when another
    /// installed app goes by the same name ("MonkeyPay (com.example.monkeypay)").
    public static func label(of app: AppBundle, language: String?, among apps: [AppBundle]) -> String {
        let name = app.displayName(language: language)
        let shared = apps.contains { other in
            other.identifier != app.identifier && names(of: other).contains { key($0) == key(name) }
        }
        return shared ? "\(name) (\(app.identifier))" : name
    }

    private static func names(of app: AppBundle) -> [String] {
        var names = [app.displayName] + (app.spokenName.map { [$0] } ?? [])
        names += app.localizedDisplayNames.keys.sorted().compactMap { app.localizedDisplayNames[$0] }
        return names + app.alternativeNames.map(\.name)
    }

    /// A name as requests match it: without case, accents, width, spaces or punctuation.
    private static func key(_ name: String) -> String {
        String(name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }
}
