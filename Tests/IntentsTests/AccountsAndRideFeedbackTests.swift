import Foundation
import Intents
import Testing

// SiriKit handler code for the iOS 11 account search and ride feedback intents, written as on iOS, and
// the initializers Apple's SDK has that ported code relies on.

final class BananaBankHandler: NSObject, INSearchForAccountsIntentHandling {
    func resolveAccountType(for intent: INSearchForAccountsIntent, with completion: @escaping (INAccountTypeResolutionResult) -> Void) {
        completion(intent.accountType == .unknown ? .notRequired() : .success(with: intent.accountType))
    }

    func resolveRequestedBalanceType(for intent: INSearchForAccountsIntent,
                                     with completion: @escaping (INBalanceTypeResolutionResult) -> Void) {
        completion(intent.requestedBalanceType == .miles ? .unsupported() : .success(with: intent.requestedBalanceType))
    }

    func confirm(intent: INSearchForAccountsIntent, completion: @escaping (INSearchForAccountsIntentResponse) -> Void) {
        completion(INSearchForAccountsIntentResponse(code: .ready, userActivity: nil))
    }

    func handle(intent: INSearchForAccountsIntent, completion: @escaping (INSearchForAccountsIntentResponse) -> Void) {
        let nickname = INSpeakableString(spokenPhrase: "Banana Savings")
        let balance = INBalanceAmount(amount: NSDecimalNumber(string: "120.50"), currencyCode: "USD")
        let points = INBalanceAmount(amount: NSDecimalNumber(value: 300), balanceType: .points)
        let account = INPaymentAccount(nickname: nickname, number: "1234", accountType: .saving,
                                       organizationName: INSpeakableString(spokenPhrase: "Bank of Bananas"),
                                       balance: balance, secondaryBalance: points)
        let response = INSearchForAccountsIntentResponse(code: .success, userActivity: nil)
        response.accounts = [account]
        completion(response)
    }
}

final class MonkeyRideFeedbackHandler: NSObject, INSendRideFeedbackIntentHandling {
    var ratings: [String: Double] = [:]

    func handle(sendRideFeedback sendRideFeedbackintent: INSendRideFeedbackIntent,
                completion: @escaping (INSendRideFeedbackIntentResponse) -> Void) {
        guard let rating = sendRideFeedbackintent.rating?.doubleValue, (1...5).contains(rating) else {
            return completion(INSendRideFeedbackIntentResponse(code: .failure, userActivity: nil))
        }
        ratings[sendRideFeedbackintent.rideIdentifier] = rating
        completion(INSendRideFeedbackIntentResponse(code: .success, userActivity: nil))
    }
}

/// A ride app written before iOS 11: only the three original intents.
final class ThreeIntentRideApp: NSObject, INRidesharingDomainHandling {
    func handle(intent: INListRideOptionsIntent) async -> INListRideOptionsIntentResponse {
        INListRideOptionsIntentResponse(code: .success, userActivity: nil)
    }

    func handle(intent: INRequestRideIntent) async -> INRequestRideIntentResponse {
        INRequestRideIntentResponse(code: .success, userActivity: nil)
    }

    func handle(intent: INGetRideStatusIntent) async -> INGetRideStatusIntentResponse {
        INGetRideStatusIntentResponse(code: .success, userActivity: nil)
    }

    func startSendingUpdates(for intent: INGetRideStatusIntent, to observer: any INGetRideStatusIntentResponseObserver) {}

    func stopSendingUpdates(for intent: INGetRideStatusIntent) {}
}

@Suite("Account search, ride feedback, and Apple's other initializers")
struct AccountsAndRideFeedbackTests {
    let dispatcher = IntentDispatcher()

    @Test("an account search is resolved, confirmed and handled; its accounts survive the JSON form")
    func searchForAccounts() async throws {
        let intent = INSearchForAccountsIntent(accountNickname: INSpeakableString(spokenPhrase: "savings"),
                                               accountType: .saving, organizationName: nil, requestedBalanceType: .money)
        let handler = BananaBankHandler()
        let type = try #require(try await dispatcher.resolve("accountType", of: intent, with: handler))
        #expect((type.first as? INAccountTypeResolutionResult)?.value == .saving)
        #expect(try await dispatcher.resolve("accountNickname", of: intent, with: handler) == nil)  // not implemented
        let response = try #require(try await dispatcher.handle(intent, with: handler) as? INSearchForAccountsIntentResponse)
        #expect(response.code == .success)
        let account = try #require(response.accounts?.first)
        #expect(account.balance?.balanceType == .money)
        #expect(account.secondaryBalance?.balanceType == .points)
        let data = try JSONEncoder().encode(AnyIntentResponse(response))
        let decoded = try JSONDecoder().decode(AnyIntentResponse.self, from: data).response as? INSearchForAccountsIntentResponse
        #expect(decoded?.accounts?.first?.nickname?.spokenPhrase == "Banana Savings")
        #expect(decoded?.accounts?.first?.balance?.amount == NSDecimalNumber(string: "120.50"))
        let miles = INSearchForAccountsIntent(accountNickname: nil, accountType: .unknown, organizationName: nil,
                                              requestedBalanceType: .miles)
        #expect(try await dispatcher.resolve("requestedBalanceType", of: miles, with: handler)?.first?.kind == .unsupported)
        #expect(IntentCatalog.intent(named: "INSearchForAccountsIntent")?.domain == .payments)
    }

    @Test("ride feedback: the rating and tip are set after the intent is made, as SiriKit code does")
    func rideFeedback() async throws {
        let intent = INSendRideFeedbackIntent(rideIdentifier: "ride-7")
        intent.rating = 5
        intent.tip = INCurrencyAmount(amount: NSDecimalNumber(value: 2), currencyCode: "USD")
        let handler = MonkeyRideFeedbackHandler()
        let response = try #require(try await dispatcher.handle(intent, with: handler) as? INSendRideFeedbackIntentResponse)
        #expect(response.code == .success)
        #expect(handler.ratings["ride-7"] == 5)
        let data = try JSONEncoder().encode(AnyIntent(intent))
        let decoded = try JSONDecoder().decode(AnyIntent.self, from: data).intent as? INSendRideFeedbackIntent
        #expect(decoded?.rating?.doubleValue == 5)
        #expect(decoded?.tip?.amount == NSDecimalNumber(value: 2))
    }

    @Test("INRidesharingDomainHandling takes cancel and feedback in; an app written for the first three still compiles, and feedback it never implemented fails clearly")
    func ridesharingDomain() async throws {
        let app = ThreeIntentRideApp()
        let options = try await dispatcher.handle(INListRideOptionsIntent(pickupLocation: nil, dropOffLocation: nil), with: app)
        #expect((options as? INListRideOptionsIntentResponse)?.code == .success)
        await #expect(throws: IntentDispatchError.self) {
            _ = try await dispatcher.handle(INSendRideFeedbackIntent(rideIdentifier: "ride-1"), with: app)
        }
        let handler: any INSendRideFeedbackIntentHandling = app
        #expect(handler is any INCancelRideIntentHandling)
    }

    @Test("Apple's initializers: a driver made as a person, a fare line, an empty activity and intent")
    func initializers() {
        let driver = INRideDriver(personHandle: INPersonHandle(value: "+1 555 0100", type: .phoneNumber),
                                  nameComponents: nil, displayName: "Zazu", image: nil, contactIdentifier: nil,
                                  customIdentifier: nil)
        #expect(driver.displayName == "Zazu")
        #expect(driver.rating == nil)
        let rated = INRideDriver(phoneNumber: "+1 555 0100", nameComponents: nil, displayName: "Zazu", image: nil, rating: "4.9")
        #expect(rated.rating == "4.9")
        #expect(rated.phoneNumber == "+1 555 0100")
        let line: INRideFareLineItem = INRideFareLineItem(title: "Base fare", price: NSDecimalNumber(value: 8), currencyCode: "USD")
        #expect(line.title == "Base fare")
        let activity = NSUserActivity()
        activity.title = "Bananas"
        #expect(activity.activityType == "")
        let message = INSendMessageIntent()
        #expect(message.recipients == nil)
        let cancel = INCancelRideIntent()
        #expect(cancel.rideIdentifier == "")
    }
}
