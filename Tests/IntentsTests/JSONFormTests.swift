import Foundation
import Intents
import Testing

private func goldenFiles() -> [String] {
    guard let folder = Bundle.module.url(forResource: "Golden", withExtension: nil),
          let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
    return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
}

private func goldenData(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Golden"))
    return try Data(contentsOf: url)
}

private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

@Suite("JSON form")
struct JSONFormTests {
    @Test("the golden files cover every intent and response")
    func coverage() {
        let names = Set(goldenFiles())
        for intent in IntentCatalog.all {
            #expect(names.contains(intent.name))
            #expect(names.contains(intent.name + "Response"))
        }
    }

    @Test("decoding and re-encoding reproduces each golden file exactly", arguments: goldenFiles())
    func goldenRoundTrip(_ name: String) throws {
        let data = try goldenData(name)
        let encoded: Data
        if name.hasSuffix("Response") {
            let response = try IntentJSON.decodeResponse(from: data)
            #expect(response.responseName == name)
            encoded = try IntentJSON.encode(AnyIntentResponse(response))
            #expect(response.isEqual(response.copy()))
        } else {
            let intent = try IntentJSON.decodeIntent(from: data)
            #expect(intent.intentName == name)
            #expect(intent.identifier == "req-1")
            encoded = try IntentJSON.encode(AnyIntent(intent))
            #expect(intent.isEqual(intent.copy()))
        }
        #expect(text(encoded) + "\n" == text(data))
    }

    @Test("values built in Swift encode as documented")
    func documentedShapes() throws {
        let intent = INSendPaymentIntent(
            payee: INPerson(personHandle: INPersonHandle(value: "bobo@monkey.example", type: .emailAddress),
                            nameComponents: nil, displayName: "Bobo", image: nil, contactIdentifier: nil,
                            customIdentifier: "bobo-1"),
            currencyAmount: INCurrencyAmount(amount: NSDecimalNumber(string: "15.50"), currencyCode: "USD"),
            note: "bananas")
        #expect(text(try IntentJSON.encode(intent)) == #"{"intent":"INSendPaymentIntent","parameters":{"currencyAmount":{"amount":15.5,"currencyCode":"USD"},"note":"bananas","payee":{"customIdentifier":"bobo-1","displayName":"Bobo","personHandle":{"type":"emailAddress","value":"bobo@monkey.example"}}}}"#)

        let search = INSearchCallHistoryIntent(callType: .missed, dateCreated: nil, recipient: nil)
        #expect(text(try IntentJSON.encode(search)) == #"{"intent":"INSearchCallHistoryIntent","parameters":{"callTypes":["missed"]}}"#)
        #expect(search.callType == .missed)

        let workout = INStartWorkoutIntent(workoutName: INSpeakableString(spokenPhrase: "run"), goalValue: 5,
                                           workoutGoalUnitType: .mile, workoutLocationType: .outdoor, isOpenEnded: false)
        #expect(text(try IntentJSON.encode(workout)) == #"{"intent":"INStartWorkoutIntent","parameters":{"goalValue":5,"isOpenEnded":false,"workoutGoalUnitType":"mile","workoutLocationType":"outdoor","workoutName":{"spokenPhrase":"run"}}}"#)
    }

    @Test("money keeps its exact decimal value")
    func exactMoney() throws {
        let data = Data(#"{"intent":"INRequestPaymentIntent","parameters":{"currencyAmount":{"amount":0.1,"currencyCode":"EUR"}}}"#.utf8)
        let intent = try #require(try IntentJSON.decodeIntent(from: data) as? INRequestPaymentIntent)
        #expect(intent.currencyAmount?.amount == NSDecimalNumber(string: "0.1"))
    }

    static let resultCases: [INIntentResolutionResult] = [
        INPersonResolutionResult.success(with: INPerson(personHandle: INPersonHandle(value: nil, type: .unknown),
                                                        nameComponents: nil, displayName: "Bobo", image: nil,
                                                        contactIdentifier: nil, customIdentifier: "b1")),
        INPersonResolutionResult.disambiguation(with: ["Bobo", "Bobo the Great"].map {
            INPerson(personHandle: INPersonHandle(value: nil, type: .unknown), nameComponents: nil, displayName: $0,
                     image: nil, contactIdentifier: nil, customIdentifier: nil)
        }),
        INStringResolutionResult.confirmationRequired(with: "send more bananas"),
        INStringResolutionResult.confirmationRequired(with: nil),
        INBooleanResolutionResult.success(with: true),
        INIntegerResolutionResult.needsValue(),
        INDoubleResolutionResult.notRequired(),
        INWorkoutLocationTypeResolutionResult.success(with: .indoor),
        INCallRecordTypeOptionsResolutionResult.success(with: [.missed, .received]),
        INCurrencyAmountResolutionResult.unsupported(),
        INPlacemarkResolutionResult.needsMoreDetails(),
        INSendMessageRecipientResolutionResult.unsupported(forReason: .offline),
        INSendPaymentCurrencyAmountResolutionResult.unsupported(forReason: .paymentsCurrencyUnsupported),
        INStartCallContactResolutionResult.unsupported(forReason: .noContactFound),
        INSendPaymentPayeeResolutionResult(personResolutionResult: .needsValue()),
        INDateComponentsRangeResolutionResult.success(with: INDateComponentsRange(
            start: DateComponents(year: 2026, month: 11, day: 21, hour: 9), end: nil)),
    ]

    @Test("resolution results round-trip with their class, outcome, reason and value", arguments: resultCases)
    func resolutionRoundTrip(_ result: INIntentResolutionResult) throws {
        let data = try IntentJSON.encode(AnyResolutionResult(result))
        let decoded = try IntentJSON.decodeResolutionResult(from: data)
        #expect(type(of: decoded) == type(of: result))
        #expect(decoded.kind == result.kind)
        #expect(decoded.reasonName == result.reasonName)
        #expect(decoded.isEqual(result), "\(text(data))")
    }

    @Test("a reason result says why in JSON")
    func reasonInJSON() throws {
        let data = try IntentJSON.encode(INSendMessageRecipientResolutionResult.unsupported(forReason: .noAccount))
        #expect(text(data) == #"{"outcome":"unsupported","reason":"noAccount","result":"INSendMessageRecipientResolutionResult"}"#)
    }

    @Test("bad JSON gets an error naming the problem", arguments: [
        (#"{"intent":"INSendMesageIntent","parameters":{}}"#, "did you mean 'INSendMessageIntent'?"),
        (#"{"intent":"INSendMessageIntent","parameters":{"recipent":[]}}"#,
         "INSendMessageIntent has no parameter 'recipent'; did you mean 'recipients'?"),
        (#"{"intent":"INSearchCallHistoryIntent","parameters":{"callTypes":["mised"]}}"#, "did you mean 'missed'?"),
        (#"{"intent":"INStartWorkoutIntent","parameters":{"workoutLocationType":"outdoors"}}"#, "did you mean 'outdoor'?"),
        (#"{"parameters":{}}"#, "needs 'intent' naming its class"),
        (#"{"intent":"INRequestRideIntent","parameters":{"scheduledPickupTime":{"startDateComponents":{"timeZone":"Mars/Olympus"}}}}"#, "not a time zone"),
    ])
    func badIntentJSON(_ json: String, _ expected: String) throws {
        do {
            _ = try IntentJSON.decodeIntent(from: Data(json.utf8))
            Issue.record("decoded \(json)")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains(expected), "\(context.debugDescription)")
        } catch let DecodingError.keyNotFound(_, context) {
            #expect(context.debugDescription.contains(expected), "\(context.debugDescription)")
        }
    }

    @Test("a response with a property it does not have is refused, naming the right one")
    func badResponseJSON() {
        do {
            _ = try IntentJSON.decodeResponse(from: Data(#"{"response":"INSendPaymentIntentResponse","code":"success","properties":{"paymentRecrod":{}}}"#.utf8))
            Issue.record("decoded a misspelled property")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains("INSendPaymentIntentResponse has no property 'paymentRecrod'; did you mean 'paymentRecord'?"),
                    "\(context.debugDescription)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("a success without a value and an unknown outcome are refused")
    func badResultJSON() {
        #expect(throws: DecodingError.self) {
            _ = try IntentJSON.decodeResolutionResult(from: Data(#"{"result":"INStringResolutionResult","outcome":"success"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            _ = try IntentJSON.decodeResolutionResult(from: Data(#"{"result":"INStringResolutionResult","outcome":"maybe"}"#.utf8))
        }
    }

    @Test("user activity info keeps dates and data, and refuses objects it can't carry")
    func userActivity() throws {
        let activity = NSUserActivity(activityType: NSStringFromClass(INSendMessageIntent.self))
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        activity.userInfo = ["count": 3, "when": date, "blob": Data([1, 2]), "tags": ["a", "b"], "ok": true]
        let decoded = try JSONDecoder().decode(NSUserActivity.self, from: IntentJSON.encode(activity))
        #expect(decoded.activityType == "INSendMessageIntent")
        #expect(decoded.userInfo?["count"] as? Int == 3)
        #expect(decoded.userInfo?["when"] as? Date == date)
        #expect(decoded.userInfo?["blob"] as? Data == Data([1, 2]))
        #expect(decoded.userInfo?["ok"] as? Bool == true)
        activity.userInfo = ["handler": NSObject()]
        #expect(throws: EncodingError.self) { _ = try IntentJSON.encode(activity) }
    }

    @Test("an interaction carries its intent and response through the activity")
    func interaction() throws {
        let intent = INStartAudioCallIntent(destinationType: .normal, contacts: nil)
        let response = INStartAudioCallIntentResponse(code: .continueInApp, userActivity: nil)
        let interaction = INInteraction(intent: intent, response: response)
        #expect(interaction.intentHandlingStatus == .deferredToApplication)
        let activity = NSUserActivity(activityType: "INStartAudioCallIntent")
        activity.attachForTesting(interaction)
        let decoded = try JSONDecoder().decode(NSUserActivity.self, from: IntentJSON.encode(activity))
        let carried = try #require(decoded.interaction)
        #expect(carried.intent.isEqual(intent))
        #expect((carried.intentResponse as? INStartAudioCallIntentResponse)?.code == .continueInApp)
    }
}
