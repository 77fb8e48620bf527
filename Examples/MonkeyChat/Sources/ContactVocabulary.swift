import Foundation
import Intents

/// Tells the assistant the user's contact names, most important first (favourites, then recent,
/// then the rest), as SiriKit asks: from the app's main program whenever the contact book changes.
enum ContactVocabulary {
    static func publish() {
        // INVocabulary is for the main program; the extension leaves it to the app's next change.
        guard ProcessInfo.processInfo.environment["PARLANCE_EXTENSION_PROCESS"] != "1",
              let book = try? ChatBook.file.read() else { return }
        INVocabulary.shared().setVocabularyStrings(NSOrderedSet(array: book.namesByPriority), of: .contactName)
    }
}
