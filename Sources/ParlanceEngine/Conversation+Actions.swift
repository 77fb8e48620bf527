import ExtensionWire
import Foundation
import Synchronization
@_spi(Parlance) import Intents
import ParlanceCore
import ParlanceHosting
import ParlancePresentation

extension Conversation {
    /// Performs one action: the turns it produced for the user, and the event it produced for the machine.
    func perform(_ action: ConversationAction) async -> ([AssistantTurn], ConversationEvent?) {
        switch action {
        case let .ask(question, task, repeated, resumed):
            var turn = presenter.question(prompt(for: question, task: task), repeated: repeated,
                                          context: presentationContext(task))
            if resumed { turn = presenter.resumed(turn) }
            if question == .confirmIntent, !repeated, !resumed, let app = task.app.flatMap(installedApp) {
                turn = await withSnippet(turn, task: task, response: lastConfirmResponse, app: app.bundle)
            }
            return ([turn], nil)
        case let .setPermission(permission, app):
            forgetApp(app)
            do {
                try registry.setPermission(permission, for: app)
                return ([], nil)
            } catch {
                return ([presenter.notice(.notSaved(reason: error.message))], nil)
            }
        case .openWithoutAsking(let app):
            do {
                try registry.setOpensWithoutAsking(true, for: app)
                return ([], nil)
            } catch {
                return ([presenter.notice(.notSaved(reason: error.message))], nil)
            }
        case let .preferApp(app, domain):
            do {
                try registry.setPreferredApp(app, domain: domain)
                let name = installedApp(app)?.bundle.displayName(language: machine.state.language) ?? app
                return ([presenter.defaultChosen(app: name, domain: domain)], nil)
            } catch {
                return ([presenter.notice(.notSaved(reason: error.message))], nil)
            }
        case .markDefaultOffered(let domain):
            do {
                try registry.markDefaultOffered(domain: domain)
            } catch {
                // The offer may come again; nothing the user relies on is lost.
                logger.warning("the offer of a default for \(domain) could not be recorded: \(error)")
            }
            return ([], nil)
        case .findRide(let task):
            return ([], await findRide(task))
        case let .resolve(parameters, task):
            return ([], await resolve(parameters, task: task))
        case .confirm(let task):
            return ([], await confirm(task))
        case .handle(let task):
            outcomeNotYetShown = true
            return await handle(task, resending: false)
        case .resendHandle(let task):
            outcomeNotYetShown = true
            return await handle(task, resending: true)
        case let .end(ending, task):
            return ([presenter.ending(ending, context: presentationContext(task))], nil)
        case let .report(report, task):
            return ([await present(report, task: task)], nil)
        case let .tell(trouble, task):
            return ([tell(trouble, task: task)], nil)
        case .discovery:
            return ([discovery()], nil)
        }
    }

    // MARK: Extension calls

    private func findRide(_ task: IntentTask) async -> ConversationEvent {
        guard let (_, endpoint) = endpoint(for: task) else { return .appMissing }
        let status = INGetRideStatusIntent()
        status.assignIdentifier(task.identifier + "-status")
        do {
            let response = try await extensions.handle(status, in: endpoint)
            let json = try Self.json(response)
            return .rideFound(json.objectValue?["properties"]?.objectValue?["rideStatus"]?.objectValue?[.rideIdentifier])
        } catch {
            return .rideFound(nil)
        }
    }

    private func resolve(_ parameters: [String], task: IntentTask) async -> ConversationEvent {
        guard let (_, endpoint) = endpoint(for: task) else { return .appMissing }
        do {
            let resolutions = try await extensions.resolve(parameters, of: try intent(for: task), in: endpoint,
                                                           progress: waitingReporter(task))
            var results: [String: [ResolutionOutcome]] = [:]
            for resolution in resolutions {
                if let list = resolution.results { results[resolution.parameter] = try list.map { try ResolutionOutcome($0.result) } }
            }
            return .resolved(results)
        } catch {
            return failed(error, task: task)
        }
    }

    private func confirm(_ task: IntentTask) async -> ConversationEvent {
        guard let (_, endpoint) = endpoint(for: task) else { return .appMissing }
        do {
            let response = try await extensions.confirm(try intent(for: task), in: endpoint, progress: waitingReporter(task))
            lastConfirmResponse = response
            return .confirmed(code: response?.codeName, response: try response.map(Self.json))
        } catch {
            return failed(error, task: task)
        }
    }

    /// Asks the extension to handle the intent, journalled so it is never sent twice: the decision (with
    /// the state, in one transaction) before the extension has to start, and the request as sent just
    /// before it leaves — both in one synced write when the extension is running (`HandleJournalSteps`).
    /// `resending` sends again an intent sent before a restart (to an app that answers a repeated intent
    /// from its record).
    private func handle(_ task: IntentTask, resending: Bool) async -> ([AssistantTurn], ConversationEvent?) {
        guard let (app, endpoint) = endpoint(for: task) else { return ([], .appMissing) }
        let intent: INIntent
        let intentJSON: Data
        let state: Data?
        do {
            intent = try self.intent(for: task)
            intentJSON = try JSONValueEncoder().encode(AnyIntent(intent)).jsonData()
        } catch {
            return ([], failed(error, task: task))
        }
        // Saved with the decision: where the app's record of this request will be (see `facts(for:)`).
        if case .handling(var handling) = machine.state.stage, handling.sentFrom != appDataPlace {
            handling.sentFrom = appDataPlace
            machine.state.stage = .handling(handling)
        }
        do {
            state = try encodedState()
        } catch {
            return ([], .journalFailed(reason: "\(error)"))
        }
        let journal = HandleJournalSteps(store: store, identifier: task.identifier, app: app.identifier,
                                         intent: String(decoding: intentJSON, as: UTF8.self), state: state,
                                         session: session, resending: resending)
        let progress = waitingReporter(task)
        let response: INIntentResponse
        do {
            response = try await extensions.handle(intent, in: endpoint, beforeStarting: journal.beforeStarting,
                                                   beforeSending: journal.beforeSending, progress: progress)
        } catch where error.kind == .notSent {
            if journal.stateSaved { noteSaved(state) }
            switch journal.refusal {
            case .alreadyHandled?: return ([], .alreadyHandled)
            case .failed(let reason)?: return ([], .journalFailed(reason: reason))
            case nil: return ([], .journalFailed(reason: error.message))
            }
        } catch {
            if journal.stateSaved { noteSaved(state) }
            logger.warning("\(task.app ?? "?"): handle failed: \(error)")
            return ([], .handleFailed(reason: error.kind.rawValue))
        }
        noteSaved(state)
        lastHandleResponse = response
        let json: JSONValue
        do {
            json = try Self.json(response)
        } catch {
            logger.warning("\(task.app ?? "?"): its handle response could not be read: \(error)")
            return ([], .handleFailed(reason: HostingError.Kind.malformedMessage.rawValue))
        }
        var turns: [AssistantTurn] = []
        do {
            try store.finishHandling(intentIdentifier: task.identifier,
                                     response: String(decoding: try json.jsonData(), as: UTF8.self))
        } catch {
            // The app did the work; the user hears the result, and that the record of it is missing.
            logger.error("the journal could not record \(task.identifier)'s response: \(error)")
            turns.append(presenter.notice(.notSaved(reason: (error as? StoreError)?.message ?? "\(error)")))
        }
        return (turns, .handled(code: response.codeName, response: json))
    }

    /// Tells the user once per call, after a second, that the app is still working ("Waiting for APP…").
    private func waitingReporter(_ task: IntentTask) -> (@Sendable (Duration) -> Void)? {
        guard let listener = progressListener else { return nil }
        let waiting = presenter.notice(.waiting(app: presentationContext(task).app), intent: task.intent)
        let told = Mutex(false)
        return { elapsed in
            guard elapsed >= .seconds(1), told.withLock({ told in defer { told = true }; return !told }) else { return }
            listener(waiting)
        }
    }

    private func failed(_ error: any Error, task: IntentTask) -> ConversationEvent {
        logger.warning("\(task.app ?? "?"): \(error)")
        // The user hears the kind of failure in plain words; the details are in the log and the app's activity log.
        return .extensionFailed(reason: (error as? HostingError)?.kind.rawValue ?? "")
    }

    /// An SDK response in its JSON form.
    static func json(_ response: INIntentResponse) throws -> JSONValue {
        try JSONValueEncoder().encode(AnyIntentResponse(response))
    }

    func endpoint(for task: IntentTask) -> (AppBundle, ExtensionEndpoint)? {
        guard let identifier = task.app, let app = installedApp(identifier),
              var endpoint = app.bundle.intentsEndpoint else { return nil }
        endpoint.give(home: home)
        return (app.bundle, endpoint)
    }
}
