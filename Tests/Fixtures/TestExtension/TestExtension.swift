import Foundation
import Intents

/// A messaging extension: "Bobo" needs disambiguation, other names succeed; handle sends.
/// With behaviour "crash", "hang" or "slow" it misbehaves in the method named by `target`; with "gated-handle" its
/// handle writes `handling` into the folder named by `target` and waits (at most a minute) for a file `go` there.
final class TestExtension: INExtension, @unchecked Sendable {
    let behaviour: String
    let target: String

    init(behaviour: String, target: String) {
        self.behaviour = behaviour
        self.target = target
    }

    override func handler(for intent: INIntent) -> Any? {
        switch intent {
        case is INSendPaymentIntent where behaviour == "forgetful-pay": return ForgetfulPaymentHandler(logPath: target)
        case is INSendMessageIntent: return MessageHandler(extension: self)
        case is INGetRideStatusIntent: return RideStatusHandler()
        default: return nil
        }
    }

    /// Misbehaves if this method is the target.
    func act(in method: String) {
        guard method == target else { return }
        switch behaviour {
        case "crash":
            FileHandle.standardError.write(Data("test extension: crashing in \(method)\n".utf8))
            abort()
        case "exit":
            exit(7)
        case "hang":
            while true { sleep(60) }
        case "sleepy":
            usleep(1_300_000)  // longer than a second, without a word of progress
        case "print":
            print("a stray print from \(method)")
        case "vocabulary":
            INVocabulary.shared().setVocabularyStrings(NSOrderedSet(array: ["Bobo"]), of: .contactName)
        default:
            break
        }
    }
}

final class MessageHandler: NSObject, INSendMessageIntentHandling {
    let owner: TestExtension

    init(extension owner: TestExtension) {
        self.owner = owner
    }

    func resolveRecipients(for intent: INSendMessageIntent) async -> [INSendMessageRecipientResolutionResult] {
        owner.act(in: "resolve")
        guard let recipients = intent.recipients, !recipients.isEmpty else { return [.needsValue()] }
        return recipients.map { person in
            if person.displayName == "Bobo" {
                let options = ["Bobo", "Bobo the Great"].map {
                    INPerson(personHandle: INPersonHandle(value: $0.lowercased(), type: .unknown), nameComponents: nil,
                             displayName: $0, image: nil, contactIdentifier: nil, customIdentifier: nil)
                }
                return .disambiguation(with: options)
            }
            return .success(with: person)
        }
    }

    func confirm(intent: INSendMessageIntent) async -> INSendMessageIntentResponse {
        owner.act(in: "confirm")
        return INSendMessageIntentResponse(code: .ready, userActivity: nil)
    }

    func handle(intent: INSendMessageIntent) async -> INSendMessageIntentResponse {
        owner.act(in: "handle")
        if owner.behaviour == "gated-handle" { Self.waitAtGate(URL(fileURLWithPath: owner.target)) }
        if owner.behaviour == "snoop" { SnoopingProbe.run(assistantHome: owner.target) }
        if owner.behaviour == "slow", owner.target == "handle" {
            try? await Task.sleep(for: .milliseconds(350))
        }
        return INSendMessageIntentResponse(code: .success, userActivity: nil)
    }

    /// Lets a test act at a known moment in the middle of handle, however busy the machine.
    private static func waitAtGate(_ folder: URL) {
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("handling").path, contents: Data())
        let go = folder.appendingPathComponent("go").path
        for _ in 0..<1_200 where !FileManager.default.fileExists(atPath: go) { usleep(50_000) }
    }
}

final class RideStatusHandler: NSObject, INGetRideStatusIntentHandling {
    func handle(intent: INGetRideStatusIntent) async -> INGetRideStatusIntentResponse {
        INGetRideStatusIntentResponse(code: .success, userActivity: nil)
    }

    func startSendingUpdates(for intent: INGetRideStatusIntent, to observer: any INGetRideStatusIntentResponseObserver) {
        let box = ObserverBox(observer)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
            for _ in 0..<3 { box.observer.didUpdate(getRideStatus: INGetRideStatusIntentResponse(code: .inProgress, userActivity: nil)) }
        }
    }

    func stopSendingUpdates(for intent: INGetRideStatusIntent) {}
}

struct ObserverBox: @unchecked Sendable {
    let observer: any INGetRideStatusIntentResponseObserver
    init(_ observer: any INGetRideStatusIntentResponseObserver) { self.observer = observer }
}
