import Foundation
import ParlanceCore
import ParlanceEngine
import ParlancePresentation
import ParlanceSpeech

/// Answers the Wyoming events of one connection: `describe` with what Parlance offers (intent handling in
/// its languages, and speech when given), `transcript` by running the text through a conversation and
/// answering `handled` with the spoken answer (or `not-handled` when no app serves it), `ping` with
/// `pong`; with speech, `transcribe` and streamed audio with a `transcript` (as soon as speech ends, or
/// at `audio-stop`) and `synthesize` with audio; anything else with an `error` naming it. A
/// conversation continues across transcripts of the connection, and across connections through the
/// `conversation_id` the answers carry in their context.
public final class WyomingHandler: Sendable {
    /// Makes (or resumes, from the store) the conversation of a session, in a language when given.
    public typealias ConversationMaker = @Sendable (_ session: String, _ language: String?) -> Conversation

    private let makeConversation: ConversationMaker
    private let languages: [String]
    private let version: String
    private let speech: WyomingSpeech?

    public init(languages: [String], version: String, speech: WyomingSpeech? = nil, makeConversation: @escaping ConversationMaker) {
        self.languages = languages
        self.version = version
        self.speech = speech
        self.makeConversation = makeConversation
    }

    /// The conversations of one connection, each with its background work running while it is open.
    public actor Connection {
        let handler: WyomingHandler
        let defaultSession = WyomingHandler.newConversationID()
        private var conversations: [String: Conversation] = [:]
        private var started: [Conversation] = []
        private var utterance: StreamedUtterance?

        init(handler: WyomingHandler) { self.handler = handler }

        /// The answers to one event.
        public func answer(_ event: WyomingEvent) async -> [WyomingEvent] {
            switch event.type {
            case "describe":
                return [handler.info]
            case "ping":
                return [WyomingEvent(type: "pong", data: event.data["text"].map { ["text": $0] } ?? [:])]
            case "transcript":
                guard let text = event.string("text")?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
                    return [WyomingEvent(type: "not-handled", data: ["text": .string("I didn't hear anything.")])]
                }
                var named: String?
                var answering: Int?
                if case .object(let context)? = event.data["context"] {
                    if case .string(let id)? = context["conversation_id"] { named = id }
                    // The question the client heard, as the last answer's context named it: a stale answer is refused.
                    if case .number(let number)? = context["question_number"], let whole = Int(exactly: number) { answering = whole }
                }
                let (session, conversation, resumed) = await self.conversation(named: named, language: event.string("language"))
                let turns = await conversation.respond(to: text, answering: answering)
                let state = await conversation.currentState
                return [handler.reply(to: resumed + turns, session: session,
                                      questionNumber: state.question == nil ? nil : state.questionNumber)]
            case "transcribe" where handler.speech?.recognizer != nil:
                utterance = StreamedUtterance(language: event.string("language") ?? "en",
                                              trailingSilence: handler.speech?.trailingSilence ?? .milliseconds(800))
                return []
            case "audio-start" where handler.speech?.recognizer != nil:
                if utterance == nil || utterance?.answered == true || utterance?.isEmpty == false {
                    utterance = StreamedUtterance(language: utterance?.language ?? "en",
                                                  trailingSilence: handler.speech?.trailingSilence ?? .milliseconds(800))
                }
                utterance?.start(event.data)
                utterance?.stream(into: handler.speech?.recognizer)
                return []
            case "audio-chunk" where handler.speech?.recognizer != nil:
                return await take(chunk: event)
            case "audio-stop" where handler.speech?.recognizer != nil:
                defer { utterance = nil }
                guard var current = utterance, !current.answered else { return [] }
                return await transcript(of: &current)
            case "synthesize" where handler.speech?.synthesizer != nil:
                return await speak(event)
            default:
                let taken = ["describe", "transcript", "ping"] + (handler.speech?.recognizer != nil ? ["transcribe", "audio"] : [])
                    + (handler.speech?.synthesizer != nil ? ["synthesize"] : [])
                return [WyomingEvent(type: "error", data: [
                    "text": .string("Parlance does not take \(event.type) events; it takes \(taken.joined(separator: ", "))"),
                    "code": .string("unsupported-event")])]
            }
        }

        /// A chunk of streamed audio: kept, and the transcript sent as soon as speech has ended.
        private func take(chunk event: WyomingEvent) async -> [WyomingEvent] {
            if utterance == nil {
                utterance = StreamedUtterance(language: "en", trailingSilence: handler.speech?.trailingSilence ?? .milliseconds(800))
                utterance?.start(event.data)
                utterance?.stream(into: handler.speech?.recognizer)
            }
            guard var current = utterance, !current.answered, let payload = event.payload else { return [] }
            do {
                let ended = try current.append(payload)
                utterance = current
                guard ended else { return [] }
                let answer = await transcript(of: &current)
                current.answered = true
                utterance = current
                return answer
            } catch {
                utterance = nil
                return [WyomingEvent(type: "error", data: ["text": .string(error.message), "code": .string("bad-audio")])]
            }
        }

        /// What was heard in the utterance, as a `transcript` (empty text when nothing was).
        private func transcript(of utterance: inout StreamedUtterance) async -> [WyomingEvent] {
            utterance.answered = true
            guard let recognizer = handler.speech?.recognizer else { return [] }
            do {
                let heard = try await utterance.readings(from: recognizer).first?.text ?? ""
                return [WyomingEvent(type: "transcript", data: ["text": .string(heard), "language": .string(utterance.language)])]
            } catch {
                return [WyomingEvent(type: "error", data: ["text": .string(error.message), "code": .string("recognition-failed")])]
            }
        }

        /// A `synthesize` request spoken: `audio-start`, the audio in chunks, `audio-stop`. Only in a language
        /// `describe` lists (without one: English, else the first listed), as `parlance say` speaks.
        private func speak(_ event: WyomingEvent) async -> [WyomingEvent] {
            guard let speech = handler.speech, let synthesizer = speech.synthesizer else { return [] }
            let text = event.string("text") ?? ""
            let listed = VoiceLanguages(speech.voiceLanguages)
            var language = listed.language(of: "en") ?? listed.codes.first ?? "en"
            if case .object(let voice)? = event.data["voice"], case .string(let asked)? = voice["language"] {
                do {
                    _ = try listed.check(asked)
                } catch {
                    return [WyomingEvent(type: "error", data: ["text": .string(error.message), "code": .string("unsupported-language")])]
                }
                language = asked
            }
            do {
                return WyomingEvent.stream(try await synthesizer.synthesize(text, language: language, voice: .standard))
            } catch {
                return [WyomingEvent(type: "error", data: ["text": .string(error.message), "code": .string("synthesis-failed")])]
            }
        }

        /// The conversation a transcript goes to: the connection's own without an id; the one its context names
        /// when that is this connection's or a Wyoming conversation saved in the store (continued on a new
        /// connection, with what the restart settled, `resumed`); otherwise, for an id made up or not Wyoming's
        /// (another front end's session), a fresh conversation under a new id, so that nobody continues
        /// someone else's conversation by naming it.
        private func conversation(named id: String?, language: String?) async
            -> (session: String, conversation: Conversation, resumed: [AssistantTurn]) {
            let base = language.map { String($0.prefix { $0 != "-" && $0 != "_" }).lowercased() }
            let spoken = base.flatMap { handler.languages.contains($0) ? $0 : nil }
            let session = id ?? defaultSession
            if let known = conversations[session] { return (session, known, []) }
            if let id, WyomingHandler.isConversationID(id) {
                let saved = handler.makeConversation(id, spoken)
                // The question asked again is left out: the transcript answers it.
                let resumed = await saved.resume().filter { $0.kind != .question }
                let stage = await saved.currentState.stage
                if !resumed.isEmpty || stage != .idle {
                    register(saved, as: id)
                    return (id, saved, resumed)
                }
            }
            let fresh = id == nil ? session : WyomingHandler.newConversationID()
            let made = handler.makeConversation(fresh, spoken)
            register(made, as: fresh)
            return (fresh, made, [])
        }

        private func register(_ conversation: Conversation, as session: String) {
            conversations[session] = conversation
            started.append(conversation)
        }

        /// The conversations this connection opened, for their background work.
        func opened() -> [Conversation] {
            defer { started = [] }
            return started
        }
    }

    /// A connection's state.
    public func connection() -> Connection { Connection(handler: self) }

    /// A new conversation's id (and its session in the store): `wyoming-` and a random UUID, which nobody can guess.
    static func newConversationID() -> String { "wyoming-\(UUID().uuidString)" }

    /// Whether an id is one this service gives out; any other never reaches the store.
    static func isConversationID(_ id: String) -> Bool {
        guard id.hasPrefix("wyoming-"), let uuid = UUID(uuidString: String(id.dropFirst("wyoming-".count))) else { return false }
        return id == "wyoming-\(uuid.uuidString)"
    }

    var info: WyomingEvent {
        let attribution: JSONValue = .object(["name": .string("Parlance"), "url": .string("https://github.com/parlance")])
        let model: JSONValue = .object([
            "name": .string("parlance"), "attribution": attribution, "installed": .bool(true),
            "description": .string("The installed apps' intents, understood and handled"), "version": .string(version),
            "languages": .array(languages.map { .string($0) })])
        let program: JSONValue = .object([
            "name": .string("parlance"), "attribution": attribution, "installed": .bool(true),
            "description": .string("Parlance: apps' intents through their extensions (SiriKit's model, offline)"),
            "version": .string(version), "models": .array([model]), "supports_handled_streaming": .bool(false)])
        var recognition: [JSONValue] = []
        if let speech, speech.recognizer != nil {
            let model: JSONValue = .object([
                "name": .string("parlance-grammar"), "attribution": attribution, "installed": .bool(true),
                "description": .string("What the installed apps can do, their names and the user's vocabulary"),
                "version": .string(version), "languages": .array(speech.recognitionLanguages.map { .string($0) })])
            recognition.append(.object([
                "name": .string("parlance"), "attribution": attribution, "installed": .bool(true),
                "description": .string("Parlance's offline recognition of requests to its apps"), "version": .string(version),
                "models": .array([model]), "supports_transcript_streaming": .bool(false), "requires_external_vad": .bool(false)]))
        }
        var voices: [JSONValue] = []
        if let speech, speech.synthesizer != nil {
            let voice: JSONValue = .object([
                "name": .string("parlance"), "attribution": attribution, "installed": .bool(true),
                "description": .string("Parlance's offline voice"), "version": .string(version),
                "languages": .array(speech.voiceLanguages.map { .string($0) })])
            voices.append(.object([
                "name": .string("parlance"), "attribution": attribution, "installed": .bool(true),
                "description": .string("Parlance's offline voice"), "version": .string(version), "voices": .array([voice]),
                "supports_synthesize_streaming": .bool(false)]))
        }
        return WyomingEvent(type: "info", data: ["handle": .array([program]), "asr": .array(recognition), "tts": .array(voices),
                                                 "intent": .array([]), "wake": .array([]), "mic": .array([]), "snd": .array([])])
    }

    /// `handled` with the words of the turns, or `not-handled` when none concerned an intent (the request
    /// was not one an app serves). The context names the question pending (`question_number`), if any.
    func reply(to turns: [AssistantTurn], session: String, questionNumber: Int? = nil) -> WyomingEvent {
        let words = turns.map(\.speech).filter { !$0.isEmpty }.joined(separator: " ")
        var context: [String: JSONValue] = ["conversation_id": .string(session),
                                            "awaiting_answer": .bool(turns.last?.kind == .question)]
        if let questionNumber, turns.last?.kind == .question { context["question_number"] = .number(Double(questionNumber)) }
        let served = turns.contains { $0.intent != nil }
        return WyomingEvent(type: served ? "handled" : "not-handled", data: ["text": .string(words), "context": .object(context)])
    }
}
