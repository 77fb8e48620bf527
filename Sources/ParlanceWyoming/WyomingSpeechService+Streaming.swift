import ParlanceSpeech

extension WyomingSpeechService: StreamingSpeechRecognizer {
    /// Opens a connection for an utterance and sends it there as it is spoken, at `sampleRate` (the service
    /// converts it): when the speaker stops only `audio-stop` is left to send. A service takes any number of
    /// utterances at once, so this is never nil; a service that is not there fails the stream's first
    /// `append` after the connection is refused, or its `finish`, with the error `recognize` would give.
    public func startStream(language: String, sampleRate: Int) throws(SpeechError) -> (any SpeechStream)? {
        guard sampleRate > 0 else { return nil }
        return WyomingSpeechStream(service: self, language: language, sampleRate: sampleRate)
    }
}
