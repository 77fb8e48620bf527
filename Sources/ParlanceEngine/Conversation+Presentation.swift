import ExtensionWire
import Foundation
@_spi(Parlance) import Intents
import IntentsUI
import ParlanceCore
import ParlancePresentation

extension Conversation {
    /// What the presenter needs to know about a request.
    func presentationContext(_ task: IntentTask) -> ConversationPresenter.Context {
        let name = task.app.flatMap { installedApp($0) }?.bundle.displayName(language: machine.state.language)
            ?? task.app ?? presenter.unnamedApp
        return ConversationPresenter.Context(app: name, intent: task.intent, parameters: task.parameters,
                                             appWasNamed: task.appWasNamed)
    }

    /// The question in the terms the presenter words it in.
    func prompt(for question: PendingQuestion, task: IntentTask) -> Prompt {
        let language = machine.state.language
        switch question {
        case .chooseApp(let options):
            return .chooseApp(names: appLabels(options, language: language))
        case .permission(let identifier):
            let app = installedApp(identifier)
            return .permission(usage: app?.bundle.usageDescription(language: language), outsideCode: app?.bundle.outsideCode ?? [],
                               appChanged: app?.codeChangedSinceAllowed ?? false)
        case .unlock: return .unlock
        case let .value(parameter, element, reason):
            var current = task.parameters[parameter]
            if let element, let list = current?.arrayValue { current = list.indices.contains(element) ? list[element] : nil }
            return .value(parameter: parameter, current: current, reason: reason)
        case let .choice(parameter, _, items): return .choice(parameter: parameter, items: items)
        case let .confirmValue(parameter, _, value): return .confirmValue(parameter: parameter, value: value)
        case .confirmIntent: return .confirmIntent(confirmResponse: task.confirmResponse)
        case .openApp(_, let response): return .openApp(response: response)
        case .makeDefault(_, let domain): return .makeDefault(domain: domain)
        case let .valueOrOther(parameter, _, value, other):
            return .valueOrRequest(parameter: parameter, text: ValueText.describe(value, language: language),
                                   assistant: other.isAssistant, request: other.summary(language: language))
        }
    }

    /// What the app did, in words (and the app's own view, or a hand-off to the app).
    func present(_ report: ConversationReport, task: IntentTask) async -> AssistantTurn {
        let context = presentationContext(task)
        let app = task.app.flatMap { installedApp($0) }?.bundle
        switch report {
        case .result(let response):
            let turn = presenter.result(response, context: context)
            guard let app else { return turn }
            return await withSnippet(turn, task: task, response: lastHandleResponse, app: app)
        case let .inProgress(response, followRide):
            if followRide, let app, let (_, endpoint) = endpoint(for: task) { follow(task, app: app, endpoint: endpoint, response: response) }
            let turn = presenter.inProgress(response, context: context)
            guard let app else { return turn }
            return await withSnippet(turn, task: task, response: lastHandleResponse, app: app)
        case .handOff(let response):
            guard let app else { return presenter.notice(.appMissing(app: task.app)) }
            return await handOff(response, task: task, app: app)
        case .notOpened(let response):
            return presenter.notOpened(response, context: context)
        case .recorded(let response):
            return presenter.beforeRestart(presenter.result(response, context: context))
        }
    }

    /// Why a request could not go on, in words.
    func tell(_ trouble: ConversationTrouble, task: IntentTask?) -> AssistantTurn {
        let app = task.map { presentationContext($0).app } ?? presenter.unnamedApp
        let intent = task?.intent
        switch trouble {
        case .cannotServe(let named):
            if let named, let installed = installedApp(named) {
                return presenter.notice(.appCannot(app: installed.bundle.displayName))
            }
            return presenter.notice(.cannotHelp(domains: servedDomains()))
        case .unreadable(let reason): return presenter.notice(.notUnderstood(reason: reason))
        case .interrupted: return presenter.notice(.interrupted(app: app), intent: intent)
        case .alreadyHandled: return presenter.notice(.alreadyHandled(app: app))
        case .notRecorded(let reason): return presenter.notice(.notRecorded(app: app, reason: reason))
        case .handleFailed(let kind):
            return presenter.notice(.handleFailed(app: app, reason: presenter.faultWords(kind)), intent: intent)
        case .extensionFailed(let kind):
            return presenter.notice(.extensionFailed(app: app, reason: presenter.faultWords(kind)), intent: intent)
        case .noRideToCancel: return presenter.notice(.noRideToCancel(app: app), intent: intent)
        case .appMissing: return presenter.notice(.appMissing(app: task?.app))
        case .valueRefused(let value): return presenter.notice(.valueRefused(value), intent: intent)
        case .valueSkipped: return presenter.notice(.valueSkipped, intent: intent)
        }
    }

    /// The domains the installed apps that may work with the assistant serve, in a fixed order.
    private func servedDomains() -> [String] {
        let apps = ((try? registry.apps()) ?? []).filter { $0.permission != .denied }
        let served = Set(apps.flatMap { $0.bundle.supportedIntents.compactMap { IntentCatalog.intent(named: $0)?.domain.rawValue } })
        return ["messaging", "calls", "payments", "rides", "workouts", "photos"].filter(served.contains)
    }

    /// The turn with the app's Intents UI view, when it has a UI extension for the intent (visual mode
    /// only). A UI extension that fails or is slow leaves the default view.
    func withSnippet(_ turn: AssistantTurn, task: IntentTask, response: INIntentResponse?, app: AppBundle) async -> AssistantTurn {
        guard presenter.mode == .visual, app.uiIntents.contains(task.intent), var endpoint = app.uiEndpoint,
              let intent = try? self.intent(for: task) else { return turn }
        endpoint.give(home: home)
        do {
            guard let view = try await extensions.configureView(for: INInteraction(intent: intent, response: response),
                                                                language: presenter.languageCode, in: endpoint) else { return turn }
            return presenter.adding(view, to: turn)
        } catch {
            logger.warning("\(app.identifier): its UI extension gave no view: \(error)")
            return turn
        }
    }

    /// Opens the app with the response's user activity, or a default one carrying the interaction.
    private func handOff(_ response: JSONValue, task: IntentTask, app: AppBundle) async -> AssistantTurn {
        var activity: [String: JSONValue] = response.objectValue?["userActivity"]?.objectValue ?? [:]
        if activity.isEmpty {
            var parameters: [String: JSONValue] = ["intent": .string(task.intent), "identifier": .string(task.identifier)]
            parameters["parameters"] = .object(task.parameters)
            activity = ["activityType": .string(task.intent),
                        "userInfo": .object(["interaction": .object(["intent": .object(parameters), "response": response])])]
        }
        let data = (try? JSONEncoder().encode(JSONValue.object(activity))) ?? Data("{}".utf8)
        let launched = await launcher.open(app, userActivity: data, home: home)
        let failure: String? = if case .failure(let error) = launched { error.message } else { nil }
        return presenter.handoff(response, context: presentationContext(task), launchFailure: failure)
    }

    /// "What can you do?": each app's example requests in the user's language.
    func discovery() -> AssistantTurn {
        let language = machine.state.language
        let apps = ((try? registry.apps()) ?? []).filter { $0.permission != .denied }
            .sorted { $0.bundle.displayName < $1.bundle.displayName }
        return presenter.discovery(apps.map { app in
            (app.bundle.displayName(language: language),
             app.bundle.examples(language: language).flatMap { $0.examples.prefix(2) })
        }.filter { !$0.1.isEmpty })
    }
}
