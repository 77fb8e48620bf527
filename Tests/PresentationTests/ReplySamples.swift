import Foundation
import ParlanceCore
@testable import ParlancePresentation

/// Every reply function called with representative inputs, in one language: each line is "call → words".
/// The golden file `Golden/replies.txt` holds these lines for the six languages; a change to any word a
/// user sees shows up as a difference there.
enum ReplySamples {
    static let languages = ["en", "de", "fr", "it", "ja", "zh"]

    static let parameters = [
        "recipients", "content", "payee", "payer", "currencyAmount", "note", "pickupLocation", "dropOffLocation",
        "rideOptionName", "partySize", "scheduledPickupTime", "paymentMethod", "workoutName", "goalValue",
        "workoutGoalUnitType", "workoutLocationType", "contacts", "callCapability", "albumName", "peopleInPhoto",
        "searchTerms", "locationCreated", "dateCreated", "senders", "speakableGroupName", "attribute", "recipient",
        "someNewThing", "date", "destination",
    ]

    static let reasons: [String?] = [
        nil, "noAccount", "offline", "messagingServiceNotEnabledForRecipient", "noValidHandle", "requestedHandleInvalid",
        "noHandleForLabel", "invalidHandle", "noUsableHandleForRedial", "noContactFound", "videoCallUnsupported",
        "microphoneNotAccessible", "cameraNotAccessible", "multipleContactsUnsupported", "credentialsUnverified",
        "insufficientFunds", "paymentsAmountBelowMinimum", "amountBelowMinimum", "paymentsAmountAboveMaximum",
        "amountAboveMaximum", "paymentsCurrencyUnsupported", "currencyUnsupported", "somethingElseEntirely",
    ]

    static let failures = [
        "failureInsufficientFunds", "failurePaymentsAmountBelowMinimum", "failurePaymentsAmountAboveMaximum",
        "failurePaymentsCurrencyUnsupported", "failureCredentialsUnverified", "failureNoBankAccount", "failureNotEligible",
        "failureTermsAndConditionsAcceptanceRequired", "failureMessageServiceNotAvailable",
        "failureRequiringInAppAuthentication", "failureMessageNotFound", "failureMessageTooManyResults",
        "failureNoMatchingWorkout", "failureOngoingWorkout", "failureCallingServiceNotAvailable",
        "failureContactNotSupportedByApp", "failureNoValidNumber", "failureInvalidNumber", "failureAirplaneModeEnabled",
        "failureCallInProgress", "failureAppConfigurationRequired", "failurePreviousRideNeedsFeedback", "failure",
        "failureSomethingNew",
    ]

    static let phases = ["received", "confirmed", "approachingPickup", "pickup", "ongoing", "completed", "", "unknown"]

    static let summaries: [RequestSummary] = {
        var all: [RequestSummary] = []
        for (content, recipients) in [(nil, nil), ("more bananas", "Bobo"), ("hi", nil), (nil, "Bobo and Kiki")] as [(String?, String?)] {
            all.append(.sendMessage(content: content, recipients: recipients))
        }
        for count in [0, 1, 2] {
            all += [.searchMessages(found: count), .listRideOptions(count: count), .searchCallHistory(found: count),
                    .photos(found: count, playing: false), .photos(found: count, playing: true)]
        }
        all += [nil, "read", "unread", "flagged"].map { RequestSummary.setMessageAttribute($0) }
        for (amount, person) in [(nil, nil), ("$5.00", "Bobo"), ("$5.00", nil), (nil, "Bobo")] as [(String?, String?)] {
            all += [.sendPayment(amount: amount, payee: person), .requestPayment(amount: amount, payer: person)]
        }
        for (option, destination) in [(nil, nil), ("XL", "Paris"), ("Mini", nil), (nil, "Paris"), ("Uber", nil),
                                      ("UberX", nil), ("SUV", nil), ("Economy", nil)] as [(String?, String?)] {
            all.append(.requestRide(option: option, destination: destination))
        }
        all += phases.map { RequestSummary.rideStatus(phase: $0) }
        all.append(.cancelRide)
        for step in [RequestSummary.WorkoutStep.start, .pause, .resume, .end, .cancel] {
            all += [.workout(step, name: nil), .workout(step, name: "yoga")]
        }
        all += [.call(contacts: nil), .call(contacts: "Bobo"), .other(intent: "INAddTasksIntent"),
                .other(intent: "INSetProfileInCarIntent")]
        return all
    }()

    static let asked: [AskedValue] = [.messageRecipient, .messageContent(to: nil), .messageContent(to: "Bobo"), .payee,
                                      .payer] + parameters.map { AskedValue.parameter($0) }

    static let cardLabels = ["To", "From", "Amount", "Fee", "Note", "Status", "Ride", "Pickup", "pickup", "Price", "Driver",
                             "Vehicle", "Cancellation fee", "Workout", "Goal", "Where", "Call", "Type", "Album", "People",
                             "Tags", "Place", "Date", "Photos", "Unknown", "You", "Something"]

    static let caseNames = ["pending", "completed", "unpaid", "failed", "canceled", "received", "confirmed",
                            "approachingPickup", "pickup", "ongoing", "audioCall", "videoCall", "missed", "outgoing",
                            "minute", "hour", "meter", "mile", "kiloCalorie", "indoor", "outdoor", "inProgress", "read"]

    static let domains = ["messaging", "calls", "payments", "rides", "workouts", "photos", "restaurants", "other"]

    static let faultKinds = ["startTimedOut", "deadlineExceeded", "launchFailed", "exitedAtStart", "crashed", "stopped",
                             "notReading", "backingOff", "notSent", "malformedMessage", "oversizedMessage",
                             "protocolViolation", "methodNotFound", "incompatibleVersion", "extensionError", "other"]

    static let lists: [[String]] = [[], ["Bobo"], ["Bobo", "Kiki"], ["Bobo", "Kiki", "Coco"]]

    static let values: [JSONValue] = {
        var values: [JSONValue] = [
            .bool(true), .bool(false), .null, .number(3), .number(2.5), .number(-1.25), .number(1e20), .string("videoCall"),
            .string("plain words"), .string("2026-03-05T09:07:00Z"), .string("2026-11-29T19:05:59.123Z"),
            .array([.string("Bobo"), .string("Kiki"), .string("Coco")]),
            .object(["displayName": .string("Bobo")]), .object(["name": .string("Current Location")]),
            .object(["name": .string("current location")]), .object(["name": .string("Gare du Nord")]),
            .object(["value": .number(4.5)]), .object(["b": .number(1), "a": .string("x")]),
            .object(["startDateComponents": .object(["month": .number(3), "day": .number(5)])]),
        ]
        for currency in [nil, "USD", "EUR", "GBP", "JPY", "CNY", "CHF"] as [String?] {
            var object: [String: JSONValue] = ["amount": .number(1234.5)]
            if let currency { object["currencyCode"] = .string(currency) }
            values.append(.object(object))
        }
        let components: [[String: JSONValue]] = [
            ["month": .number(3), "day": .number(5), "hour": .number(9), "minute": .number(7)],
            ["month": .number(12), "day": .number(25)], ["month": .number(7)], ["day": .number(14)],
            ["day": .number(14), "hour": .number(18)], ["hour": .number(9), "minute": .number(30)], ["year": .number(2026)],
            ["year": .number(2026), "month": .number(1)],
        ]
        values += components.map(JSONValue.object)
        return values
    }()

    /// The lines for one language.
    static func lines(language: String) -> [String] {
        var lines: [String] = []
        func add(_ call: String, _ text: String) { lines.append("\(language) \(call) → \(text)") }
        func add(_ call: String, _ texts: [String]) { add(call, texts.joined(separator: " | ")) }
        let phrases = ConversationPhrasebook.phrases(for: language)
        let app = "MonkeyPay"
        add("code", phrases.code)
        for options in lists { add("chooseApp \(options)", phrases.chooseApp(options)) }
        add("useApp", phrases.useApp(app))
        for usage in [nil, "", "To send your money", "To send your money."] as [String?] {
            add("permission \(usage ?? "nil")", phrases.permission(app: app, usage: usage))
        }
        add("runsOutsideCode", phrases.runsOutsideCode(app: app, programs: "/usr/bin/tool, helper"))
        add("rideUpdatesInterrupted", phrases.rideUpdatesInterrupted(app: app))
        add("rideUpdatesLost", phrases.rideUpdatesLost(app: app))
        add("unlock", phrases.unlock())
        for asked in asked {
            add("askValue \(asked)", phrases.askValue(asked))
            add("askConfirmValue \(asked)", phrases.askConfirmValue(asked, value: "Bobo"))
        }
        for parameter in parameters {
            add("label \(parameter)", phrases.label(parameter))
            add("askMoreDetails \(parameter) nil", phrases.askMoreDetails(parameter, value: nil))
            add("askMoreDetails \(parameter) value", phrases.askMoreDetails(parameter, value: "Bo"))
            add("askAfterRefusal \(parameter)", phrases.askAfterRefusal(parameter))
            add("askChoice \(parameter) 2", phrases.askChoice(parameter, options: ["Bobo", "Kiki"]))
            add("askChoice \(parameter) 3", phrases.askChoice(parameter, options: ["Bobo", "Kiki", "Coco"]))
            add("gaveUp \(parameter)", phrases.gaveUp(step: parameter, app: app))
        }
        for parameter in ["recipients", "partySize", "note", "workoutName"] {
            for reason in reasons {
                for value in [nil, "Bobo"] as [String?] {
                    add("unsupported \(parameter) \(reason ?? "nil") \(value ?? "nil")",
                        phrases.unsupported(parameter, value: value, reason: reason, app: app))
                }
            }
        }
        for summary in summaries {
            add("confirmIntent \(summary)", phrases.confirmIntent(summary, intent: intent(of: summary), app: app, details: []))
            add("confirmIntent+details \(summary)",
                phrases.confirmIntent(summary, intent: intent(of: summary), app: app, details: ["amount $5.00", "note rent"]))
            let done = phrases.done(summary)
            add("done \(summary)", done)
            add("doneWithApp \(summary)", phrases.doneWithApp(done, app: app))
            add("handedOff \(summary)", phrases.handedOff(done: done, app: app))
            add("openApp \(summary)", phrases.openApp(app: app, done: done))
            let repair = RepairPhrases(code: phrases.code)
            add("alternative \(summary)", repair.alternative(summary) ?? "nil")
        }
        add("again", phrases.again("Which app?"))
        add("confirmFooter", phrases.confirmFooter())
        for code in failures { add("failure \(code)", phrases.failure(code, app: app)) }
        add("inProgress", phrases.inProgress(app: app))
        for phase in phases {
            add("ridePhase \(phase)", phrases.ridePhase(phase))
            add("rideUpdate \(phase)", phrases.rideUpdate(app: app, phase: phase))
        }
        add("handedOff nil", phrases.handedOff(done: nil, app: app))
        add("handOffFailed", phrases.handOffFailed(app: app, reason: "no such program"))
        add("openApp nil", phrases.openApp(app: app, done: nil))
        add("openAppOptions", phrases.openAppOptions())
        add("notOpened", phrases.notOpened(app: app))
        add("cancelled", phrases.cancelled())
        add("declined", phrases.declined())
        add("permissionDenied", phrases.permissionDenied(app: app, identifier: "com.example.pay"))
        add("stayedLocked", phrases.stayedLocked())
        for step in ["app", "confirmation", "unlock", "permission"] { add("gaveUp \(step)", phrases.gaveUp(step: step, app: app)) }
        add("resumed", phrases.resumed("Which app?"))
        add("beforeRestart", phrases.beforeRestart("Done."))
        add("interrupted", phrases.interrupted(app: app))
        add("notUnderstood", phrases.notUnderstood())
        for domains in [[], ["messaging"], ["restaurants"], ["messaging", "rides"], domains] {
            add("cannotHelp \(domains)", phrases.cannotHelp(domains: domains))
        }
        add("appCannot", phrases.appCannot(app: app))
        add("waiting", phrases.waiting(app: app))
        add("alreadyHandled", phrases.alreadyHandled(app: app))
        add("notRecorded", phrases.notRecorded(reason: "disk full"))
        add("handleFailed", phrases.handleFailed(app: app, reason: "it crashed"))
        add("noRideToCancel", phrases.noRideToCancel(app: app))
        add("appMissing", phrases.appMissing(app: app))
        add("extensionFailed", phrases.extensionFailed(app: app, reason: "it took too long"))
        add("notSaved", phrases.notSaved(reason: "disk full"))
        for reason in [RefusedValue.Reason.notPositive, .tooLarge, .unreadable] {
            add("valueRefused \(reason)", phrases.valueRefused(said: "-5 dollars", reason: reason))
        }
        add("unnamedApp", phrases.unnamedApp())
        add("noApps", phrases.noApps())
        for examples in lists { add("discovery \(examples)", phrases.discovery(examples)) }
        add("discoveryTitle", phrases.discoveryTitle())
        add("welcome", phrases.welcome())
        for names in lists { add("installedSamples \(names)", phrases.installedSamples(names)) }
        for label in cardLabels { add("cardLabel \(label)", phrases.cardLabel(label)) }
        for items in lists { add("list \(items)", phrases.list(items)) }
        for name in caseNames { add("caseWords \(name)", phrases.caseWords(name)) }
        add("appChanged", phrases.appChanged(app: app))
        add("chooseAppTitle", phrases.chooseAppTitle())
        add("staleAnswer", phrases.staleAnswer())
        add("alreadyAnswered", phrases.alreadyAnswered())
        lines += repairLines(language: language, code: phrases.code)
        let defaults = DefaultAppPhrases(code: phrases.code)
        for domain in domains {
            add("defaultOffer \(domain)", defaults.offer(app: app, domain: domain))
            add("defaultChosen \(domain)", defaults.chosen(app: app, domain: domain))
        }
        add("defaultDeclined", defaults.declined())
        for kind in faultKinds { add("fault \(kind)", FaultWords(code: phrases.code).words(for: kind)) }
        add("frontEndWelcome", FrontEndText.welcome(language: language))
        for names in lists { add("frontEndInstalledSamples \(names)", FrontEndText.installedSamples(names, language: language)) }
        for (index, value) in values.enumerated() { add("describe \(index)", ValueText.describe(value, language: language)) }
        for items in lists { add("ValueText.list \(items)", ValueText.list(items, language: language)) }
        for amount in [0, 5, 1234.5, -3.25] {
            for currency in [nil, "USD", "EUR", "GBP", "JPY", "CNY", "CHF"] as [String?] {
                add("money \(amount) \(currency ?? "nil")", ValueText.money(amount, currency: currency, language: language))
            }
        }
        add("placeName", ValueText.placeName("Current Location", language: language))
        return lines
    }

    private static func repairLines(language: String, code: String) -> [String] {
        var lines: [String] = []
        func add(_ call: String, _ text: String) { lines.append("\(language) \(call) → \(text)") }
        let repair = RepairPhrases(code: code)
        for note in [false, true] {
            for assistant in [false, true] {
                for recipients in [nil, "Kiki"] as [String?] {
                    for alternative in [nil, "call Bobo"] as [String?] {
                        add("valueOrRequest \(note) \(assistant) \(recipients ?? "nil") \(alternative ?? "nil")",
                            repair.valueOrRequest("call Bobo on MonkeyCall", note: note, to: recipients,
                                                  alternative: alternative, assistant: assistant))
                    }
                }
                for alternative in [nil, "call Bobo"] as [String?] {
                    add("valueOrRequestOptions \(note) \(assistant) \(alternative ?? "nil")",
                        repair.valueOrRequestOptions(note: note, alternative: alternative, assistant: assistant)
                            .joined(separator: " | "))
                }
            }
        }
        add("setAside", repair.setAside())
        add("skipped", repair.skipped())
        add("needed", repair.needed())
        add("orShouldI", repair.orShouldI("call Bobo"))
        add("alternativeOption", repair.alternativeOption("call Bobo"))
        return lines
    }

    /// An intent class for a summary, as the presenter passes it.
    static func intent(of summary: RequestSummary) -> String {
        switch summary {
        case .other(let intent): return intent
        default: return "INSendMessageIntent"
        }
    }
}
