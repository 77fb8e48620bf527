import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import ParlanceSpeech

/// Speech for the web page (docs/server.md › Speech):
/// - `GET /v1/speech`: the languages heard and spoken;
/// - `POST /v1/speech/synthesize` `{text, language}`: the words as a WAV file;
/// - `GET /v1/conversations/{id}/speech` (WebSocket), push-to-talk: `{"type":"start","rate":N}`, then binary
///   messages of 16-bit little-endian mono samples, then `{"type":"stop"}` — or nothing, when the speech's end
///   is heard first. The server answers `{"type":"heard","text":…}` (null when nothing was heard), then
///   `{"type":"turns","turns":[…]}` with the conversation's answer (also sent to its events), or
///   `{"type":"error","code","message"}`. The audio goes on to the recogniser as it comes when it can take it
///   so (`StreamingSpeechRecognizer`), so that little is left to hear when the speaker stops.
struct SpeechRoutes: Sendable {
    typealias Context = BasicWebSocketRequestContext

    let hub: ConversationHub
    let users: ServedUsers
    let speech: ServerSpeech
    let maximumBodySize: Int

    func register(on router: Router<Context>) {
        router.get("v1/speech") { _, _ in
            JSONResponse(["recognition": speech.recognitionLanguages, "voices": speech.voiceLanguages])
        }
        router.post("v1/speech/synthesize") { request, _ in try await synthesize(request) }
        ConversationSocket(hub: hub, users: users).register("v1/conversations/:id/speech", on: router) { served, inbound, outbound, _ in
            await listen(to: inbound.messages(maxSize: 1 << 20), answering: outbound, in: served)
        }
    }

    private struct SpeechInput: Decodable {
        var text: String
        var language: String?
    }

    private func synthesize(_ request: Request) async throws -> Response {
        guard let synthesizer = speech.synthesizer else {
            throw APIError(.notImplemented, code: "noVoice", "this server has no voice (espeak-ng is not installed); use the browser's")
        }
        let input = try await RequestBody.decode(SpeechInput.self, from: request, limit: maximumBodySize)
        let text = input.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw APIError.unprocessable("emptyText", "\"text\" is empty; give the words to speak") }
        guard text.count <= ServerSpeech.longestText else {
            throw APIError.unprocessable("textTooLong", "\"text\" is over \(ServerSpeech.longestText) characters")
        }
        let language = input.language ?? "en"
        guard speech.voiceLanguages.contains(language) else {
            throw APIError.unprocessable("unsupportedLanguage", "no voice for \(language) here; voices: "
                + speech.voiceLanguages.joined(separator: ", "))
        }
        let audio: WaveAudio
        do {
            audio = try await synthesizer.synthesize(text, language: language, voice: .standard)
        } catch {
            throw APIError.internalError(error.message)
        }
        var headers = HTTPFields()
        headers[.contentType] = "audio/wav"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: audio.wav)))
    }

    private struct Control: Decodable {
        var type: String
        var rate: Int?
    }

    /// Push-to-talk on one socket: utterances one after another, each heard and answered.
    private func listen(to messages: WebSocketInboundMessageStream, answering outbound: WebSocketOutboundWriter,
                        in served: ServedConversation) async {
        var recorder: UtteranceRecorder?
        // The utterance streaming into the recogniser as it comes, when it can take it so (else it hears the
        // recording at the end): when the speaker stops, only the last moments are left to hear.
        var stream: (any SpeechStream)?
        // After an utterance ends, audio already on its way belongs to it and is dropped, until the next start.
        var draining = false
        func send(_ value: [String: SpeechMessageValue]) async -> Bool {
            guard let data = try? Self.encoder.encode(value) else { return false }
            do {
                try await outbound.write(.text(String(decoding: data, as: UTF8.self)))
                return true
            } catch {
                return false
            }
        }
        func fail(_ code: String, _ message: String) async -> Bool {
            await send(["type": .text("error"), "code": .text(code), "message": .text(message)])
        }
        do {
            for try await message in messages {
                var ended = false
                switch message {
                case .text(let text):
                    guard let control = try? JSONDecoder().decode(Control.self, from: Data(text.utf8)) else {
                        guard await fail("badMessage", "a text message is {\"type\":\"start\",\"rate\":N} or {\"type\":\"stop\"}") else { return }
                        continue
                    }
                    switch control.type {
                    case "start":
                        let rate = control.rate ?? 16_000
                        guard (8_000...192_000).contains(rate) else {
                            guard await fail("badRate", "the sample rate \(rate) is not between 8000 and 192000") else { return }
                            continue
                        }
                        recorder = UtteranceRecorder(sampleRate: rate, longestSeconds: ServerSpeech.longestUtterance)
                        stream = nil  // an earlier one is abandoned first: an engine may hear one at a time
                        stream = await startStream(rate: rate, in: served)
                        draining = false
                    case "stop":
                        ended = recorder != nil
                    default:
                        guard await fail("badMessage", "unknown message type \(control.type)") else { return }
                    }
                case .binary(var buffer):
                    guard recorder != nil else {
                        if draining { continue }
                        guard await fail("notStarted", "send {\"type\":\"start\",\"rate\":N} before audio") else { return }
                        continue
                    }
                    var samples: [Int16] = []
                    samples.reserveCapacity(buffer.readableBytes / 2)
                    while let sample = buffer.readInteger(endianness: .little, as: Int16.self) { samples.append(sample) }
                    do {
                        ended = try recorder?.append(samples) ?? false
                    } catch {
                        recorder = nil
                        stream = nil
                        draining = true
                        guard await fail("tooLong", error.message) else { return }
                    }
                    do {
                        try stream?.append(samples)
                    } catch {
                        stream = nil  // the recording is heard whole at the end instead
                    }
                }
                guard ended, let finished = recorder else { continue }
                let streamed = stream
                recorder = nil
                stream = nil
                draining = true
                guard await answer(finished.audio, streamed: streamed, in: served, send: send, fail: fail) else { return }
            }
        } catch {
            return  // the client went away
        }
    }

    /// The utterance about to start, streaming into the recogniser when it can take it so; nil when it is heard
    /// whole at the end (a recogniser that cannot stream, or cannot now: the recording is then heard instead).
    private func startStream(rate: Int, in served: ServedConversation) async -> (any SpeechStream)? {
        guard let streaming = speech.recognizer as? any StreamingSpeechRecognizer else { return nil }
        return try? streaming.startStream(language: await served.conversation.language, sampleRate: rate)
    }

    /// Hears one utterance (from its stream when it streamed) and has the conversation answer it; false when
    /// the client is gone.
    private func answer(_ audio: WaveAudio, streamed: (any SpeechStream)?, in served: ServedConversation,
                        send: ([String: SpeechMessageValue]) async -> Bool,
                        fail: (String, String) async -> Bool) async -> Bool {
        guard let recognizer = speech.recognizer else {
            return await fail("noRecognition", "this server does not recognise speech (pocketsphinx is not installed); type instead")
        }
        let language = await served.conversation.language
        let reading: SpeechHypothesis?
        do {
            if let streamed {
                reading = try await streamed.finish().first
            } else {
                reading = try await recognizer.recognize(audio, language: language).first
            }
        } catch {
            return await fail(error.kind == .unsupportedLanguage ? "unsupportedLanguage" : "recognitionFailed", error.message)
        }
        let heard = reading?.text
        guard await send(["type": .text("heard"), "text": heard.map(SpeechMessageValue.text) ?? .none]) else { return false }
        guard let heard else { return true }
        do {
            let turns = try await served.respond(to: heard, source: .spoken(confidence: reading?.confidence))
            return await send(["type": .text("turns"), "turns": .turns(turns)])
        } catch {
            return await fail(error.code, error.message)
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}

/// A value in a push-to-talk message.
enum SpeechMessageValue: Encodable, Sendable {
    case text(String)
    case turns([ServedTurn])
    case none

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .turns(let turns): try container.encode(turns)
        case .none: try container.encodeNil()
        }
    }
}
