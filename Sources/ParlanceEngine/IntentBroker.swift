import ExtensionWire
import Foundation
@_spi(Parlance) import Intents
import Logging
import ParlanceCore
import ParlanceHosting

/// The structured-intent client: a maps client's way to the same extensions, with no
/// speech. It resolves, confirms or handles an intent given in the SDK's JSON form, for one named app
/// or, to resolve and confirm, for every allowed app that supports the intent at once (ride options from
/// every ride app), each app with its own deadline and its own answer. The voice surface's rules hold:
/// only allowed apps are called, restricted intents wait for an unlocked session, intents that need the
/// user's yes are handled only when the client says the user confirmed, handle goes to one named app
/// (unless the intent only reads, like ride options), and a handle that acts is journalled so it is
/// never sent twice.
public struct IntentBroker: Sendable {
    /// Which lifecycle call to make.
    public enum Step: String, Sendable, CaseIterable {
        case resolve, confirm, handle
    }

    /// What one app answered.
    public struct AppAnswer: Sendable {
        public enum Outcome: Sendable {
            case resolutions([ParameterResolution])
            /// A confirm or handle response; nil when the app does not implement confirm (ready).
            case response(INIntentResponse?)
            /// The app was not called: why, as a code and in words.
            case refused(code: String, message: String)
            /// The call failed (a crash, a deadline, a broken answer).
            case failed(String)
        }

        public let app: String
        public let name: String
        public let outcome: Outcome
        public let elapsed: Duration
    }

    /// Why the request as a whole cannot be carried out.
    public struct Failure: Error, Sendable {
        public enum Kind: String, Sendable {
            case unknownApp, unsupportedIntent, appRequired, confirmationRequired, notSaved
        }

        public let kind: Kind
        public let message: String
    }

    let apps: any AppRegistry
    let store: any ConversationStore
    let host: ExtensionHost
    let home: String?
    let lockSource: SessionLockSource
    let policy: ConversationPolicy
    private let logger = Logger(label: "parlance.broker")

    /// Intents that need the user's yes before handle, beyond the conversation policy's: a table booking.
    static let alsoConfirmed: Set<String> = Set(intents: [.bookRestaurantReservation])
    /// Intents whose handle only reads (ride options, free tables): they may go to every app at once, and are
    /// not journalled, since asking again should get a fresh answer.
    public static let queries: Set<String> = Set(intents: [
        .listRideOptions, .getRideStatus, .getAvailableRestaurantReservationBookings, .getAvailableRestaurantReservationBookingDefaults,
        .getUserCurrentRestaurantReservationBookings, .getRestaurantGuest, .searchForAccounts, .searchForMessages, .searchCallHistory,
        .searchForPhotos,
    ])

    public init(apps: any AppRegistry, store: any ConversationStore, host: ExtensionHost, home: String?,
                lockSource: SessionLockSource, policy: ConversationPolicy = ConversationPolicy()) {
        self.apps = apps
        self.store = store
        self.host = host
        self.home = home
        self.lockSource = lockSource
        self.policy = policy
    }

    /// Performs `step` for `intent` with the named app, or with every app that supports it.
    /// `parameters` (resolve only) defaults to all the intent's resolvable parameters, in order.
    public func perform(_ step: Step, _ intent: INIntent, app identifier: String? = nil, parameters: [String]? = nil,
                        userConfirmed: Bool = false) async throws(Failure) -> [AppAnswer] {
        let name = intent.intentName
        let targets = try targets(for: name, app: identifier, step: step)
        if step == .handle, policy.needsUserConfirmation.contains(name) || Self.alsoConfirmed.contains(name), !userConfirmed {
            throw Failure(kind: .confirmationRequired, message: "\(name) is handled only after the user confirms it; "
                + "show the confirm answer and send handle with userConfirmed: true")
        }
        if step == .handle, intent.identifier == nil { intent.assignIdentifier(UUID().uuidString) }
        let resolvable = parameters ?? (IntentCatalog.intent(named: name)?.parameters ?? [])
            .filter { $0.deprecatedAliasOf == nil }.map(\.name)
        return await withTaskGroup(of: (Int, AppAnswer).self) { group in
            for (index, app) in targets.enumerated() {
                group.addTask {
                    let began = ContinuousClock.now
                    let outcome = await call(step, intent, app: app, parameters: resolvable)
                    return (index, AppAnswer(app: app.bundle.identifier, name: app.bundle.displayName, outcome: outcome,
                                             elapsed: ContinuousClock.now - began))
                }
            }
            var answers: [(Int, AppAnswer)] = []
            for await answer in group { answers.append(answer) }
            return answers.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    private func targets(for intent: String, app identifier: String?, step: Step) throws(Failure) -> [InstalledApp] {
        let installed: [InstalledApp]
        do {
            installed = try apps.apps()
        } catch {
            throw Failure(kind: .notSaved, message: "the installed apps could not be read: \(error.message)")
        }
        if let identifier {
            guard let app = installed.first(where: { $0.bundle.identifier == identifier }) else {
                throw Failure(kind: .unknownApp, message: "app \(identifier) is not installed")
            }
            guard app.bundle.supportedIntents.contains(intent) else {
                throw Failure(kind: .unsupportedIntent, message: "\(app.bundle.displayName) does not support \(intent)")
            }
            return [app]
        }
        guard step != .handle || Self.queries.contains(intent) else {
            throw Failure(kind: .appRequired, message: "handle of \(intent) goes to one app: name it with \"app\"")
        }
        // Every app that can, except those the user denied (they are never called, nor listed).
        return installed.filter { $0.bundle.supportedIntents.contains(intent) && $0.permission != .denied }
    }

    private func call(_ step: Step, _ intent: INIntent, app: InstalledApp, parameters: [String]) async -> AppAnswer.Outcome {
        let bundle = app.bundle
        switch app.permission {
        case .denied:
            return .refused(code: "permissionDenied", message: "\(bundle.displayName) is not allowed to work with Parlance")
        case .notDetermined:
            return .refused(code: "permissionNotDetermined",
                            message: "\(bundle.displayName) has not been allowed to work with Parlance yet: "
                                + (bundle.usageDescription ?? "it gave no reason"))
        case .allowed: break
        }
        let name = intent.intentName
        let restricted = policy.alwaysRestrictedWhileLocked.contains(name)
            || (bundle.intentsExtension?.restrictedWhileLocked ?? []).contains(name)
        if restricted && lockSource.isLocked() {
            return .refused(code: "locked", message: "\(name) needs the session unlocked (parlance unlock)")
        }
        guard var endpoint = bundle.intentsEndpoint else {
            return .refused(code: "noExtension", message: "\(bundle.displayName) has no Intents extension")
        }
        endpoint.give(home: home)
        do {
            switch step {
            case .resolve:
                return .resolutions(try await host.resolve(parameters, of: intent, in: endpoint))
            case .confirm:
                return .response(try await host.confirm(intent, in: endpoint))
            case .handle where Self.queries.contains(name):
                return .response(try await host.handle(intent, in: endpoint))
            case .handle:
                return try await handle(intent, app: app, endpoint: endpoint)
            }
        } catch {
            logger.warning("\(bundle.displayName): \(error.message)")
            return .failed(error.message)
        }
    }

    /// Handle, journalled like the conversation's (`HandleJournalSteps`): never sent twice unless the app
    /// answers repeats.
    private func handle(_ intent: INIntent, app: InstalledApp, endpoint: ExtensionEndpoint) async throws(HostingError)
        -> AppAnswer.Outcome {
        let identifier = intent.identifier ?? UUID().uuidString
        let idempotent = app.bundle.intentsExtension?.handleIsIdempotent ?? false
        let intentJSON: String
        do {
            switch try store.journalEntry(intentIdentifier: identifier) {
            case .finished(let recordedApp, _, let recorded, _)? where recordedApp == app.bundle.identifier:
                // Handled before and answered: the recorded answer, without asking the app again.
                if let response = try? JSONDecoder().decode(AnyIntentResponse.self, from: Data(recorded.utf8)).response {
                    return .response(response)
                }
            case .decided(let recordedApp, _, _)?, .sent(let recordedApp, _, _)?, .finished(let recordedApp, _, _, _)?:
                if recordedApp != app.bundle.identifier {
                    return .refused(code: "identifierInUse", message: "the intent identifier \(identifier) was already "
                        + "used for another app; give each intent its own identifier")
                }
            case nil:
                break
            }
            intentJSON = String(decoding: try IntentJSON.encode(AnyIntent(intent)), as: UTF8.self)
        } catch let error as StoreError {
            return .failed("the journal could not be read, so nothing was sent: \(error.message)")
        } catch {
            return .failed("the intent could not be journalled, so nothing was sent: \(error)")
        }
        let journal = HandleJournalSteps(store: store, identifier: identifier, app: app.bundle.identifier,
                                         intent: intentJSON, state: nil, session: "intents", resending: idempotent)
        let response: INIntentResponse
        do {
            response = try await host.handle(intent, in: endpoint, beforeStarting: journal.beforeStarting,
                                             beforeSending: journal.beforeSending)
        } catch where error.kind == .notSent {
            switch journal.refusal {
            case .alreadyHandled?:
                // A repeat of a handle already sent: answered from the journal, never sent again.
                if case .finished(_, _, let recorded, _)? = try? store.journalEntry(intentIdentifier: identifier),
                   let response = try? JSONDecoder().decode(AnyIntentResponse.self, from: Data(recorded.utf8)).response {
                    return .response(response)
                }
                return .refused(code: "alreadySent", message: "this intent (\(identifier)) was already sent to "
                    + "\(app.bundle.displayName) and its answer is not known; check the app before trying again")
            case .failed(let reason)?:
                return .failed("the journal could not be written, so nothing was sent: \(reason)")
            case nil:
                throw error
            }
        }
        do {
            let json = String(decoding: try IntentJSON.encode(AnyIntentResponse(response)), as: UTF8.self)
            try store.finishHandling(intentIdentifier: identifier, response: json)
        } catch {
            logger.error("the outcome of \(identifier) could not be journalled: \(error)")
        }
        return .response(response)
    }
}
