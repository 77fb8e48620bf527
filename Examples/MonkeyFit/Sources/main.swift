// MonkeyFit, a Parlance sample app: workouts. `monkeyfit intents` is its Intents extension; `monkeyfit
// open` is where the assistant hands a started workout over; the other commands are the app itself.
import Foundation
import Intents
import MonkeyAppSupport

let file = Gym.file

func publishWorkouts() {
    guard let gym = try? file.read() else { return }
    INVocabulary.shared().setVocabularyStrings(NSOrderedSet(array: gym.customWorkouts), of: .workoutActivityName)
}

await AppMain.run(appName: "MonkeyFit", appIdentifier: Gym.identifier, extension: { MonkeyFitExtension() }, commands: [
    .init("open", "open                   start the workout the assistant handed over") { _ in
        guard let activity = AppMain.handedOverActivity(), let info = activity["userInfo"] as? [String: Any],
              let name = info["workout"] as? String, !name.isEmpty else {
            print("MonkeyFit opened")
            return
        }
        let identifier = info["identifier"] as? String ?? UUID().uuidString
        let goal = (info["goal"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        try file.update { gym in
            guard !gym.sessions.contains(where: { $0.identifier == identifier }) else { return }
            gym.sessions.append(.init(identifier: identifier, name: name, goal: goal, startedAt: Date()))
        }
        print("MonkeyFit: \(name) started" + (goal.map { ", goal \($0)" } ?? ""))
    },
    .init("workouts", "workouts               list workouts and what is going on") { _ in
        let gym = try file.read()
        print("Workouts: \(gym.allWorkouts.joined(separator: ", "))")
        for session in gym.sessions {
            let state = session.cancelled ? "cancelled" : session.endedAt != nil ? "ended" : session.paused ? "paused" : "going"
            print("\(session.name)\(session.goal.map { " (\($0))" } ?? ""): \(state)")
        }
    },
    .init("add", "add NAME…              add your own workouts") { names in
        try file.update { gym in gym.customWorkouts += names.filter { !gym.customWorkouts.contains($0) } }
        publishWorkouts()
    },
    .init("sync", "sync                   tell the assistant your workout names again") { _ in publishWorkouts() },
    .init("reset", "reset                  forget everything") { _ in
        try file.reset()
        INVocabulary.shared().removeAllVocabularyStrings()
    },
])
