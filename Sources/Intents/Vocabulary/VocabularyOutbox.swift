import Foundation

/// How `INVocabulary` reaches the assistant from an app's own process, whether or not an assistant runs:
/// each update becomes one file in `<Parlance home>/inbox/vocabulary/`, written atomically, named so
/// that names sort in the order the updates were made. The assistant applies each file exactly once,
/// in order, before it next uses the vocabulary. The format is documented in docs/vocabulary.md.
enum VocabularyOutbox {
    /// What one file holds.
    struct Message: Codable {
        var app: String
        var operation: String
        var type: String?
        var strings: [String]?
    }

    private static let counter = OutboxCounter()

    /// Writes the update; returns the file, or throws a message for the developer.
    static func send(_ update: VocabularyUpdate, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(VocabularyDeliveryError) -> URL {
        guard environment["PARLANCE_EXTENSION_PROCESS"] != "1" else {
            throw VocabularyDeliveryError("INVocabulary is not available in an app extension: set user vocabulary "
                                          + "from the app's main program")
        }
        guard let app = appIdentifier(environment) else {
            throw VocabularyDeliveryError("INVocabulary cannot tell which app this is: set PARLANCE_APP_IDENTIFIER "
                                          + "to the app's bundle identifier, or run it from its bundle")
        }
        let message: Message
        switch update {
        case let .replace(strings, type): message = Message(app: app, operation: "replace", type: type.caseName, strings: strings)
        case .removeAll: message = Message(app: app, operation: "removeAll")
        }
        let folder = inboxFolder(environment)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let data = try JSONEncoder().encode(message)
            let name = String(format: "%020llu-%010d-%06d", UInt64(Date().timeIntervalSince1970 * 1_000_000_000),
                              Int(getpid()), counter.next())
            let temporary = folder.appendingPathComponent(".\(name).tmp")
            let final = folder.appendingPathComponent("\(name).json")
            try data.write(to: temporary)
            guard rename(temporary.path, final.path) == 0 else {
                throw VocabularyDeliveryError("could not move \(temporary.path) into place: \(String(cString: strerror(errno)))")
            }
            return final
        } catch let error as VocabularyDeliveryError {
            throw error
        } catch {
            throw VocabularyDeliveryError("could not write the update into \(folder.path): \(error.localizedDescription)")
        }
    }

    /// `PARLANCE_APP_IDENTIFIER`, else the main bundle's identifier.
    static func appIdentifier(_ environment: [String: String]) -> String? {
        if let identifier = environment["PARLANCE_APP_IDENTIFIER"], !identifier.isEmpty { return identifier }
        return Bundle.main.bundleIdentifier
    }

    /// `<home>/inbox/vocabulary`, the home found as the assistant finds it.
    static func inboxFolder(_ environment: [String: String]) -> URL {
        ParlanceHomeFolder.resolve(environment: environment).appendingPathComponent("inbox/vocabulary")
    }
}

/// Why a vocabulary update could not be handed to the assistant.
struct VocabularyDeliveryError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Orders updates made within one process.
final class OutboxCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int { lock.withLock { value += 1; return value } }
}
