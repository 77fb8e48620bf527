import Foundation
import Intents

/// MonkeyChat's Intents extension: one handler per intent it supports.
final class MonkeyChatExtension: INExtension, @unchecked Sendable {
    override func handler(for intent: INIntent) -> Any? {
        switch intent {
        case is INSendMessageIntent: return SendMessageHandler()
        case is INSearchForMessagesIntent: return SearchForMessagesHandler()
        case is INSetMessageAttributeIntent: return SetMessageAttributeHandler()
        default: return nil
        }
    }
}
