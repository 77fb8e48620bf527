import ParlanceCore

/// The verdict on one of an app's example requests (`IntentExamples` in an `AppIntentVocabulary.plist`).
public struct ExampleCheck: Sendable, Equatable {
    /// The vocabulary file, relative to the folder holding the bundle
    /// ("MonkeyChat.app/en.lproj/AppIntentVocabulary.plist").
    public var file: String
    /// Where in the file ("IntentPhrases[0].IntentExamples[2]").
    public var key: String
    /// The `.lproj` folder's language ("en", "zh-Hans", "Base").
    public var localization: String
    /// The example, as written.
    public var example: String
    /// The intent it is an example of (`IntentName`).
    public var intentName: String
    /// How understanding read it; nil when only its style was checked.
    public var understood: UnderstoodRequest?
    /// What is wrong with it, one sentence each; empty when it passes.
    public var problems: [String]

    /// Whether the example passes every check.
    public var passes: Bool { problems.isEmpty }

    /// Its problems as bundle problems, located by file and key.
    public func bundleProblems(severity: BundleProblem.Severity) -> [BundleProblem] {
        problems.map { BundleProblem(severity: severity, file: file, key: key, message: "\"\(example)\" \($0)") }
    }
}
