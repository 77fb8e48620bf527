import Foundation

/// The named formatters a placeholder may use (`{app, capitalized}`): what is language logic rather than
/// words. Those that need words take them from the catalog (`label.…`, `case.…`, `list.….middle`).
struct ReplyFormatter {
    let catalog: ReplyCatalog

    /// The formatters there are.
    static let known: Set<String> = ["label", "caseWord", "words", "action", "capitalized", "uncapitalized",
                                     "indefinite", "dropLast", "fullStop", "list", "omit"]

    func format(_ value: ReplyArgument?, with formatter: String, options: [String]) -> String {
        if formatter == "list" { return list(value, style: options.first ?? "and", item: options.dropFirst().first) }
        let text = value?.plainText ?? ""
        switch formatter {
        case "label": return catalog.optionalText("label.\(text)") ?? ValueText.words(text)
        case "caseWord": return catalog.optionalText("case.\(text)") ?? ValueText.words(text)
        case "words": return ValueText.words(text)
        case "action":
            return ValueText.words(text.replacingOccurrences(of: "IN", with: "", options: .anchored)
                .replacingOccurrences(of: "Intent", with: ""))
        case "capitalized": return text.prefix(1).uppercased() + text.dropFirst()
        case "uncapitalized": return text.prefix(1).lowercased() + text.dropFirst()
        case "indefinite": return "\(Self.article(text)) \(text)"
        case "dropLast": return String(text.dropLast())
        case "fullStop": return text.last.map { ".!?".contains($0) } == true ? "" : "."
        case "omit": return ""
        default: return text
        }
    }

    /// "a Mini", "an XL", "an Uber": English's article, by the sound of the word's first letter (an
    /// abbreviation is read letter by letter).
    static func article(_ word: String) -> String {
        guard let first = word.first else { return "a" }
        let abbreviation = word.count <= 4 && word == word.uppercased()
        let vowelSound = abbreviation ? "AEFHILMNORSX".contains(first) : "AEIOUaeiou".contains(first)
        return vowelSound ? "an" : "a"
    }

    /// The items joined by the style's `list.STYLE.middle` and `list.STYLE.end` messages (`{a}` and `{b}`;
    /// a style named `-x` uses the terms `-x.middle` and `-x.end`), each item first put through the `item`
    /// message (`{item}`) if named; items that come out empty are left out.
    func list(_ value: ReplyArgument?, style: String, item: String?) -> String {
        var items: [String]
        switch value {
        case .list(let list)?: items = list
        case .text(let text)?: items = [text]
        case .number(let number)?: items = [String(number)]
        case nil: items = []
        }
        if let item {
            items = items.map { catalog.text(item, ["item": .text($0)]) }.filter { !$0.isEmpty }
        }
        let prefix = style.hasPrefix("-") ? style : "list.\(style)"
        guard var joined = items.first else { return "" }
        for (index, next) in items.enumerated().dropFirst() {
            let pattern = index == items.count - 1 ? "\(prefix).end" : "\(prefix).middle"
            joined = catalog.text(pattern, ["a": .text(joined), "b": .text(next)])
        }
        return joined
    }
}
