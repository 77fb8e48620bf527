import ExtensionWire
import Foundation
@_spi(Parlance) import Intents
import IntentsUI
import Logging
import ParlanceCore
import ParlanceHosting
import ParlancePresentation
import ParlanceUnderstanding
import Synchronization

/// One user's conversation with the assistant: understands each thing the user says, runs the
/// intent lifecycle with the app's extension (`ConversationMachine` decides, this actor acts), and
/// answers with turns. Its state is saved after every turn, so it survives a restart; handle is
/// journalled, so a request is never handled twice.
public actor Conversation {
    /// Points where a test can make the conversation stop as if the assistant had crashed.
    public enum CrashPoint: String, Sendable, CaseIterable {
        /// After the journal records the handle call, before the extension is asked.
        case beforeHandle = "before-handle"
        /// After the extension handled the intent, before its answer is recorded.
        case afterHandle = "after-handle"
    }

    /// The conversation stopped at a crash point; the state and journal are as a crash would leave them.
    public struct SimulatedCrash: Error, Sendable {}

    let registry: any AppRegistry
    let store: any ConversationStore
    /// The assistant's home, given to extensions and launched apps as `PARLANCE_HOME`.
    let home: String?
    let host: ExtensionHost
    let understander: RequestUnderstander
    let session: String
    let machine: ConversationMachine
    private let mode: PresentationMode
    /// Speaks the conversation's current language.
    var presenter: ConversationPresenter { ConversationPresenter(mode: mode, language: state.language) }
    let launcher: AppLauncher
    let lockSource: SessionLockSource
    let logger = Logger(label: "parlance.conversation")
    private var state: ConversationState
    private let defaultLanguage: String?
    /// Where to stop as if crashed (tests only).
    public var crashPoint: CrashPoint?
    private let updateStream = AsyncStream<AssistantTurn>.makeStream()

    /// Turns that arrive on their own after a request: ride status updates, background results.
    public nonisolated var updates: AsyncStream<AssistantTurn> { updateStream.stream }

    private let followUps = FollowUpCount()

    /// Whether work continues in the background (a ride being followed until it completes).
    public nonisolated var hasBackgroundWork: Bool { followUps.active > 0 }

    /// A conversation over a store that keeps the apps and the conversation (the SQLite store, or a
    /// `MemoryStore` in tests); `home` is where extensions and launched apps find the assistant's files.
    public init(apps: any AppRegistry, store: any ConversationStore, home: String?, host: ExtensionHost,
                understander: RequestUnderstander,
                session: String = "default", mode: PresentationMode = .visual, language: String? = nil,
                policy: ConversationPolicy = ConversationPolicy(), launcher: AppLauncher = AppLauncher(),
                lockSource: SessionLockSource? = nil) {
        self.registry = apps
        self.store = store
        self.home = home
        self.host = host
        self.understander = understander
        self.session = session
        self.machine = ConversationMachine(policy: policy)
        self.mode = mode
        self.launcher = launcher
        self.lockSource = lockSource ?? SessionLockSource(store: store)
        self.defaultLanguage = language
        self.state = ConversationState(language: language ?? "en")
    }

    /// Sets (or clears) the point where the next turn stops as if the assistant crashed (tests only).
    public func setCrashPoint(_ point: CrashPoint?) {
        crashPoint = point
    }

    /// The current state (for tests and diagnostics).
    public var currentState: ConversationState { state }

    // MARK: Resuming

    /// Loads the conversation saved by an earlier run. A question asked before is asked again; a
    /// request that was being handled is settled from the journal and never handled again.
    public func resume() async -> [AssistantTurn] {
        appsThisTurn = [:]
        guard let data = try? store.conversationState(session: session),
              let saved = try? JSONDecoder().decode(ConversationState.self, from: data) else { return [] }
        state = saved
        savedState = data
        savedStateKnown = true
        guard var task = state.task else { return [] }
        if task.phase == .handle {
            return settleInterruptedHandle(task)
        }
        guard let question = state.question else {
            return (try? await drive()) ?? []
        }
        let turn = ask(question, repeated: false, task: &task)
        return [presenter.resumed(turn)]
    }

    private func settleInterruptedHandle(_ task: IntentTask) -> [AssistantTurn] {
        let context = presentationContext(task)
        defer { finishTask() }
        switch (try? store.journalEntry(intentIdentifier: task.identifier)) ?? nil {
        case .finished(_, _, let response, _)?:
            let value = (try? JSONDecoder().decode(JSONValue.self, from: Data(response.utf8))) ?? .null
            return [presenter.beforeRestart(presenter.result(value, context: context))]
        case .started?:
            return [presenter.notice(.interrupted(app: context.app), intent: task.intent)]
        case nil:
            var task = task
            task.phase = .confirm
            state.task = task
            return []
        }
    }

    // MARK: Responding

    /// Answers one thing the user said. `progress` hears waiting turns while an extension works.
    public func respond(to text: String, progress: (@Sendable (AssistantTurn) -> Void)? = nil) async -> [AssistantTurn] {
        do {
            return try await respondThrowing(to: text, progress: progress)
        } catch {
            return [presenter.notice("Stopped (simulated crash).", kind: .failure, step: "crashed")]
        }
    }

    /// Like `respond(to:)`, but a crash point stops it with `SimulatedCrash` and saves nothing more.
    public func respondThrowing(to text: String, progress: (@Sendable (AssistantTurn) -> Void)? = nil)
        async throws(SimulatedCrash) -> [AssistantTurn] {
        self.progress = progress
        appsThisTurn = [:]
        defer { self.progress = nil }
        var turns: [AssistantTurn]
        if let question = state.question, var task = state.task {
            turns = try await answer(text, to: question, task: &task)
        } else {
            turns = try await newRequest(text)
        }
        save()
        return turns
    }

    private var progress: (@Sendable (AssistantTurn) -> Void)?
    /// Installed apps read during this turn: read once per turn, so a change made elsewhere (a
    /// permission, a reinstall) counts from the next turn.
    private var appsThisTurn: [String: InstalledApp?] = [:]
    private var lastIntent: (identifier: String, parameters: [String: JSONValue], intent: INIntent)?
    /// What the store holds for this session, so that an unchanged state is not written again.
    private var savedState: Data?

    private func installedApp(_ identifier: String) -> InstalledApp? {
        if let cached = appsThisTurn[identifier] { return cached }
        let app = try? registry.app(identifier)
        appsThisTurn[identifier] = .some(app)
        return app
    }

    private func newRequest(_ text: String) async throws(SimulatedCrash) -> [AssistantTurn] {
        if DiscoveryRequest.matches(text) { return [discovery()] }
        let request: UnderstoodRequest
        do {
            request = try understander.understand(text, language: defaultLanguage ?? state.language)
        } catch {
            return [presenter.notice(.notUnderstood(reason: error.message))]
        }
        return try await start(request)
    }

    private func start(_ request: UnderstoodRequest) async throws(SimulatedCrash) -> [AssistantTurn] {
        state.language = request.language
        guard let intent = request.intent else {
            if let named = request.namedApp, let app = installedApp(named) {
                return [presenter.notice(.appCannot(app: app.bundle.displayName))]
            }
            return [presenter.notice(.notUnderstood(reason: nil))]
        }
        let candidates = request.app.map { [$0] } ?? request.candidateApps
        state.task = IntentTask(intent: intent, identifier: UUID().uuidString, parameters: request.parameters,
                                app: request.app, appWasNamed: request.namedApp != nil, candidateApps: candidates)
        state.question = nil
        return try await drive()
    }

    private func answer(_ text: String, to question: PendingQuestion, task: inout IntentTask)
        async throws(SimulatedCrash) -> [AssistantTurn] {
        let answer: Answer
        do {
            answer = try understander.understandAnswer(text, to: understandingQuestion(question, task: task),
                                                       language: state.language)
        } catch {
            return [ask(question, repeated: true, task: &task)]
        }
        switch answer {
        case .cancel:
            let turn = presenter.ending(.cancelled, context: presentationContext(task))
            finishTask()
            return [turn]
        case .newRequest(let request):
            finishTask()
            return try await start(request)
        default:
            break
        }
        state.question = nil
        switch question {
        case .permission(let app):
            if answer == .yes || answer == .no {
                try? registry.setPermission(answer == .yes ? .allowed : .denied, for: app)
                appsThisTurn[app] = nil
            } else {
                return [ask(question, repeated: true, task: &task)]
            }
        case .unlock:
            if answer == .no {
                let turn = presenter.ending(.stayedLocked, context: presentationContext(task))
                finishTask()
                return [turn]
            }
        default:
            let isList = ConversationFacts.parameters(of: task.intent).first { $0.name == parameterName(question) }?.isList
                ?? false
            let before = task
            if let step = machine.applyAnswer(answer, to: question, task: &task, isList: isList) {
                state.task = task
                return try await perform(step, task: &task)
            }
            // An answer that doesn't fit the parameter's type ("Kiki" for a call type) is asked again.
            if (try? makeIntent(task)) == nil {
                task = before
                return [ask(question, repeated: true, task: &task)]
            }
        }
        state.task = task
        return try await drive()
    }

    // MARK: Driving the lifecycle

    /// Takes steps until the conversation needs the user or ends.
    private func drive() async throws(SimulatedCrash) -> [AssistantTurn] {
        var turns: [AssistantTurn] = []
        while var task = state.task {
            let facts = facts(for: task)
            let step = machine.next(&task, facts: facts)
            state.task = task
            let produced = try await perform(step, task: &task)
            turns += produced
            if state.question != nil || state.task == nil { break }
        }
        return turns
    }

    private func perform(_ step: ConversationStep, task: inout IntentTask) async throws(SimulatedCrash) -> [AssistantTurn] {
        switch step {
        case let .ask(question, repeated):
            return [ask(question, repeated: repeated, task: &task)]
        case .finish(.handOffAtConfirm(let response)):
            guard let (app, _) = endpoint(for: task) else { return [appGone(task)] }
            finishTask()
            return [await handOff(json: response, task: task, app: app)]
        case .finish(let ending):
            let turn = presenter.ending(ending, context: presentationContext(task))
            finishTask()
            return [turn]
        case .resolve(let parameter):
            if let missing = await fillRideIdentifier(&task) { return [missing] }
            return await resolve(parameter, task: &task)
        case .confirm:
            if let missing = await fillRideIdentifier(&task) { return [missing] }
            return await confirm(task: &task)
        case .handle:
            return try await handle(task: task)
        }
    }

    /// Resolves this parameter and the ones after it in one call, applying the results in order. It
    /// stops at the first result that needs the user, or that changed a value (later parameters were
    /// resolved against the old one, so they are asked again), as resolving one by one would.
    private func resolve(_ parameter: String, task: inout IntentTask) async -> [AssistantTurn] {
        guard let (app, endpoint) = endpoint(for: task) else { return [appGone(task)] }
        let order = ConversationFacts.parameters(of: task.intent)
        let remaining = Array(order[min(task.parameterIndex, order.count)...])
        do {
            let intent = try makeIntent(task)
            let resolutions = try await host.resolve(remaining.map(\.name), of: intent, in: endpoint)
            for (name, isList) in remaining {
                let sent = task.parameters[name]
                let results = try resolutions.first { $0.parameter == name }?.results?.map { try ResolutionOutcome($0.result) }
                if let step = machine.applyResolution(results, parameter: name, isList: isList, to: &task) {
                    state.task = task
                    return try await perform(step, task: &task)
                }
                if task.parameters[name] != sent { break }
            }
            state.task = task
            return []
        } catch {
            return [extensionFailed(error, app: app, task: task)]
        }
    }

    private func confirm(task: inout IntentTask) async -> [AssistantTurn] {
        guard let (app, endpoint) = endpoint(for: task) else { return [appGone(task)] }
        do {
            let response = try await host.confirm(try makeIntent(task), in: endpoint)
            let json = try response.map { try JSONDecoder().decode(JSONValue.self, from: IntentJSON.encode(AnyIntentResponse($0))) }
            if let step = machine.applyConfirm(code: response?.codeName, response: json, to: &task) {
                state.task = task
                return try await perform(step, task: &task)
            }
            state.task = task
            if task.phase == .userConfirmation {
                var turn = ask(.confirmIntent, repeated: false, task: &task)
                task.questionsAsked = 1
                state.task = task
                if let intent = try? makeIntent(task) {
                    turn = await withSnippet(turn, intent: intent, response: response, app: app)
                }
                return [turn]
            }
            return []
        } catch {
            return [extensionFailed(error, app: app, task: task)]
        }
    }

    private func handle(task: IntentTask) async throws(SimulatedCrash) -> [AssistantTurn] {
        guard let (app, endpoint) = endpoint(for: task) else { return [appGone(task)] }
        let context = presentationContext(task)
        let intent: INIntent
        let intentJSON: Data
        do {
            intent = try makeIntent(task)
            intentJSON = try IntentJSON.encode(AnyIntent(intent))
        } catch {
            return [extensionFailed(error, app: app, task: task)]
        }
        do {
            guard try store.beginHandling(intentIdentifier: task.identifier, app: app.identifier,
                                          intent: String(decoding: intentJSON, as: UTF8.self),
                                          state: try? JSONEncoder().encode(state), session: session) else {
                finishTask()
                return [presenter.notice(.alreadyHandled(app: context.app))]
            }
            save()
        } catch {
            finishTask()
            return [presenter.notice(.notRecorded(app: context.app, reason: error.message))]
        }
        if crashPoint == .beforeHandle { throw SimulatedCrash() }
        let waiting = presenter.notice(.waiting(app: context.app), intent: task.intent)
        let progress = self.progress
        let response: INIntentResponse
        do {
            response = try await host.handle(intent, in: endpoint) { elapsed in
                if elapsed >= .seconds(1) { progress?(waiting) }
            }
        } catch {
            finishTask()
            let reason = (error as? HostingError)?.message ?? "\(error)"
            return [presenter.notice(.handleFailed(app: context.app, reason: reason), intent: task.intent)]
        }
        if crashPoint == .afterHandle { throw SimulatedCrash() }
        let json = (try? IntentJSON.encode(AnyIntentResponse(response))) ?? Data("{}".utf8)
        try? store.finishHandling(intentIdentifier: task.identifier, response: String(decoding: json, as: UTF8.self))
        finishTask()
        let value = (try? JSONDecoder().decode(JSONValue.self, from: json)) ?? .null
        switch response.codeName {
        case "inProgress":
            let phase = value.objectValue?["properties"]?.objectValue?["rideStatus"]?.objectValue?["phase"]?.stringValue
            followUp(task: task, app: app, endpoint: endpoint, reportedPhase: phase)
            return [await withSnippet(presenter.inProgress(value, context: context), intent: intent, response: response, app: app)]
        case let code where ConversationMachine.handsOff(code):
            return [await handOff(json: value, task: task, app: app)]
        default:
            return [await withSnippet(presenter.result(value, context: context), intent: intent, response: response, app: app)]
        }
    }

    /// The turn with the app's Intents UI view, when it has a UI extension for the intent (visual mode
    /// only). A UI extension that fails or is slow leaves the default view.
    private func withSnippet(_ turn: AssistantTurn, intent: INIntent, response: INIntentResponse?,
                             app: AppBundle) async -> AssistantTurn {
        guard presenter.mode == .visual, app.uiIntents.contains(intent.intentName), var endpoint = app.uiEndpoint else {
            return turn
        }
        if let home { endpoint.environment["PARLANCE_HOME"] = home }
        do {
            guard let view = try await host.configureView(for: INInteraction(intent: intent, response: response),
                                                          language: presenter.languageCode, in: endpoint) else { return turn }
            return presenter.adding(view, to: turn)
        } catch {
            logger.warning("\(app.identifier): its UI extension gave no view: \(error)")
            return turn
        }
    }

    /// Cancelling "my ride" means the ride the app reports now: its identifier comes from the app's
    /// ride status, as SiriKit fills it. Returns a turn when there is no ride to cancel.
    private func fillRideIdentifier(_ task: inout IntentTask) async -> AssistantTurn? {
        guard task.intent == "INCancelRideIntent", task.parameters["rideIdentifier"] == nil,
              let (app, endpoint) = endpoint(for: task) else { return nil }
        let status = INGetRideStatusIntent()
        status.assignIdentifier(task.identifier + "-status")
        let response = try? await host.handle(status, in: endpoint)
        let json = response.flatMap { try? JSONDecoder().decode(JSONValue.self, from: IntentJSON.encode(AnyIntentResponse($0))) }
        guard let ride = json?.objectValue?["properties"]?.objectValue?["rideStatus"]?.objectValue?["rideIdentifier"] else {
            finishTask()
            return presenter.notice(.noRideToCancel(app: app.displayName), intent: task.intent)
        }
        task.parameters["rideIdentifier"] = ride
        state.task = task
        return nil
    }

    /// Opens the app with the response's user activity, or a default one carrying the interaction.
    private func handOff(json: JSONValue, task: IntentTask, app: AppBundle) async -> AssistantTurn {
        var activity: [String: JSONValue] = json.objectValue?["userActivity"]?.objectValue ?? [:]
        if activity.isEmpty {
            var parameters: [String: JSONValue] = ["intent": .string(task.intent), "identifier": .string(task.identifier)]
            parameters["parameters"] = .object(task.parameters)
            activity = ["activityType": .string(task.intent),
                        "userInfo": .object(["interaction": .object(["intent": .object(parameters), "response": json])])]
        }
        let data = (try? JSONEncoder().encode(JSONValue.object(activity))) ?? Data("{}".utf8)
        let launched = await launcher.open(app, userActivity: data, home: home)
        let failure: String? = if case .failure(let error) = launched { error.message } else { nil }
        return presenter.handoff(json, context: presentationContext(task), launchFailure: failure)
    }

    /// After an in-progress ride request: report the ride's status as it changes, until it completes.
    private func followUp(task: IntentTask, app: AppBundle, endpoint: ExtensionEndpoint, reportedPhase: String?) {
        guard task.intent == "INRequestRideIntent", app.supportedIntents.contains("INGetRideStatusIntent") else { return }
        let statusIntent = INGetRideStatusIntent()
        statusIntent.assignIdentifier(task.identifier + "-status")
        let context = presentationContext(task)
        let presenter = self.presenter
        let continuation = updateStream.continuation
        let host = self.host
        let lastPhase = PhaseTracker()
        _ = lastPhase.changed(to: reportedPhase)
        let logger = self.logger
        let followUps = self.followUps
        followUps.begin()
        Task {
            do {
                let implemented = try await host.startUpdates(for: statusIntent, in: endpoint) { response in
                    guard let json = try? JSONDecoder().decode(JSONValue.self,
                                                               from: IntentJSON.encode(AnyIntentResponse(response)))
                    else { return }
                    let phase = json.objectValue?["properties"]?.objectValue?["rideStatus"]?.objectValue?["phase"]?.stringValue
                    guard lastPhase.changed(to: phase) else { return }
                    continuation.yield(presenter.update(json, context: context))
                    if phase == "completed" {
                        Task {
                            try? await host.stopUpdates(for: statusIntent, in: endpoint)
                            followUps.end()
                        }
                    }
                }
                if !implemented { followUps.end() }
            } catch {
                logger.warning("\(app.identifier): ride status updates could not start: \(error)")
                followUps.end()
            }
        }
    }

    // MARK: Helpers

    private func ask(_ question: PendingQuestion, repeated: Bool, task: inout IntentTask) -> AssistantTurn {
        state.question = question
        state.task = task
        return presenter.question(prompt(for: question, task: task), repeated: repeated, context: presentationContext(task))
    }

    /// The question in the terms the presenter words it in.
    private func prompt(for question: PendingQuestion, task: IntentTask) -> Prompt {
        switch question {
        case .chooseApp(let options):
            return .chooseApp(names: options.map { installedApp($0)?.bundle.displayName(language: state.language) ?? $0 })
        case .permission(let identifier):
            return .permission(usage: installedApp(identifier)?.bundle.usageDescription(language: state.language))
        case .unlock: return .unlock
        case let .value(parameter, element, reason):
            var current = task.parameters[parameter]
            if let element, let list = current?.arrayValue { current = list.indices.contains(element) ? list[element] : nil }
            return .value(parameter: parameter, current: current, reason: reason)
        case let .choice(parameter, _, items): return .choice(parameter: parameter, items: items)
        case let .confirmValue(parameter, _, value): return .confirmValue(parameter: parameter, value: value)
        case .confirmIntent: return .confirmIntent(confirmResponse: task.confirmResponse)
        }
    }

    private func understandingQuestion(_ question: PendingQuestion, task: IntentTask) -> Question {
        func reference(_ parameter: String) -> ParameterReference {
            ParameterReference(intent: task.intent, parameter: parameter, app: task.app)
        }
        switch question {
        case .chooseApp(let options):
            return .choice(options.map { installedApp($0)?.bundle.displayName ?? $0 })
        case .permission, .unlock, .confirmIntent: return .confirmation(parameter: nil)
        case .value(let parameter, _, _): return .value(reference(parameter))
        case .choice(_, _, let items): return .choice(items.map { ValueText.describe($0, language: presenter.languageCode) })
        case .confirmValue(let parameter, _, _): return .confirmation(parameter: reference(parameter))
        }
    }

    private func parameterName(_ question: PendingQuestion) -> String? {
        switch question {
        case .value(let parameter, _, _), .choice(let parameter, _, _), .confirmValue(let parameter, _, _): return parameter
        default: return nil
        }
    }

    private func facts(for task: IntentTask) -> ConversationFacts {
        let installed = task.app.flatMap { installedApp($0) }
        let restricted = installed?.bundle.intentsExtension?.restrictedWhileLocked ?? []
        return ConversationFacts(
            permission: installed?.permission ?? .denied,
            sessionLocked: lockSource.isLocked(),
            requiresUnlock: machine.policy.alwaysRestrictedWhileLocked.contains(task.intent) || restricted.contains(task.intent),
            parameters: ConversationFacts.parameters(of: task.intent))
    }

    private func endpoint(for task: IntentTask) -> (AppBundle, ExtensionEndpoint)? {
        guard let identifier = task.app, let app = installedApp(identifier),
              var endpoint = app.bundle.intentsEndpoint else { return nil }
        // The extension shares the assistant's home (where its app keeps data in these samples).
        if let home { endpoint.environment["PARLANCE_HOME"] = home }
        return (app.bundle, endpoint)
    }

    /// The SDK intent for the task's current parameters; built again only when they change.
    private func makeIntent(_ task: IntentTask) throws -> INIntent {
        if let built = lastIntent, built.identifier == task.identifier, built.parameters == task.parameters {
            return built.intent
        }
        let object: JSONValue = .object(["intent": .string(task.intent), "identifier": .string(task.identifier),
                                         "parameters": .object(task.parameters)])
        let intent = try IntentJSON.decodeIntent(from: JSONEncoder().encode(object))
        lastIntent = (task.identifier, task.parameters, intent)
        return intent
    }

    func presentationContext(_ task: IntentTask) -> ConversationPresenter.Context {
        let name = task.app.flatMap { installedApp($0) }?.bundle.displayName(language: state.language) ?? task.app ?? "the app"
        return ConversationPresenter.Context(app: name, intent: task.intent, parameters: task.parameters,
                                             appWasNamed: task.appWasNamed)
    }

    private func appGone(_ task: IntentTask) -> AssistantTurn {
        finishTask()
        return presenter.notice(.appMissing(app: task.app))
    }

    private func extensionFailed(_ error: any Error, app: AppBundle, task: IntentTask) -> AssistantTurn {
        logger.warning("\(app.identifier): \(error)")
        finishTask()
        let reason = (error as? HostingError)?.message ?? "\(error)"
        return presenter.notice(.extensionFailed(app: app.displayName, reason: reason), intent: task.intent)
    }

    private func finishTask() {
        state.task = nil
        state.question = nil
        save()
    }

    private func save() {
        let data = state.task == nil ? nil : try? JSONEncoder().encode(state)
        guard data != savedState || data == nil && !savedStateKnown else { return }
        do {
            try store.saveConversationState(data, session: session)
            savedState = data
            savedStateKnown = true
        } catch {
            logger.error("the conversation could not be saved: \(error)")
        }
    }

    /// False until the first save: the store may hold a state from an earlier run.
    private var savedStateKnown = false

    /// "What can you do?": each app's example requests in the user's language.
    private func discovery() -> AssistantTurn {
        let apps = ((try? registry.apps()) ?? []).filter { $0.permission != .denied }
            .sorted { $0.bundle.displayName < $1.bundle.displayName }
        return presenter.discovery(apps.map { app in
            (app.bundle.displayName(language: state.language),
             app.bundle.examples(language: state.language).flatMap { $0.examples.prefix(2) })
        }.filter { !$0.1.isEmpty })
    }
}
