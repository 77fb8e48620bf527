import Foundation

/// The labelled sets and evaluation apps in the repository's Evaluation folder.
package enum EvaluationFiles {
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Evaluation")

    package static func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// Now, for the labelled sets: their dates ("yesterday") are written for Saturday 21 November 2026, noon UTC.
    package static let now = Date(timeIntervalSince1970: 1_795_262_400)
}
