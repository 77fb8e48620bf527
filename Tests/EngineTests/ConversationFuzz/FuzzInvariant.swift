import Foundation
import Intents
import ParlanceCore
import ParlanceEngine
import ParlancePresentation

/// What must hold after every walk, whatever the user said.
enum FuzzInvariant: String, CaseIterable, Sendable {
    /// A request typed at a question never reaches a handle as a value (a message's text…) unless the
    /// user confirmed that value.
    case typedRequestNeverAValue
    /// No value that reaches a handle is a whole request the user typed to another app.
    case noValueFromAnotherAppsRequest
    /// A payment is handled only after a yes to its confirmation.
    case paymentNeedsYes
    /// A cancel at a question handles nothing, then or later (a later request starts anew).
    case cancelStartsNothing
    /// A no to a confirmation handles nothing in that turn.
    case noHandlesNothing
    /// Only an app the user named, chose or made the domain's default handles a request, or the only app for its domain.
    case onlyNamedOrChosenApp
    /// Every turn returns.
    case turnsReturn
    /// The conversation ends idle or at a question.
    case endsIdleOrAsking
    /// When the conversation waits on a question, the last turn asks it.
    case questionIsShown
    /// Skipping a value the app asked for as missing sends nothing and cancels nothing: it is asked for again.
    case skipAtRequiredNeverSends
    /// Skipping a value the app did not ask for as missing never cancels the request.
    case skipAtOptionalNeverCancels
    /// A reply that answers nothing acts on nothing: nothing is handled at it.
    case unrelatedActsOnNothing

    var summary: String {
        switch self {
        case .typedRequestNeverAValue: return "a request typed at a question never reaches handle as a value unconfirmed"
        case .noValueFromAnotherAppsRequest: return "no handled value equals a whole request typed to another app"
        case .paymentNeedsYes: return "a payment is handled only after a yes to its confirmation"
        case .cancelStartsNothing: return "cancel at a question handles nothing, then or later"
        case .noHandlesNothing: return "no to a confirmation handles nothing in that turn"
        case .onlyNamedOrChosenApp: return "only an app the user named or chose (or the domain's only app) handles"
        case .turnsReturn: return "every turn returns (no hang)"
        case .endsIdleOrAsking: return "the conversation ends idle or at a question"
        case .questionIsShown: return "a pending question is the last thing shown"
        case .skipAtRequiredNeverSends: return "skip at a value the app needs sends and cancels nothing"
        case .skipAtOptionalNeverCancels: return "skip at a value the app can go without never cancels"
        case .unrelatedActsOnNothing: return "a reply that answers nothing handles nothing"
        }
    }
}

/// One broken invariant in one walk: where, and a key that groups the same fault across walks.
struct FuzzViolation: Sendable {
    let invariant: FuzzInvariant
    /// The kind of fault: the invariant, what was said and at which question.
    let signature: String
    let detail: String
}

/// Checks the invariants over a finished walk.
struct FuzzChecker {
    /// The installed apps: display name, identifier, domains.
    let bundles: [AppBundle]

    func violations(of walk: FuzzWalk) -> [FuzzViolation] {
        var found: [FuzzViolation] = []
        func add(_ invariant: FuzzInvariant, _ step: FuzzStep?, _ detail: String) {
            let place = step.map { "\($0.input.label.hasPrefix("request") ? "request" : $0.input.label)"
                + ($0.question.map { " at \(FuzzWalk.describe($0))" } ?? "") } ?? ""
            found.append(FuzzViolation(invariant: invariant, signature: "\(invariant.rawValue): \(place)", detail: detail))
        }
        let confirmed = confirmedValues(walk)
        for (index, step) in walk.steps.enumerated() {
            let earlier = walk.steps[...index]
            for handled in step.handled {
                let values = Set(handled.strings.map(Self.normal))
                // Requests typed at a question, unconfirmed.
                for typed in earlier where typed.question != nil && typed.input.requestApps != nil {
                    let text = Self.normal(typed.text)
                    if values.contains(text) && !confirmed.contains(text) {
                        add(.typedRequestNeverAValue, typed, "“\(typed.text)” reached \(handled)")
                    }
                }
                for typed in earlier {
                    guard let apps = typed.input.requestApps, !apps.contains(handled.app) else { continue }
                    let text = Self.normal(typed.text)
                    if values.contains(text) && !confirmed.contains(text) {
                        add(.noValueFromAnotherAppsRequest, typed, "“\(typed.text)” (to \(apps.joined(separator: "/"))) reached \(handled)")
                    }
                }
                if handled.intent == "INSendPaymentIntent", !earlier.contains(where: { said in
                    // A proper answer to a confirmation is a yes word too.
                    (said.input == .yes || said.input == .answer) && said.question == .confirmIntent
                        && said.task?.identifier == handled.identifier
                }) {
                    add(.paymentNeedsYes, step, "\(handled) without a yes to its confirmation")
                }
                if !wasNamedOrChosen(handled, in: Array(earlier)) {
                    add(.onlyNamedOrChosenApp, step, "\(handled.app) handled \(handled.intent) unnamed and unchosen")
                }
            }
            if step.input == .cancel, step.question != nil, let task = step.task {
                if !step.handled.isEmpty { add(.cancelStartsNothing, step, "handled at the cancel: \(step.handled)") }
                for later in walk.steps[(index + 1)...] {
                    for handled in later.handled where handled.identifier == task.identifier {
                        add(.cancelStartsNothing, step, "the cancelled request was handled later: \(handled)")
                    }
                }
            }
            if step.input == .no, step.question == .confirmIntent || Self.isConfirmValue(step.question), !step.handled.isEmpty {
                add(.noHandlesNothing, step, "handled at the no: \(step.handled)")
            }
            if step.input == .skip, let question = step.question, question.parameter != nil {
                let cancelled = step.turns.contains { $0.step == "cancelled" || $0.step == "declined" }
                if Self.asksForMissing(question) {
                    if !step.handled.isEmpty || cancelled {
                        add(.skipAtRequiredNeverSends, step, "handled \(step.handled), turns \(step.turns.map(\.step))")
                    }
                } else if cancelled {
                    add(.skipAtOptionalNeverCancels, step, "turns \(step.turns.map(\.step))")
                }
            }
            if step.input == .unrelated, step.question != nil, !step.handled.isEmpty {
                add(.unrelatedActsOnNothing, step, "handled at “\(step.text)”: \(step.handled)")
            }
            if step.timedOut { add(.turnsReturn, step, "no answer to “\(step.text)”") }
            if case .asking = step.stageAfter, step.turns.last?.kind != .question {
                add(.questionIsShown, step, "waiting on a question, but the last turn was "
                    + (step.turns.last.map { "\($0.kind.rawValue) \($0.step)" } ?? "nothing"))
            }
        }
        if let last = walk.steps.last, !last.timedOut {
            switch last.stageAfter {
            case .idle, .asking: break
            default: add(.endsIdleOrAsking, last, "ended at \(last.stageAfter)")
            }
        }
        return found
    }

    /// Values the user said yes to: a value asked about, or the request's values at its confirmation.
    private func confirmedValues(_ walk: FuzzWalk) -> Set<String> {
        var values: Set<String> = []
        for step in walk.steps where step.input == .yes || step.input == .answer {
            guard let question = step.question else { continue }
            if question == .confirmIntent {
                values.formUnion((step.task?.parameters.values.flatMap(\.fuzzStrings) ?? []).map(Self.normal))
            } else if let value = Self.value(askedAbout: question) {
                values.formUnion(value.fuzzStrings.map(Self.normal))
            }
        }
        return values
    }

    private func wasNamedOrChosen(_ handled: HandledIntent, in steps: [FuzzStep]) -> Bool {
        if steps.contains(where: { $0.text.range(of: handled.app, options: .caseInsensitive) != nil }) { return true }
        let identifier = bundles.first { $0.displayName == handled.app }?.identifier ?? ""
        let chosen = steps.contains { step in
            guard case .chooseApp(let options)? = step.question, options.contains(identifier) else { return false }
            return step.input == .answer || (options.count == 1 && step.input == .yes)
        }
        if chosen { return true }
        // A yes to "Use MonkeyRide for rides from now on?" (asked only after the user chose it) makes it the default.
        let madeDefault = steps.contains { step in
            guard case .makeDefault(let app, _)? = step.question, app == identifier else { return false }
            return step.input == .yes || step.input == .answer
        }
        if madeDefault { return true }
        guard let domain = IntentCatalog.intent(named: handled.intent)?.domain else { return false }
        let serving = bundles.filter { bundle in bundle.supportedIntents.contains { IntentCatalog.intent(named: $0)?.domain == domain } }
        return serving.count == 1
    }

    /// The value a yes/no question asks about (a confirmation, or whether words are a value or a request).
    static func value(askedAbout question: PendingQuestion) -> JSONValue? {
        guard let associated = Mirror(reflecting: question).children.first?.value else { return nil }
        return Mirror(reflecting: associated).children.first { $0.label == "value" }?.value as? JSONValue
    }

    /// A question for a value the app said it needs (missing, or skipped and needed).
    static func asksForMissing(_ question: PendingQuestion) -> Bool {
        if case .value(_, _, let reason) = question { return reason == .missing || reason == .required }
        return false
    }

    static func isConfirmValue(_ question: PendingQuestion?) -> Bool {
        if case .confirmValue? = question { return true }
        return false
    }

    /// Lower case, spaces collapsed, no surrounding punctuation: how a typed text is compared with a value.
    static func normal(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
            .trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))
    }
}
