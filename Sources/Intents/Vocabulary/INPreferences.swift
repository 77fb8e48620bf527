import Foundation

/// The user's permission for the app to work with the assistant, and the assistant's language.
public final class INPreferences: NSObject, @unchecked Sendable {
    /// Answers permission questions. Set by the Parlance runtime that connects the app to the assistant's store.
    @_spi(Parlance) public static let authorization = AuthorizationSource()

    /// Whether the user allowed the app to work with the assistant.
    public class func siriAuthorizationStatus() -> INSiriAuthorizationStatus {
        authorization.status()
    }

    /// Asks the user for permission (the assistant shows the app's NSSiriUsageDescription) if they have not
    /// been asked yet, then calls the handler with the answer.
    public class func requestSiriAuthorization(_ handler: @escaping @Sendable (INSiriAuthorizationStatus) -> Void) {
        authorization.request(handler)
    }

    /// The language of the request being served, set by the Parlance runtime for the length of a call.
    @_spi(Parlance) @TaskLocal public static var requestLanguage: String?

    /// The language the assistant speaks, as a BCP 47 code ("en-US"): the language of the conversation
    /// while the assistant is asking for something, otherwise the environment's locale.
    public class func siriLanguageCode() -> String {
        if let requestLanguage, !requestLanguage.isEmpty { return requestLanguage }
        let environment = ProcessInfo.processInfo.environment
        for name in ["PARLANCE_LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty, value != "C", value != "POSIX" else { continue }
            let base = value.split(separator: ".").first.map(String.init) ?? value
            return base.replacingOccurrences(of: "_", with: "-")
        }
        return "en-US"
    }
}

/// Answers permission questions for `INPreferences`: from the file the assistant publishes for each app
/// in its home (`<home>/permissions/<bundle id>`, "allowed" or "denied"), unless another source is
/// installed. No file means `.notDetermined`: the assistant asks the user on the app's first request.
@_spi(Parlance) public final class AuthorizationSource: @unchecked Sendable {
    private let lock = NSLock()
    private var statusProvider: (@Sendable () -> INSiriAuthorizationStatus)?

    /// Installs where the status is read from.
    public func install(_ provider: @escaping @Sendable () -> INSiriAuthorizationStatus) {
        lock.withLock { statusProvider = provider }
    }

    func status() -> INSiriAuthorizationStatus {
        if let provider = lock.withLock({ statusProvider }) { return provider() }
        return Self.publishedStatus(environment: ProcessInfo.processInfo.environment)
    }

    /// What the assistant published for this app (`PARLANCE_APP_IDENTIFIER`, else the main bundle's).
    static func publishedStatus(environment: [String: String]) -> INSiriAuthorizationStatus {
        guard let app = VocabularyOutbox.appIdentifier(environment), !app.contains("/") else { return .notDetermined }
        let file = ParlanceHomeFolder.resolve(environment: environment).appendingPathComponent("permissions")
            .appendingPathComponent(app)
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return .notDetermined }
        switch text.trimmingCharacters(in: .whitespacesAndNewlines) {
        case "allowed": return .authorized
        case "denied": return .denied
        default: return .notDetermined
        }
    }

    func request(_ handler: @escaping @Sendable (INSiriAuthorizationStatus) -> Void) {
        let status = status()
        DispatchQueue.global().async { handler(status) }
    }
}
