import Foundation
import ParlanceEngine
import ParlancePresentation

/// One conversation the server holds: the engine's conversation, its numbered turns and their
/// listeners. One turn at a time: a second request while a turn is answered is refused, never interleaved.
actor ServedConversation {
    nonisolated let id: String
    nonisolated let language: String?
    nonisolated let mode: PresentationMode
    nonisolated let conversation: Conversation
    nonisolated let log = TurnLog()
    private var answering = false
    private(set) var lastUsed = ContinuousClock.now

    init(id: String, language: String?, mode: PresentationMode, conversation: Conversation) {
        self.id = id
        self.language = language
        self.mode = mode
        self.conversation = conversation
    }

    /// Whether a turn is being answered now.
    var isAnswering: Bool { answering }

    /// Picks up what an earlier run of the server left: a question asked again, a handled request told.
    func resume() async -> [ServedTurn] {
        (try? await exclusive { await conversation.resume() }) ?? []
    }

    /// Answers what the user said; waiting turns reach listeners while the extension works.
    func respond(to text: String) async throws(APIError) -> [ServedTurn] {
        try await exclusive {
            await conversation.respond(to: text) { [log] turn in log.append(turn) }
        }
    }

    /// Turns that came on their own (ride updates) are logged as they come.
    func record(_ turn: AssistantTurn) async {
        log.append(turn)
        if let failure = await conversation.delivered() { log.append(failure) }
    }

    private func exclusive(_ body: () async -> [AssistantTurn]) async throws(APIError) -> [ServedTurn] {
        guard !answering else {
            throw .conflict("this conversation is still answering the previous turn; send the next one when it has answered")
        }
        answering = true
        defer {
            answering = false
            lastUsed = .now
        }
        var served = await body().map { log.append($0) }
        // Shown: the turns are in the log the devices read, so a finished request may be forgotten.
        if let failure = await conversation.delivered() { served.append(log.append(failure)) }
        return served
    }
}
