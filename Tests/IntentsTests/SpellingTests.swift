import Foundation
import Intents
import Testing

/// One intent with a handler written in one spelling (see Generated/SpellingHandlers.swift).
struct SpellingCase: Sendable, CustomTestStringConvertible {
    let intent: String
    let spelling: String
    let handler: @Sendable () -> NSObject
    let resolvable: [String]
    let handledCode: String
    /// What the handler's confirm answers ("ready", or "success" where the intent has no ready code).
    let confirmedCode: String

    var testDescription: String { "\(intent) \(spelling)" }
}

/// Loads the golden sample of an intent: every parameter has a value.
func sampleIntent(named name: String) throws -> INIntent {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Golden"))
    return try IntentJSON.decodeIntent(from: Data(contentsOf: url))
}

@Suite("Handler spellings")
struct SpellingTests {
    @Test("each spelling is reached through the dispatcher", arguments: spellingCases.filter { $0.spelling != "none" })
    func implementedSpelling(_ testCase: SpellingCase) async throws {
        let intent = try sampleIntent(named: testCase.intent)
        let handler = testCase.handler()
        let dispatcher = IntentDispatcher()
        for parameter in testCase.resolvable {
            let results = try #require(try await dispatcher.resolve(parameter, of: intent, with: handler),
                                       "\(parameter) was not reached")
            #expect(!results.isEmpty)
            #expect(results.allSatisfy { $0.kind == .notRequired }, "\(parameter): \(results)")
        }
        let confirmation = try #require(try await dispatcher.confirm(intent, with: handler))
        #expect(confirmation.codeName == testCase.confirmedCode)
        let response = try await dispatcher.handle(intent, with: handler)
        #expect(response.codeName == testCase.handledCode)
        #expect(response.responseName == testCase.intent + "Response")
    }

    @Test("a handler implementing nothing is skipped or fails clearly, without hanging",
          arguments: spellingCases.filter { $0.spelling == "none" })
    func unimplemented(_ testCase: SpellingCase) async throws {
        let intent = try sampleIntent(named: testCase.intent)
        let handler = testCase.handler()
        let dispatcher = IntentDispatcher()
        for parameter in testCase.resolvable {
            let results = try await dispatcher.resolve(parameter, of: intent, with: handler)
            #expect(results == nil, "\(parameter) should be skipped")
        }
        #expect(try await dispatcher.confirm(intent, with: handler) == nil)
        let error = await #expect(throws: IntentDispatchError.self) {
            _ = try await dispatcher.handle(intent, with: handler)
        }
        #expect(error?.description.contains("implements no spelling of handle") == true)
    }

    /// The dispatcher remembers what a handler type does not implement (finding out costs a task per call):
    /// asked again, it still skips; another type for the same intent is still reached.
    @Test("what a handler type does not implement is remembered for that type only")
    func unimplementedIsRememberedPerType() async throws {
        let dispatcher = IntentDispatcher()
        for none in spellingCases where none.spelling == "none" {
            let intent = try sampleIntent(named: none.intent)
            for _ in 0..<2 {
                for parameter in none.resolvable {
                    #expect(try await dispatcher.resolve(parameter, of: intent, with: none.handler()) == nil)
                }
                #expect(try await dispatcher.confirm(intent, with: none.handler()) == nil)
            }
            for implemented in spellingCases where implemented.intent == none.intent && implemented.spelling != "none" {
                for parameter in implemented.resolvable {
                    #expect(try await dispatcher.resolve(parameter, of: intent, with: implemented.handler()) != nil,
                            "\(implemented.testDescription) \(parameter)")
                }
                #expect(try await dispatcher.confirm(intent, with: implemented.handler()) != nil)
            }
            await #expect(throws: IntentDispatchError.self) {
                _ = try await dispatcher.resolve("noSuchParameter", of: intent, with: none.handler())
            }
        }
    }

    @Test("every intent of the six domains has a spelling case")
    func coverage() {
        let covered = Set(spellingCases.map(\.intent))
        #expect(covered == Set(IntentCatalog.all.map(\.name)))
        #expect(IntentCatalog.all.count == 27)
    }

    @Test("calling a default spelling directly answers with a failure instead of recursing")
    func directDefaultCall() async {
        let handler = SendMessageNoneHandler()
        let intent = INSendMessageIntent(recipients: nil, content: "hi", speakableGroupName: nil,
                                         conversationIdentifier: nil, serviceName: nil, sender: nil)
        let response = await handler.handle(intent: intent)
        #expect(response.code == .failure)
        let viaCompletion = await withCheckedContinuation { continuation in
            handler.handle(sendMessage: intent) { continuation.resume(returning: $0) }
        }
        #expect(viaCompletion.code == .failure)
    }

    @Test("a handler that does not adopt the protocol, an unknown parameter, and a missing handler are named")
    func dispatchErrors() async throws {
        let intent = try sampleIntent(named: "INSendMessageIntent")
        let dispatcher = IntentDispatcher()
        let wrongHandler = await #expect(throws: IntentDispatchError.self) {
            _ = try await dispatcher.handle(intent, with: StartWorkoutCompletionHandler())
        }
        #expect(wrongHandler?.description == "StartWorkoutCompletionHandler, the handler for INSendMessageIntent, does not adopt INSendMessageIntentHandling")
        let unknown = await #expect(throws: IntentDispatchError.self) {
            _ = try await dispatcher.resolve("recipent", of: intent, with: SendMessageCompletionHandler())
        }
        #expect(unknown?.description.contains("did you mean 'recipients'?") == true)
        let missing = await #expect(throws: IntentDispatchError.self) {
            _ = try await dispatcher.handle(intent, with: nil)
        }
        #expect(missing?.description.contains("returned no handler") == true)
    }

    @Test("ride status updates reach the observer in either spelling, and a missing one is reported")
    func rideStatusUpdates() throws {
        let intent = INGetRideStatusIntent()
        let observer = RecordingObserver()
        let dispatcher = IntentDispatcher()
        #expect(try dispatcher.startSendingUpdates(for: intent, with: GetRideStatusCompletionHandler(), to: observer))
        #expect(try dispatcher.startSendingUpdates(for: intent, with: GetRideStatusSwift3Handler(), to: observer))
        #expect(observer.updates.count == 2)
        #expect(try dispatcher.stopSendingUpdates(for: intent, with: GetRideStatusSwift3Handler()))
        #expect(try !dispatcher.startSendingUpdates(for: intent, with: GetRideStatusNoneHandler(), to: observer))
        #expect(observer.updates.count == 2)
    }
}

final class RecordingObserver: NSObject, INGetRideStatusIntentResponseObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var received: [INGetRideStatusIntentResponse] = []

    var updates: [INGetRideStatusIntentResponse] { lock.withLock { received } }

    func didUpdate(getRideStatus response: INGetRideStatusIntentResponse) {
        lock.withLock { received.append(response) }
    }
}
