import Intents

/// A JSON value: how the wire's messages are read and written, how understood parameters are carried
/// (the SDK's JSON form of each type), compared in evaluation and printed by `parlance parse`. The SDK
/// declares it (`IntentJSON.Value`), so that its types can write and read their JSON form directly.
public typealias JSONValue = IntentJSON.Value
