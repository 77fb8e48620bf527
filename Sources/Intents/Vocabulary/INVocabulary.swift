import Foundation

/// The words unique to one user of the app — contact names, workout names, album names — that the
/// assistant should recognise. Call it from the app's main program (not from its extension), most
/// important strings first, whenever they change; call `removeAllVocabularyStrings()` when the user
/// logs out or resets the app.
///
/// ```swift
/// INVocabulary.shared().setVocabularyStrings(NSOrderedSet(array: ["Bobo", "Kiki"]), of: .contactName)
/// ```
public final class INVocabulary: NSObject, @unchecked Sendable {
    private static let sharedInstance = INVocabulary()

    /// Where updates go. Set by the Parlance runtime that connects the app to the assistant's store.
    @_spi(Parlance) public static let destination = VocabularyDestination()

    /// The app's vocabulary.
    public class func shared() -> INVocabulary {
        sharedInstance
    }

    /// Replaces every string of one type with these, most important first. Strings longer than Apple's
    /// limit (1024 UTF-16 bytes) and empty strings are dropped, duplicates keep their first position;
    /// phone numbers and e-mail addresses are refused (the update is not applied, and the reason is reported).
    public func setVocabularyStrings(_ vocabulary: NSOrderedSet, of type: INVocabularyStringType) {
        let strings = vocabulary.array.compactMap { ($0 as? String) ?? ($0 as? any INSpeakable)?.spokenPhrase }
        Self.destination.deliver(VocabularyUpdate.replace(strings, type: type))
    }

    /// Replaces every phrase of one type with these speakable phrases, most important first.
    public func setVocabulary(_ vocabulary: NSOrderedSet, of type: INVocabularyStringType) {
        setVocabularyStrings(vocabulary, of: type)
    }

    /// Removes every string of every type the app registered.
    public func removeAllVocabularyStrings() {
        Self.destination.deliver(.success(.removeAll))
    }
}

/// A checked change to an app's user vocabulary.
public enum VocabularyUpdate: Sendable, Equatable {
    /// Replace all strings of a type with these (cleaned, in priority order).
    case replace([String], type: INVocabularyStringType)
    /// Remove every string of every type.
    case removeAll

    /// The longest string Apple accepts: 1024 bytes of UTF-16, that is 512 UTF-16 code units.
    public static let maximumUTF16Length = 512

    /// Cleans a replacement the way Apple does (drops empty and over-long strings, collapses duplicates
    /// keeping the first) and refuses it when a string looks like a phone number or an e-mail address.
    public static func replace(_ strings: [String], type: INVocabularyStringType)
        -> Result<VocabularyUpdate, VocabularyRejection> {
        var seen = Set<String>()
        var kept: [String] = []
        for raw in strings {
            let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty, text.utf16.count <= maximumUTF16Length else { continue }
            if looksLikeEmailAddress(text) || looksLikePhoneNumber(text) {
                return .failure(VocabularyRejection(string: text, type: type))
            }
            // A NUL or an escape in a name would cut it short or reach a terminal: no name has one.
            if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                return .failure(VocabularyRejection(string: text, type: type, reason: .controlCharacter))
            }
            if seen.insert(text).inserted { kept.append(text) }
        }
        return .success(.replace(kept, type: type))
    }

    static func looksLikeEmailAddress(_ text: String) -> Bool {
        guard !text.contains(" "), let at = text.firstIndex(of: "@"), at != text.startIndex else { return false }
        let domain = text[text.index(after: at)...]
        return domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".")
    }

    static func looksLikePhoneNumber(_ text: String) -> Bool {
        let allowed = CharacterSet(charactersIn: "0123456789+-() ./")
        guard text.unicodeScalars.allSatisfy(allowed.contains) else { return false }
        return text.filter(\.isNumber).count >= 5
    }
}

/// Why a vocabulary update was refused.
public struct VocabularyRejection: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why a string was refused.
    public enum Reason: Sendable, Equatable {
        /// It looks like a phone number or an e-mail address.
        case notAName
        /// It has a control character (a NUL, an escape).
        case controlCharacter
    }

    /// The offending string.
    public let string: String
    /// The type it was given for.
    public let type: INVocabularyStringType
    /// Why it was refused.
    public var reason: Reason = .notAName

    /// The reason, for the app developer.
    public var description: String {
        switch reason {
        case .notAName:
            return "'\(string)' looks like a phone number or an e-mail address; user vocabulary (\(type.caseName)) "
                + "takes only names people say, so the update was not applied"
        case .controlCharacter:
            let shown = string.unicodeScalars.map { $0.properties.generalCategory == .control
                ? "\\u{\(String($0.value, radix: 16, uppercase: true))}" : String($0) }.joined()
            return "'\(shown)' has a control character; user vocabulary (\(type.caseName)) takes only names people "
                + "say, so the update was not applied"
        }
    }
}

/// Receives checked vocabulary updates. By default they go to the assistant's inbox in the Parlance
/// home (see `VocabularyOutbox`); a Parlance runtime may install another receiver.
@_spi(Parlance) public final class VocabularyDestination: @unchecked Sendable {
    private let lock = NSLock()
    private var receiver: (@Sendable (Result<VocabularyUpdate, VocabularyRejection>) -> Void)?

    /// Installs the receiver of every later update.
    public func install(_ receiver: @escaping @Sendable (Result<VocabularyUpdate, VocabularyRejection>) -> Void) {
        lock.withLock { self.receiver = receiver }
    }

    func deliver(_ update: Result<VocabularyUpdate, VocabularyRejection>) {
        if let receiver = lock.withLock({ receiver }) {
            receiver(update)
            return
        }
        switch update {
        case let .failure(rejection):
            report("INVocabulary: \(rejection)")
        case let .success(update):
            do throws(VocabularyDeliveryError) {
                _ = try VocabularyOutbox.send(update)
            } catch {
                report("INVocabulary: \(error.description); the update was not saved")
            }
        }
    }

    private func report(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
