import CoreLocation
import Foundation
import Intents
import ParlanceCore
import ParlancePresentation
import Synchronization

/// What reached an extension's handle: the app, the intent and every string value the intent carried.
struct HandledIntent: Sendable, CustomStringConvertible {
    let app: String
    let intent: String
    let identifier: String
    /// The intent's JSON form, with its class name and identifier left out.
    let parameters: JSONValue

    /// Every string in the parameters (names, content, places…).
    var strings: [String] { parameters.fuzzStrings }

    var description: String { "\(app) \(intent) \(ValueText.describe(parameters))" }
}

/// The handle calls of every in-process twin, by walk (the part of the intent identifier before the first
/// "-"), in order.
final class HandleLog: Sendable {
    private let byWalk = Mutex<[Substring: [HandledIntent]]>([:])

    /// What the walk whose identifiers start with `walk` + "-" handled so far.
    func handled(inWalk walk: String) -> [HandledIntent] {
        byWalk.withLock { $0[Substring(walk)] ?? [] }
    }

    func record(_ intent: INIntent, app: String) {
        var parameters: JSONValue = .object([:])
        if let data = try? IntentJSON.encode(AnyIntent(intent)),
           case .object(var fields)? = try? JSONDecoder().decode(JSONValue.self, from: data) {
            fields["intent"] = nil
            fields["identifier"] = nil
            parameters = .object(fields)
        }
        let identifier = intent.identifier ?? ""
        let handled = HandledIntent(app: app, intent: String(describing: type(of: intent)),
                                    identifier: identifier, parameters: parameters)
        let walk = identifier.prefix { $0 != "-" }
        byWalk.withLock { $0[walk, default: []].append(handled) }
    }
}

extension JSONValue {
    /// Every string leaf of the value.
    var fuzzStrings: [String] {
        switch self {
        case .string(let text): return [text]
        case .array(let items): return items.flatMap(\.fuzzStrings)
        case .object(let fields): return fields.values.flatMap(\.fuzzStrings)
        case .number, .bool, .null: return []
        }
    }
}

/// The data the sample apps start with (Examples/*/Sources), as the twins know it.
enum TwinData {
    /// MonkeyChat's book after `monkeychat crowd 20`: Bobo Baker 1 and 2… make "Bobo Baker" a choice.
    static let chatContacts = ["Bobo", "Bobo the Great", "Bobo Jr.", "Little Bobo", "Kiki", "Coco", "Mimi Banana", "Zaza"]
        + (0..<20).map { index in
            let surnames = ["Abbott", "Baker", "Carter", "Dalton", "Evans", "Fisher", "Gomez", "Hayes", "Irving", "Jones"]
            return "Bobo \(surnames[index % surnames.count]) \(index / surnames.count + 1)"
        }
    static let payPeople = ["Bobo", "Kiki", "Coco", "Bobo the Great", "Mimi Banana"]
    static let callContacts = ["Bobo", "Kiki", "Coco", "Bobo the Great", "Grandpa Ook"]
    static let rideOptions = ["Mini", "XL", "Banana Limo", "Silverback", "Troop Van"]
    static let places = ["Central Station", "Banana Beach", "Airport", "Home", "Work", "Jungle Gym"]
    static let workouts = ["Bananarific", "Jungle Run", "Vine Swing"]
    static let albums = ["Banana Trip", "Jungle Party", "Beach Day"]
    static let tags = ["sunset", "bananas", "party", "beach", "trees"]

    static func person(_ name: String) -> INPerson {
        INPerson(personHandle: INPersonHandle(value: "@" + name.lowercased().filter(\.isLetter), type: .unknown),
                 nameComponents: nil, displayName: name, image: nil, contactIdentifier: nil, customIdentifier: nil)
    }

    /// A person resolution in the intent's own result class, by the sample apps' rule.
    static func resolve<Result: INPersonResolutionResult>(_ spoken: INPerson?, in names: [String],
                                                          unknown: @autoclosure () -> Result) -> Result {
        guard let spoken, !spoken.displayName.isEmpty else { return Result.needsValue() }
        switch TwinNameMatch.find(spoken.displayName, in: names) {
        case .exact(let name): return Result.success(with: person(name))
        case .partial(let name), .close(let name): return Result.confirmationRequired(with: person(name))
        case .several(let found): return Result.disambiguation(with: found.map(person))
        case .tooMany: return Result.needsValue()
        case .none: return unknown()
        }
    }

    static func speakable(_ name: String) -> INSpeakableString {
        INSpeakableString(vocabularyIdentifier: name.lowercased(), spokenPhrase: name, pronunciationHint: nil)
    }
}

/// An in-process twin of a sample app's Intents extension: resolves and confirms as the sample app does
/// (the same names, limits and questions) and records every handle in `log` instead of doing the work.
final class SampleAppTwin: INExtension, @unchecked Sendable {
    let app: String
    let log: HandleLog

    init(app: String, log: HandleLog) {
        self.app = app
        self.log = log
    }

    override func handler(for intent: INIntent) -> Any? {
        switch intent {
        case is INSendMessageIntent: return TwinMessageHandler(app: app, log: log)
        case is INSendPaymentIntent, is INRequestPaymentIntent: return TwinPaymentHandler(app: app, log: log)
        case is INStartCallIntent: return TwinCallHandler(app: app, log: log)
        case is INRequestRideIntent: return TwinRideHandler(app: app, log: log)
        case is INStartWorkoutIntent: return TwinWorkoutHandler(app: app, log: log)
        case is INSearchForPhotosIntent: return TwinPhotoHandler(app: app, log: log)
        default: return TwinOtherHandler(app: app, log: log)
        }
    }
}
