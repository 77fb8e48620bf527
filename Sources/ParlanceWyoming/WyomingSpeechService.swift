import Foundation
import NIOCore
import ParlanceCore
import ParlanceSpeech

/// A Wyoming speech service (speech to text, text to speech, or both; e.g. a Whisper or Piper service
/// on this or another machine) as Parlance's recogniser and voice: each request is one connection, and an
/// utterance may stream to it as it is spoken (`startStream`). This is how languages the offline engines serve
/// badly or not at all are heard and spoken.
public struct WyomingSpeechService: SpeechRecognizer, SpeechSynthesizer {
    /// Where the service listens.
    public let host: String
    public let port: Int
    /// Names that should bias recognition (the user's contacts, the apps' names), sent with each request
    /// for services that use them.
    public var names: [String]
    /// A voice of the service's to speak with (from its `describe` answer); nil lets it choose by language.
    public var voiceName: String?
    /// How long one request may take, answer included.
    public var timeout: Duration

    /// The service at `address`: `tcp://HOST:PORT` or `HOST:PORT`.
    public init(address: String, names: [String] = [], voiceName: String? = nil, timeout: Duration = .seconds(30)) throws(SpeechError) {
        var rest = Substring(address.trimmingCharacters(in: .whitespaces))
        if rest.hasPrefix("tcp://") { rest = rest.dropFirst(6) }
        while rest.hasSuffix("/") { rest = rest.dropLast() }
        guard let colon = rest.lastIndex(of: ":"), let port = Int(rest[rest.index(after: colon)...]),
              (1...65_535).contains(port), colon > rest.startIndex else {
            throw SpeechError(.engineMissing, "\(address) is not a Wyoming service address; write tcp://HOST:PORT")
        }
        var host = String(rest[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.host = host
        self.port = port
        self.names = names
        self.voiceName = voiceName
        self.timeout = timeout
    }

    /// The address as written in messages.
    public var address: String { "tcp://\(host.contains(":") ? "[\(host)]" : host):\(port)" }

    /// Whatever languages the service serves: it says which when asked (`describe`).
    public var languages: [String] { [] }

    /// What the service offers, from its `info` answer.
    public func describe() async throws(SpeechError) -> WyomingServiceDescription {
        try await exchange([WyomingEvent(type: "describe")]) { event throws(WyomingExchange.Failure) in
            event.type == "info" ? WyomingServiceDescription(info: event.data) : nil
        }
    }

    public func recognize(_ audio: WaveAudio, language: String) async throws(SpeechError) -> [SpeechHypothesis] {
        let events = [transcribe(language: language)] + WyomingEvent.stream(audio)
        let text = try await exchange(events) { event throws(WyomingExchange.Failure) -> String? in
            guard event.type == "transcript" else { return nil }
            guard let text = event.string("text") else { throw .malformed("a transcript without text") }
            return text
        }
        return Self.readings(of: text)
    }

    /// The request to hear an utterance in `language`, with the names to expect.
    func transcribe(language: String) -> WyomingEvent {
        var request: [String: JSONValue] = ["language": .string(language)]
        if !names.isEmpty { request["transcript_names"] = .array(names.map(JSONValue.string)) }
        return WyomingEvent(type: "transcribe", data: request)
    }

    /// A transcript as readings: none when it holds no words.
    static func readings(of transcript: String) -> [SpeechHypothesis] {
        let heard = transcript.trimmingCharacters(in: .whitespacesAndNewlines)
        return heard.isEmpty ? [] : [SpeechHypothesis(text: heard, score: 0)]
    }

    public func synthesize(_ text: String, language: String, voice: VoiceStyle) async throws(SpeechError) -> WaveAudio {
        var chosen: [String: JSONValue] = ["language": .string(language)]
        if let voiceName { chosen = ["name": .string(voiceName)] }
        let request = WyomingEvent(type: "synthesize", data: ["text": .string(text), "voice": .object(chosen)])
        let audio = SynthesizedAudio()
        return try await exchange([request]) { event throws(WyomingExchange.Failure) -> WaveAudio? in
            try audio.take(event)
        }
    }

    private func exchange<Result: Sendable>(_ events: [WyomingEvent],
                                            reading read: @escaping @Sendable (WyomingEvent) throws(WyomingExchange.Failure) -> Result?)
        async throws(SpeechError) -> Result {
        let exchange = WyomingExchange(host: host, port: port, timeout: .nanoseconds(Int64(timeout / .nanoseconds(1))))
        do {
            return try await exchange.run(sending: events, reading: read)
        } catch {
            throw speechError(error)
        }
    }

    /// A failed exchange in plain words.
    func speechError(_ failure: WyomingExchange.Failure) -> SpeechError {
        switch failure {
        case .unreachable:
            SpeechError(.engineMissing, "no Wyoming speech service answers at \(address); start it or check the address")
        case .timedOut:
            SpeechError(.engineFailed, "the Wyoming service at \(address) did not answer within \(timeout)")
        case .closedEarly:
            SpeechError(.engineFailed, "the Wyoming service at \(address) closed the connection before answering")
        case .refused(let reason):
            SpeechError(.engineFailed, "the Wyoming service at \(address) refused: \(reason)")
        case .malformed(let reason):
            SpeechError(.engineFailed, "the Wyoming service at \(address) sent \(reason)")
        }
    }
}
