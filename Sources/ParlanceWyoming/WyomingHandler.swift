import Foundation
import ParlanceCore
import ParlanceEngine
import ParlancePresentation

/// Answers the Wyoming events of one connection: `describe` with what Parlance offers (intent handling in
/// its languages), `transcript` by running the text through a conversation and answering `handled` with
/// the spoken answer (or `not-handled` when no app serves it), `ping` with `pong`; anything else with an
/// `error` naming it. A conversation continues across transcripts of the connection, and across
/// connections through the `conversation_id` the answers carry in their context.
public final class WyomingHandler: Sendable {
    /// Makes (or resumes, from the store) the conversation of a session, in a language when given.
    public typealias ConversationMaker = @Sendable (_ session: String, _ language: String?) -> Conversation

    private let makeConversation: ConversationMaker
    private let languages: [String]
    private let version: String

    public init(languages: [String], version: String, makeConversation: @escaping ConversationMaker) {
        self.languages = languages
        self.version = version
        self.makeConversation = makeConversation
    }

    /// The conversations of one connection, each with its background work running while it is open.
    public actor Connection {
        let handler: WyomingHandler
        let defaultSession = "wyoming-\(UUID().uuidString)"
        private var conversations: [String: Conversation] = [:]
        private var started: [Conversation] = []

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
                var session = defaultSession
                if case .object(let context)? = event.data["context"], case .string(let id)? = context["conversation_id"],
                   id.hasPrefix("wyoming-"), id.count <= 80 {
                    session = id
                }
                let conversation = conversation(session, language: event.string("language"))
                let turns = await conversation.respond(to: text)
                return [handler.reply(to: turns, session: session)]
            default:
                return [WyomingEvent(type: "error", data: [
                    "text": .string("Parlance does not take \(event.type) events; it takes describe, transcript and ping"),
                    "code": .string("unsupported-event")])]
            }
        }

        private func conversation(_ session: String, language: String?) -> Conversation {
            if let known = conversations[session] { return known }
            let base = language.map { String($0.prefix { $0 != "-" && $0 != "_" }).lowercased() }
            let made = handler.makeConversation(session, base.flatMap { handler.languages.contains($0) ? $0 : nil })
            conversations[session] = made
            started.append(made)
            return made
        }

        /// The conversations this connection opened, for their background work.
        func opened() -> [Conversation] {
            defer { started = [] }
            return started
        }
    }

    /// A connection's state.
    public func connection() -> Connection { Connection(handler: self) }

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
        return WyomingEvent(type: "info", data: ["handle": .array([program]), "asr": .array([]), "tts": .array([]),
                                                 "intent": .array([]), "wake": .array([]), "mic": .array([]), "snd": .array([])])
    }

    /// `handled` with the words of the turns, or `not-handled` when none concerned an intent (the request
    /// was not one an app serves).
    func reply(to turns: [AssistantTurn], session: String) -> WyomingEvent {
        let words = turns.map(\.speech).filter { !$0.isEmpty }.joined(separator: " ")
        let context: JSONValue = .object(["conversation_id": .string(session),
                                          "awaiting_answer": .bool(turns.last?.kind == .question)])
        let served = turns.contains { $0.intent != nil }
        return WyomingEvent(type: served ? "handled" : "not-handled", data: ["text": .string(words), "context": context])
    }
}
