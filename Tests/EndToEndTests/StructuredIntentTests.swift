import Foundation
import TestSupport
import Testing

/// The maps surface's API (`POST /v1/intents/{step}`) against the real server and MonkeyRide's real extension.
@Suite(.serialized, .waitsBlocking)
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
        // Every ride app answers for itself: GorillaCab, not yet allowed, is listed as refused and not called.
        #expect(rideApps.map { $0["app"] as? String } == ["org.parlance.examples.gorillacab", "org.parlance.examples.monkeyride"],
                "\(resolved.text)")
        #expect((rideApps.first?["refused"] as? [String: Any])?["code"] as? String == "permissionNotDetermined")
        #expect((rideApps.last?["resolutions"] as? [[String: Any]])?.map { $0["parameter"] as? String }
                == ["pickupLocation", "dropOffLocation"], "\(resolved.text)")
        _ = try await server.request("PUT", "/v1/apps/org.parlance.examples.gorillacab/permission", json: ["permission": "allowed"])
        let everyApp = try await server.request("POST", "/v1/intents/handle", json: ["intent": options])
        let offered = (everyApp.object["answers"] as? [[String: Any]] ?? []).map { answer in
            (((answer["response"] as? [String: Any])?["properties"] as? [String: Any])?["rideOptions"] as? [[String: Any]] ?? [])
                .compactMap { $0["name"] as? String }
        }
        #expect(offered == [["Silverback", "Troop Van"], ["Mini", "XL", "Banana Limo"]], "\(everyApp.text)")
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
        let calls = try Self.calls(in: folder, app: "org.parlance.examples.monkeyride", intent: "INRequestRideIntent")
        #expect(calls == ["confirm: code: ready", "handle: code: inProgress"], "\(calls)")

        let unknown = try await server.request("POST", "/v1/intents/resolve", json: ["intent": ["intent": "INBakeCakeIntent"]])
        #expect(unknown.status == 422, "\(unknown.text)")
        #expect(try await server.request("POST", "/v1/intents/dance", json: ["intent": options]).status == 404)
        let missing = try await server.request("POST", "/v1/intents/resolve", json: ["intent": options, "app": "org.example.none"])
        #expect(missing.status == 404)
    }

    @Test("a table at MonkeyDine: the guest, free times for two tomorrow evening, a booking after the user's yes, my bookings")
    func tableThroughTheAPI() async throws {
        let folder = ServerTests.home()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try RunningServer(home: folder)
        defer { server.stop() }
        let spec = try OpenAPIDocument(yaml: try await server.request("GET", "/openapi.yaml").body)
        let dine = "org.parlance.examples.monkeydine"
        _ = try await server.request("PUT", "/v1/apps/\(dine)/permission", json: ["permission": "allowed"])
        func call(_ step: String, _ body: [String: Any]) async throws -> [String: Any] {
            let reply = try await server.request("POST", "/v1/intents/\(step)", json: body)
            ServerTests.conforming(reply, "POST", "/v1/intents/{step}", to: spec)
            #expect(reply.status == 200, "\(reply.text)")
            return (reply.object["answers"] as? [[String: Any]])?.first ?? [:]
        }
        func properties(_ answer: [String: Any]) -> [String: Any] {
            (answer["response"] as? [String: Any])?["properties"] as? [String: Any] ?? [:]
        }

        let guest = properties(try await call("handle", ["intent": ["intent": "INGetRestaurantGuestIntent"], "app": dine]))["guest"]
        #expect((guest as? [String: Any])?["phoneNumber"] as? String == "+1 555 0123")

        let restaurant: [String: Any] = ["name": "Banana Bistro", "location": ["latitude": 52.5208, "longitude": 13.4094],
                                         "vendorIdentifier": dine, "restaurantIdentifier": "banana-bistro"]
        let calendar = Calendar.current
        let tomorrow = try #require(calendar.date(byAdding: .day, value: 1, to: Date()))
        let day = calendar.dateComponents([.year, .month, .day], from: tomorrow)
        let preferred: [String: Any] = ["year": day.year ?? 0, "month": day.month ?? 0, "day": day.day ?? 0, "hour": 19, "minute": 0]
        let available = try await call("handle", ["intent": ["intent": "INGetAvailableRestaurantReservationBookingsIntent",
                                                             "parameters": ["restaurant": restaurant, "partySize": 2,
                                                                            "preferredBookingDateComponents": preferred,
                                                                            "maximumNumberOfResults": 4]], "app": dine])
        let tables = properties(available)["availableBookings"] as? [[String: Any]] ?? []
        #expect(tables.count == 4, "\(available)")
        let chosen = try #require(tables.first { ($0["bookingDate"] as? String)?.contains("T") == true })
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let when = try #require(formatter.date(from: chosen["bookingDate"] as? String ?? ""))
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: when)
        let book: [String: Any] = [
            "intent": "INBookRestaurantReservationIntent", "identifier": "maps-table-1",
            "parameters": ["restaurant": restaurant, "partySize": 2, "bookingIdentifier": chosen["bookingIdentifier"] ?? "",
                           "bookingDateComponents": ["year": parts.year ?? 0, "month": parts.month ?? 0, "day": parts.day ?? 0,
                                                     "hour": parts.hour ?? 0, "minute": parts.minute ?? 0],
                           "guest": guest ?? [:], "guestProvidedSpecialRequestText": "a table by the window"]]
        let resolved = try await call("resolve", ["intent": book, "app": dine])
        let kinds = (resolved["resolutions"] as? [[String: Any]] ?? []).compactMap { resolution -> String? in
            ((resolution["results"] as? [[String: Any]])?.first?["kind"] as? String)
        }
        #expect(kinds.allSatisfy { $0 == "success" }, "\(resolved)")
        let confirmation = try await call("confirm", ["intent": book, "app": dine])
        #expect((confirmation["response"] as? [String: Any])?["code"] as? String == "success", "\(confirmation)")
        let unconfirmed = try await server.request("POST", "/v1/intents/handle", json: ["intent": book, "app": dine])
        #expect(unconfirmed.status == 409)
        for _ in 0..<2 {  // the retry is answered from the journal
            let booked = try await call("handle", ["intent": book, "app": dine, "userConfirmed": true])
            let userBooking = properties(booked)["userBooking"] as? [String: Any]
            #expect(userBooking?["status"] as? String == "confirmed", "\(booked)")
            #expect(userBooking?["guestProvidedSpecialRequestText"] as? String == "a table by the window")
        }
        let mine = try await call("handle", ["intent": ["intent": "INGetUserCurrentRestaurantReservationBookingsIntent"], "app": dine])
        #expect((properties(mine)["userCurrentBookings"] as? [Any])?.count == 1, "\(mine)")
        let recorded = try CommandRunner(home: folder).runProgram(TestProducts.path("monkeydine"), ["bookings"])
        #expect(recorded.split(separator: "\n").count == 1, "booked twice? \(recorded)")
        // The app's activity log (`parlance apps log`) shows the booking's calls in order, handle once.
        let calls = try Self.calls(in: folder, app: dine, intent: "INBookRestaurantReservationIntent")
        #expect(calls == ["resolve: not implemented, success", "confirm: code: success", "handle: code: success"], "\(calls)")
        // The extension reported every intent it has a handler for when it started, the ones with required values too.
        let started = try CommandRunner(home: folder).run(["apps", "log", dine, "--lines", "500"]).stdout
            .split(separator: "\n").first { $0.contains(" start ") }.map(String.init) ?? ""
        for intent in ["INBookRestaurantReservationIntent", "INGetAvailableRestaurantReservationBookingsIntent", "INGetRestaurantGuestIntent"] {
            #expect(started.contains(intent), "\(started)")
        }
    }

    /// The calls `parlance apps log APP --json` lists for one intent: "event: outcome".
    static func calls(in home: URL, app: String, intent: String) throws -> [String] {
        let output = try CommandRunner(home: home).run(["apps", "log", app, "--json", "--lines", "500"])
        #expect(output.status == 0, "\(output.stderr)")
        return output.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let entry = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  entry["intent"] as? String == intent, let event = entry["event"] as? String else { return nil }
            let detail = (entry["detail"] as? String ?? "")
            // A resolve lists each parameter's outcome; the kinds are enough here.
            let kinds = Set(detail.split(separator: ";").compactMap { $0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) })
            return event == "resolve" ? "resolve: \(kinds.sorted().joined(separator: ", "))" : "\(event): \(detail)"
        }
    }
}
