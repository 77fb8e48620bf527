import Foundation
import ParlanceCore

/// The domain rules the conversation follows.
public struct ConversationPolicy: Sendable {
    /// Intents that always need an unlocked session, whatever the app declares.
    public var alwaysRestrictedWhileLocked: Set<String>
    /// Intents the user must confirm with a yes before the extension handles them.
    public var needsUserConfirmation: Set<String>
    /// Questions asked about one step (a parameter, the app, the final yes) before the assistant
    /// gives up politely.
    public var maximumQuestionsPerStep: Int
    /// Options offered in one choice question (SiriKit offers 2 to 10).
    public var maximumChoices: Int
    /// Times a followed ride's extension is started again after it died, before the user is told the
    /// ride can't be followed any more.
    public var rideFollowRestarts = 3
    /// The wait before the first restart; each next one waits once more as long.
    public var rideFollowBackoff: Duration = .seconds(1)
    /// When a message is read back for a yes before it is sent.
    public var messageReadBack: MessageReadBack = .whenUnsure
    /// Below this confidence a request's reading is unsure: a message read so is read back.
    public var sureReading = 0.9
    /// Below this confidence (or without one) a recogniser's hearing is unsure.
    public var sureHearing = 0.9
    /// Intents whose request is always read back for a yes when what it holds was heard unsurely, whatever the
    /// user chose for messages: a misheard amount, payee, destination or message must not be acted on.
    public var readBackWhenMisheard: Set<String> = Set(intents: [.sendMessage, .sendPayment, .requestPayment, .requestRide])

    /// Whether what came from `source` may have been misheard.
    public func heardUnsurely(_ source: TurnSource) -> Bool {
        guard case .spoken(let confidence) = source else { return false }
        return (confidence ?? 0) < sureHearing
    }

    /// Whether a request of this intent is read back before handle; `unsure` when any of it came from an
    /// answer or from a reading that was not sure.
    public func readsBack(_ intent: String, unsure: Bool) -> Bool {
        guard intent == IntentName.sendMessage.rawValue else { return false }
        switch messageReadBack {
        case .always: return true
        case .whenUnsure: return unsure
        case .never: return false
        }
    }

    /// The intents that move money or book a ride: restricted while locked and confirmed by the user by default.
    public static let consequentialIntents: Set<String> = Set(intents: [.sendPayment, .requestPayment, .requestRide])

    public init(alwaysRestrictedWhileLocked: Set<String> = ConversationPolicy.consequentialIntents,
                needsUserConfirmation: Set<String> = ConversationPolicy.consequentialIntents,
                maximumQuestionsPerStep: Int = 3, maximumChoices: Int = 10) {
        self.alwaysRestrictedWhileLocked = alwaysRestrictedWhileLocked
        self.needsUserConfirmation = needsUserConfirmation
        self.maximumQuestionsPerStep = maximumQuestionsPerStep
        self.maximumChoices = maximumChoices
    }
}
