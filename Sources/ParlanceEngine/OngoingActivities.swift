import ParlanceCore

/// The rides and workouts that apps run for the user, as the conversation saw them start and end, so that a
/// follow-up naming no app ("where is my ride", "pause my workout") goes to the app that runs its ride or
/// workout without asking which: the user started it there. With two apps each running one, it is asked as
/// for any request. Known for as long as the conversation lives (not across a restart of the assistant).
///
/// ```
///  ride requested (inProgress…) ─▶ ride in APP ─▶ status: completed / cancelled / "no ride to cancel" ─▶ none
///  workout started (handed to the app, or done) ─▶ workout in APP ─▶ ended / cancelled / none going ─▶ none
/// ```
struct OngoingActivities: Sendable, Equatable {
    /// What an app runs for the user over time.
    enum Kind: Sendable, Hashable {
        case ride, workout
    }

    /// The apps running each kind, in the order they started.
    private var running: [Kind: [String]] = [:]

    /// The app whose ride or workout `intent` follows up on, when exactly one of `candidates` runs one.
    func app(for intent: String, among candidates: [String]) -> String? {
        guard let kind = Self.kind(followedUpBy: intent) else { return nil }
        let apps = (running[kind] ?? []).filter(candidates.contains)
        return apps.count == 1 ? apps[0] : nil
    }

    /// Whether `app` runs an activity of this kind, as far as the conversation knows.
    func runs(_ kind: Kind, app: String) -> Bool {
        running[kind]?.contains(app) ?? false
    }

    /// Learns from what the machine decided to tell the user: a report of what an app did, a confirm that
    /// failed, or an app that has no ride to cancel.
    mutating func note(_ action: ConversationAction) {
        switch action {
        case let .report(report, task):
            guard let app = task.app else { return }
            switch report {
            case .result(let response), .recorded(let response), .handOff(let response), .inProgress(let response, _):
                learn(task.intent, app: app, response: response, opened: true)
            case .notOpened(let response):
                learn(task.intent, app: app, response: response, opened: false)
            }
        case let .end(.confirmFailed(response), task):
            guard let app = task.app else { return }
            learn(task.intent, app: app, response: response, opened: true)
        case let .tell(.noRideToCancel, task?):
            if let app = task.app { stop(.ride, app: app) }
        default:
            break
        }
    }

    // MARK: Rules

    /// The kind of activity an intent starts.
    static func kind(startedBy intent: String) -> Kind? {
        IntentName(intent).flatMap(kind(startedBy:))
    }

    private static func kind(startedBy intent: IntentName) -> Kind? {
        switch intent {
        case .requestRide: .ride
        case .startWorkout: .workout
        case .sendMessage, .searchForMessages, .setMessageAttribute, .startAudioCall, .startVideoCall, .searchCallHistory,
             .startCall, .sendPayment, .requestPayment, .searchForAccounts, .listRideOptions, .getRideStatus, .cancelRide,
             .sendRideFeedback, .pauseWorkout, .resumeWorkout, .endWorkout, .cancelWorkout, .searchForPhotos,
             .startPhotoPlayback, .bookRestaurantReservation, .getAvailableRestaurantReservationBookings,
             .getUserCurrentRestaurantReservationBookings, .getAvailableRestaurantReservationBookingDefaults,
             .getRestaurantGuest: nil
        }
    }

    /// The kind of activity an intent is about once it runs (its status, pausing, ending it).
    static func kind(followedUpBy intent: String) -> Kind? {
        switch IntentName(intent) {
        case .getRideStatus?, .cancelRide?: .ride
        case .pauseWorkout?, .resumeWorkout?, .endWorkout?, .cancelWorkout?: .workout
        default: nil
        }
    }

    /// Response codes that say the app already runs one (so the request could not start another).
    private static let alreadyRunning: Set<String> = Set(
        [ResponseCodeName.failureRequiringAppLaunchPreviousRideNeedsCompletion, .failureOngoingWorkout].map(\.rawValue))

    private mutating func learn(_ intent: String, app: String, response: JSONValue, opened: Bool) {
        let code = response.objectValue?["code"]?.stringValue ?? "success"
        if let kind = Self.kind(startedBy: intent) {
            if Self.alreadyRunning.contains(code) { return start(kind, app: app) }
            // A failure started nothing; nor did work that only the app could do, when it was not opened.
            if code.hasPrefix("failure") || (!opened && code == ResponseCodeName.handleInApp.rawValue) { return }
            return start(kind, app: app)
        }
        switch IntentName(intent) {
        case .getRideStatus?:
            let phase = response.objectValue?["properties"]?.objectValue?["rideStatus"]?.objectValue?["phase"]?.stringValue
            if phase == "completed" { stop(.ride, app: app) } else if phase != nil { start(.ride, app: app) }
        case .cancelRide?:
            if !code.hasPrefix("failure") { stop(.ride, app: app) }
        case .pauseWorkout?, .resumeWorkout?:
            if !code.hasPrefix("failure") { start(.workout, app: app) }
        case .endWorkout?, .cancelWorkout?:
            // Ended, or the app says none is going: either way nothing runs there now.
            if !code.hasPrefix("failure") || code == ResponseCodeName.failureNoMatchingWorkout.rawValue { stop(.workout, app: app) }
        default:
            break
        }
    }

    private mutating func start(_ kind: Kind, app: String) {
        if !runs(kind, app: app) { running[kind, default: []].append(app) }
    }

    private mutating func stop(_ kind: Kind, app: String) {
        running[kind]?.removeAll { $0 == app }
    }
}
