import Foundation
@testable import Intents
import ParlanceCore
import Testing

private func goldenNames() -> [String] {
    guard let folder = Bundle.module.url(forResource: "Golden", withExtension: nil),
          let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
    return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
}

private func golden(_ name: String) throws -> JSONValue {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Golden"))
    return try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: url))
}

/// The `Codable` path through JSON text: the reference the direct form must agree with.
private func throughText(_ value: some Encodable) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
}

private func text(_ value: JSONValue) throws -> Data { try JSONEncoder().encode(value) }

/// One kind of SDK object in its JSON form: how the `Codable` path and the direct form read and write it.
private struct Form: Sendable {
    let codable: @Sendable (Data) throws -> JSONValue
    let direct: @Sendable (JSONValue) throws -> JSONValue
    let directOfObject: @Sendable (Data) throws -> JSONValue

    static let intent = Form(
        codable: { try throughText(AnyIntent(IntentJSON.decodeIntent(from: $0))) },
        direct: { try AnyIntent.fromJSONTree($0).jsonTree() },
        directOfObject: { try AnyIntent(IntentJSON.decodeIntent(from: $0)).jsonTree() })
    static let response = Form(
        codable: { try throughText(AnyIntentResponse(IntentJSON.decodeResponse(from: $0))) },
        direct: { try AnyIntentResponse.fromJSONTree($0).jsonTree() },
        directOfObject: { try AnyIntentResponse(IntentJSON.decodeResponse(from: $0)).jsonTree() })
    static let result = Form(
        codable: { try throughText(AnyResolutionResult(IntentJSON.decodeResolutionResult(from: $0))) },
        direct: { try AnyResolutionResult.fromJSONTree($0).jsonTree() },
        directOfObject: { try AnyResolutionResult(IntentJSON.decodeResolutionResult(from: $0)).jsonTree() })

    /// Checks one JSON value: what the direct form reads, the `Codable` path reads the same (the direct
    /// form may leave a value to the `Codable` path, never read one it refuses or read it otherwise), and
    /// what the `Codable` path reads, the direct form writes as it does. Returns whether the direct form read it.
    @discardableResult
    func check(_ json: JSONValue, _ label: String) throws -> Bool {
        let data = try text(json)
        let reference = Result { try codable(data) }
        if case .success(let tree) = reference {
            if let written = try? directOfObject(data) {
                #expect(written == tree, "\(label): the direct form writes \(written), Codable \(tree)")
            }
        }
        guard let read = try? direct(json) else { return false }
        switch reference {
        case .success(let tree):
            #expect(read == tree, "\(label): the direct form reads \(read), Codable \(tree)")
        case .failure(let error):
            Issue.record("\(label): the direct form reads what Codable refuses (\(error)): \(json)")
        }
        return true
    }
}

/// Changes of one JSON object that a reader must notice: each member missing, null, of another type, and a
/// member no type has; nested objects (the parameters, a person) are changed the same way.
private func variants(of value: JSONValue, depth: Int = 0) -> [(String, JSONValue)] {
    guard depth < 3 else { return [] }
    switch value {
    case .object(let members):
        var out: [(String, JSONValue)] = [("unknown member", .object(members.merging(["zzUnknown": .bool(true)]) { $1 }))]
        for (key, member) in members.sorted(by: { $0.key < $1.key }) {
            var without = members
            without[key] = nil
            out.append(("\(key) missing", .object(without)))
            for other: JSONValue in [.null, .string("x"), .number(2.5), .number(3), .bool(true), .array([]), .object([:])]
            where other != member {
                var changed = members
                changed[key] = other
                out.append(("\(key) = \(other)", .object(changed)))
            }
            for (label, inner) in variants(of: member, depth: depth + 1) {
                var changed = members
                changed[key] = inner
                out.append(("\(key): \(label)", .object(changed)))
            }
        }
        return out
    case .array(let elements):
        guard let first = elements.first else { return [] }
        return variants(of: first, depth: depth + 1).map { ($0.0, .array([$0.1] + elements.dropFirst())) }
            + [("other element", .array(elements + [.string("x")]))]
    default:
        return []
    }
}

/// The direct JSON form (`JSONTree`) gives the same trees as the `Codable` path for every intent, response
/// and resolution result, refuses what it does not take exactly as `init(from:)` would, and covers the
/// intents and responses whose values it knows.
@Suite struct JSONTreeTests {
    @Test("every golden intent and response: the same reading and writing as Codable", arguments: goldenNames())
    func goldenForms(_ name: String) throws {
        let json = try golden(name)
        let form = name.hasSuffix("Response") ? Form.response : Form.intent
        try form.check(json, name)
        for (label, variant) in variants(of: json) {
            try form.check(variant, "\(name), \(label)")
        }
    }

    /// The objects that hold a placemark or a location (rides, restaurants, photos) take the Codable path; every
    /// other golden object, without the activity its response carries, is read and written directly.
    static let placemarkHolders: Set<String> = [
        "INBookRestaurantReservationIntent", "INBookRestaurantReservationIntentResponse",
        "INGetAvailableRestaurantReservationBookingDefaultsIntent", "INGetAvailableRestaurantReservationBookingsIntent",
        "INGetAvailableRestaurantReservationBookingsIntentResponse", "INGetUserCurrentRestaurantReservationBookingsIntent",
        "INGetUserCurrentRestaurantReservationBookingsIntentResponse", "INGetRideStatusIntentResponse",
        "INListRideOptionsIntent", "INRequestRideIntent", "INRequestRideIntentResponse", "INSearchForPhotosIntent",
        "INStartPhotoPlaybackIntent",
    ]

    @Test("the golden objects the direct form covers", arguments: goldenNames())
    func coverage(_ name: String) throws {
        guard case .object(var root) = try golden(name) else { return }
        // An activity to continue in the app takes the Codable path (its user info is a property list).
        root["userActivity"] = nil
        let form = name.hasSuffix("Response") ? Form.response : Form.intent
        let direct = try form.check(.object(root), name)
        #expect(direct == !Self.placemarkHolders.contains(name),
                "\(name) is \(direct ? "" : "not ")read directly")
    }

    @Test func everyClassNamesItself() {
        for description in IntentCatalog.all {
            #expect(description.intentType.jsonTreeName == description.name)
            #expect(ObjectIdentifier(description.intentType.jsonTreeClass) == ObjectIdentifier(description.intentType))
            #expect(description.responseType.jsonTreeName == description.name + "Response")
            #expect(ObjectIdentifier(description.responseType.jsonTreeClass) == ObjectIdentifier(description.responseType))
        }
        for (name, type) in IntentCatalog.resolutionResultTypes {
            #expect(type.jsonTreeName == name)
            #expect(ObjectIdentifier(type.jsonTreeClass) == ObjectIdentifier(type))
        }
    }

    @Test("every resolution result of every golden intent's parameters", arguments: goldenNames().filter { !$0.hasSuffix("Response") })
    func resolutionResults(_ name: String) throws {
        guard case .object(let root) = try golden(name), case .object(let parameters)? = root["parameters"],
              case .string(let intentName)? = root["intent"],
              let description = IntentCatalog.intent(named: intentName) else {
            Issue.record("\(name) is not an intent")
            return
        }
        for parameter in description.parameters {
            guard let given = parameters[parameter.name] else { continue }
            let value = parameter.isList ? (given.arrayValue?.first ?? given) : given
            let resultName = parameter.resolutionResultType
            let base: [String: JSONValue] = ["result": .string(resultName)]
            var outcomes: [(String, [String: JSONValue])] = [
                ("success", ["outcome": .string("success"), "value": value]),
                ("disambiguation", ["outcome": .string("disambiguation"), "items": .array([value, value])]),
                ("confirmationRequired", ["outcome": .string("confirmationRequired"), "value": value]),
                ("needsValue", ["outcome": .string("needsValue")]),
                ("unsupported", ["outcome": .string("unsupported")]),
                ("unsupported with a reason", ["outcome": .string("unsupported"), "reason": .string("noAccount")]),
                ("success without a value", ["outcome": .string("success")]),
                ("no outcome", [:]),
                ("unimplemented", ["outcome": .string("unimplemented")]),
                ("disambiguation without items", ["outcome": .string("disambiguation"), "items": .array([])]),
            ]
            outcomes.append(("not a result class", ["outcome": .string("success"), "value": value, "result": .string("INNoSuchResult")]))
            for (label, members) in outcomes {
                let json = JSONValue.object(base.merging(members) { $1 })
                let directly = try Form.result.check(json, "\(name).\(parameter.name) \(label)")
                if ["needsValue", "unsupported"].contains(label) {
                    #expect(directly, "\(resultName) \(label) is read directly")
                }
                if label == "success" {
                    for (variantLabel, variant) in variants(of: json) {
                        try Form.result.check(variant, "\(name).\(parameter.name) \(label), \(variantLabel)")
                    }
                }
            }
        }
    }

    @Test func aSubclassMadeElsewhereTakesTheCodablePath() throws {
        final class LoggedMessage: INSendMessageIntent, @unchecked Sendable {}
        let intent = LoggedMessage(recipients: nil, content: "hi", groupName: nil, serviceName: nil, sender: nil)
        #expect(throws: JSONTree.Unsupported.self) { try AnyIntent(intent).jsonTree() }
        #expect(try JSONValueEncoder().encode(AnyIntent(intent)) == (try throughText(AnyIntent(intent))))
    }
}
