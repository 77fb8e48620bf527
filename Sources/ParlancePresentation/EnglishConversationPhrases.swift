import Foundation
import ParlanceCore

/// The assistant's English words for the conversation: questions, summaries of what an intent will
/// do and did, and explanations of failures. Other languages get their own phrase book.
struct EnglishConversationPhrases: ConversationPhrases {
    var code: String { "en" }

    func text(_ parameters: Parameters, _ name: String) -> String? {
        parameters[name].map { ValueText.describe($0, language: code) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A short name for a parameter ("recipient", "amount").
    func label(_ parameter: String) -> String {
        let labels = ["recipients": "recipient", "content": "message", "payee": "payee", "payer": "payer",
                      "currencyAmount": "amount", "note": "note", "pickupLocation": "pickup place",
                      "dropOffLocation": "destination", "rideOptionName": "ride option", "partySize": "party size",
                      "scheduledPickupTime": "pickup time", "paymentMethod": "payment method",
                      "workoutName": "workout", "goalValue": "goal", "workoutGoalUnitType": "goal unit",
                      "workoutLocationType": "workout place", "contacts": "contact", "callCapability": "call type",
                      "albumName": "album", "peopleInPhoto": "person", "searchTerms": "search term",
                      "locationCreated": "place", "dateCreated": "date", "senders": "sender",
                      "speakableGroupName": "group", "attribute": "attribute", "recipient": "contact"]
        return labels[parameter] ?? ValueText.words(parameter)
    }

    /// The question for a missing value.
    func askValue(_ asked: AskedValue) -> String {
        switch asked {
        case .messageRecipient: return "To whom?"
        case .messageContent(let who):
            if let who { return "What do you want to say to \(who)?" }
            return "What do you want to say?"
        case .payee: return "Who should I pay?"
        case .payer: return "Who should I ask for the money?"
        case .parameter("currencyAmount"): return "How much?"
        case .parameter("dropOffLocation"): return "Where to?"
        case .parameter("pickupLocation"): return "Where should it pick you up?"
        case .parameter("workoutName"): return "Which workout?"
        case .parameter("contacts"): return "Who do you want to call?"
        case .parameter("goalValue"): return "What's your goal?"
        case .parameter("albumName"): return "Which album?"
        case .parameter(let parameter): return "Which \(label(parameter))?"
        }
    }

    func chooseApp(_ options: [String]) -> String { "Which app: \(orList(options))?" }
    func useApp(_ app: String) -> String { "Use \(app) for that?" }

    func rideUpdatesInterrupted(app: String) -> String { "\(app) stopped sending updates about your ride; I'm reconnecting." }
    func rideUpdatesLost(app: String) -> String { "I can't follow your \(app) ride any more; check \(app) for its status." }

    func runsOutsideCode(app: String, programs: String) -> String {
        "Careful: \(app) runs programs outside its bundle (\(programs))."
    }

    func permission(app: String, usage: String?) -> String {
        guard let usage, !usage.isEmpty else { return "\(app) wants to work with Parlance. Allow it?" }
        let stop = usage.last.map { ".!?".contains($0) } == true ? "" : "."
        return "\(app) wants to work with Parlance: “\(usage)”\(stop) Allow it?"
    }

    func unlock() -> String {
        "Your session is locked. Unlock it (parlance unlock), then say “continue”, or say “cancel”."
    }

    func again(_ question: String) -> String { "Sorry, I didn't get that. " + question }

    func confirmFooter() -> String { "Say yes to go ahead, or no." }

    func askMoreDetails(_ parameter: String, value: String?) -> String {
        if let value { return "“\(value)” matches too many. Which \(label(parameter)) exactly?" }
        return "Can you be more specific about the \(label(parameter))?"
    }

    func askAfterRefusal(_ parameter: String) -> String { "OK. Which \(label(parameter)) then?" }

    func askChoice(_ parameter: String, options: [String]) -> String {
        "Which \(label(parameter)): \(orList(options))?"
    }

    func askConfirmValue(_ asked: AskedValue, value: String) -> String {
        if asked == .messageRecipient { return "Message \(value)?" }
        if asked == .parameter("contacts") { return "Call \(value)?" }
        return "Did you mean \(value)?"
    }

    /// Why a value can't be used, from the result's reason.
    func unsupported(_ parameter: String, value: String?, reason: String?, app: String) -> String {
        let who = value ?? "That \(label(parameter))"
        let because: String
        switch reason {
        case "noAccount": because = "\(who) has no \(app) account"
        case "offline": because = "\(who) is offline"
        case "messagingServiceNotEnabledForRecipient": because = "\(who) can't receive \(app) messages"
        case "noValidHandle", "requestedHandleInvalid", "noHandleForLabel", "invalidHandle", "noUsableHandleForRedial":
            because = "\(app) has no way to reach \(who)"
        case "noContactFound": because = "\(app) doesn't know \(who)"
        case "videoCallUnsupported": because = "\(app) can't make that video call"
        case "microphoneNotAccessible": because = "\(app) can't use the microphone"
        case "cameraNotAccessible": because = "\(app) can't use the camera"
        case "multipleContactsUnsupported": because = "\(app) calls one person at a time"
        case "credentialsUnverified": because = "\(app) needs you to verify your account first"
        case "insufficientFunds": because = "there isn't enough money"
        case "paymentsAmountBelowMinimum", "amountBelowMinimum": because = "\(who) is below \(app)'s minimum"
        case "paymentsAmountAboveMaximum", "amountAboveMaximum": because = "\(who) is above \(app)'s limit"
        case "paymentsCurrencyUnsupported", "currencyUnsupported": because = "\(app) doesn't support that currency"
        case let reason?: because = "\(app) can't use \(value ?? "that") (\(ValueText.words(reason)))"
        case nil where parameter == "partySize": because = "\(app) has no car for \(value ?? "that many") people"
        case nil: because = "\(app) can't use \(value ?? "that")"
        }
        return "\(because.prefix(1).uppercased())\(because.dropFirst()). Which other \(label(parameter))?"
    }

    /// "a Mini", "an XL", "an Uber": by the sound of the first letter.
    func article(_ word: String) -> String {
        guard let first = word.first else { return "a" }
        let abbreviation = word.count <= 4 && word == word.uppercased()
        let vowelSound = abbreviation ? "AEFHILMNORSX".contains(first) : "AEIOUaeiou".contains(first)
        return vowelSound ? "an" : "a"
    }

    func orList(_ options: [String]) -> String {
        switch options.count {
        case 0: return ""
        case 1: return options[0]
        default: return options.dropLast().joined(separator: ", ") + " or " + (options.last ?? "")
        }
    }

    // MARK: What an intent does

    /// "send “more bananas” to Bobo": what the request will do, for the final question.
    func plan(_ summary: RequestSummary, intent: String) -> String {
        switch summary {
        case let .sendMessage(content, recipients): return "send “\(content ?? "")” to \(recipients ?? "them")"
        case let .sendPayment(amount, payee): return "send \(amount ?? "the money") to \(payee ?? "them")"
        case let .requestPayment(amount, payer): return "request \(amount ?? "money") from \(payer ?? "them")"
        case let .requestRide(option, destination):
            var plan = "book \(option.map { "\(article($0)) \($0)" } ?? "a ride")"
            if let destination { plan += " to \(destination)" }
            return plan
        case .call(let contacts): return "call \(contacts ?? "them")"
        default: return ValueText.words(intent.replacingOccurrences(of: "IN", with: "", options: .anchored)
                                            .replacingOccurrences(of: "Intent", with: ""))
        }
    }

    func confirmIntent(_ summary: RequestSummary, intent: String, app: String, details: [String]) -> String {
        let plan = plan(summary, intent: intent)
        var question = plan.prefix(1).uppercased() + plan.dropFirst() + " with \(app)?"
        if !details.isEmpty { question = details.joined(separator: "; ") + ". " + question }
        return question
    }

    /// "Sent “more bananas” to Bobo.": what the request did.
    func done(_ summary: RequestSummary) -> String {
        func found(_ count: Int, _ word: String) -> String {
            count == 0 ? "No \(word)s found." : "Found \(count) \(word)\(count == 1 ? "" : "s")."
        }
        switch summary {
        case let .sendMessage(content, recipients): return "Sent “\(content ?? "")” to \(recipients ?? "them")."
        case .searchMessages(let count): return found(count, "message")
        case .setMessageAttribute(let attribute): return "Marked as \(ValueText.words(attribute ?? "done"))."
        case let .sendPayment(amount, payee): return "Sent \(amount ?? "the money") to \(payee ?? "them")."
        case let .requestPayment(amount, payer): return "Requested \(amount ?? "the money") from \(payer ?? "them")."
        case .requestRide: return "Your ride is booked."
        case .listRideOptions(let count): return "\(count) ride option\(count == 1 ? "" : "s") available."
        case .rideStatus(let phase): return ridePhase(phase)
        case .cancelRide: return "Your ride is cancelled."
        case let .workout(step, name):
            let verbs: [RequestSummary.WorkoutStep: String] = [.start: "Started", .pause: "Paused", .resume: "Resumed",
                                                               .end: "Ended", .cancel: "Cancelled"]
            return "\(verbs[step] ?? "Done:") \(name ?? "your workout")."
        case .call(let contacts): return "Calling \(contacts ?? "them")."
        case .searchCallHistory(let count): return found(count, "call")
        case let .photos(count, playing): return playing && count > 0 ? "Playing \(count) photos." : found(count, "photo")
        case .other: return "Done."
        }
    }

    /// Where a ride is, in words.
    func ridePhase(_ phase: String) -> String {
        switch phase {
        case "received": return "Your ride is booked; waiting for a driver."
        case "confirmed": return "Your ride is confirmed."
        case "approachingPickup": return "Your ride is almost there."
        case "pickup": return "Your ride is here."
        case "ongoing": return "You're on your way."
        case "completed": return "Your ride is complete."
        default: return "Here's your ride."
        }
    }

    func doneWithApp(_ done: String, app: String) -> String { done.dropLast() + " with \(app)." }

    func inProgress(app: String) -> String {
        "\(app) is on it; it continues in the background, and I'll tell you when it's done."
    }

    func rideUpdate(app: String, phase: String) -> String {
        let sentence = ridePhase(phase)
        return "\(app): " + sentence.prefix(1).lowercased() + sentence.dropFirst()
    }

    func handedOff(done: String?, app: String) -> String { (done.map { $0 + " " } ?? "") + "Continuing in \(app)." }

    func handOffFailed(app: String, reason: String) -> String {
        "\(app) has to finish this, but I couldn't open it: \(reason)"
    }
    func openApp(app: String, done: String?) -> String { (done.map { $0 + " " } ?? "") + "Open \(app) to finish this?" }
    func openAppOptions() -> [String] { ["Yes", "No", "Always"] }
    func notOpened(app: String) -> String { "OK, I won't open \(app)." }

    func cancelled() -> String { "OK, cancelled. Nothing was done." }
    func declined() -> String { "OK, I won't. Nothing was done." }

    func permissionDenied(app: String, identifier: String) -> String {
        "\(app) isn't allowed to work with Parlance, so I didn't use it. To allow it: parlance apps allow \(identifier)"
    }

    func stayedLocked() -> String { "The session is still locked, so I stopped. Nothing was done." }

    func gaveUp(step: String, app: String) -> String {
        let what = ["app": "which app to use", "confirmation": "whether to go ahead", "unlock": "an unlock",
                    "permission": "your answer about \(app)"][step]
            ?? "a \(label(step)) \(app) can use"
        return "I still don't have \(what), so I stopped. Nothing was done."
    }

    func resumed(_ question: String) -> String { "Picking up where we left off. " + question }
    func beforeRestart(_ result: String) -> String { "Before the restart: " + result }

    func interrupted(app: String) -> String {
        "The assistant stopped while \(app) was handling your request, so I don't know whether it went through. "
            + "I won't do it again; check \(app)."
    }

    func notUnderstood() -> String { "Sorry, I can't help with that. Say “what can you do?” to hear what I can do." }
    func cannotHelp(domains: [String]) -> String {
        let activities: [String: String] = ["messaging": "send messages", "calls": "make calls", "payments": "send and request money", "rides": "book rides", "workouts": "track workouts", "photos": "find photos"]
        let things = domains.compactMap { activities[$0] }
        guard !things.isEmpty else { return notUnderstood() }
        return "Sorry, I can't help with that. With your apps I can \(list(things)). Say “what can you do?” for examples."
    }
    func appCannot(app: String) -> String { "\(app) can't do that. Say “what can you do?” to hear what it can do." }
    func waiting(app: String) -> String { "Waiting for \(app)…" }
    func alreadyHandled(app: String) -> String { "I already sent this request to \(app); I won't send it twice. Check \(app) for what it did." }
    func notRecorded(reason: String) -> String { "I couldn't record the request safely, so I didn't send it: \(reason)" }

    func handleFailed(app: String, reason: String) -> String {
        "\(app) failed while handling the request (\(reason)). I don't know whether it went through and won't do it "
            + "again; check \(app)."
    }

    func noRideToCancel(app: String) -> String { "You have no \(app) ride to cancel." }
    func appMissing(app: String) -> String { "\(app) is no longer installed, so I stopped." }
    func extensionFailed(app: String, reason: String) -> String { "\(app) couldn't take the request (\(reason)). Nothing was done." }
    func notSaved(reason: String) -> String { "I couldn't save this conversation (\(reason)); after a restart I may not remember it." }
    func valueRefused(said: String, reason: RefusedValue.Reason) -> String {
        switch reason {
        case .notPositive: "“\(said)” can't be used: it has to be more than zero."
        case .tooLarge: "“\(said)” is more than any real amount, so I didn't pass it on."
        case .unreadable: "I can't read “\(said)” as a number."
        }
    }
    func unnamedApp() -> String { "the app" }
    func noApps() -> String { "No apps are installed yet. Install one with parlance apps install PATH." }
    func discovery(_ examples: [String]) -> String { "You can ask things like " + list(examples.map { "“\($0)”" }) + "." }
    func discoveryTitle() -> String { "What you can ask" }
    func welcome() -> String { "Parlance — say what you want (“what can you do?” for ideas, Ctrl-D to quit)." }
    func installedSamples(_ names: [String]) -> String {
        "No apps were installed, so I installed the sample apps: \(ValueText.list(names, language: code)). Each asks for your permission on first use."
    }
    func cardLabel(_ english: String) -> String { english }
    func list(_ items: [String]) -> String { ValueText.list(items) }
    func caseWords(_ name: String) -> String { ValueText.words(name) }

    /// Why a failure code ended the request.
    func failure(_ code: String, app: String) -> String {
        let reasons = [
            "failureInsufficientFunds": "there isn't enough money in your \(app) account",
            "failurePaymentsAmountBelowMinimum": "the amount is below \(app)'s minimum",
            "failurePaymentsAmountAboveMaximum": "the amount is above \(app)'s limit",
            "failurePaymentsCurrencyUnsupported": "\(app) doesn't support that currency",
            "failureCredentialsUnverified": "\(app) needs you to verify your account",
            "failureNoBankAccount": "you have no bank account set up in \(app)",
            "failureNotEligible": "your \(app) account can't do that",
            "failureTermsAndConditionsAcceptanceRequired": "you need to accept \(app)'s terms first",
            "failureMessageServiceNotAvailable": "\(app) can't send messages right now",
            "failureRequiringInAppAuthentication": "\(app) needs you to sign in",
            "failureMessageNotFound": "\(app) couldn't find those messages",
            "failureMessageTooManyResults": "too many messages match",
            "failureNoMatchingWorkout": "\(app) has no such workout going",
            "failureOngoingWorkout": "another workout is already going",
            "failureCallingServiceNotAvailable": "\(app) can't make calls right now",
            "failureContactNotSupportedByApp": "\(app) can't call that contact",
            "failureNoValidNumber": "\(app) has no number to call",
            "failureInvalidNumber": "the number isn't valid",
            "failureAirplaneModeEnabled": "airplane mode is on",
            "failureCallInProgress": "a call is already in progress",
            "failureAppConfigurationRequired": "\(app) needs to be set up first",
            "failurePreviousRideNeedsFeedback": "your last ride needs feedback first",
        ]
        let reason = reasons[code] ?? "\(app) reported a failure (\(ValueText.words(code)))"
        return "I couldn't do that: \(reason). Nothing was done."
    }
}
