/// Why the assistant asks for a value.
public enum ValueRequest: Codable, Sendable, Equatable {
    /// The value is missing.
    case missing
    /// The value matched too much or too little: be more specific.
    case moreDetails
    /// The value can't be used, for this reason (a case name of the result's reason enum), if given.
    case unsupported(reason: String?)
    /// The user refused the offered value.
    case refused
    /// The user tried to skip a value the app needs: say that it is needed, and ask again.
    case required
}
