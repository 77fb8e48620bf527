import Foundation
import Intents
import IntentsUI
import ParlanceCore

/// Turns conversation events into turns with a verbal and a visual form, adapted to the mode: in
/// visual mode the card carries the details and the words stay short; in voice mode the words carry
/// everything and there is no card.
public struct ConversationPresenter: Sendable {
    public var mode: PresentationMode
    let phrases: any ConversationPhrases

    /// A presenter for a mode, speaking a language ("en", "fr-FR").
    public init(mode: PresentationMode, language: String = "en") {
        self.mode = mode
        self.phrases = ConversationPhrasebook.phrases(for: language)
    }

    /// What the presenter needs to know about the request.
    public struct Context: Sendable {
        public var app: String
        public var intent: String
        public var parameters: [String: JSONValue]
        public var appWasNamed: Bool

        public init(app: String, intent: String, parameters: [String: JSONValue], appWasNamed: Bool) {
            self.app = app
            self.intent = intent
            self.parameters = parameters
            self.appWasNamed = appWasNamed
        }
    }

    // MARK: Questions

    /// A question, with its options and the card that shows it.
    public func question(_ prompt: Prompt, repeated: Bool, context: Context) -> AssistantTurn {
        var speech: String
        var options: [String] = []
        let step: String
        switch prompt {
        case .chooseApp(let names):
            options = names
            speech = names.count == 1 ? phrases.useApp(names[0]) : phrases.chooseApp(options)
            step = "app"
        case let .permission(usage, outsideCode, appChanged):
            speech = phrases.permission(app: context.app, usage: usage)
            if !outsideCode.isEmpty {
                speech = phrases.runsOutsideCode(app: context.app, programs: outsideCode.joined(separator: ", ")) + " " + speech
            }
            if appChanged { speech = phrases.appChanged(app: context.app) + " " + speech }
            step = "permission"
        case .unlock:
            speech = phrases.unlock()
            step = "unlock"
        case let .value(parameter, current, reason):
            let current = current.map { ValueText.describe($0, language: phrases.code) }
            switch reason {
            case .missing: speech = phrases.askValue(asked(parameter, context: context))
            case .moreDetails: speech = phrases.askMoreDetails(parameter, value: current)
            case .refused: speech = phrases.askAfterRefusal(parameter)
            case .required:
                speech = RepairPhrases(code: phrases.code).needed() + " " + phrases.askValue(asked(parameter, context: context))
            case .unsupported(let why):
                speech = phrases.unsupported(parameter, value: current, reason: why, app: context.app)
            }
            step = "value:\(parameter)"
        case let .choice(parameter, items):
            options = items.map { ValueText.describe($0, language: phrases.code) }
            speech = phrases.askChoice(parameter, options: options)
            step = "choice:\(parameter)"
        case let .confirmValue(parameter, value):
            speech = phrases.askConfirmValue(asked(parameter, context: context),
                                             value: ValueText.describe(value, language: phrases.code))
            step = "confirmValue:\(parameter)"
        case .confirmIntent(let response):
            return confirmIntent(context: context, confirmResponse: response, repeated: repeated)
        case .openApp(let response):
            return openApp(response, context: context, repeated: repeated)
        case let .valueOrRequest(parameter, text, assistant, request):
            let repair = RepairPhrases(code: phrases.code)
            let alternative = request.flatMap(repair.alternative)
            let recipients = context.intent == IntentName.sendMessage.rawValue && parameter == ParameterName.content.rawValue
                ? context.parameters[.recipients].map { ValueText.describe($0, language: phrases.code) }.flatMap { $0.isEmpty ? nil : $0 }
                : nil
            speech = repair.valueOrRequest(text, note: parameter == ParameterName.note.rawValue, to: recipients, alternative: alternative,
                                           assistant: assistant)
            options = repair.valueOrRequestOptions(note: parameter == ParameterName.note.rawValue, alternative: alternative, assistant: assistant)
            step = "valueOrRequest:\(parameter)"
        case .makeDefault(let domain):
            speech = DefaultAppPhrases(code: phrases.code).offer(app: context.app, domain: domain)
            options = Array(phrases.openAppOptions().prefix(2))
            step = "makeDefault"
        }
        if repeated { speech = phrases.again(speech) }
        // Until an app is chosen, the card is titled after the question, not "the app".
        let title = step == "app" ? phrases.chooseAppTitle() : context.app
        let card = mode == .visual ? Card(style: .question, title: title, body: speech, options: options) : nil
        return AssistantTurn(kind: .question, speech: speech, card: card, options: options, app: context.app,
                             intent: context.intent, parameters: context.parameters, step: step)
    }

    /// What the request does or did, built once for the phrase book.
    private func summary(_ context: Context, properties: [String: JSONValue]) -> RequestSummary {
        RequestSummary(intent: context.intent, parameters: context.parameters, properties: properties, language: phrases.code)
    }

    private func asked(_ parameter: String, context: Context) -> AskedValue {
        AskedValue(intent: context.intent, parameter: parameter, parameters: context.parameters, language: phrases.code)
    }

    /// The final question before handle, with what the extension's confirm said would happen.
    func confirmIntent(context: Context, confirmResponse: JSONValue?, repeated: Bool) -> AssistantTurn {
        let properties = confirmResponse?.objectValue?["properties"]?.objectValue ?? [:]
        let details = mode == .voice ? spokenDetails(context: context, properties: properties) : []
        var speech = phrases.confirmIntent(summary(context, properties: [:]), intent: context.intent, app: context.app,
                                           details: details)
        if repeated { speech = phrases.again(speech) }
        var card: Card?
        if mode == .visual {
            card = domainCard(context: context, properties: properties)
            card?.footer = phrases.confirmFooter()
        }
        return AssistantTurn(kind: .question, speech: speech, card: card, app: context.app, intent: context.intent,
                             parameters: context.parameters, responseCode: confirmResponse?.objectValue?["code"]?.stringValue,
                             step: "confirmIntent")
    }

    /// "Found 14 photos. Open MonkeyPhotos to finish this?", with yes, no and always as options and the app's
    /// answer in the card.
    func openApp(_ response: JSONValue, context: Context, repeated: Bool) -> AssistantTurn {
        let code = response.objectValue?["code"]?.stringValue ?? ResponseCodeName.continueInApp.rawValue
        let properties = response.objectValue?["properties"]?.objectValue ?? [:]
        let done = code.hasPrefix("failure") ? nil : phrases.done(summary(context, properties: properties))
        var speech = phrases.openApp(app: context.app, done: done)
        if repeated { speech = phrases.again(speech) }
        let options = phrases.openAppOptions()
        var card: Card?
        if mode == .visual {
            card = domainCard(context: context, properties: properties)
            card?.options = options
        }
        return AssistantTurn(kind: .question, speech: speech, card: card, options: options, app: context.app,
                             intent: context.intent, parameters: context.parameters,
                             responseCode: code, step: "openApp")
    }

    // MARK: Results

    /// The result of handle (or a confirm failure), with everything the response carries.
    public func result(_ response: JSONValue, context: Context) -> AssistantTurn {
        let object = response.objectValue ?? [:]
        let code = object["code"]?.stringValue ?? "success"
        let properties = object["properties"]?.objectValue ?? [:]
        if code.hasPrefix("failure") {
            let speech = phrases.failure(code, app: context.app)
            return AssistantTurn(kind: .failure, speech: speech,
                                 card: mode == .visual ? Card(style: .notice, title: context.app, body: speech) : nil,
                                 app: context.app, intent: context.intent, parameters: context.parameters,
                                 responseCode: code, step: "failed")
        }
        var speech = phrases.done(summary(context, properties: properties))
        if !context.appWasNamed { speech = phrases.doneWithApp(speech, app: context.app) }
        if mode == .voice {
            let details = spokenDetails(context: context, properties: properties)
            if !details.isEmpty { speech += " " + details.joined(separator: "; ") + "." }
        }
        return AssistantTurn(kind: .result, speech: speech,
                             card: mode == .visual ? domainCard(context: context, properties: properties) : nil,
                             app: context.app, intent: context.intent, parameters: context.parameters,
                             responseCode: code, step: "handled")
    }

    /// The request continues in the background.
    public func inProgress(_ response: JSONValue, context: Context) -> AssistantTurn {
        let properties = response.objectValue?["properties"]?.objectValue ?? [:]
        let speech = phrases.inProgress(app: context.app)
        return AssistantTurn(kind: .result, speech: speech,
                             card: mode == .visual ? domainCard(context: context, properties: properties) : nil,
                             app: context.app, intent: context.intent, parameters: context.parameters,
                             responseCode: ResponseCodeName.inProgress.rawValue, step: ResponseCodeName.inProgress.rawValue)
    }

    /// A status update that arrived after the conversation moved on (a ride on its way).
    public func update(_ response: JSONValue, context: Context) -> AssistantTurn {
        let properties = response.objectValue?["properties"]?.objectValue ?? [:]
        let status = properties["rideStatus"]?.objectValue ?? [:]
        let phase = status["phase"]?.stringValue ?? "unknown"
        var speech = phrases.rideUpdate(app: context.app, phase: phase)
        let details = spokenDetails(context: context, properties: properties)
        if mode == .voice, !details.isEmpty { speech += " " + details.joined(separator: "; ") + "." }
        return AssistantTurn(kind: .progress, speech: speech,
                             card: mode == .visual ? domainCard(context: context, properties: properties) : nil,
                             app: context.app, intent: context.intent,
                             responseCode: response.objectValue?["code"]?.stringValue, step: "update:\(phase)")
    }

    /// The request was handed to the app.
    /// - Parameter launchFailure: why the app could not be opened, or nil when it was.
    public func handoff(_ response: JSONValue, context: Context, launchFailure: String?) -> AssistantTurn {
        let code = response.objectValue?["code"]?.stringValue ?? ResponseCodeName.continueInApp.rawValue
        let properties = response.objectValue?["properties"]?.objectValue ?? [:]
        let speech: String
        if let launchFailure {
            speech = phrases.handOffFailed(app: context.app, reason: launchFailure)
        } else {
            let done = code.hasPrefix("failure") ? nil : phrases.done(summary(context, properties: properties))
            speech = phrases.handedOff(done: done, app: context.app)
        }
        return AssistantTurn(kind: .result, speech: speech,
                             card: mode == .visual ? domainCard(context: context, properties: properties) : nil,
                             app: context.app, intent: context.intent, parameters: context.parameters,
                             responseCode: code, step: "handoff")
    }

    /// The user would not have the app opened: a plain word, and the app's answer still in the card.
    public func notOpened(_ response: JSONValue, context: Context) -> AssistantTurn {
        let properties = response.objectValue?["properties"]?.objectValue ?? [:]
        return AssistantTurn(kind: .notice, speech: phrases.notOpened(app: context.app),
                             card: mode == .visual ? domainCard(context: context, properties: properties) : nil,
                             app: context.app, intent: context.intent, parameters: context.parameters,
                             responseCode: response.objectValue?["code"]?.stringValue, step: "notOpened")
    }

    /// A plain notice or failure with no domain card.
    public func notice(_ speech: String, kind: AssistantTurn.Kind = .notice, step: String, app: String? = nil,
                       intent: String? = nil) -> AssistantTurn {
        AssistantTurn(kind: kind, speech: speech,
                      card: mode == .visual ? Card(style: .notice, title: app ?? "Parlance", body: speech) : nil,
                      app: app, intent: intent, step: step)
    }

    /// A notice in words, with its kind and step.
    public func notice(_ notice: Notice, intent: String? = nil) -> AssistantTurn {
        switch notice {
        case .notUnderstood(let reason?):
            return self.notice(reason.prefix(1).uppercased() + reason.dropFirst() + ".", kind: .failure, step: "notUnderstood")
        case .notUnderstood(nil):
            return self.notice(phrases.notUnderstood(), step: "notUnderstood")
        case .cannotHelp(let domains):
            return self.notice(phrases.cannotHelp(domains: domains), step: "notUnderstood")
        case .appCannot(let app):
            return self.notice(phrases.appCannot(app: app), step: "notUnderstood", app: app)
        case .interrupted(let app):
            return self.notice(phrases.interrupted(app: app), kind: .failure, step: "interrupted", app: app, intent: intent)
        case .alreadyHandled(let app):
            return self.notice(phrases.alreadyHandled(app: app), kind: .failure, step: "alreadyHandled", app: app)
        case let .notRecorded(app, reason):
            return self.notice(phrases.notRecorded(reason: reason), kind: .failure, step: "storeFailed", app: app)
        case .waiting(let app):
            return self.notice(phrases.waiting(app: app), kind: .progress, step: "waiting", app: app, intent: intent)
        case .rideUpdatesInterrupted(let app):
            return self.notice(phrases.rideUpdatesInterrupted(app: app), kind: .progress, step: "rideUpdatesInterrupted",
                               app: app, intent: intent)
        case .rideUpdatesLost(let app):
            return self.notice(phrases.rideUpdatesLost(app: app), kind: .failure, step: "rideUpdatesLost", app: app,
                               intent: intent)
        case let .handleFailed(app, reason):
            return self.notice(phrases.handleFailed(app: app, reason: reason), kind: .failure, step: "handleFailed",
                               app: app, intent: intent)
        case .noRideToCancel(let app):
            return self.notice(phrases.noRideToCancel(app: app), step: "nothingToCancel", app: app, intent: intent)
        case .appMissing(let app):
            let name = app ?? phrases.unnamedApp()
            return self.notice(phrases.appMissing(app: name.prefix(1).uppercased() + name.dropFirst()), kind: .failure,
                               step: "appMissing")
        case let .extensionFailed(app, reason):
            return self.notice(phrases.extensionFailed(app: app, reason: reason), kind: .failure, step: "extensionFailed",
                               app: app, intent: intent)
        case .notSaved(let reason):
            return self.notice(phrases.notSaved(reason: reason), kind: .failure, step: "storeFailed")
        case .valueRefused(let value):
            return self.notice(phrases.valueRefused(said: value.said, reason: value.reason), step: "valueRefused", intent: intent)
        case .valueSkipped:
            return self.notice(RepairPhrases(code: phrases.code).skipped(), step: "skipped", intent: intent)
        }
    }

    /// A question asked again after a restart.
    public func resumed(_ turn: AssistantTurn) -> AssistantTurn {
        var turn = turn
        turn.speech = phrases.resumed(turn.speech)
        return turn
    }

    /// A result recorded before a restart, told after it.
    public func beforeRestart(_ turn: AssistantTurn) -> AssistantTurn {
        var turn = turn
        turn.speech = phrases.beforeRestart(turn.speech)
        return turn
    }

    /// "What can you do?": example requests per app (display name, examples), in the order given.
    public func discovery(_ apps: [(name: String, examples: [String])]) -> AssistantTurn {
        let rows = apps.flatMap { app in app.examples.map { Card.Row(app.name, "“\($0)”") } }
        guard !rows.isEmpty else { return notice(phrases.noApps(), step: "discovery") }
        var turn = notice(phrases.discovery(apps.compactMap(\.examples.first)), step: "discovery")
        turn.card = mode == .visual ? Card(style: .notice, title: phrases.discoveryTitle(), rows: rows) : nil
        turn.options = rows.map(\.value)
        return turn
    }

    /// How to call an app whose name is unknown, in the presenter's language ("the app").
    public var unnamedApp: String { phrases.unnamedApp() }

    /// Why an app's extension failed, in plain words: `kind` is a `HostingError.Kind` name.
    public func faultWords(_ kind: String) -> String { FaultWords(code: phrases.code).words(for: kind) }

    /// The answers offered when asking whether words were meant as a value or as something else; `request`
    /// names the other request ("Call Bobo"), as the question did.
    public func valueOrRequestOptions(parameter: String, assistant: Bool, request: RequestSummary? = nil) -> [String] {
        let repair = RepairPhrases(code: phrases.code)
        return repair.valueOrRequestOptions(note: parameter == ParameterName.note.rawValue, alternative: request.flatMap(repair.alternative),
                                            assistant: assistant)
    }

    /// The answers that count at that question: its options and, when the other request is named, the
    /// plain word for it too ("a new request"), which means the second option.
    public func valueOrRequestAnswers(parameter: String, assistant: Bool, request: RequestSummary?) -> [String] {
        let options = valueOrRequestOptions(parameter: parameter, assistant: assistant, request: request)
        let plain = valueOrRequestOptions(parameter: parameter, assistant: assistant)
        return options + (options == plain ? [] : [plain[1]])
    }

    /// The answers offered when asking to open an app, in the order yes, no, always ("Yes", "No", "Always").
    public var openAppOptions: [String] { phrases.openAppOptions() }

    /// The language the presenter speaks ("en").
    public var languageCode: String { phrases.code }

    /// How a conversation ended without handle.
    public func ending(_ ending: ConversationEnding, context: Context?) -> AssistantTurn {
        let app = context?.app ?? phrases.unnamedApp()
        switch ending {
        case .cancelled: return notice(phrases.cancelled(), step: "cancelled", app: context?.app)
        case .declined: return notice(phrases.declined(), step: "declined", app: context?.app)
        case .permissionDenied(let identifier):
            return notice(phrases.permissionDenied(app: app, identifier: identifier), step: "permissionDenied",
                          app: context?.app)
        case .stayedLocked:
            return notice(phrases.stayedLocked(), step: "locked", app: context?.app)
        case .gaveUp(let step):
            return notice(phrases.gaveUp(step: step, app: app), step: "gaveUp", app: context?.app)
        case .setAside:
            return notice(RepairPhrases(code: phrases.code).setAside(), step: "setAside", app: context?.app)
        case .defaultDeclined:
            return notice(DefaultAppPhrases(code: phrases.code).declined(), step: "defaultDeclined", app: context?.app)
        case .confirmFailed(let response):
            var turn = result(response, context: context ?? Context(app: app, intent: "", parameters: [:],
                                                                       appWasNamed: true))
            turn.step = "confirmFailed"
            return turn
        }
    }

    /// The turn with the app's UI extension view in its card: alone when the view replaces the default
    /// one, else below it. Voice mode has no cards, so the turn is unchanged.
    public func adding(_ view: INUIView, to turn: AssistantTurn) -> AssistantTurn {
        guard mode == .visual else { return turn }
        var turn = turn
        let rows = view.elements.map(Self.row)
        if view.replacesDefaultView || turn.card == nil {
            turn.card = Card(style: .snippet, title: turn.app ?? "", rows: rows, footer: turn.card?.footer)
        } else {
            turn.card?.rows += rows
        }
        return turn
    }

    static func row(_ element: INUIElement) -> Card.Row {
        switch element {
        case let .text(text, style): return Card.Row("", style == .title ? text.uppercased() : text)
        case let .keyValue(key, value): return Card.Row(key, value)
        case let .progress(fraction, label):
            let filled = Int((min(max(fraction, 0), 1) * 10).rounded())
            return Card.Row(label, String(repeating: "▓", count: filled) + String(repeating: "░", count: 10 - filled)
                            + " \(Int((fraction * 100).rounded())) %")
        case let .mapPin(label, latitude, longitude):
            return Card.Row("⌖", "\(label) (\(String(format: "%.3f", latitude)), \(String(format: "%.3f", longitude)))")
        case let .image(_, description): return Card.Row("", "[\(description.isEmpty ? "image" : description)]")
        }
    }

    // MARK: Domain views

    private func rows(context: Context, properties: [String: JSONValue]) -> [Card.Row] {
        var rows: [Card.Row] = []
        func add(_ label: String, _ value: JSONValue?) {
            if let value, case let text = ValueText.describe(value, language: phrases.code), !text.isEmpty { rows.append(Card.Row(label, text)) }
        }
        let p = context.parameters
        switch IntentName(context.intent) {
        case .sendMessage?: add(phrases.cardLabel("To"), p[.recipients])
        case .sendPayment?, .requestPayment?:
            let record = properties["paymentRecord"]?.objectValue ?? [:]
            add(phrases.cardLabel(context.intent == IntentName.sendPayment.rawValue ? "To" : "From"),
                p[.payee] ?? p[.payer] ?? record[.payee] ?? record[.payer])
            add(phrases.cardLabel("Amount"), p[.currencyAmount] ?? record[.currencyAmount])
            add(phrases.cardLabel("Fee"), record["feeAmount"])
            add(phrases.cardLabel("Note"), p[.note] ?? record[.note])
            add(phrases.cardLabel("Status"), record["status"].map { .string(phrases.caseWords($0.stringValue ?? "")) })
        case .requestRide?, .getRideStatus?, .cancelRide?:
            let status = properties["rideStatus"]?.objectValue ?? [:]
            let option = status["rideOption"]?.objectValue ?? [:]
            add(phrases.cardLabel("Ride"), option["name"].map { $0 } ?? p[.rideOptionName])
            add(phrases.cardLabel("From"), status[.pickupLocation] ?? p[.pickupLocation])
            add(phrases.cardLabel("To"), status[.dropOffLocation] ?? p[.dropOffLocation])
            add(phrases.cardLabel("Pickup"), status["estimatedPickupDate"] ?? option["estimatedPickupDate"])
            if let range = option["priceRange"]?.objectValue { add(phrases.cardLabel("Price"), .string(priceRange(range))) }
            add(phrases.cardLabel("Driver"), status["driver"])
            if let vehicle = status["vehicle"]?.objectValue {
                let name = [vehicle["manufacturer"], vehicle["model"]].compactMap { $0?.stringValue }.joined(separator: " ")
                add(phrases.cardLabel("Vehicle"), .string([name, vehicle["registrationPlate"]?.stringValue ?? ""]
                    .filter { !$0.isEmpty }.joined(separator: ", ")))
            }
            add(phrases.cardLabel("Status"), status["phase"].map { .string(phrases.caseWords($0.stringValue ?? "")) })
            add(phrases.cardLabel("Cancellation fee"), properties["cancellationFee"])
        case .listRideOptions?:
            for option in properties["rideOptions"]?.arrayValue ?? [] {
                guard let option = option.objectValue, let name = option["name"]?.stringValue else { continue }
                var value = option["priceRange"]?.objectValue.map(priceRange) ?? ""
                if let pickup = option["estimatedPickupDate"] { value += ", \(phrases.cardLabel("pickup")) \(ValueText.describe(pickup, language: phrases.code))" }
                rows.append(Card.Row(name, value))
            }
        case let name? where name.domain == .workouts:
            add(phrases.cardLabel("Workout"), p[.workoutName])
            if let goal = p[.goalValue] {
                let unit = p[.workoutGoalUnitType]?.stringValue.map(phrases.caseWords) ?? ""
                add(phrases.cardLabel("Goal"), .string("\(ValueText.describe(goal, language: phrases.code)) \(unit)".trimmingCharacters(in: .whitespaces)))
            }
            add(phrases.cardLabel("Where"), p[.workoutLocationType])
        case .startCall?, .startAudioCall?, .startVideoCall?:
            add(phrases.cardLabel("Call"), p[.contacts])
            add(phrases.cardLabel("Type"), p[.callCapability].map { .string(phrases.caseWords($0.stringValue ?? "")) })
        case .searchCallHistory?:
            for record in (properties["callRecords"]?.arrayValue ?? []).prefix(5) {
                let object = record.objectValue ?? [:]
                rows.append(Card.Row(object["caller"].map { ValueText.describe($0, language: phrases.code) } ?? phrases.cardLabel("Unknown"),
                                     [object["callRecordType"]?.stringValue.map(phrases.caseWords),
                                      object[.dateCreated].map { ValueText.describe($0, language: phrases.code) }].compactMap { $0 }
                                         .joined(separator: ", ")))
            }
        case .searchForPhotos?, .startPhotoPlayback?:
            add(phrases.cardLabel("Album"), p[.albumName])
            add(phrases.cardLabel("People"), p[.peopleInPhoto])
            add(phrases.cardLabel("Tags"), p[.searchTerms])
            add(phrases.cardLabel("Place"), p[.locationCreated])
            add(phrases.cardLabel("Date"), p[.dateCreated])
            add(phrases.cardLabel("Photos"), properties["searchResultsCount"])
        case .searchForMessages?:
            for message in (properties["messages"]?.arrayValue ?? []).prefix(5) {
                let object = message.objectValue ?? [:]
                rows.append(Card.Row(object[.sender].map { ValueText.describe($0, language: phrases.code) } ?? phrases.cardLabel("You"),
                                     object[.content]?.stringValue ?? ""))
            }
        default:
            for (name, value) in p.sorted(by: { $0.key < $1.key }) { add(phrases.label(name).capitalized, value) }
        }
        return rows
    }

    private func priceRange(_ range: [String: JSONValue]) -> String {
        let code = range["currencyCode"]?.stringValue
        let low = range["minimumPrice"].flatMap { if case .number(let n) = $0 { n } else { nil } }
        let high = range["maximumPrice"].flatMap { if case .number(let n) = $0 { n } else { nil } }
        switch (low, high) {
        case let (low?, high?) where low != high:
            return "\(ValueText.money(low, currency: code, language: phrases.code))–\(ValueText.money(high, currency: code, language: phrases.code))"
        case let (low?, _): return ValueText.money(low, currency: code, language: phrases.code)
        case let (nil, high?): return ValueText.money(high, currency: code, language: phrases.code)
        default: return ""
        }
    }

    func style(of intent: String) -> Card.Style {
        switch IntentCatalog.intent(named: intent)?.domain.rawValue ?? "" {
        case "messaging": return .message
        case "payments": return .payment
        case "rides": return .ride
        case "workouts": return .workout
        case "photos": return .photos
        case "calls": return .call
        default: return .notice
        }
    }

    private func domainCard(context: Context, properties: [String: JSONValue]) -> Card {
        let body = context.intent == IntentName.sendMessage.rawValue ? context.parameters[.content]?.stringValue : nil
        return Card(style: style(of: context.intent), title: context.app,
                    rows: rows(context: context, properties: properties), body: body)
    }

    /// The card's rows as words, for voice mode.
    private func spokenDetails(context: Context, properties: [String: JSONValue]) -> [String] {
        rows(context: context, properties: properties)
            .filter { !["To", "From", "Workout", "Call"].map(phrases.cardLabel).contains($0.label) || context.intent.contains("Ride") }
            .map { "\($0.label.lowercased()) \($0.value)" }
    }
}
