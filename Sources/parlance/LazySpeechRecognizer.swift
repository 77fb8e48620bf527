import ParlanceSpeech

/// A recogniser made when first used: building the grammar and loading the decoder takes a second or
/// more, which a server should not spend at start on speech nobody may send.
actor LazySpeechRecognizer: SpeechRecognizer {
    nonisolated let languages: [String]
    private let make: @Sendable () throws -> any SpeechRecognizer
    private var made: Result<any SpeechRecognizer, SpeechError>?

    init(languages: [String], make: @escaping @Sendable () throws -> any SpeechRecognizer) {
        self.languages = languages
        self.make = make
    }

    func recognize(_ audio: WaveAudio, language: String) async throws(SpeechError) -> [SpeechHypothesis] {
        let recognizer: any SpeechRecognizer
        switch made {
        case .success(let ready):
            recognizer = ready
        case .failure(let error):
            throw error
        case nil:
            do {
                recognizer = try make()
                made = .success(recognizer)
            } catch {
                let failure = error as? SpeechError ?? SpeechError(.engineFailed, "the recogniser could not be made: \(error)")
                made = .failure(failure)
                throw failure
            }
        }
        return try await recognizer.recognize(audio, language: language)
    }
}
