import Foundation
import Logging
import ParlanceCore
import ParlanceEngine
import ParlanceHosting
import ParlancePresentation
import ParlanceUnderstanding
import ServiceLifecycle

/// The conversations the server holds, by id. A long-lived service: each conversation's background
/// work (rides followed to their end) runs as a child of `run()`, and a graceful shutdown ends them all.
/// Conversations are saved after every turn under the session `http-<id>`, so one put away (or held
/// by a server that restarted) comes back when it is used again. Each is its user's (`ServedUsers`): kept under
/// the user and the id, made with the user's side of the assistant and saved in their part of the store, so
/// another user's id is no conversation at all.
public actor ConversationHub: Service {
    /// What a conversation needs from the assistant.
    public struct Assistant: Sendable {
        public let apps: any AppRegistry
        public let store: any ConversationStore
        public let home: String?
        public let host: ExtensionHost
        public let understander: RequestUnderstander
        public let lockSource: SessionLockSource
        /// Serialises each conversation's turns with the other servers sharing the store; nil when this server
        /// is the store's only user (SQLite). With one, any server may take any turn of any conversation.
        public let turnLock: (any ConversationTurnLock)?
        /// Numbers and keeps the turns of conversations shared with the other servers, and says which another server
        /// added to; nil when this server is the store's only user.
        public let eventRelay: (any ConversationEventRelay)?

        public init(apps: any AppRegistry, store: any ConversationStore, home: String?, host: ExtensionHost,
                    understander: RequestUnderstander, lockSource: SessionLockSource,
                    turnLock: (any ConversationTurnLock)? = nil, eventRelay: (any ConversationEventRelay)? = nil) {
            self.turnLock = turnLock
            self.eventRelay = eventRelay
            self.apps = apps
            self.store = store
            self.home = home
            self.host = host
            self.understander = understander
            self.lockSource = lockSource
        }
    }

    let assistant: Assistant
    /// The server's metrics and drain, which every conversation's turns report to.
    let operations: ServerOperations
    private let limit: Int
    private var live: [String: ServedConversation] = [:]
    /// Every conversation started by this server, live or put away (a put-away one with nothing saved starts afresh),
    /// with its turns when put away, so a page shows the whole conversation again when it comes back.
    private var known: [String: (language: String?, mode: PresentationMode, log: TurnLog?)] = [:]
    private let started = AsyncStream<ServedConversation>.makeStream()
    private let logger = Logger(label: "parlance.server.conversations")
    /// How long a conversation nothing happens in is kept in the store; nil: until it is deleted.
    private let retention: Duration?
    /// When this server last marked each conversation used in the store (or saved its record): again at most once a
    /// day of use (a quarter of a shorter retention), so that a conversation in use is never taken for one nobody uses.
    private var recordSaved: [String: ContinuousClock.Instant] = [:]

    public init(assistant: Assistant, maximumLiveConversations: Int = 1000, retention: Duration? = .seconds(30 * 86_400),
                operations: ServerOperations = ServerOperations()) {
        self.assistant = assistant
        self.operations = operations
        self.limit = max(1, maximumLiveConversations)
        self.retention = retention
    }

    /// Runs every conversation's background work until a graceful shutdown.
    public func run() async throws {
        await withGracefulShutdownHandler {
            await withTaskGroup(of: Void.self) { relayed in
                if let retention {
                    relayed.addTask { [weak self] in
                        while !Task.isCancelled {
                            await self?.forgetUnused(retention)
                            try? await Task.sleep(for: Self.sweepInterval(retention))
                        }
                    }
                }
                if let relay = assistant.eventRelay {
                    // Turns other servers answer reach the devices listening here.
                    relayed.addTask {
                        await relay.listen { [weak self] change in await self?.heard(change)?.catchUp() }
                    }
                }
                await withDiscardingTaskGroup { group in
                    for await served in started.stream {
                        group.addTask { await served.conversation.run() }
                        group.addTask {
                            for await turn in served.conversation.updates { await served.record(turn) }
                            served.log.close()
                        }
                    }
                    // Ended and put-away conversations finished already; their tasks are gone.
                    for served in live.values { served.conversation.finish() }
                }
                relayed.cancelAll()
            }
        } onGracefulShutdown: { [started] in
            started.continuation.finish()
        }
    }

    /// How often unused conversations are looked for: hourly, or more often for a short retention.
    static func sweepInterval(_ retention: Duration) -> Duration {
        min(.seconds(3600), max(.seconds(1), retention / 4))
    }

    /// Forgets the conversations (every user's) that nothing happened in for `retention`: their state, their record
    /// and, with a shared store, their shown turns. A failure is logged and tried again at the next sweep.
    private func forgetUnused(_ retention: Duration) {
        let seconds = Double(retention.components.seconds) + Double(retention.components.attoseconds) / 1e18
        // This server's own: idle ones in memory nobody looked at for as long, and put-away ones as long unused.
        let now = ContinuousClock.now
        for (key, served) in live where !served.isAnswering && served.log.listenerCount == 0
            && !served.conversation.hasBackgroundWork && served.lastUsed.duration(to: now) > retention {
            live[key] = nil
            known[key] = nil
            recordSaved[key] = nil
            served.conversation.finish()
            served.log.close()
        }
        for (key, saved) in recordSaved where live[key] == nil && saved.duration(to: now) > retention {
            recordSaved[key] = nil
            known[key] = nil
        }
        func sessions(_ conversations: some Sequence<ServedConversation>) -> [String] {
            conversations.flatMap { [Self.session($0.id), Self.recordSession($0.id)] }
        }
        do {
            // Those still in memory are not forgotten here; those at work (listened to, following a ride, answering)
            // are marked used for the other servers on the store too.
            let working = live.values.filter { $0.isAnswering || $0.log.listenerCount > 0 || $0.conversation.hasBackgroundWork }
            try assistant.store.keepConversations(sessions: sessions(working))
            let forgotten = try assistant.store.forgetConversations(prefix: Self.sessionPrefix,
                                                                    untouchedSince: Date().addingTimeInterval(-seconds),
                                                                    keeping: sessions(live.values))
            if forgotten > 0 { logger.info("forgot conversations nobody used", metadata: ["count": "\(forgotten)"]) }
        } catch {
            logger.warning("unused conversations could not be forgotten: \(error.message)")
        }
    }

    /// Notes that a client used the conversation: in memory at once, and in the store (its state and record marked
    /// used) when this server has not for a day (a quarter of a shorter retention), so that use keeps it.
    private func keepRecord(of served: ServedConversation, key: String, space: ServedUsers.Space) {
        served.markUsed()
        let now = ContinuousClock.now
        if let saved = recordSaved[key], saved.duration(to: now) < min(.seconds(86_400), (retention ?? .seconds(86_400)) / 4) {
            return
        }
        do {
            try space.assistant.store.keepConversations(sessions: [Self.session(served.id), Self.recordSession(served.id)])
            recordSaved[key] = now
        } catch {
            logger.warning("the conversation could not be marked as used: \(error.message)")
        }
    }

    private func saveRecord(id: String, language: String?, mode: PresentationMode, space: ServedUsers.Space) {
        guard let data = try? JSONEncoder().encode(SharedRecord(language: language, mode: mode)) else { return }
        do {
            try space.assistant.store.saveConversationState(data, session: Self.recordSession(id))
        } catch {
            logger.warning("a restart or another server will not find the conversation: \(error.message)")
        }
    }

    /// Another server kept a turn of a conversation, or ended it. An ended one ends here too (its listeners hear
    /// the end); for a kept turn, the log to read it into when a device listens here and has not heard it (read
    /// outside the hub, which other conversations need meanwhile).
    private func heard(_ change: RelayedChange) -> TurnLog? {
        let key = Self.key(change.conversation, user: change.user)
        if change.ended {
            known[key] = nil
            recordSaved[key] = nil
            guard let served = live.removeValue(forKey: key) else { return nil }
            served.conversation.finish()
            served.log.close()
            return nil
        }
        guard let served = live[key], served.log.listenerCount > 0, change.sequence >= served.log.nextSequence else {
            return nil
        }
        return served.log
    }

    /// Starts a conversation of a user.
    func create(language: String?, mode: PresentationMode, user: String, space: ServedUsers.Space) async -> ServedConversation {
        let id = UUID().uuidString.lowercased()
        // A restart, and other servers on the store, find it from its record (its state is saved only once it is
        // not idle).
        saveRecord(id: id, language: language, mode: mode, space: space)
        recordSaved[Self.key(id, user: user)] = .now
        return await open(id: id, user: user, space: space, language: language, mode: mode).served
    }

    /// What the store keeps of a conversation for a restart and the other servers: the settings it was started with.
    private struct SharedRecord: Codable {
        let language: String?
        let mode: PresentationMode
    }

    /// The session a conversation's record is kept under, beside its state's (`session(_:)`).
    static func recordSession(_ id: String) -> String { "http-started-\(id)" }

    private static func sharedRecord(_ id: String, space: ServedUsers.Space) throws -> SharedRecord? {
        try space.assistant.store.conversationState(session: recordSession(id))
            .flatMap { try JSONDecoder().decode(SharedRecord.self, from: $0) }
    }

    /// A user's conversation by id: a live one, or one saved earlier (then resumed). Another user's is not found.
    func conversation(_ id: String, user: String, space: ServedUsers.Space) async throws(APIError) -> ServedConversation {
        let key = Self.key(id, user: user)
        if let served = live[key] {
            keepRecord(of: served, key: key, space: space)
            return served
        }
        guard Self.isWellFormed(id) else { throw .notFound("there is no conversation \(id)") }
        let saved: Data?
        do {
            saved = try space.assistant.store.conversationState(session: Self.session(id))
        } catch {
            throw .internalError("the conversation could not be read: \(error.message)")
        }
        guard let saved else {
            // An idle conversation started before a restart, or by another server, has nothing saved but its record.
            if known[key] == nil, let shared = try? Self.sharedRecord(id, space: space) {
                let served = await open(id: id, user: user, space: space, language: shared.language, mode: shared.mode).served
                keepRecord(of: served, key: key, space: space)
                return served
            }
            guard let settings = known[key] else {
                throw .notFound("there is no conversation \(id); start one with POST /v1/conversations")
            }
            let served = await open(id: id, user: user, space: space, language: settings.language, mode: settings.mode).served
            keepRecord(of: served, key: key, space: space)
            return served
        }
        let settings = try? JSONDecoder().decode(SavedSettings.self, from: saved)
        // Put away by this server, its turns were shown: it goes on from its state without asking again.
        let putAway = known[key]?.log != nil
        let (served, created) = await open(id: id, user: user, space: space,
                                           language: known[key]?.language ?? settings?.language,
                                           mode: known[key]?.mode ?? .visual)
        if created { _ = putAway ? await served.takeUp() : await served.resume() }
        keepRecord(of: served, key: key, space: space)
        return served
    }

    /// Ends a user's conversation: its background work stops and its saved state is forgotten.
    func delete(_ id: String, user: String, space: ServedUsers.Space) async throws(APIError) {
        let served = try await conversation(id, user: user, space: space)
        guard !served.isAnswering else {
            throw .conflict("this conversation is answering a turn; delete it when the turn has been answered")
        }
        let key = Self.key(id, user: user)
        live[key] = nil
        known[key] = nil
        recordSaved[key] = nil
        served.conversation.finish()
        served.log.close()
        do {
            try space.assistant.store.saveConversationState(nil, session: Self.session(id))
            try space.assistant.store.saveConversationState(nil, session: Self.recordSession(id))
            try space.assistant.eventRelay?.forget(user: user, conversation: id)
        } catch {
            throw .internalError("the conversation was ended but its saved state could not be removed: \(error.message)")
        }
    }

    /// How many conversations are in memory.
    var liveCount: Int { live.count }

    /// A user's live conversation `id`, made now (`created`) unless another request made it while this one waited.
    private func open(id: String, user: String, space: ServedUsers.Space, language: String?, mode: PresentationMode) async
        -> (served: ServedConversation, created: Bool) {
        makeRoom()
        let key = Self.key(id, user: user)
        if let existing = live[key] { return (existing, false) }
        let assistant = space.assistant
        let conversation = Conversation(apps: assistant.apps, store: assistant.store, home: assistant.home,
                                        host: assistant.host, understander: assistant.understander,
                                        session: Self.session(id), mode: mode, language: language,
                                        lockSource: assistant.lockSource)
        let served = ServedConversation(id: id, language: language, mode: mode, conversation: conversation,
                                        log: TurnLog(continuing: known[key]?.log, shared: assistant.eventRelay.map {
                                            TurnLog.SharedTurns(relay: $0, user: user, conversation: id)
                                        }), operations: operations,
                                        turnLock: assistant.turnLock.map { ($0, user) })
        live[key] = served
        known[key] = (language, mode, nil)
        started.continuation.yield(served)
        return (served, true)
    }

    /// Puts away the least recently used idle conversations when the limit is reached (their state stays saved): a
    /// tenth of the limit at once, so that the conversations are sorted seldom, not for every one started.
    private func makeRoom() {
        guard live.count >= limit else { return }
        let idle = live.filter { !$0.value.isAnswering && $0.value.log.listenerCount == 0 && !$0.value.conversation.hasBackgroundWork }
        let excess = live.count - limit + 1 + limit / 10
        for (key, served) in idle.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }).prefix(excess) {
            live[key] = nil
            known[key]?.log = served.log
            logger.debug("conversation put away", metadata: ["conversation": "\(served.id)"])
            served.conversation.finish()
        }
    }

    static func session(_ id: String) -> String { sessionPrefix + id }

    /// What the sessions of served conversations (their states and records) are named with.
    static let sessionPrefix = "http-"

    /// Where a user's conversation is kept: by user and id (user ids hold no `/`).
    static func key(_ id: String, user: String) -> String { user + "/" + id }

    /// Ids are UUIDs; anything else is no conversation (and never reaches the store).
    static func isWellFormed(_ id: String) -> Bool {
        id.count == 36 && UUID(uuidString: id) != nil
    }

    /// The part of a saved state that says how the conversation was started.
    private struct SavedSettings: Decodable {
        let language: String?
    }
}
