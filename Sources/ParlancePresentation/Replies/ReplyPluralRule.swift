/// Which plural category a number falls in, by a language's rule (its `language.plurals` message):
/// `one` (1 is "one", as in English), `zeroOne` (0 and 1 are "one", as in French), `other` (no
/// singular form, as in Japanese and Chinese).
struct ReplyPluralRule: Sendable, Equatable {
    /// The rule's name as the file gives it.
    let name: String

    init(_ name: String) {
        self.name = name
    }

    /// The rules there are.
    static let known = ["one", "zeroOne", "other"]

    /// The categories a plural may name under this rule (besides exact `=N` cases).
    var categories: Set<String> { name == "other" ? ["other"] : ["one", "other"] }

    /// The category of `count`.
    func category(of count: Int) -> String {
        switch name {
        case "one": count == 1 ? "one" : "other"
        case "zeroOne": count == 0 || count == 1 ? "one" : "other"
        default: "other"
        }
    }
}
