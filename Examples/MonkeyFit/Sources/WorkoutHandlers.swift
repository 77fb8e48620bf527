import Foundation
import Intents
import MonkeyAppSupport

/// Which workout a request means: one MonkeyFit offers or one the user made.
enum WorkoutNames {
    static func resolve(_ spoken: INSpeakableString?, required: Bool) -> INSpeakableStringResolutionResult {
        guard let phrase = spoken?.spokenPhrase, !phrase.isEmpty else { return required ? .needsValue() : .notRequired() }
        let names = (try? Gym.file.read().allWorkouts) ?? Gym.builtIn
        switch NameMatch.find(phrase, in: names) {
        case .exact(let name): return .success(with: Gym.speakable(name))
        case .partial(let name), .close(let name): return .confirmationRequired(with: Gym.speakable(name))
        case .several(let options): return .disambiguation(with: options.map(Gym.speakable))
        case .tooMany: return .needsMoreDetails()
        case .none: return .unsupported()
        }
    }
}

/// Starts a workout. The workout itself runs in the app, so handle hands over to it.
final class StartWorkoutHandler: NSObject, INStartWorkoutIntentHandling {
    func resolveWorkoutName(for intent: INStartWorkoutIntent) async -> INSpeakableStringResolutionResult {
        WorkoutNames.resolve(intent.workoutName, required: true)
    }

    func resolveGoalValue(for intent: INStartWorkoutIntent) async -> INDoubleResolutionResult {
        guard let goal = intent.goalValue else { return .notRequired() }
        return goal > 0 ? .success(with: goal) : .unsupported()
    }

    /// MonkeyFit works out the same indoors and out: the place is not needed.
    func resolveWorkoutLocationType(for intent: INStartWorkoutIntent) async -> INWorkoutLocationTypeResolutionResult {
        .notRequired()
    }

    func confirm(intent: INStartWorkoutIntent) async -> INStartWorkoutIntentResponse {
        if (try? Gym.file.read())?.current != nil {
            return INStartWorkoutIntentResponse(code: .failureOngoingWorkout, userActivity: nil)
        }
        return INStartWorkoutIntentResponse(code: .ready, userActivity: nil)
    }

    func handle(intent: INStartWorkoutIntent) async -> INStartWorkoutIntentResponse {
        let activity = NSUserActivity(activityType: "INStartWorkoutIntent")
        activity.userInfo = ["workout": intent.workoutName?.spokenPhrase ?? "", "identifier": intent.identifier ?? "",
                             "goal": intent.goalValue.map { "\(Int($0)) \(intent.workoutGoalUnitType.caseName)" } ?? ""]
        return INStartWorkoutIntentResponse(code: .handleInApp, userActivity: activity)
    }
}

/// Pauses, resumes, ends or cancels the workout going now.
final class WorkoutControlHandler: NSObject, INPauseWorkoutIntentHandling, INResumeWorkoutIntentHandling,
    INEndWorkoutIntentHandling, INCancelWorkoutIntentHandling {
    enum Action { case pause, resume, end, cancel }

    /// Changes the current workout; false when none is going (or it is already in that state).
    private func change(_ action: Action) -> Bool {
        (try? Gym.file.update { gym -> Bool in
            guard let index = gym.sessions.lastIndex(where: { $0.endedAt == nil && !$0.cancelled }) else { return false }
            switch action {
            case .pause:
                guard !gym.sessions[index].paused else { return false }
                gym.sessions[index].paused = true
            case .resume:
                guard gym.sessions[index].paused else { return false }
                gym.sessions[index].paused = false
            case .end: gym.sessions[index].endedAt = Date()
            case .cancel: gym.sessions[index].cancelled = true
            }
            return true
        }) ?? false
    }

    func resolveWorkoutName(for intent: INPauseWorkoutIntent) async -> INSpeakableStringResolutionResult {
        WorkoutNames.resolve(intent.workoutName, required: false)
    }
    func handle(intent: INPauseWorkoutIntent) async -> INPauseWorkoutIntentResponse {
        INPauseWorkoutIntentResponse(code: change(.pause) ? .success : .failureNoMatchingWorkout, userActivity: nil)
    }
    func resolveWorkoutName(for intent: INResumeWorkoutIntent) async -> INSpeakableStringResolutionResult {
        WorkoutNames.resolve(intent.workoutName, required: false)
    }
    func handle(intent: INResumeWorkoutIntent) async -> INResumeWorkoutIntentResponse {
        INResumeWorkoutIntentResponse(code: change(.resume) ? .success : .failureNoMatchingWorkout, userActivity: nil)
    }
    func resolveWorkoutName(for intent: INEndWorkoutIntent) async -> INSpeakableStringResolutionResult {
        WorkoutNames.resolve(intent.workoutName, required: false)
    }
    func handle(intent: INEndWorkoutIntent) async -> INEndWorkoutIntentResponse {
        INEndWorkoutIntentResponse(code: change(.end) ? .success : .failureNoMatchingWorkout, userActivity: nil)
    }
    func resolveWorkoutName(for intent: INCancelWorkoutIntent) async -> INSpeakableStringResolutionResult {
        WorkoutNames.resolve(intent.workoutName, required: false)
    }
    func handle(intent: INCancelWorkoutIntent) async -> INCancelWorkoutIntentResponse {
        INCancelWorkoutIntentResponse(code: change(.cancel) ? .success : .failureNoMatchingWorkout, userActivity: nil)
    }
}

/// MonkeyFit's Intents extension.
final class MonkeyFitExtension: INExtension, @unchecked Sendable {
    override func handler(for intent: INIntent) -> Any? {
        switch intent {
        case is INStartWorkoutIntent: return StartWorkoutHandler()
        case is INPauseWorkoutIntent, is INResumeWorkoutIntent, is INEndWorkoutIntent, is INCancelWorkoutIntent:
            return WorkoutControlHandler()
        default: return nil
        }
    }
}
