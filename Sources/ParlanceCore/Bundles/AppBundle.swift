/// What the assistant knows about an installed app, read from its bundle folder (layout in
/// docs/architecture.md): names, usage description, extensions, vocabulary.
public struct AppBundle: Codable, Sendable, Equatable {
    /// `CFBundleIdentifier` ("com.example.monkeychat").
    public var identifier: String
    /// `CFBundleDisplayName`, else `CFBundleName`, else the folder's name.
    public var displayName: String
    /// `CFBundleSpokenName`, when the app gives one.
    public var spokenName: String?
    /// Display names by language, from each `.lproj/InfoPlist.strings`.
    public var localizedDisplayNames: [String: String]
    /// `INAlternativeAppNames`: other names users may call the app by.
    public var alternativeNames: [AlternativeAppName]
    /// `NSSiriUsageDescription`: what the app shares with the assistant and why.
    public var usageDescription: String?
    /// Usage descriptions by language, from `InfoPlist.strings`.
    public var localizedUsageDescriptions: [String: String]
    /// `NSUserActivityTypes`: activities the app continues after a hand-off.
    public var userActivityTypes: [String]
    /// The app's bundle folder, absolute.
    public var path: String
    /// The app's extensions (`PlugIns/*.appex`).
    public var extensions: [AppExtensionInfo]
    /// `AppIntentVocabulary.plist` by language ("en", "de", "Base").
    public var vocabularies: [String: AppIntentVocabulary]
    /// How the assistant opens the app to continue a request (Info.plist `ParlanceLaunchCommand`: the
    /// program, relative to the bundle folder, then its arguments; a program outside the bundle only when
    /// installed with `--allow-outside-code`); nil when it declares none.
    public var launchCommand: [String]?
    /// SHA-256 over the app's extension executables and launch program (nil for manifests stored before
    /// it existed): a reinstall with different code asks the user's permission again.
    public var codeFingerprint: String?
    /// Programs the app runs from outside its bundle, accepted at install with `--allow-outside-code`;
    /// the permission question names them.
    public var outsideCode: [String]?

    public init(identifier: String, displayName: String, spokenName: String? = nil,
                localizedDisplayNames: [String: String] = [:], alternativeNames: [AlternativeAppName] = [],
                usageDescription: String? = nil, localizedUsageDescriptions: [String: String] = [:],
                userActivityTypes: [String] = [], path: String, extensions: [AppExtensionInfo] = [],
                vocabularies: [String: AppIntentVocabulary] = [:], launchCommand: [String]? = nil,
                codeFingerprint: String? = nil, outsideCode: [String]? = nil) {
        self.codeFingerprint = codeFingerprint
        self.outsideCode = outsideCode
        self.identifier = identifier
        self.displayName = displayName
        self.spokenName = spokenName
        self.localizedDisplayNames = localizedDisplayNames
        self.alternativeNames = alternativeNames
        self.usageDescription = usageDescription
        self.localizedUsageDescriptions = localizedUsageDescriptions
        self.userActivityTypes = userActivityTypes
        self.path = path
        self.extensions = extensions
        self.vocabularies = vocabularies
        self.launchCommand = launchCommand
    }

    /// The Intents extension (the one serving `com.apple.intents-service`).
    public var intentsExtension: AppExtensionInfo? {
        extensions.first { $0.kind == .intents }
    }

    /// Whether one of the app's extensions declares it needs the internet (`ParlanceNetworkAccess = true`),
    /// for the permission question and `parlance apps`; its sandbox then gets the internet but not the
    /// host's loopback (docs/security.md).
    public var wantsNetwork: Bool {
        extensions.contains { $0.wantsNetwork }
    }

    /// The intents the app's Intents extension supports.
    public var supportedIntents: [String] {
        intentsExtension?.intentsSupported ?? []
    }

    /// The name in a language ("de-DE" → de.lproj), falling back to the display name.
    public func displayName(language: String?) -> String {
        guard let language else { return displayName }
        return LanguageMatch.best(for: language, in: localizedDisplayNames) ?? displayName
    }

    /// The app's `NSSiriUsageDescription` in a language, else the default one.
    public func usageDescription(language: String) -> String? {
        LanguageMatch.best(for: language, in: localizedUsageDescriptions) ?? usageDescription
    }
}

/// One entry of `INAlternativeAppNames`.
public struct AlternativeAppName: Codable, Sendable, Equatable {
    /// `INAlternativeAppName`.
    public var name: String
    /// `INAlternativeAppNamePronunciationHint`.
    public var pronunciationHint: String?

    public init(name: String, pronunciationHint: String? = nil) {
        self.name = name
        self.pronunciationHint = pronunciationHint
    }
}

/// Picks the value for a language tag from values keyed by `.lproj` names ("en", "zh-Hans", "Base").
enum LanguageMatch {
    static func best<Value>(for tag: String, in values: [String: Value]) -> Value? {
        let normalized = tag.replacingOccurrences(of: "_", with: "-").lowercased()
        let lowered = Dictionary(values.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        if let exact = lowered[normalized] { return exact }
        var parts = normalized.split(separator: "-").map(String.init)
        while parts.count > 1 {
            parts.removeLast()
            if let value = lowered[parts.joined(separator: "-")] { return value }
        }
        if let language = parts.first, let match = lowered.first(where: { $0.key.hasPrefix(language + "-") }) {
            return match.value
        }
        return nil
    }
}
