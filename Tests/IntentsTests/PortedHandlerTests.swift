import Foundation
import Intents
import Testing

// Handler code written the way SiriKit extensions are written on iOS, in the three eras' styles,
// compiled unchanged against this module and driven through a whole resolve → confirm → handle.

// MARK: iOS 10 / Swift 3 style: verb-labelled names, non-Sendable completion closures

final class MonkeyChatIntentHandler: INExtension, INSendMessageIntentHandling {
    let contacts = ["Bobo", "Bobo the Great", "Kiki"]
    var sent: [String] = []

    override func handler(for intent: INIntent) -> Any {
        self
    }

    func resolveRecipients(forSendMessage intent: INSendMessageIntent, with completion: @escaping ([INPersonResolutionResult]) -> Void) {
        guard let recipients = intent.recipients, !recipients.isEmpty else {
            completion([INPersonResolutionResult.needsValue()])
            return
        }
        completion(recipients.map { recipient in
            let matches = contacts.filter { $0.lowercased().hasPrefix(recipient.displayName.lowercased()) }
            switch matches.count {
            case 0: return INPersonResolutionResult.unsupported()
            case 1 where matches[0] == recipient.displayName: return INPersonResolutionResult.success(with: recipient)
            case 1: return INPersonResolutionResult.confirmationRequired(with: person(matches[0]))
            default: return INPersonResolutionResult.disambiguation(with: matches.map(person))
            }
        })
    }

    func resolveContent(forSendMessage intent: INSendMessageIntent, with completion: @escaping (INStringResolutionResult) -> Void) {
        if let text = intent.content, !text.isEmpty {
            completion(INStringResolutionResult.success(with: text))
        } else {
            completion(INStringResolutionResult.needsValue())
        }
    }

    func confirm(sendMessage intent: INSendMessageIntent, completion: @escaping (INSendMessageIntentResponse) -> Void) {
        let activity = NSUserActivity(activityType: NSStringFromClass(INSendMessageIntent.self))
        completion(INSendMessageIntentResponse(code: .ready, userActivity: activity))
    }

    func handle(sendMessage intent: INSendMessageIntent, completion: @escaping (INSendMessageIntentResponse) -> Void) {
        sent.append(intent.content ?? "")
        let response = INSendMessageIntentResponse(code: .success, userActivity: nil)
        response.sentMessage = INMessage(identifier: "m\(sent.count)", content: intent.content, dateSent: Date(),
                                         sender: nil, recipients: intent.recipients)
        completion(response)
    }

    private func person(_ name: String) -> INPerson {
        INPerson(personHandle: INPersonHandle(value: name.lowercased(), type: .unknown), nameComponents: nil,
                 displayName: name, image: nil, contactIdentifier: nil, customIdentifier: name.lowercased())
    }
}

// MARK: iOS 11+ style: generic names, specific result types, @Sendable closures

final class MonkeyPayHandler: NSObject, INSendPaymentIntentHandling, @unchecked Sendable {
    let balance = NSDecimalNumber(string: "20.00")

    func resolvePayee(for intent: INSendPaymentIntent, with completion: @escaping @Sendable (INSendPaymentPayeeResolutionResult) -> Void) {
        guard let payee = intent.payee else { return completion(.needsValue()) }
        completion(payee.displayName == "Zazu" ? .unsupported(forReason: .noAccount) : .success(with: payee))
    }

    func resolveCurrencyAmount(for intent: INSendPaymentIntent,
                               with completion: @escaping @Sendable (INSendPaymentCurrencyAmountResolutionResult) -> Void) {
        guard let amount = intent.currencyAmount else { return completion(.needsValue()) }
        if amount.currencyCode != "USD" { return completion(.unsupported(forReason: .paymentsCurrencyUnsupported)) }
        completion(.success(with: amount))
    }

    func confirm(intent: INSendPaymentIntent, completion: @escaping @Sendable (INSendPaymentIntentResponse) -> Void) {
        guard let amount = intent.currencyAmount?.amount else {
            return completion(INSendPaymentIntentResponse(code: .failure, userActivity: nil))
        }
        let code: INSendPaymentIntentResponseCode = amount.compare(balance) == .orderedDescending ? .failureInsufficientFunds : .ready
        let response = INSendPaymentIntentResponse(code: code, userActivity: nil)
        response.paymentRecord = INPaymentRecord(payee: intent.payee, payer: nil, currencyAmount: intent.currencyAmount,
                                                 paymentMethod: INPaymentMethod(type: .checking, name: "Bananas",
                                                                                identificationHint: "42", icon: nil),
                                                 note: intent.note, status: .pending)
        completion(response)
    }

    func handle(intent: INSendPaymentIntent, completion: @escaping @Sendable (INSendPaymentIntentResponse) -> Void) {
        completion(INSendPaymentIntentResponse(code: .success, userActivity: nil))
    }
}

// MARK: Swift concurrency style: async methods

final class MonkeyRideHandler: NSObject, INRequestRideIntentHandling, @unchecked Sendable {
    func resolvePickupLocation(for intent: INRequestRideIntent) async -> INPlacemarkResolutionResult {
        .success(with: intent.pickupLocation ?? CLPlacemark(location: CLLocation(latitude: 52.52, longitude: 13.40),
                                                            name: "Current Location", postalAddress: nil))
    }

    func resolveDropOffLocation(for intent: INRequestRideIntent) async -> INPlacemarkResolutionResult {
        guard let dropOff = intent.dropOffLocation else { return .needsValue() }
        return .success(with: dropOff)
    }

    func resolvePartySize(for intent: INRequestRideIntent) async -> INIntegerResolutionResult {
        guard let size = intent.partySize else { return .notRequired() }
        return size > 4 ? .unsupported() : .success(with: size)
    }

    func handle(intent: INRequestRideIntent) async -> INRequestRideIntentResponse {
        let status = INRideStatus()
        status.rideIdentifier = "ride-1"
        status.phase = .confirmed
        status.pickupLocation = intent.pickupLocation
        status.dropOffLocation = intent.dropOffLocation
        status.driver = INRideDriver(phoneNumber: "+1 555 0100", nameComponents: nil, displayName: "Zazu", image: nil,
                                     rating: "4.9")
        status.vehicle = INRideVehicle()
        status.vehicle?.location = CLLocation(latitude: 52.521, longitude: 13.401)
        let option = INRideOption(name: "MonkeyPool", estimatedPickupDate: Date(timeIntervalSince1970: 1_800_000_000))
        option.priceRange = INPriceRange(firstPrice: NSDecimalNumber(value: 12), secondPrice: NSDecimalNumber(value: 8),
                                         currencyCode: "USD")
        status.rideOption = option
        let response = INRequestRideIntentResponse(code: .success, userActivity: nil)
        response.rideStatus = status
        return response
    }
}

@Suite("SiriKit handler code, ported unchanged")
struct PortedHandlerTests {
    let dispatcher = IntentDispatcher()

    @Test("an iOS 10 messaging extension: disambiguation, confirmation and sending")
    func messagingSwift3() async throws {
        let app = MonkeyChatIntentHandler()
        let bobo = INPerson(personHandle: INPersonHandle(value: nil, type: .unknown), nameComponents: nil,
                            displayName: "Bobo", image: nil, contactIdentifier: nil, customIdentifier: nil)
        let intent = INSendMessageIntent(recipients: [bobo], content: "send more bananas", groupName: nil,
                                         serviceName: nil, sender: nil)
        let handler = app.handler(for: intent)
        let recipients = try #require(try await dispatcher.resolve("recipients", of: intent, with: handler))
        let choice = try #require(recipients.first as? INSendMessageRecipientResolutionResult)
        #expect(choice.kind == .disambiguation)
        #expect(choice.items?.map(\.displayName) == ["Bobo", "Bobo the Great"])
        let content = try #require(try await dispatcher.resolve("content", of: intent, with: handler))
        #expect((content.first as? INStringResolutionResult)?.value == "send more bananas")
        #expect(try await dispatcher.resolve("speakableGroupName", of: intent, with: handler) == nil)
        let confirmation = try #require(try await dispatcher.confirm(intent, with: handler) as? INSendMessageIntentResponse)
        #expect(confirmation.code == .ready)
        #expect(confirmation.userActivity?.activityType == "INSendMessageIntent")
        let response = try #require(try await dispatcher.handle(intent, with: handler) as? INSendMessageIntentResponse)
        #expect(response.code == .success)
        #expect(response.sentMessage?.content == "send more bananas")
        #expect(app.sent == ["send more bananas"])
    }

    @Test("an iOS 11 payments extension: reasons for unsupported values, insufficient funds at confirm")
    func paymentsModern() async throws {
        let handler = MonkeyPayHandler()
        func intent(_ payee: String, _ amount: String, _ currency: String) -> INSendPaymentIntent {
            INSendPaymentIntent(payee: INPerson(personHandle: INPersonHandle(value: nil, type: .unknown), nameComponents: nil,
                                                displayName: payee, image: nil, contactIdentifier: nil, customIdentifier: nil),
                                currencyAmount: INCurrencyAmount(amount: NSDecimalNumber(string: amount), currencyCode: currency),
                                note: "bananas")
        }
        let zazu = try #require(try await dispatcher.resolve("payee", of: intent("Zazu", "5", "USD"), with: handler))
        #expect(zazu.first?.kind == .unsupported)
        #expect(zazu.first?.reasonName == "noAccount")
        let euros = try #require(try await dispatcher.resolve("currencyAmount", of: intent("Bobo", "5", "EUR"), with: handler))
        #expect(euros.first?.reasonName == "paymentsCurrencyUnsupported")
        #expect(try await dispatcher.resolve("note", of: intent("Bobo", "5", "USD"), with: handler) == nil)
        let tooMuch = try #require(try await dispatcher.confirm(intent("Bobo", "25.50", "USD"), with: handler))
        #expect(tooMuch.codeName == "failureInsufficientFunds")
        let fine = try #require(try await dispatcher.confirm(intent("Bobo", "15.50", "USD"), with: handler)
                                as? INSendPaymentIntentResponse)
        #expect(fine.code == .ready)
        #expect(fine.paymentRecord?.currencyAmount?.amount == NSDecimalNumber(string: "15.5"))
    }

    @Test("an async ride extension: default pickup, missing drop-off, booked ride details")
    func ridesAsync() async throws {
        let handler = MonkeyRideHandler()
        let noDropOff = INRequestRideIntent()
        let pickup = try #require(try await dispatcher.resolve("pickupLocation", of: noDropOff, with: handler))
        #expect((pickup.first as? INPlacemarkResolutionResult)?.value?.name == "Current Location")
        let dropOff = try #require(try await dispatcher.resolve("dropOffLocation", of: noDropOff, with: handler))
        #expect(dropOff.first?.kind == .needsValue)
        #expect(try await dispatcher.resolve("rideOptionName", of: noDropOff, with: handler) == nil)
        #expect(try await dispatcher.confirm(noDropOff, with: handler) == nil)
        let trip = INRequestRideIntent(dropOffLocation: CLPlacemark(location: nil, name: "Stadium", postalAddress: nil),
                                       partySize: 2)
        let response = try #require(try await dispatcher.handle(trip, with: handler) as? INRequestRideIntentResponse)
        #expect(response.rideStatus?.driver?.displayName == "Zazu")
        #expect(response.rideStatus?.rideOption?.priceRange?.minimumPrice == NSDecimalNumber(value: 8))
        let decoded = try IntentJSON.decodeResponse(from: IntentJSON.encode(response)) as? INRequestRideIntentResponse
        #expect(decoded?.rideStatus?.driver?.phoneNumber == "+1 555 0100")
        #expect(decoded?.rideStatus?.dropOffLocation?.name == "Stadium")
    }

    @Test("class names read as on Apple's platforms")
    func classNames() {
        #expect(NSStringFromClass(INSendMessageIntent.self) == "INSendMessageIntent")
        #expect(NSStringFromClass(INStartWorkoutIntentResponse.self) == "INStartWorkoutIntentResponse")
        #expect(INSendPaymentIntentIdentifier == "INSendPaymentIntent")
        #expect(IntentCatalog.suggestion(for: "INSendMesageIntent") == "INSendMessageIntent")
        #expect(IntentCatalog.intent(named: "INSendMessageIntent")?.parameters.map(\.name).prefix(2) == ["recipients", "content"])
        #expect(IntentCatalog.intent(named: "INSendMessageIntent")?.parameters.last?.deprecatedAliasOf == "speakableGroupName")
    }

    @Test("intents and responses can be subclassed, as Apple's Objective-C classes can")
    func subclassing() {
        final class PaymentDraft: INSendPaymentIntent {}
        final class PaymentAnswer: INSendPaymentIntentResponse {}
        let draft = PaymentDraft(payee: nil, currencyAmount: INCurrencyAmount(amount: 5, currencyCode: "EUR"), note: "figs")
        let intent: INSendPaymentIntent = draft
        #expect(intent.note == "figs")
        #expect(PaymentAnswer(code: .success, userActivity: nil).code == .success)
    }

    @Test("a person's display name falls back to the name parts, then the handle")
    func displayName() {
        var parts = PersonNameComponents()
        parts.givenName = "Tamsin"
        parts.familyName = "O'Hara"
        let named = INPerson(personHandle: INPersonHandle(value: "t@example.org", type: .emailAddress), nameComponents: parts,
                             displayName: nil, image: nil, contactIdentifier: nil, customIdentifier: nil)
        #expect(named.displayName == "Tamsin O'Hara")
        let handleOnly = INPerson(personHandle: INPersonHandle(value: "+44 20 7946 0000", type: .phoneNumber),
                                  nameComponents: nil, displayName: nil, image: nil, contactIdentifier: nil,
                                  customIdentifier: nil)
        #expect(handleOnly.displayName == "+44 20 7946 0000")
    }
}

@Suite("User vocabulary rules")
struct VocabularyRuleTests {
    @Test("replacements drop empty and over-long strings and keep the first of duplicates")
    func cleaning() throws {
        let long = String(repeating: "a", count: 513)
        let update = try VocabularyUpdate.replace(["Bobo", "", "  Kiki ", "Bobo", long, "Zoë", "ボボ"], type: .contactName).get()
        #expect(update == .replace(["Bobo", "Kiki", "Zoë", "ボボ"], type: .contactName))
    }

    @Test("phone numbers and e-mail addresses are refused", arguments: ["+1 (555) 010-0100", "bobo@monkey.example", "0176 1234567"])
    func refusals(_ text: String) {
        guard case let .failure(rejection) = VocabularyUpdate.replace(["Bobo", text], type: .contactName) else {
            Issue.record("accepted \(text)")
            return
        }
        #expect(rejection.string == text)
        #expect(rejection.description.contains("not applied"))
    }

    @Test("names with digits or an at sign are still names", arguments: ["Agent 47", "R2-D2", "@home crew", "Route 66 Runners"])
    func namesKept(_ text: String) throws {
        #expect(try VocabularyUpdate.replace([text], type: .contactGroupName).get() == .replace([text], type: .contactGroupName))
    }

    @Test("vocabulary types keep Apple's raw values")
    func rawValues() {
        #expect(INVocabularyStringType.contactName.rawValue == 1)
        #expect(INVocabularyStringType.photoAlbumName.rawValue == 101)
        #expect(INVocabularyStringType.workoutActivityName.rawValue == 200)
    }
}
