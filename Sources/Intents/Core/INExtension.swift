import Foundation

/// Gives the assistant the object that handles an intent.
public protocol INIntentHandlerProviding: NSObjectProtocol {
    /// The object that handles this intent: it adopts the intent's handling protocol
    /// (`INSendMessageIntentHandling` for `INSendMessageIntent`), or nil if the extension doesn't handle it.
    func handler(for intent: INIntent) -> Any?
}

/// The principal class of an Intents extension: subclass it and override `handler(for:)`.
///
/// ```swift
/// class IntentHandler: INExtension {
///     override func handler(for intent: INIntent) -> Any? {
///         intent is INSendMessageIntent ? SendMessageHandler() : nil
///     }
/// }
/// ```
open class INExtension: NSObject, INIntentHandlerProviding {
    /// An extension.
    public override init() {
        super.init()
    }

    /// The object that handles the intent; override it. The default handles nothing.
    open func handler(for intent: INIntent) -> Any? {
        nil
    }
}

/// Receives ride status updates from an extension after `startSendingUpdates(for:to:)`.
public protocol INGetRideStatusIntentResponseObserver: NSObjectProtocol {
    /// A new status of the ride.
    func didUpdate(getRideStatus response: INGetRideStatusIntentResponse)
}

/// The class name of an intent, as on Apple's platforms ("INSendMessageIntent", without a module prefix).
public func NSStringFromClass(_ aClass: INIntent.Type) -> String {
    String(describing: aClass)
}

/// The class name of a response, as on Apple's platforms ("INSendMessageIntentResponse").
public func NSStringFromClass(_ aClass: INIntentResponse.Type) -> String {
    String(describing: aClass)
}

/// The class name of a resolution result, as on Apple's platforms ("INPersonResolutionResult").
public func NSStringFromClass(_ aClass: INIntentResolutionResult.Type) -> String {
    String(describing: aClass)
}
