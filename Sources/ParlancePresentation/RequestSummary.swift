import Intents
import ParlanceCore

/// What a request does (at the final question) or did (in the result), per domain, built once from the
/// intent, its parameters and the app's response, with values already put into words. Phrase books
/// only choose the words around it.
public enum RequestSummary: Sendable, Equatable {
    case sendMessage(content: String?, recipients: String?)
    case searchMessages(found: Int)
    /// Marking messages; the attribute's case name ("read", "unread", "flagged"…).
    case setMessageAttribute(String?)
    case sendPayment(amount: String?, payee: String?)
    case requestPayment(amount: String?, payer: String?)
    case requestRide(option: String?, destination: String?)
    case listRideOptions(count: Int)
    /// Where a ride is (a case name of `INRidePhase`; empty when unknown).
    case rideStatus(phase: String)
    case cancelRide
    case workout(WorkoutStep, name: String?)
    case call(contacts: String?)
    case searchCallHistory(found: Int)
    case photos(found: Int, playing: Bool)
    /// Any other intent, by class name.
    case other(intent: String)

    /// The workout intents.
    public enum WorkoutStep: String, Sendable {
        case start, pause, resume, end, cancel
    }

    /// The summary of a request: `properties` are the response's (empty before handle), values are put
    /// into words in `language`.
    public init(intent: String, parameters p: [String: JSONValue], properties: [String: JSONValue], language: String) {
        func text(_ name: ParameterName) -> String? {
            p[name].map { ValueText.describe($0, language: language) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        func count(_ name: String) -> Int { properties[name]?.arrayValue?.count ?? 0 }
        guard let name = IntentName(intent) else {
            self = .other(intent: intent)
            return
        }
        switch name {
        case .sendMessage: self = .sendMessage(content: text(.content), recipients: text(.recipients))
        case .searchForMessages: self = .searchMessages(found: count("messages"))
        case .setMessageAttribute: self = .setMessageAttribute(p[.attribute]?.stringValue)
        case .sendPayment: self = .sendPayment(amount: text(.currencyAmount), payee: text(.payee))
        case .requestPayment: self = .requestPayment(amount: text(.currencyAmount), payer: text(.payer))
        case .requestRide: self = .requestRide(option: text(.rideOptionName), destination: text(.dropOffLocation))
        case .listRideOptions: self = .listRideOptions(count: count("rideOptions"))
        case .getRideStatus: self = .rideStatus(phase: properties["rideStatus"]?.objectValue?["phase"]?.stringValue ?? "")
        case .cancelRide: self = .cancelRide
        case .startWorkout: self = .workout(.start, name: text(.workoutName))
        case .pauseWorkout: self = .workout(.pause, name: text(.workoutName))
        case .resumeWorkout: self = .workout(.resume, name: text(.workoutName))
        case .endWorkout: self = .workout(.end, name: text(.workoutName))
        case .cancelWorkout: self = .workout(.cancel, name: text(.workoutName))
        case .startCall, .startAudioCall, .startVideoCall: self = .call(contacts: text(.contacts))
        case .searchCallHistory: self = .searchCallHistory(found: count("callRecords"))
        case .searchForPhotos, .startPhotoPlayback:
            var found = 0
            if case .number(let number)? = properties["searchResultsCount"] { found = whole(number) }
            self = .photos(found: found, playing: name == .startPhotoPlayback)
        case .searchForAccounts, .sendRideFeedback, .bookRestaurantReservation, .getAvailableRestaurantReservationBookings,
             .getUserCurrentRestaurantReservationBookings, .getAvailableRestaurantReservationBookingDefaults, .getRestaurantGuest:
            self = .other(intent: intent)
        }
    }
}

/// What a question about a parameter asks for, built once from the intent and the parameter: the few
/// that depend on the intent get their own case, the rest go by parameter.
public enum AskedValue: Sendable, Equatable {
    /// The recipients of a message.
    case messageRecipient
    /// What to say, to these recipients (in words) if known.
    case messageContent(to: String?)
    /// Whom to pay.
    case payee
    /// Whom to ask for money.
    case payer
    /// Any other parameter, by property name ("currencyAmount", "dropOffLocation", "contacts"…).
    case parameter(String)

    /// What a question about `parameter` of `intent` asks for; `parameters` in words in `language`.
    public init(intent: String, parameter: String, parameters: [String: JSONValue], language: String) {
        switch (IntentName(intent), ParameterName(parameter)) {
        case (.sendMessage?, .recipients?): self = .messageRecipient
        case (.sendMessage?, .content?):
            let who = parameters[.recipients].map { ValueText.describe($0, language: language) }
            self = .messageContent(to: who.flatMap { $0.isEmpty ? nil : $0 })
        case (.sendPayment?, .payee?): self = .payee
        case (.requestPayment?, .payer?): self = .payer
        default: self = .parameter(parameter)
        }
    }
}
