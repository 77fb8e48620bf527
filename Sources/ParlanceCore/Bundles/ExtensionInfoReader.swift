import Foundation
import Intents

/// Reads and checks one `.appex/Info.plist`.
enum ExtensionInfoReader {
    static func read(_ folder: URL, reader: inout PropertyListReader) -> AppExtensionInfo? {
        guard let root = reader.root(at: folder.appendingPathComponent("Info.plist")) else { return nil }
        let identifier = reader.string(root, "CFBundleIdentifier", required: true) ?? ""
        guard let nsExtension = reader.dictionary(root, "NSExtension", required: true) else { return nil }
        let point = reader.string(nsExtension, "NSExtensionPointIdentifier", at: "NSExtension", required: true)
        guard let point else { return nil }
        guard let kind = AppExtensionInfo.Kind(rawValue: point) else {
            // Other extension kinds (share, widgets…) may live in the same folder; they are not ours.
            reader.warning("NSExtension.NSExtensionPointIdentifier", "'\(point)' is not an Intents extension point; ignored")
            return nil
        }
        let attributesPath = "NSExtension.NSExtensionAttributes"
        let attributes = reader.dictionary(nsExtension, "NSExtensionAttributes", at: "NSExtension", required: true) ?? [:]
        let supported = intentNames(attributes, "IntentsSupported", at: attributesPath, required: true, reader: &reader)
        let restricted = intentNames(attributes, "IntentsRestrictedWhileLocked", at: attributesPath, reader: &reader)
        if kind == .intents, supported.isEmpty, attributes["IntentsSupported"] != nil {
            reader.error("\(attributesPath).IntentsSupported", "lists no intent Parlance serves; the extension would never be called")
        }
        for (index, name) in restricted.enumerated() where !supported.contains(name) {
            reader.error("\(attributesPath).IntentsRestrictedWhileLocked[\(index)]",
                         "\(name) is not in IntentsSupported; every restricted intent must also be supported")
        }
        let idempotent = reader.bool(attributes, "ParlanceHandleIsIdempotent", at: attributesPath) ?? false
        let network = reader.bool(attributes, "ParlanceNetworkAccess", at: attributesPath) ?? false
        let executable = executablePath(root, folder: folder, kind: kind, reader: &reader)
        return AppExtensionInfo(identifier: identifier, kind: kind, intentsSupported: supported,
                                restrictedWhileLocked: restricted, handleIsIdempotent: idempotent, wantsNetwork: network,
                                executable: executable ?? "", path: folder.path)
    }

    /// Intent class names, each checked against the intents Parlance knows.
    private static func intentNames(_ attributes: [String: Any], _ key: String, at path: String, required: Bool = false,
                                    reader: inout PropertyListReader) -> [String] {
        let known = IntentCatalog.all.map(\.name)
        var names: [String] = []
        for (index, name) in reader.array(attributes, key, of: String.self, at: path, required: required) {
            guard IntentCatalog.intent(named: name) != nil else {
                // A near miss is a typo; an intent of a domain Parlance does not serve is only ignored.
                if let suggestion = IntentCatalog.suggestion(for: name) {
                    reader.error("\(path).\(key)[\(index)]",
                                 "'\(name)' is not an intent Parlance knows; did you mean '\(suggestion)'?")
                } else {
                    reader.warning("\(path).\(key)[\(index)]", "'\(name)' is not an intent Parlance serves; ignored "
                                   + "(it serves: \(known.joined(separator: ", ")))")
                }
                continue
            }
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// `CFBundleExecutable`, relative to the `.appex` folder or absolute; it must exist and be executable.
    private static func executablePath(_ root: [String: Any], folder: URL, kind: AppExtensionInfo.Kind,
                                       reader: inout PropertyListReader) -> String? {
        guard let name = reader.string(root, "CFBundleExecutable", required: kind == .intents) else { return nil }
        let path = name.hasPrefix("/") ? name : folder.appendingPathComponent(name).standardizedFileURL.path
        guard kind == .intents else { return path }
        if !FileManager.default.fileExists(atPath: path) {
            reader.error("CFBundleExecutable", "the executable \(path) does not exist; build the extension first")
        } else if !FileManager.default.isExecutableFile(atPath: path) {
            reader.error("CFBundleExecutable", "\(path) is not executable (chmod +x)")
        }
        return path
    }
}
