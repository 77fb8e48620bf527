import Foundation
import TestSupport
import Testing

/// The maps surface's API (`POST /v1/intents/{step}`) against the real server and MonkeyRide's real extension.
@Suite(.serialized)
struct StructuredIntentTests {
    static var place: [String: Any] { ["name": "Central Station", "location": ["latitude": 52.525, "longitude": 13.369]] }
    static var home: [String: Any] { ["name": "Home", "location": ["latitude": 52.51, "longitude": 13.41]] }

    @Test("ride options from every ride app, then a ride booked only after the user's yes, exactly once")
    func rideThroughTheAPI() async throws {
        let folder = ServerTests.home()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try RunningServer(home: folder)
        defer { server.stop() }
        let spec = try OpenAPIDocument(yaml: try await server.request("GET", "/openapi.yaml").body)
        let options: [String: Any] = ["intent": "INListRideOptionsIntent",
                                      "parameters": ["pickupLocation": Self.home, "dropOffLocation": Self.place]]

        // Not yet allowed: listed as refused, never called.
        let asked = try await server.request("POST", "/v1/intents/handle", json: ["intent": options, "app": "org.parlance.examples.monkeyride"])
        ServerTests.conforming(asked, "POST", "/v1/intents/{step}", to: spec)
        let refusal = (asked.object["answers"] as? [[String: Any]])?.first?["refused"] as? [String: Any]
        #expect(refusal?["code"] as? String == "permissionNotDetermined", "\(asked.text)")

        _ = try await server.request("PUT", "/v1/apps/org.parlance.examples.monkeyride/permission", json: ["permission": "allowed"])
        let resolved = try await server.request("POST", "/v1/intents/resolve", json: ["intent": options])
        ServerTests.conforming(resolved, "POST", "/v1/intents/{step}", to: spec)
        let rideApps = resolved.object["answers"] as? [[String: Any]] ?? []
        #expect(rideApps.map { $0["app"] as? String } == ["org.parlance.examples.monkeyride"], "\(resolved.text)")
        #expect((rideApps.first?["resolutions"] as? [[String: Any]])?.map { $0["parameter"] as? String }
                == ["pickupLocation", "dropOffLocation"], "\(resolved.text)")
        let listed = try await server.request("POST", "/v1/intents/handle", json: ["intent": options, "app": "org.parlance.examples.monkeyride"])
        ServerTests.conforming(listed, "POST", "/v1/intents/{step}", to: spec)
        let response = (listed.object["answers"] as? [[String: Any]])?.first?["response"] as? [String: Any]
        let rideOptions = (response?["properties"] as? [String: Any])?["rideOptions"] as? [[String: Any]] ?? []
        #expect(rideOptions.map { $0["name"] as? String } == ["Mini", "XL", "Banana Limo"], "\(listed.text)")

        let ride: [String: Any] = ["intent": "INRequestRideIntent", "identifier": "maps-ride-1",
                                   "parameters": ["pickupLocation": Self.home, "dropOffLocation": Self.place,
                                                  "rideOptionName": ["spokenPhrase": "Mini"]]]
        let unconfirmed = try await server.request("POST", "/v1/intents/handle", json: ["intent": ride, "app": "org.parlance.examples.monkeyride"])
        #expect(unconfirmed.status == 409)
        #expect((unconfirmed.object["error"] as? [String: Any])?["code"] as? String == "confirmationRequired")
        let everyone = try await server.request("POST", "/v1/intents/handle", json: ["intent": ride, "userConfirmed": true])
        #expect(everyone.status == 422, "handle must name one app: \(everyone.text)")
        let confirmed = try await server.request("POST", "/v1/intents/confirm", json: ["intent": ride, "app": "org.parlance.examples.monkeyride"])
        ServerTests.conforming(confirmed, "POST", "/v1/intents/{step}", to: spec)
        let readiness = ((confirmed.object["answers"] as? [[String: Any]])?.first?["response"] as? [String: Any])?["code"] as? String
        #expect(readiness == "ready", "\(confirmed.text)")
        var booked: [String] = []
        for _ in 0..<2 {  // the second is a retry of the same intent: answered from the journal
            let handled = try await server.request("POST", "/v1/intents/handle",
                                                   json: ["intent": ride, "app": "org.parlance.examples.monkeyride", "userConfirmed": true])
            ServerTests.conforming(handled, "POST", "/v1/intents/{step}", to: spec)
            let answer = (handled.object["answers"] as? [[String: Any]])?.first?["response"] as? [String: Any]
            booked.append(answer?["code"] as? String ?? handled.text)
        }
        #expect(booked == ["inProgress", "inProgress"])  // MonkeyRide books and follows the ride in the background
        let rides = try CommandRunner(home: folder).runProgram(TestProducts.path("monkeyride"), ["rides"])
        #expect(rides.split(separator: "\n").count == 1, "booked twice? \(rides)")

        let unknown = try await server.request("POST", "/v1/intents/resolve", json: ["intent": ["intent": "INBakeCakeIntent"]])
        #expect(unknown.status == 422, "\(unknown.text)")
        #expect(try await server.request("POST", "/v1/intents/dance", json: ["intent": options]).status == 404)
        let missing = try await server.request("POST", "/v1/intents/resolve", json: ["intent": options, "app": "org.example.none"])
        #expect(missing.status == 404)
    }
}
