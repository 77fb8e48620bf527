/// The checker: what is wrong with a language's replies against the reference language (English), in
/// words a translator can act on. The test suite runs it on every bundled language.
extension ReplyCatalog {
    /// Every problem found: a key English has and this file lacks, a key English doesn't have, a message
    /// whose arguments are not exactly its English message's (select and plural variables included; one left
    /// out on purpose is named `{name, omit}`, which says nothing), a select or
    /// plural without `other`, a plural category the language's rule doesn't have, an unknown formatter, a
    /// reference to a message or term the file lacks, an unknown plural rule.
    public func problems(against reference: ReplyCatalog) -> [String] {
        var problems: [String] = []
        let keys = Set(keys)
        for key in reference.keys where !keys.contains(key) { problems.append("\(code): “\(key)” is missing") }
        for key in self.keys.sorted() where !reference.has(key) {
            problems.append("\(code), line \(lines[key] ?? 0): “\(key)” is no key of \(reference.code)")
        }
        let rule = ReplyPluralRule(text("language.plurals"))
        if !ReplyPluralRule.known.contains(rule.name) {
            problems.append("\(code): language.plurals is “\(rule.name)”, not one of \(ReplyPluralRule.known.joined(separator: ", "))")
        }
        for key in messages.keys.sorted() {
            guard let message = messages[key] else { continue }
            let place = "\(code), line \(lines[key] ?? 0) (\(key))"
            problems += structureProblems(message.parts, rule: rule).map { "\(place): \($0)" }
            guard !key.hasPrefix("-"), reference.has(key) else { continue }
            let allowed = reference.arguments(of: key)
            let used = arguments(of: key)
            for argument in used.subtracting(allowed).sorted() {
                problems.append("\(place): uses {\(argument)}, which the \(reference.code) message doesn't")
            }
            for argument in allowed.subtracting(used).sorted() {
                problems.append("\(place): leaves out {\(argument)}, which the \(reference.code) message uses "
                                + "(write {\(argument), omit} if that is meant)")
            }
        }
        return problems
    }

    /// The arguments a message reads, through the terms and messages it refers to.
    func arguments(of key: String) -> Set<String> {
        var seen: Set<String> = []
        var arguments: Set<String> = []
        func visit(_ key: String) {
            guard seen.insert(key).inserted, let message = messages[key] else { return }
            walk(message.parts)
        }
        func operand(_ operand: ReplyMessage.Operand) {
            switch operand {
            case .argument(let name): arguments.insert(name)
            case .term(let key), .message(let key): visit(key)
            }
        }
        func walk(_ parts: [ReplyMessage.Part]) {
            for part in parts {
                switch part {
                case .text, .number: break
                case .placeholder(let read, _, _), .fallback(let read, _): operand(read)
                case let .select(read, cases), let .plural(read, cases):
                    operand(read)
                    for item in cases { walk(item.parts) }
                }
            }
        }
        visit(key)
        return arguments
    }

    private func structureProblems(_ parts: [ReplyMessage.Part], rule: ReplyPluralRule) -> [String] {
        var problems: [String] = []
        func reference(_ operand: ReplyMessage.Operand) {
            switch operand {
            case .argument: break
            case .term(let key), .message(let key):
                if !has(key) { problems.append("refers to “\(key)”, which the file lacks") }
            }
        }
        for part in parts {
            switch part {
            case .text, .number: break
            case let .placeholder(read, formatter, options):
                reference(read)
                guard let formatter else { continue }
                if !ReplyFormatter.known.contains(formatter) { problems.append("no formatter is called “\(formatter)”") }
                if formatter == "list" {
                    let style = options.first ?? "and"
                    let prefix = style.hasPrefix("-") ? style : "list.\(style)"
                    for key in ["\(prefix).middle", "\(prefix).end"] + options.dropFirst().prefix(1) where !has(key) {
                        problems.append("the list needs “\(key)”, which the file lacks")
                    }
                }
            case .fallback(let read, _): reference(read)
            case let .select(read, cases):
                reference(read)
                if !cases.contains(where: { $0.names.contains("other") }) { problems.append("a select has no “other”") }
                for item in cases { problems += structureProblems(item.parts, rule: rule) }
            case let .plural(read, cases):
                reference(read)
                if !cases.contains(where: { $0.names.contains("other") }) { problems.append("a plural has no “other”") }
                for name in cases.flatMap(\.names) where !name.hasPrefix("=") && !rule.categories.contains(name) {
                    problems.append("the plural case “\(name)” is none of \(code)'s (\(rule.categories.sorted().joined(separator: ", ")))")
                }
                for item in cases { problems += structureProblems(item.parts, rule: rule) }
            }
        }
        return problems
    }
}
