import CoreLocation
import Foundation
import Intents

/// MonkeyChat's send: recipients from the contact book (Zaza has no account), content required.
final class TwinMessageHandler: NSObject, INSendMessageIntentHandling, @unchecked Sendable {
    let app: String, log: HandleLog
    init(app: String, log: HandleLog) { self.app = app; self.log = log }

    func resolveRecipients(for intent: INSendMessageIntent) async -> [INSendMessageRecipientResolutionResult] {
        guard let recipients = intent.recipients, !recipients.isEmpty else { return [.needsValue()] }
        return recipients.map { person in
            if TwinNameMatch.find(person.displayName, in: ["Zaza"]) == .exact("Zaza") { return .unsupported(forReason: .noAccount) }
            return TwinData.resolve(person, in: TwinData.chatContacts, unknown: .unsupported(forReason: .noAccount))
        }
    }

    func resolveContent(for intent: INSendMessageIntent) async -> INStringResolutionResult {
        guard let content = intent.content?.trimmingCharacters(in: .whitespacesAndNewlines), !content.isEmpty else {
            return .needsValue()
        }
        return .success(with: content)
    }

    func resolveSpeakableGroupName(for intent: INSendMessageIntent) async -> INSpeakableStringResolutionResult { .notRequired() }

    func handle(intent: INSendMessageIntent) async -> INSendMessageIntentResponse {
        log.record(intent, app: app)
        return INSendMessageIntentResponse(code: .success, userActivity: nil)
    }
}

/// MonkeyPay: payees and payers it knows, USD/EUR/CNY, at most 500.
final class TwinPaymentHandler: NSObject, INSendPaymentIntentHandling, INRequestPaymentIntentHandling, @unchecked Sendable {
    let app: String, log: HandleLog
    init(app: String, log: HandleLog) { self.app = app; self.log = log }

    func resolvePayee(for intent: INSendPaymentIntent) async -> INSendPaymentPayeeResolutionResult {
        TwinData.resolve(intent.payee, in: TwinData.payPeople, unknown: .unsupported(forReason: .noAccount))
    }

    func resolveCurrencyAmount(for intent: INSendPaymentIntent) async -> INSendPaymentCurrencyAmountResolutionResult {
        switch Self.check(intent.currencyAmount) {
        case nil: return .success(with: intent.currencyAmount ?? INCurrencyAmount(amount: 0, currencyCode: "USD"))
        case "missing"?: return .needsValue()
        case "currency"?: return .unsupported(forReason: .paymentsCurrencyUnsupported)
        case "below"?: return .unsupported(forReason: .paymentsAmountBelowMinimum)
        default: return .unsupported(forReason: .paymentsAmountAboveMaximum)
        }
    }

    func resolveNote(for intent: INSendPaymentIntent) async -> INStringResolutionResult {
        intent.note.map { .success(with: $0) } ?? .notRequired()
    }

    func confirm(intent: INSendPaymentIntent) async -> INSendPaymentIntentResponse {
        INSendPaymentIntentResponse(code: .ready, userActivity: nil)
    }

    func handle(intent: INSendPaymentIntent) async -> INSendPaymentIntentResponse {
        log.record(intent, app: app)
        return INSendPaymentIntentResponse(code: .success, userActivity: nil)
    }

    func resolvePayer(for intent: INRequestPaymentIntent) async -> INRequestPaymentPayerResolutionResult {
        TwinData.resolve(intent.payer, in: TwinData.payPeople, unknown: .unsupported(forReason: .noAccount))
    }

    func resolveCurrencyAmount(for intent: INRequestPaymentIntent) async -> INRequestPaymentCurrencyAmountResolutionResult {
        switch Self.check(intent.currencyAmount) {
        case nil: return .success(with: intent.currencyAmount ?? INCurrencyAmount(amount: 0, currencyCode: "USD"))
        case "missing"?: return .needsValue()
        case "currency"?: return .unsupported(forReason: .paymentsCurrencyUnsupported)
        case "below"?: return .unsupported(forReason: .paymentsAmountBelowMinimum)
        default: return .unsupported(forReason: .paymentsAmountAboveMaximum)
        }
    }

    func handle(intent: INRequestPaymentIntent) async -> INRequestPaymentIntentResponse {
        log.record(intent, app: app)
        return INRequestPaymentIntentResponse(code: .success, userActivity: nil)
    }

    /// Nil for a usable amount, else why not.
    static func check(_ amount: INCurrencyAmount?) -> String? {
        guard let amount, let value = amount.amount?.decimalValue, let currency = amount.currencyCode else { return "missing" }
        guard ["USD", "EUR", "CNY"].contains(currency) else { return "currency" }
        if value < Decimal(string: "0.01") ?? 0 { return "below" }
        return value > 500 ? "above" : nil
    }
}

/// MonkeyCall: one contact it knows; the call continues in the app.
final class TwinCallHandler: NSObject, INStartCallIntentHandling, @unchecked Sendable {
    let app: String, log: HandleLog
    init(app: String, log: HandleLog) { self.app = app; self.log = log }

    func resolveContacts(for intent: INStartCallIntent) async -> [INStartCallContactResolutionResult] {
        guard let contacts = intent.contacts, !contacts.isEmpty else { return [.needsValue()] }
        guard contacts.count == 1 else { return [.unsupported(forReason: .multipleContactsUnsupported)] }
        return [TwinData.resolve(contacts[0], in: TwinData.callContacts, unknown: .unsupported(forReason: .noContactFound))]
    }

    func handle(intent: INStartCallIntent) async -> INStartCallIntentResponse {
        log.record(intent, app: app)
        return INStartCallIntentResponse(code: .continueInApp, userActivity: NSUserActivity(activityType: "INStartCallIntent"))
    }
}

/// MonkeyRide and GorillaCab: the destination is asked for; a place it knows, else an address.
final class TwinRideHandler: NSObject, INRequestRideIntentHandling, @unchecked Sendable {
    let app: String, log: HandleLog
    init(app: String, log: HandleLog) { self.app = app; self.log = log }

    static func placemark(_ name: String) -> CLPlacemark {
        CLPlacemark(location: CLLocation(latitude: 52.5, longitude: 13.4), name: name, postalAddress: nil)
    }

    func resolvePickupLocation(for intent: INRequestRideIntent) async -> INPlacemarkResolutionResult {
        .success(with: Self.placemark(intent.pickupLocation?.name ?? "Current Location"))
    }

    func resolveDropOffLocation(for intent: INRequestRideIntent) async -> INPlacemarkResolutionResult {
        guard let name = intent.dropOffLocation?.name, !name.isEmpty else { return .needsValue() }
        switch TwinNameMatch.find(name, in: TwinData.places) {
        case .exact(let place): return .success(with: Self.placemark(place))
        case .close(let place), .partial(let place): return .confirmationRequired(with: Self.placemark(place))
        default: return .success(with: Self.placemark(name))
        }
    }

    func resolveRideOptionName(for intent: INRequestRideIntent) async -> INSpeakableStringResolutionResult {
        guard let spoken = intent.rideOptionName?.spokenPhrase, !spoken.isEmpty else { return .success(with: TwinData.speakable("Mini")) }
        switch TwinNameMatch.find(spoken, in: TwinData.rideOptions) {
        case .exact(let name): return .success(with: TwinData.speakable(name))
        case .partial(let name), .close(let name): return .confirmationRequired(with: TwinData.speakable(name))
        default: return .disambiguation(with: TwinData.rideOptions.map(TwinData.speakable))
        }
    }

    func resolveScheduledPickupTime(for intent: INRequestRideIntent) async -> INDateComponentsRangeResolutionResult { .notRequired() }

    func confirm(intent: INRequestRideIntent) async -> INRequestRideIntentResponse {
        INRequestRideIntentResponse(code: .ready, userActivity: nil)
    }

    func handle(intent: INRequestRideIntent) async -> INRequestRideIntentResponse {
        log.record(intent, app: app)
        return INRequestRideIntentResponse(code: .success, userActivity: nil)
    }
}

/// MonkeyFit's start: a workout it offers; the workout runs in the app.
final class TwinWorkoutHandler: NSObject, INStartWorkoutIntentHandling, @unchecked Sendable {
    let app: String, log: HandleLog
    init(app: String, log: HandleLog) { self.app = app; self.log = log }

    func resolveWorkoutName(for intent: INStartWorkoutIntent) async -> INSpeakableStringResolutionResult {
        guard let phrase = intent.workoutName?.spokenPhrase, !phrase.isEmpty else { return .needsValue() }
        switch TwinNameMatch.find(phrase, in: TwinData.workouts) {
        case .exact(let name): return .success(with: TwinData.speakable(name))
        case .partial(let name), .close(let name): return .confirmationRequired(with: TwinData.speakable(name))
        case .several(let names): return .disambiguation(with: names.map(TwinData.speakable))
        case .tooMany: return .needsMoreDetails()
        case .none: return .unsupported()
        }
    }

    func resolveGoalValue(for intent: INStartWorkoutIntent) async -> INDoubleResolutionResult {
        guard let goal = intent.goalValue else { return .notRequired() }
        return goal > 0 ? .success(with: goal) : .unsupported()
    }

    func resolveWorkoutLocationType(for intent: INStartWorkoutIntent) async -> INWorkoutLocationTypeResolutionResult { .notRequired() }

    func handle(intent: INStartWorkoutIntent) async -> INStartWorkoutIntentResponse {
        log.record(intent, app: app)
        return INStartWorkoutIntentResponse(code: .handleInApp, userActivity: NSUserActivity(activityType: "INStartWorkoutIntent"))
    }
}

/// MonkeyPhotos' search: an album and tags it knows.
final class TwinPhotoHandler: NSObject, INSearchForPhotosIntentHandling, @unchecked Sendable {
    let app: String, log: HandleLog
    init(app: String, log: HandleLog) { self.app = app; self.log = log }

    func resolveAlbumName(for intent: INSearchForPhotosIntent) async -> INStringResolutionResult {
        guard let spoken = intent.albumName, !spoken.isEmpty else { return .notRequired() }
        switch TwinNameMatch.find(spoken, in: TwinData.albums) {
        case .exact(let name): return .success(with: name)
        case .partial(let name), .close(let name): return .confirmationRequired(with: name)
        case .several(let names): return .disambiguation(with: names)
        case .tooMany: return .needsMoreDetails()
        case .none: return .unsupported()
        }
    }

    func resolveSearchTerms(for intent: INSearchForPhotosIntent) async -> [INStringResolutionResult] {
        (intent.searchTerms ?? []).map { term in
            switch TwinNameMatch.find(term, in: TwinData.tags) {
            case .exact(let tag): return .success(with: tag)
            case .close(let tag), .partial(let tag): return .confirmationRequired(with: tag)
            default: return .unsupported()
            }
        }
    }

    func handle(intent: INSearchForPhotosIntent) async -> INSearchForPhotosIntentResponse {
        log.record(intent, app: app)
        return INSearchForPhotosIntentResponse(code: .continueInApp, userActivity: nil)
    }
}

/// The sample apps' other intents (search messages, ride status, pause a workout…): handled at once.
final class TwinOtherHandler: NSObject, INSearchForMessagesIntentHandling, INSetMessageAttributeIntentHandling,
    INSearchCallHistoryIntentHandling, INGetRideStatusIntentHandling, INListRideOptionsIntentHandling,
    INCancelRideIntentHandling, INPauseWorkoutIntentHandling, INResumeWorkoutIntentHandling, INEndWorkoutIntentHandling,
    INCancelWorkoutIntentHandling, INStartPhotoPlaybackIntentHandling, @unchecked Sendable {
    let app: String, log: HandleLog
    init(app: String, log: HandleLog) { self.app = app; self.log = log }

    func handle(intent: INSearchForMessagesIntent) async -> INSearchForMessagesIntentResponse {
        log.record(intent, app: app)
        return INSearchForMessagesIntentResponse(code: .success, userActivity: nil)
    }
    func handle(intent: INSetMessageAttributeIntent) async -> INSetMessageAttributeIntentResponse {
        log.record(intent, app: app)
        return INSetMessageAttributeIntentResponse(code: .success, userActivity: nil)
    }
    func handle(intent: INSearchCallHistoryIntent) async -> INSearchCallHistoryIntentResponse {
        log.record(intent, app: app)
        return INSearchCallHistoryIntentResponse(code: .success, userActivity: nil)
    }
    func handle(intent: INGetRideStatusIntent) async -> INGetRideStatusIntentResponse {
        log.record(intent, app: app)
        return INGetRideStatusIntentResponse(code: .success, userActivity: nil)
    }
    func startSendingUpdates(for intent: INGetRideStatusIntent, to observer: any INGetRideStatusIntentResponseObserver) {}
    func stopSendingUpdates(for intent: INGetRideStatusIntent) {}
    func handle(intent: INListRideOptionsIntent) async -> INListRideOptionsIntentResponse {
        log.record(intent, app: app)
        return INListRideOptionsIntentResponse(code: .success, userActivity: nil)
    }
    func handle(intent: INCancelRideIntent) async -> INCancelRideIntentResponse {
        log.record(intent, app: app)
        return INCancelRideIntentResponse(code: .success, userActivity: nil)
    }
    func handle(intent: INPauseWorkoutIntent) async -> INPauseWorkoutIntentResponse {
        log.record(intent, app: app)
        return INPauseWorkoutIntentResponse(code: .success, userActivity: nil)
    }
    func handle(intent: INResumeWorkoutIntent) async -> INResumeWorkoutIntentResponse {
        log.record(intent, app: app)
        return INResumeWorkoutIntentResponse(code: .success, userActivity: nil)
    }
    func handle(intent: INEndWorkoutIntent) async -> INEndWorkoutIntentResponse {
        log.record(intent, app: app)
        return INEndWorkoutIntentResponse(code: .success, userActivity: nil)
    }
    func handle(intent: INCancelWorkoutIntent) async -> INCancelWorkoutIntentResponse {
        log.record(intent, app: app)
        return INCancelWorkoutIntentResponse(code: .success, userActivity: nil)
    }
    func handle(intent: INStartPhotoPlaybackIntent) async -> INStartPhotoPlaybackIntentResponse {
        log.record(intent, app: app)
        return INStartPhotoPlaybackIntentResponse(code: .continueInApp, userActivity: nil)
    }
}
