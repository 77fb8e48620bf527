import Foundation
import Synchronization

/// Calls an app's handler object for an intent — resolve each parameter, confirm, handle — whichever
/// spelling of each method the handler implements. The extension runtime uses it for every call from
/// the assistant; app developers can use it to drive their handlers in tests.
///
/// ```swift
/// let dispatcher = IntentDispatcher()
/// let handler = MyExtension().handler(for: intent)
/// let recipients = try await dispatcher.resolve("recipients", of: intent, with: handler)
/// let confirmation = try await dispatcher.confirm(intent, with: handler)
/// let response = try await dispatcher.handle(intent, with: handler)
/// ```
public struct IntentDispatcher: Sendable {
    /// A dispatcher.
    public init() {}

    /// Resolves one parameter. Returns nil when the handler does not implement that resolve method
    /// (the assistant then takes the value as it is); otherwise one result, or one per item of a list parameter.
    public func resolve(_ parameter: String, of intent: INIntent, with handler: Any?) async throws(IntentDispatchError)
        -> [INIntentResolutionResult]? {
        let handler = try require(handler, for: intent)
        let method = UnimplementedMethods.Method(handler: handler, intent: intent, name: parameter)
        if UnimplementedMethods.contains(method) { return nil }
        let results = try await intent.dispatchResolve(parameter, to: handler)
        if results == nil { UnimplementedMethods.insert(method) }
        return results
    }

    /// Confirms the intent. Returns nil when the handler does not implement confirm (the intent counts as ready).
    public func confirm(_ intent: INIntent, with handler: Any?) async throws(IntentDispatchError) -> INIntentResponse? {
        let handler = try require(handler, for: intent)
        let method = UnimplementedMethods.Method(handler: handler, intent: intent, name: "confirm")
        if UnimplementedMethods.contains(method) { return nil }
        let response = try await intent.dispatchConfirm(to: handler)
        if response == nil { UnimplementedMethods.insert(method) }
        return response
    }

    /// Whether the handler implements confirm for the intent, when known without calling it: false once a
    /// handler of its type was found not to, nil before. (Whether it does is fixed by the type.)
    public func implementsConfirm(_ intent: INIntent, with handler: Any?) -> Bool? {
        guard let handler else { return nil }
        return UnimplementedMethods.contains(.init(handler: handler, intent: intent, name: "confirm")) ? false : nil
    }

    /// Handles the intent. Throws when the handler implements no spelling of handle.
    public func handle(_ intent: INIntent, with handler: Any?) async throws(IntentDispatchError) -> INIntentResponse {
        let handler = try require(handler, for: intent)
        guard let response = try await intent.dispatchHandle(to: handler) else {
            throw .handleNotImplemented(intent.intentName)
        }
        return response
    }

    /// Starts ride status updates. Returns false when the handler implements neither spelling of
    /// `startSendingUpdates`.
    public func startSendingUpdates(for intent: INGetRideStatusIntent, with handler: Any?,
                                    to observer: any INGetRideStatusIntentResponseObserver) throws(IntentDispatchError) -> Bool {
        let handler = try IntentDispatchError.cast(try require(handler, for: intent),
                                                   to: (any INGetRideStatusIntentHandling).self,
                                                   adopting: "INGetRideStatusIntentHandling", for: intent)
        let probe = UnimplementedProbe()
        SpellingChain.$probe.withValue(probe) {
            handler.startSendingUpdates(for: intent, to: observer)
        }
        return !probe.foundUnimplemented
    }

    /// Stops ride status updates. Returns false when the handler implements neither spelling of `stopSendingUpdates`.
    public func stopSendingUpdates(for intent: INGetRideStatusIntent, with handler: Any?) throws(IntentDispatchError) -> Bool {
        let handler = try IntentDispatchError.cast(try require(handler, for: intent),
                                                   to: (any INGetRideStatusIntentHandling).self,
                                                   adopting: "INGetRideStatusIntentHandling", for: intent)
        let probe = UnimplementedProbe()
        SpellingChain.$probe.withValue(probe) {
            handler.stopSendingUpdates(for: intent)
        }
        return !probe.foundUnimplemented
    }

    private func require(_ handler: Any?, for intent: INIntent) throws(IntentDispatchError) -> Any {
        guard let handler else { throw .noHandler(for: intent.intentName) }
        return handler
    }
}

/// Turns the markers of unimplemented default methods into nil.
enum IntentDispatch {
    static func implemented(_ results: [INIntentResolutionResult]) -> [INIntentResolutionResult]? {
        results.contains { $0.kind == .unimplemented } ? nil : results
    }

    static func implemented(_ response: INIntentResponse) -> INIntentResponse? {
        response.isUnimplementedMarker ? nil : response
    }
}

/// The resolve and confirm methods that handler types were found not to implement. Whether a type
/// implements a method never changes (its spellings' defaults are fixed by its conformance), and finding
/// out costs a trip around the spellings' ring: a task and a continuation for every call. Remembered by
/// type, so each later call of that method answers at once.
enum UnimplementedMethods {
    struct Method: Hashable {
        let handlerType: ObjectIdentifier
        let intentType: ObjectIdentifier
        let name: String

        init(handler: Any, intent: INIntent, name: String) {
            handlerType = ObjectIdentifier(type(of: handler) as Any.Type)
            intentType = ObjectIdentifier(type(of: intent))
            self.name = name
        }
    }

    private static let known = Mutex<Set<Method>>([])

    static func contains(_ method: Method) -> Bool { known.withLock { $0.contains(method) } }

    static func insert(_ method: Method) { _ = known.withLock { $0.insert(method) } }
}
