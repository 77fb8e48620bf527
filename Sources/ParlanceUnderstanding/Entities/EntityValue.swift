
/// A value a built-in entity reader found in a request.
enum EntityValue: Sendable, Equatable {
    /// An amount of money; the currency is nil when the user said none ("pay Bobo 20").
    case money(amount: Double, currencyCode: String?)
    /// A measured amount with a workout goal unit ("5 miles" → 5, "mile"; "5 km" → 5000, "meter").
    case quantity(value: Double, unit: String)
    /// A date or time span.
    case date(DateSpan)
    /// A plain number.
    case number(Double)

    /// The class token the learned models see in place of the words ("<money>").
    var classKey: String {
        switch self {
        case .money: return "<money>"
        case .quantity(_, let unit):
            switch unit {
            case "second", "minute", "hour": return "<duration>"
            case "joule", "kiloCalorie": return "<energy>"
            default: return "<distance>"
            }
        case .date: return "<date>"
        case .number: return "<number>"
        }
    }
}
