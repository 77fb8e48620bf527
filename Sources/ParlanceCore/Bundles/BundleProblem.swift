/// One thing wrong with an app bundle, located by file and key.
public struct BundleProblem: Sendable, Equatable, Codable, CustomStringConvertible {
    /// How bad it is.
    public enum Severity: String, Sendable, Codable {
        /// The bundle cannot be installed.
        case error
        /// The bundle works, but something users would notice is missing or ignored.
        case warning
    }

    /// How bad it is.
    public var severity: Severity
    /// The file, relative to the folder containing the bundle ("MonkeyChat.app/Info.plist").
    public var file: String
    /// The key path inside the file ("NSExtension.NSExtensionAttributes.IntentsSupported[1]"); nil for the file itself.
    public var key: String?
    /// What is wrong and how to fix it.
    public var message: String

    public init(severity: Severity, file: String, key: String?, message: String) {
        self.severity = severity
        self.file = file
        self.key = key
        self.message = message
    }

    public var description: String {
        "\(severity): \(file)" + (key.map { ": \($0)" } ?? "") + ": \(message)"
    }
}

/// Everything wrong with a bundle that cannot be installed, in one report.
public struct BundleValidationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bundle's path as given.
    public var bundle: String
    /// Every problem found, errors and warnings, in file order.
    public var problems: [BundleProblem]

    /// The errors only.
    public var errors: [BundleProblem] { problems.filter { $0.severity == .error } }

    public var description: String {
        let count = errors.count
        return "\(bundle) cannot be installed (\(count) error\(count == 1 ? "" : "s")):\n"
            + problems.map { "  \($0)" }.joined(separator: "\n")
    }
}
