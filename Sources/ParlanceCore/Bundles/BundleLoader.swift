import Foundation
import Intents

/// A bundle that loaded, with the warnings found on the way.
public struct LoadedBundle: Sendable {
    /// The app.
    public var app: AppBundle
    /// Problems that do not prevent installing it.
    public var warnings: [BundleProblem]
}

/// A bundle read whether or not it can be installed: what `parlance lint` reports on.
public struct BundleInspection: Sendable {
    /// The app as far as it could be read; nil only when there is no bundle folder. With errors, some of
    /// it may be missing (no extension, an empty identifier).
    public var app: AppBundle?
    /// Every problem found, errors and warnings, in file order.
    public var problems: [BundleProblem]

    /// The problems that prevent installing the bundle.
    public var errors: [BundleProblem] { problems.filter { $0.severity == .error } }
}

/// Reads an app bundle folder and checks it, collecting every problem into one report.
public enum BundleLoader {
    /// Loads the bundle at `path`; throws a report listing every error (and warning) when it cannot be installed.
    /// An extension executable or launch program that resolves (after symlinks) outside the bundle is an
    /// error, unless `allowingOutsideCode`: then it is a warning, and the app records it
    /// (`AppBundle.outsideCode`) so the permission question can say so.
    public static func load(_ path: String, allowingOutsideCode: Bool = false) throws(BundleValidationError) -> LoadedBundle {
        let inspection = inspect(path, allowingOutsideCode: allowingOutsideCode)
        guard let app = inspection.app, inspection.errors.isEmpty else {
            throw BundleValidationError(bundle: path, problems: inspection.problems)
        }
        return LoadedBundle(app: app, warnings: inspection.problems)
    }

    /// Reads the bundle at `path` as far as it can, errors or not, with every problem found: what `load`
    /// checks, for a report that goes on past errors.
    public static func inspect(_ path: String, allowingOutsideCode: Bool = false) -> BundleInspection {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let base = url.lastPathComponent
        var problems: [BundleProblem] = []
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return BundleInspection(app: nil, problems: [BundleProblem(
                severity: .error, file: base, key: nil, message: "no such bundle folder")])
        }

        var info = PropertyListReader(file: "\(base)/Info.plist")
        let root = info.root(at: url.appendingPathComponent("Info.plist")) ?? [:]
        let identifier = info.string(root, "CFBundleIdentifier", required: !root.isEmpty) ?? ""
        if root.keys.contains("CFBundleIdentifier"), identifier.trimmingCharacters(in: .whitespaces).isEmpty {
            info.error("CFBundleIdentifier", "must not be empty")
        } else if !identifier.isEmpty, !BundleCode.isValidIdentifier(identifier) {
            info.error("CFBundleIdentifier", "'\(identifier)' is not a bundle identifier: use letters A–Z and a–z, digits, "
                       + "'-' and '.', in reverse-DNS order (com.example.app)")
        }
        let folderName = url.deletingPathExtension().lastPathComponent
        let displayName = nonEmpty(info.string(root, "CFBundleDisplayName"))
            ?? nonEmpty(info.string(root, "CFBundleName")) ?? folderName
        let usage = nonEmpty(info.string(root, "NSSiriUsageDescription"))
        if usage == nil && !root.isEmpty {
            info.warning("NSSiriUsageDescription", "missing: when asking the user's permission the assistant can only "
                         + "say that the app wants to work with it")
        }
        let alternatives = alternativeNames(root, reader: &info)
        let activityTypes = info.array(root, "NSUserActivityTypes", of: String.self).map(\.value)
        let spoken = nonEmpty(info.string(root, "CFBundleSpokenName"))
        let launch = info.array(root, "ParlanceLaunchCommand", of: String.self).map(\.value)
        problems += info.problems

        let localized = localizations(of: url, base: base, problems: &problems)
        let extensions = pluginExtensions(of: url, base: base, problems: &problems)
        if !extensions.contains(where: { $0.kind == .intents }) && !problems.contains(where: { $0.severity == .error }) {
            problems.append(BundleProblem(severity: .error, file: "\(base)/PlugIns", key: nil,
                message: "no Intents extension: add PlugIns/<Name>.appex with NSExtensionPointIdentifier com.apple.intents-service"))
        }

        let code = BundleCode(bundle: url, base: base)
        let outside = code.outsideCode(extensions: extensions, launchCommand: launch.isEmpty ? nil : launch)
        for place in outside {
            problems.append(BundleProblem(
                severity: allowingOutsideCode ? .warning : .error, file: place.file, key: place.key,
                message: "runs \(place.resolved), outside the bundle"
                    + (allowingOutsideCode ? "; the permission question will say so"
                       : "; an app's code must be inside its bundle (install with --allow-outside-code to accept it)")))
        }

        let app = AppBundle(
            identifier: identifier, displayName: displayName, spokenName: spoken,
            localizedDisplayNames: localized.displayNames, alternativeNames: alternatives,
            usageDescription: usage, localizedUsageDescriptions: localized.usageDescriptions,
            userActivityTypes: activityTypes, path: url.path, extensions: extensions,
            vocabularies: localized.vocabularies, launchCommand: launch.isEmpty ? nil : launch,
            codeFingerprint: code.fingerprint(extensions: extensions, launchCommand: launch.isEmpty ? nil : launch),
            outsideCode: outside.isEmpty ? nil : outside.map(\.resolved))
        return BundleInspection(app: app, problems: problems)
    }

    private static func alternativeNames(_ root: [String: Any], reader: inout PropertyListReader) -> [AlternativeAppName] {
        let entries = reader.array(root, "INAlternativeAppNames", of: [String: Any].self)
        if entries.count > 3 {
            reader.warning("INAlternativeAppNames", "has \(entries.count) names; only the first 3 are used")
        }
        return entries.prefix(3).compactMap { index, entry in
            let path = "INAlternativeAppNames[\(index)]"
            guard let name = nonEmpty(reader.string(entry, "INAlternativeAppName", at: path, required: true)) else { return nil }
            return AlternativeAppName(name: name, pronunciationHint:
                nonEmpty(reader.string(entry, "INAlternativeAppNamePronunciationHint", at: path)))
        }
    }

    private struct Localizations {
        var displayNames: [String: String] = [:]
        var usageDescriptions: [String: String] = [:]
        var vocabularies: [String: AppIntentVocabulary] = [:]
    }

    private static func localizations(of url: URL, base: String, problems: inout [BundleProblem]) -> Localizations {
        var result = Localizations()
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        for folder in folders.sorted() where folder.hasSuffix(".lproj") {
            let language = String(folder.dropLast(".lproj".count))
            let folderURL = url.appendingPathComponent(folder)
            var strings = PropertyListReader(file: "\(base)/\(folder)/InfoPlist.strings")
            if let table = strings.root(at: folderURL.appendingPathComponent("InfoPlist.strings"), required: false) {
                if let name = nonEmpty(strings.string(table, "CFBundleDisplayName")) { result.displayNames[language] = name }
                if let usage = nonEmpty(strings.string(table, "NSSiriUsageDescription")) {
                    result.usageDescriptions[language] = usage
                }
            }
            problems += strings.problems
            var vocabularyReader = PropertyListReader(file: "\(base)/\(folder)/AppIntentVocabulary.plist")
            if let plist = vocabularyReader.root(at: folderURL.appendingPathComponent("AppIntentVocabulary.plist"),
                                                 required: false) {
                result.vocabularies[language] = VocabularyFileReader.read(plist, reader: &vocabularyReader)
            }
            problems += vocabularyReader.problems
        }
        return result
    }

    private static func pluginExtensions(of url: URL, base: String, problems: inout [BundleProblem]) -> [AppExtensionInfo] {
        let plugIns = url.appendingPathComponent("PlugIns")
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: plugIns.path)) ?? []
        var extensions: [AppExtensionInfo] = []
        for folder in folders.sorted() where folder.hasSuffix(".appex") {
            var reader = PropertyListReader(file: "\(base)/PlugIns/\(folder)/Info.plist")
            if let info = ExtensionInfoReader.read(plugIns.appendingPathComponent(folder), reader: &reader) {
                extensions.append(info)
            }
            problems += reader.problems
        }
        return extensions
    }

    static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return text
    }
}
