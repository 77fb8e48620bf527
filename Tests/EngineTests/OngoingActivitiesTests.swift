@testable import ParlanceEngine
import ParlanceCore
import Testing

/// Which app runs the user's ride or workout, as the conversation learns it from what it tells the user, and
/// which app a follow-up naming none goes to.
struct OngoingActivitiesTests {
    static func response(_ code: String, phase: String? = nil) -> JSONValue {
        var object: [String: JSONValue] = ["code": .string(code)]
        if let phase { object["properties"] = .object(["rideStatus": .object(["phase": .string(phase)])]) }
        return .object(object)
    }

    static func task(_ intent: String, app: String) -> IntentTask {
        IntentTask(intent: intent, identifier: "r1", parameters: [:], app: app, appWasNamed: true, candidateApps: [app])
    }

    static func report(_ intent: String, _ app: String, _ report: ConversationReport) -> ConversationAction {
        .report(report, task(intent, app: app))
    }

    static let rides = ["cab", "ride"]

    @Test("what starts a ride or a workout, and what does not", arguments: [
        (report("INRequestRideIntent", "cab", .inProgress(response("inProgress"), followRide: true)), "INGetRideStatusIntent", "cab"),
        (report("INRequestRideIntent", "cab", .result(response("success"))), "INCancelRideIntent", "cab"),
        (report("INRequestRideIntent", "cab", .result(response("failure"))), "INGetRideStatusIntent", nil),
        // The app refused a second ride: it has one going.
        (report("INRequestRideIntent", "cab", .handOff(response("failureRequiringAppLaunchPreviousRideNeedsCompletion"))),
         "INGetRideStatusIntent", "cab"),
        (report("INStartWorkoutIntent", "fit", .handOff(response("handleInApp"))), "INPauseWorkoutIntent", "fit"),
        (report("INStartWorkoutIntent", "fit", .result(response("success"))), "INEndWorkoutIntent", "fit"),
        // Only the app could run it, and it was not opened: nothing started.
        (report("INStartWorkoutIntent", "fit", .notOpened(response("handleInApp"))), "INPauseWorkoutIntent", nil),
        (report("INStartWorkoutIntent", "fit", .notOpened(response("continueInApp"))), "INPauseWorkoutIntent", "fit"),
        (ConversationAction.end(.confirmFailed(response: response("failureOngoingWorkout")), task("INStartWorkoutIntent", app: "fit")),
         "INResumeWorkoutIntent", "fit"),
        (report("INPauseWorkoutIntent", "fit", .result(response("success"))), "INResumeWorkoutIntent", "fit"),
        (report("INGetRideStatusIntent", "cab", .result(response("success", phase: "confirmed"))), "INCancelRideIntent", "cab"),
    ] as [(ConversationAction, String, String?)])
    func starts(action: ConversationAction, followUp: String, app: String?) {
        var ongoing = OngoingActivities()
        ongoing.note(action)
        #expect(ongoing.app(for: followUp, among: ["cab", "ride", "fit", "gym"]) == app)
    }

    @Test("what ends it", arguments: [
        report("INGetRideStatusIntent", "cab", .result(response("success", phase: "completed"))),
        report("INCancelRideIntent", "cab", .result(response("success"))),
        ConversationAction.tell(.noRideToCancel, task("INCancelRideIntent", app: "cab")),
    ])
    func rideEnds(action: ConversationAction) {
        var ongoing = OngoingActivities()
        ongoing.note(Self.report("INRequestRideIntent", "cab", .inProgress(Self.response("inProgress"), followRide: true)))
        ongoing.note(action)
        #expect(ongoing.app(for: "INGetRideStatusIntent", among: Self.rides) == nil)
        #expect(!ongoing.runs(.ride, app: "cab"))
    }

    @Test("a workout ends when ended, cancelled, or the app says none is going; not when pausing failed", arguments: [
        ("INEndWorkoutIntent", "success", false),
        ("INCancelWorkoutIntent", "success", false),
        ("INEndWorkoutIntent", "failureNoMatchingWorkout", false),
        ("INEndWorkoutIntent", "failure", true),
        ("INPauseWorkoutIntent", "failureNoMatchingWorkout", true),  // already paused, say
    ])
    func workoutEnds(intent: String, code: String, stillRunning: Bool) {
        var ongoing = OngoingActivities()
        ongoing.note(Self.report("INStartWorkoutIntent", "fit", .handOff(Self.response("handleInApp"))))
        ongoing.note(Self.report(intent, "fit", .result(Self.response(code))))
        #expect(ongoing.runs(.workout, app: "fit") == stillRunning)
    }

    @Test("two apps each running one: no app is chosen; one of them among the candidates: that one")
    func twoApps() {
        var ongoing = OngoingActivities()
        ongoing.note(Self.report("INRequestRideIntent", "cab", .inProgress(Self.response("inProgress"), followRide: true)))
        ongoing.note(Self.report("INRequestRideIntent", "ride", .inProgress(Self.response("inProgress"), followRide: true)))
        #expect(ongoing.app(for: "INGetRideStatusIntent", among: Self.rides) == nil)
        #expect(ongoing.app(for: "INGetRideStatusIntent", among: ["ride"]) == "ride")
        ongoing.note(Self.report("INCancelRideIntent", "cab", .result(Self.response("success"))))
        #expect(ongoing.app(for: "INGetRideStatusIntent", among: Self.rides) == "ride")
    }

    @Test("only follow-ups go to the running app: a new ride or workout, or another domain, is the user's choice")
    func onlyFollowUps() {
        var ongoing = OngoingActivities()
        ongoing.note(Self.report("INRequestRideIntent", "cab", .inProgress(Self.response("inProgress"), followRide: true)))
        ongoing.note(Self.report("INStartWorkoutIntent", "fit", .handOff(Self.response("handleInApp"))))
        for intent in ["INRequestRideIntent", "INListRideOptionsIntent", "INStartWorkoutIntent", "INSendMessageIntent"] {
            #expect(ongoing.app(for: intent, among: ["cab", "fit"]) == nil, "\(intent)")
        }
        #expect(ongoing.app(for: "INGetRideStatusIntent", among: ["cab", "fit"]) == "cab")
        #expect(ongoing.app(for: "INEndWorkoutIntent", among: ["cab", "fit"]) == "fit")
        #expect(ongoing.app(for: "INEndWorkoutIntent", among: ["gym"]) == nil, "not a candidate")
    }
}
