import Foundation
import ParlanceSpeech
import ParlanceStore
import ParlanceUnderstanding
import ParlanceWhisper

/// For the long-running commands (`serve`, `wyoming`): the home's Whisper recogniser, with its service started
/// before the first request so nobody waits for its model; nil when Whisper is not set up. A service that
/// fails to start is said, and the offline grammar recogniser hears instead.
enum WarmWhisper {
    static func start(store: AssistantStore, home: URL, understander: RequestUnderstander) async -> SpokenRequestRecognizer? {
        let service = WhisperService(home: home)
        guard (try? service.settings()) ?? nil != nil else { return nil }
        let recognizer: SpokenRequestRecognizer
        do {
            recognizer = try SpokenRequestRecognizer.make(store: store, home: home, understander: understander, language: "en",
                                                          service: nil, choice: .whisper)
            try await (recognizer.engine as? WhisperRecognizer)?.warmUp()
        } catch {
            Terminal.error("note: Whisper did not start: \((error as? SpeechError)?.message ?? "\(error)")")
            return nil
        }
        return recognizer
    }
}
