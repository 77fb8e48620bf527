/// Renders a message of a catalog with its arguments: selects pick their case, plurals their category by
/// the language's rule, references render the other message with the same arguments.
struct ReplyRenderer {
    let catalog: ReplyCatalog
    let arguments: ReplyArguments
    /// The number `#` stands for, inside a plural case.
    private var number: Int?
    /// The messages being rendered, outermost first: a message that refers back to one of them (a circle in a
    /// file) renders as nothing there, instead of without end.
    private var chain: Set<String> = []

    init(catalog: ReplyCatalog, arguments: ReplyArguments) {
        self.catalog = catalog
        self.arguments = arguments
    }

    mutating func render(_ parts: [ReplyMessage.Part]) -> String {
        var text = ""
        var afterValue = false
        for part in parts {
            var rendered = render(part)
            // A value that ends a sentence's words with its own full stop ("Bobo Jr.") ends the sentence too.
            if case .text = part, afterValue, text.hasSuffix("."), rendered.hasPrefix("."), !rendered.hasPrefix("..") {
                rendered.removeFirst()
            }
            if case .text = part { afterValue = false } else { afterValue = true }
            text += rendered
        }
        return text
    }

    private mutating func render(_ part: ReplyMessage.Part) -> String {
        switch part {
        case .text(let text): return text
        case .number: return number.map(String.init) ?? "#"
        case let .placeholder(operand, formatter, options):
            let value = self.value(operand)
            guard let formatter else { return value?.plainText ?? "" }
            return ReplyFormatter(catalog: catalog).format(value, with: formatter, options: options)
        case let .fallback(operand, fallback):
            return value(operand)?.plainText ?? fallback
        case let .select(operand, cases):
            let chosen = choice(for: value(operand), among: cases)
            return chosen.map { render($0.parts) } ?? ""
        case let .plural(operand, cases):
            let count: Int
            switch value(operand) {
            case .number(let value)?: count = value
            case .text(let text)?: count = Int(text) ?? 0
            case .list(let items)?: count = items.count
            case nil: count = 0
            }
            let category = ReplyPluralRule(catalog.text("language.plurals")).category(of: count)
            let chosen = cases.first { $0.names.contains("=\(count)") } ?? cases.first { $0.names.contains(category) }
                ?? cases.first { $0.names.contains("other") }
            var inner = self
            inner.number = count
            return chosen.map { inner.render($0.parts) } ?? ""
        }
    }

    /// The case a select's value picks: its name, else `none` for a missing or empty value, else `other`.
    private func choice(for value: ReplyArgument?, among cases: [ReplyMessage.Case]) -> ReplyMessage.Case? {
        let name: String?
        switch value {
        case nil, .list([])?: name = nil
        case .text(let text)?: name = text
        case .number(let number)?: name = String(number)
        case .list?: name = "other"
        }
        if let name, let match = cases.first(where: { $0.names.contains(name) }) { return match }
        if name == nil, let none = cases.first(where: { $0.names.contains("none") }) { return none }
        return cases.first { $0.names.contains("other") }
    }

    /// An argument, or a referenced message rendered (none when it renders to nothing).
    private func value(_ operand: ReplyMessage.Operand) -> ReplyArgument? {
        switch operand {
        case .argument(let name): return arguments[name]
        case .term(let key), .message(let key):
            guard !chain.contains(key), chain.count < 16, let message = catalog.messages[key] else { return nil }
            var inner = ReplyRenderer(catalog: catalog, arguments: arguments)
            inner.chain = chain.union([key])
            let text = inner.render(message.parts)
            return text.isEmpty ? nil : .text(text)
        }
    }
}
