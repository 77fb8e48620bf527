/// The generated domain names where the assistant keeps names as strings: intents and parameters travel as
/// their wire names (`"INSendMessageIntent"`, `"recipients"`), and these let code name them by case instead.
extension Set where Element == String {
    /// The wire names of the given parameters.
    package init(parameters: [ParameterName]) { self.init(parameters.map(\.rawValue)) }

    /// The class names of the given intents.
    package init(intents: [IntentName]) { self.init(intents.map(\.rawValue)) }

    /// Whether the set holds the intent's class name.
    package func contains(_ intent: IntentName) -> Bool { contains(intent.rawValue) }

    /// Whether the set holds the parameter's wire name.
    package func contains(_ parameter: ParameterName) -> Bool { contains(parameter.rawValue) }
}

extension Array where Element == String {
    /// Whether the list holds the intent's class name.
    package func contains(_ intent: IntentName) -> Bool { contains(intent.rawValue) }
}

extension Dictionary where Key == String {
    /// The value of a parameter, by the parameter's case.
    package subscript(_ parameter: ParameterName) -> Value? {
        get { self[parameter.rawValue] }
        set { self[parameter.rawValue] = newValue }
    }
}

extension IntentName {
    /// The intent named by a class name, if it is one of the SDK's.
    package init?(_ name: some StringProtocol) { self.init(rawValue: String(name)) }

    /// `"INRequestRideIntent.rideOptionName"`: how vocabulary and phrase books name one intent's parameter.
    package func qualified(_ parameter: ParameterName) -> String { "\(rawValue).\(parameter.rawValue)" }
}

extension ParameterName {
    /// The parameter named by a wire name, if it is one of the SDK's.
    package init?(_ name: some StringProtocol) { self.init(rawValue: String(name)) }
}
