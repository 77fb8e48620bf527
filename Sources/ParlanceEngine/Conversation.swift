import ExtensionWire
import Foundation
@_spi(Parlance) import Intents
import Logging
import ParlanceCore
import ParlanceHosting
import ParlancePresentation
import ParlanceUnderstanding

/// One user's conversation with the assistant. `ConversationMachine` decides; this actor understands
/// what the user says, performs the machine's actions (call the extension, write the store, open an
/// app) in a loop, feeds their results back as events, and answers with turns. The state is saved
/// after every turn and journalled with handle, so a request survives a restart and is never handled
/// twice.
public actor Conversation {
    let registry: any AppRegistry
    let store: any ConversationStore
    /// The assistant's home, given to extensions and launched apps as `PARLANCE_HOME`.
    let home: String?
    let extensions: ExtensionHost
    let understander: RequestUnderstander
    /// The session the conversation is saved under.
    public nonisolated let session: String
    private let mode: PresentationMode
    let launcher: AppLauncher
    let lockSource: SessionLockSource
    let logger = Logger(label: "parlance.conversation")
    var machine: ConversationMachine
    /// The machine's rules, read while the machine decides (so not through `machine`).
    let policy: ConversationPolicy
    private let defaultLanguage: String?
    /// The language of the replies when it is not the conversation's (a language tried from its replies file
    /// alone, understood as the conversation's language).
    private let replyLanguage: String?
    let background = BackgroundWork<AssistantTurn>()

    /// The language the conversation speaks now (the last request's, or the one it was opened in).
    public var language: String { machine.state.language }

    /// Speaks the conversation's current language.
    var presenter: ConversationPresenter { ConversationPresenter(mode: mode, language: replyLanguage ?? machine.state.language) }

    /// Turns that arrive on their own after a request: ride status updates, background results.
    public nonisolated var updates: AsyncStream<AssistantTurn> { background.output }

    /// Whether work continues in the background (a ride being followed until it completes).
    public nonisolated var hasBackgroundWork: Bool { background.active > 0 }

    /// A conversation over the apps a registry holds and a store that keeps the conversation (the SQLite
    /// store, or a `MemoryStore` in tests); `home` is where extensions and launched apps find the
    /// assistant's files. `identifiers` makes each request's intent identifier. `replyLanguage`, when given,
    /// words every reply in that language whatever language the person speaks.
    public init(apps: any AppRegistry, store: any ConversationStore, home: String?, host: ExtensionHost,
                understander: RequestUnderstander,
                session: String = "default", mode: PresentationMode = .visual, language: String? = nil,
                replyLanguage: String? = nil,
                policy: ConversationPolicy = ConversationPolicy(), launcher: AppLauncher = AppLauncher(),
                lockSource: SessionLockSource? = nil,
                identifiers: @escaping @Sendable () -> String = { UUID.systemRandom().uuidString }) {
        self.registry = apps
        self.store = store
        self.home = home
        self.extensions = host
        self.understander = understander
        self.session = session
        self.mode = mode
        self.launcher = launcher
        self.lockSource = lockSource ?? SessionLockSource(store: store)
        self.defaultLanguage = language
        self.replyLanguage = replyLanguage
        self.policy = policy
        self.machine = ConversationMachine(state: ConversationState(language: language ?? "en"), policy: policy,
                                           identifiers: identifiers)
    }

    /// The current state (for tests and diagnostics).
    public var currentState: ConversationState { machine.state }

    /// Runs the conversation's background work (following rides) until `finish()`; run it beside the
    /// conversation for as long as the conversation is used.
    public nonisolated func run() async {
        await background.run()
    }

    /// Ends the background work: `run()` returns once the work in progress has stopped.
    public nonisolated func finish() {
        background.finish()
    }

    // MARK: Turns

    /// Loads the conversation saved by an earlier run. A question asked before is asked again; a
    /// request that was being handled is settled from the journal and never handled again.
    public func resume() async -> [AssistantTurn] {
        appsThisTurn = [:]
        lockedThisTurn = nil
        let saved: ConversationState
        do {
            guard let data = try store.conversationState(session: session) else { return [] }
            saved = try JSONDecoder().decode(ConversationState.self, from: data)
            savedState = data
        } catch {
            logger.warning("the saved conversation could not be read, so it starts afresh: \(error)")
            return []
        }
        machine = ConversationMachine(state: saved, policy: policy, identifiers: machine.identifiers)
        var journal: JournalEntry?
        if case .handling(let task) = saved.stage {
            outcomeNotYetShown = true
            do {
                journal = try store.journalEntry(intentIdentifier: task.identifier)
            } catch {
                return [presenter.notice(.notSaved(reason: error.message))]
            }
        }
        return await run(.resumed(journal: journal))
    }

    /// Takes up what another process sharing the store saved since this conversation last saved or read its state
    /// (servers that share one database take turns of one conversation): the machine goes on from the saved state.
    /// A request another process left being handled is settled from the journal, as after a restart, and those
    /// turns are returned; nothing is returned when the state is the one this conversation knows.
    public func adoptSavedState() async -> [AssistantTurn] {
        let data: Data?
        do {
            data = try store.conversationState(session: session)
        } catch {
            return [presenter.notice(.notSaved(reason: error.message))]
        }
        guard data != savedState || !savedStateKnown else { return [] }
        guard let data else {
            // Another process finished the conversation's business: it is idle, in the language it was left in.
            machine = ConversationMachine(state: ConversationState(language: machine.state.language), policy: policy,
                                          identifiers: machine.identifiers)
            outcomeNotYetShown = false
            noteSaved(nil)
            return []
        }
        guard let saved = try? JSONDecoder().decode(ConversationState.self, from: data) else { return await resume() }
        if case .handling = saved.stage { return await resume() }
        machine = ConversationMachine(state: saved, policy: policy, identifiers: machine.identifiers)
        outcomeNotYetShown = false
        noteSaved(data)
        return []
    }

    /// Answers one thing the user said. `progress` hears waiting turns while an extension works. What was
    /// heard unsurely (`source`) is read back before a message, payment or ride is acted on.
    public func respond(to text: String, source: TurnSource = .typed,
                        progress: (@Sendable (AssistantTurn) -> Void)? = nil) async -> [AssistantTurn] {
        // A model not yet read or trained is made ready off the cooperative pool, before this turn starts.
        await understander.prepare(language: machine.state.language)
        if let defaultLanguage, defaultLanguage != machine.state.language {
            await understander.prepare(language: defaultLanguage)
        }
        self.progress = progress
        appsThisTurn = [:]
        lockedThisTurn = nil
        // The user's choice counts from the next thing said; an unreadable one leaves the default.
        if let chosen = try? store.messageReadBack().flatMap(MessageReadBack.init(rawValue:)) {
            machine.policy.messageReadBack = chosen
        }
        machine.heardUnsurely = machine.policy.heardUnsurely(source)
        defer {
            self.progress = nil
            machine.heardUnsurely = false
        }
        let failure = delivered()
        return (failure.map { [$0] } ?? []) + (await run(understand(text)))
    }

    /// Answers what the user said at question `answering` (a `ConversationState.questionNumber` a client
    /// showed; nil: said at no question in particular). When that question is not the one pending (it was
    /// answered, or a newer one replaced it), nothing is done: the user hears so, and the pending question again.
    public func respond(to text: String, answering: Int?, source: TurnSource = .typed,
                        progress: (@Sendable (AssistantTurn) -> Void)? = nil) async -> [AssistantTurn] {
        guard let answering, answering != pendingQuestion else { return await respond(to: text, source: source, progress: progress) }
        return staleAnswer(alreadyAnswered: false)
    }

    /// The number of the question the conversation waits on, if any (`ConversationState.questionNumber`).
    public var pendingQuestion: Int? { machine.question == nil ? nil : machine.state.questionNumber }

    /// What is said to an answer that names a question no longer pending: it was not used, and the question that
    /// waits, if any, is asked again. `alreadyAnswered`: what came of the named question is shown after this notice.
    public func staleAnswer(alreadyAnswered: Bool) -> [AssistantTurn] {
        let notice = alreadyAnswered ? presenter.alreadyAnswered() : presenter.staleAnswer()
        guard let question = machine.question, let task = machine.state.task else { return [notice] }
        return [notice, presenter.question(prompt(for: question, task: task), repeated: false, context: presentationContext(task))]
    }

    /// The front end has shown the turns it was given. Until then, a request whose handling ended stays
    /// saved, so that an assistant killed before the user saw how it ended tells it on the next start
    /// (from the journal, never by handling it again). Returns a turn when saving failed.
    @discardableResult
    public func delivered() -> AssistantTurn? {
        guard outcomeNotYetShown else { return nil }
        outcomeNotYetShown = false
        return save()
    }

    /// What the user said, as an event for the machine: an answer when a question is pending, else a request.
    private func understand(_ text: String) -> ConversationEvent {
        let language = machine.state.language
        if let question = machine.question, let task = machine.state.task {
            do {
                let currency = task.parameters[.currencyAmount]?.objectValue?["currencyCode"]?.stringValue
                return .answer(try understander.understandAnswer(text, to: understandingQuestion(question, task: task),
                                                                 language: language, currency: currency))
            } catch {
                return .unclearAnswer
            }
        }
        if DiscoveryRequest.matches(text) { return .discovery }
        do {
            return .request(try understander.understand(text, language: defaultLanguage ?? language))
        } catch {
            return .unreadable(reason: error.message)
        }
    }

    /// Feeds an event to the machine and performs its actions, feeding their results back, until the
    /// machine waits for the user; then saves the state.
    private func run(_ first: ConversationEvent) async -> [AssistantTurn] {
        var events = [first]
        var turns: [AssistantTurn] = []
        while !events.isEmpty {
            let event = events.removeFirst()
            decidingHandOff = event.asksToOpenApp
            let actions = machine.handle(event, facts: facts(for:))
            for action in actions {
                ongoing.note(action)
                let (produced, next) = await perform(action)
                turns += produced
                if let next { events.append(next) }
            }
        }
        if let failure = save() { turns.append(failure) }
        return turns
    }

    // MARK: Saving

    private var progress: (@Sendable (AssistantTurn) -> Void)?
    /// A request was handled (or settled from the journal) and the user may not have seen how it ended.
    var outcomeNotYetShown = false
    /// Installed apps read during this turn: read once per turn, so a change made elsewhere (a
    /// permission, a reinstall) counts from the next turn.
    private var appsThisTurn: [String: InstalledApp?] = [:]
    /// Whether the session was locked when first asked this turn; a change counts from the next turn.
    private var lockedThisTurn: Bool?
    /// The rides and workouts apps run for the user, as this conversation saw them start and end: a follow-up
    /// naming no app goes to the app running its ride or workout.
    private var ongoing = OngoingActivities()
    /// Whether the machine decides on an extension's hand-off now, so the facts read whether the user lets
    /// the app be opened without asking (read then only, fresh from the store).
    private var decidingHandOff = false
    /// What the store holds for this session (nil: nothing, or not known yet), so an unchanged state is not written again.
    private var savedState: Data?
    private var savedStateKnown = false
    /// The extension's last confirm and handle responses, for the app's UI extension view.
    var lastConfirmResponse: INIntentResponse?
    var lastHandleResponse: INIntentResponse?
    /// The intent last built from a task, with what it was built from: resolve, confirm, handle and the
    /// view ask for the same intent several times a turn, and building one goes through JSON.
    private var lastIntent: (task: IntentTask, intent: INIntent)?

    /// The SDK intent for a task's current class, identifier and parameters; the same object while they
    /// are unchanged (nothing in the assistant changes an intent it built).
    func intent(for task: IntentTask) throws -> INIntent {
        if let lastIntent, lastIntent.task.intent == task.intent, lastIntent.task.identifier == task.identifier,
           lastIntent.task.parameters == task.parameters {
            return lastIntent.intent
        }
        let intent = try task.makeIntent()
        lastIntent = (task, intent)
        return intent
    }

    /// Where this conversation's apps keep their data (`AppDataPlace`). Servers sharing one database each have
    /// their own; an app's record of what it handled is in one of them.
    var appDataPlace: String { AppDataPlace.name(home: home) }

    /// The state as the store should hold it: nothing when idle.
    func encodedState() throws -> Data? {
        if case .idle = machine.state.stage { return nil }
        return try JSONValueEncoder().encode(machine.state).jsonData()
    }

    /// Saves the state if it changed; a failure is told to the user. The end of a handled request is
    /// saved only once its outcome was shown (`delivered()`).
    private func save() -> AssistantTurn? {
        do {
            let data = try encodedState()
            // The store keeps the request being handled until its outcome was shown, so that a restart tells
            // it: the offer that follows an outcome is saved only then.
            if outcomeNotYetShown, data == nil || machine.question?.isDefaultOffer == true { return nil }
            guard data != savedState || !savedStateKnown else { return nil }
            try store.saveConversationState(data, session: session)
            noteSaved(data)
            return nil
        } catch {
            logger.error("the conversation could not be saved: \(error)")
            return presenter.notice(.notSaved(reason: (error as? StoreError)?.message ?? "\(error)"))
        }
    }

    /// Records what the store now holds (the journal's transaction saves the state too).
    func noteSaved(_ data: Data?) {
        savedState = data
        savedStateKnown = true
    }

    // MARK: Reading the world

    func installedApp(_ identifier: String) -> InstalledApp? {
        if let cached = appsThisTurn[identifier] { return cached }
        let app = try? registry.app(identifier)
        appsThisTurn[identifier] = .some(app)
        return app
    }

    private func sessionLocked() -> Bool {
        if let lockedThisTurn { return lockedThisTurn }
        let locked = lockSource.isLocked()
        lockedThisTurn = locked
        return locked
    }

    /// A permission was just decided: read the app again.
    func forgetApp(_ identifier: String) {
        appsThisTurn[identifier] = nil
    }

    /// Called while the machine decides: it must not touch `machine`.
    private func facts(for task: IntentTask) -> ConversationFacts {
        let installed = task.app.flatMap { installedApp($0) }
        let restricted = installed?.bundle.intentsExtension?.restrictedWhileLocked ?? []
        // A request whose app the user chose at "Which app?" may end with the offer to make it the default.
        let chosen = task.app != nil && task.appChosenAtQuestion == true
        let domain = task.app == nil || chosen ? ConversationFacts.domain(of: task.intent) : nil
        return ConversationFacts(
            permission: installed?.permission ?? .denied,
            sessionLocked: sessionLocked(),
            requiresUnlock: policy.alwaysRestrictedWhileLocked.contains(task.intent) || restricted.contains(task.intent),
            parameters: ConversationFacts.parameters(of: task.intent),
            preferredApp: domain.flatMap { try? registry.preferredApp(domain: $0) },
            ongoingApp: task.app == nil ? ongoing.app(for: task.intent, among: task.candidateApps) : nil,
            // A repeat is answered from the app's record, which is in the app data of the server that sent it.
            handleIsIdempotent: (installed?.bundle.intentsExtension?.handleIsIdempotent ?? false)
                && (task.sentFrom == nil || task.sentFrom == appDataPlace),
            opensAppWithoutAsking: decidingHandOff && installed.map { (try? registry.opensWithoutAsking($0.bundle.identifier)) ?? false } ?? false,
            // Unreadable: as if offered, so the offer is not made twice.
            defaultOffered: chosen && domain.map { (try? registry.defaultWasOffered(domain: $0)) ?? true } ?? true)
    }

    private func understandingQuestion(_ question: PendingQuestion, task: IntentTask) -> Question {
        func reference(_ parameter: String) -> ParameterReference {
            ParameterReference(intent: task.intent, parameter: parameter, app: task.app)
        }
        switch question {
        case .chooseApp(let options):
            return .choice(appLabels(options, language: nil))  // a name two apps share is no answer by itself
        case .permission: return .confirmation(parameter: nil)
        case .unlock: return .proceed
        case .confirmIntent: return .request(intent: task.intent, app: task.app)
        case let .valueOrOther(parameter, _, _, other):
            return .choice(presenter.valueOrRequestAnswers(parameter: parameter, assistant: other.isAssistant,
                                                           request: other.summary(language: presenter.languageCode)))
        case .value(let parameter, _, _): return .value(reference(parameter))
        case .choice(_, _, let items): return .choice(items.map { ValueText.describe($0, language: presenter.languageCode) })
        case .confirmValue(let parameter, _, _): return .confirmation(parameter: reference(parameter))
        case .openApp: return .consent(options: presenter.openAppOptions)
        case .makeDefault: return .confirmation(parameter: nil)
        }
    }

    /// Whether this turn may show waiting notices (a front end listening for progress).
    var progressListener: (@Sendable (AssistantTurn) -> Void)? { progress }
}
