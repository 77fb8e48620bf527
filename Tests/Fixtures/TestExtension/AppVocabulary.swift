import Foundation
import Intents

/// The test binary acting as an app's main program that pushes user vocabulary with INVocabulary.
enum AppVocabulary {
    static func run(_ arguments: [String]) -> Never {
        let vocabulary = INVocabulary.shared()
        switch arguments.first {
        case "clear":
            vocabulary.removeAllVocabularyStrings()
        case "burst":
            let type = vocabularyType(arguments[1])
            let count = Int(arguments[2]) ?? 1
            for index in 1...count {
                vocabulary.setVocabularyStrings(NSOrderedSet(array: ["Runner \(getpid()) number \(index)"]), of: type)
            }
        default:
            vocabulary.setVocabularyStrings(NSOrderedSet(array: Array(arguments.dropFirst())),
                                            of: vocabularyType(arguments.first ?? "contactName"))
        }
        exit(0)
    }

    static func vocabularyType(_ name: String) -> INVocabularyStringType {
        INVocabularyStringType.allCases.first { $0.caseName == name } ?? .contactName
    }
}
