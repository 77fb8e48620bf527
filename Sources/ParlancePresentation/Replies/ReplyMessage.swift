/// One parsed message of a replies file (docs/phrasebooks.md, "The assistant's replies"): literal text,
/// placeholders, selects and plurals, as a tree the catalog renders.
struct ReplyMessage: Sendable, Equatable {
    /// The parts, in order.
    var parts: [Part]

    /// What a placeholder or a select reads: an argument the code passes, or another message of the same
    /// language rendered with the same arguments.
    enum Operand: Sendable, Equatable {
        /// `{app}`: an argument.
        case argument(String)
        /// `{-which}`: a term, a message private to the language's file.
        case term(String)
        /// `{@ridePhase}`: another message of the file, by key.
        case message(String)

        /// The name as written: `app`, `-which`, `@ridePhase`.
        var written: String {
            switch self {
            case .argument(let name): name
            case .term(let name): name
            case .message(let key): "@" + key
            }
        }
    }

    /// One part of a message.
    indirect enum Part: Sendable, Equatable {
        /// Text as it is.
        case text(String)
        /// `{app}`, `{parameter, label}`, `{items, list, or, -quoted}`: a value, through a formatter if named.
        case placeholder(Operand, formatter: String?, options: [String])
        /// `{amount ?? the money}`: the argument, or the text when the code passed none.
        case fallback(Operand, String)
        /// `{reason, select, noAccount {…} other {…}}`: the case named by the value (several names may share
        /// one case, `a|b {…}`); `none` when there is no value, else `other`.
        case select(Operand, cases: [Case])
        /// `{count, plural, =0 {…} one {…} other {…}}`: the case for the number, `#` in it being the number.
        case plural(Operand, cases: [Case])
        /// `#` inside a plural case.
        case number
    }

    /// One case of a select or plural: its names (`=0` for an exact number) and its message.
    struct Case: Sendable, Equatable {
        var names: [String]
        var parts: [Part]
    }
}
