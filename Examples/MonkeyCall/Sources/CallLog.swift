import Foundation
import Intents
import MonkeyAppSupport

/// MonkeyCall's data: who you can call (and who has video), and the call history.
struct CallLog: Codable, Sendable {
    struct Contact: Codable, Sendable {
        var name: String
        var hasVideo: Bool
    }

    struct Call: Codable, Sendable {
        var identifier: String
        var person: String
        var kind: String  // outgoing, missed, received
        var video: Bool
        var date: Date
    }

    var contacts: [Contact]
    var calls: [Call]

    static let identifier = "org.parlance.examples.monkeycall"
    static let file = AppDataFile<CallLog>(appIdentifier: identifier) { .demo }

    static var demo: CallLog {
        let now = Date()
        return CallLog(
            contacts: [.init(name: "Bobo", hasVideo: true), .init(name: "Kiki", hasVideo: true),
                       .init(name: "Coco", hasVideo: false), .init(name: "Bobo the Great", hasVideo: true),
                       .init(name: "Grandpa Ook", hasVideo: false)],
            calls: [.init(identifier: "c1", person: "Bobo", kind: "missed", video: false, date: now.addingTimeInterval(-1800)),
                    .init(identifier: "c2", person: "Kiki", kind: "received", video: true, date: now.addingTimeInterval(-7200)),
                    .init(identifier: "c3", person: "Grandpa Ook", kind: "missed", video: false, date: now.addingTimeInterval(-90_000))])
    }

    func contact(named name: String) -> Contact? {
        contacts.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    static func person(_ name: String) -> INPerson {
        INPerson(personHandle: INPersonHandle(value: "monkeycall:" + name.lowercased().filter(\.isLetter), type: .unknown),
                 nameComponents: nil, displayName: name, image: nil, contactIdentifier: nil, customIdentifier: nil)
    }
}
