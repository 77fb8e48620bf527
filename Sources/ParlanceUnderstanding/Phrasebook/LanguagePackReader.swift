import Foundation
import ParlanceCore

/// Builds a language's pack from its folder of phrasebook files (`docs/phrasebooks.md`): numbers,
/// money, units, answer words, keywords, filler lists and the phrasing templates. Every mistake is
/// reported with its file, line and column; a language with mistakes is not used.
struct LanguagePackReader {
    /// The intent classes the models are trained for (`INStartCallIntent` stands for the three call intents).
    static let intents: Set<String> = Set(intents: IntentName.understood)
    /// Enumerated parameters that `@keywords` sections may set.
    static let keywordProperties: Set<String> = Set(parameters: [.attribute, .attributes, .callCapabilities, .callCapability, .callTypes,
                                                                 .destinationType, .includedAttributes, .isOpenEnded,
                                                                 .outgoingMessageType, .workoutLocationType])
    /// The `@words` lists, and whether each is required.
    static let wordLists: [String: Bool] = [
        "yes": true, "no": true, "cancel": true, "always": false, "repeat": false, "proceed": false,
        "correction-openers": false, "skip": false, "skip-openers": false,
        "skip-closers": false, "skip-things": false, "value-prefixes": false, "choice-words": false,
        "list-joiners": true, "app-cues": false, "function-words": false, "number-joiners": false,
        "articles": false, "decimal-points": false, "standalone-scales": false, "subunits-only-after-unit": false,
        "app-prefixes": true, "app-suffixes": true, "polite-prefixes": true, "content-labels": false,
        "content-openers": false, "courtesy": false, "possessives": false, "relations": false,
        "honorifics": false, "surnames": false, "name-prefixes": false, "name-breaks": false,
        "workout-kinds": false, "group-words": false, "app-modifiers": false, "spoken-app-prefixes": false,
        "openings": false,
    ]
    /// The `@numbers` tables.
    static let numberTables: Set<String> = ["values", "scales", "fractions", "ordinals", "currency-subunits"]
    /// Units a workout goal can be in.
    static let unitNames: Set<String> = ["meter", "mile", "yard", "foot", "inch", "second", "minute", "hour",
                                         "kiloCalorie", "joule"]
    /// The files of a language folder that are read, in this order.
    static let fileExtension = "txt"

    /// Reads every `.txt` file of `folder`; issues name the files under `displayFolder` when given.
    static func read(folder: URL, code: String, dates: any DateReading,
                     displayFolder: String? = nil) -> (pack: LanguagePack?, issues: [PhrasebookIssue]) {
        let shownFolder = displayFolder ?? folder.path
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix("." + fileExtension) }.sorted()
        guard !names.isEmpty else {
            return (nil, [PhrasebookIssue(file: shownFolder, line: 0, column: 0, message: "no .\(fileExtension) phrasebook files here")])
        }
        var files: [(name: String, text: String)] = []
        var issues: [PhrasebookIssue] = []
        for name in names {
            let shown = (shownFolder as NSString).appendingPathComponent(name)
            do {
                files.append((shown, try String(contentsOfFile: folder.appendingPathComponent(name).path, encoding: .utf8)))
            } catch {
                issues.append(PhrasebookIssue(file: shown, line: 0, column: 0, message: "cannot be read as UTF-8 text: \(error)"))
            }
        }
        let result = read(files: files, folder: shownFolder, code: code, dates: dates)
        return (issues.isEmpty ? result.pack : nil, issues + result.issues)
    }

    /// Reads a language from the text of its files.
    static func read(files: [(name: String, text: String)], folder: String, code: String,
                     dates: any DateReading) -> (pack: LanguagePack?, issues: [PhrasebookIssue]) {
        var reader = LanguagePackReader(folder: folder)
        for file in files {
            let parsed = PhrasebookFile(text: file.text, file: file.name)
            reader.issues += parsed.issues
            for section in parsed.sections { reader.add(section) }
        }
        var pack = reader.build(code: code, dates: dates)
        var digest = StableDigest()
        for file in files {
            digest.add(file.name)
            digest.add(file.text)
        }
        pack.sourceDigest = digest.value
        return (reader.issues.isEmpty ? pack : nil, reader.issues)
    }

    private let folder: String
    private var sections: [String: PhrasebookFile.Section] = [:]
    private var rules: [String: [PhrasebookFile.Entry]] = [:]
    private var issues: [PhrasebookIssue] = []

    private init(folder: String) {
        self.folder = folder
    }

    private mutating func add(_ section: PhrasebookFile.Section) {
        let named = ["intent", "rule", "list", "words", "numbers", "keywords"]
        let unnamed = ["none", "settings", "currencies", "units", "fillers"]
        if named.contains(section.kind) {
            guard let name = section.name else {
                issues.append(PhrasebookIssue(section.location, "@\(section.kind) needs a name"))
                return
            }
            let known: Bool
            switch section.kind {
            case "intent": known = Self.intents.contains(name)
            case "words": known = Self.wordLists[name] != nil
            case "numbers": known = Self.numberTables.contains(name)
            case "keywords": known = Self.keywordProperties.contains(name)
            default: known = name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
            }
            guard known else {
                let choices: [String]
                switch section.kind {
                case "intent": choices = Self.intents.sorted()
                case "words": choices = Self.wordLists.keys.sorted()
                case "numbers": choices = Self.numberTables.sorted()
                case "keywords": choices = Self.keywordProperties.sorted()
                default: choices = ["letters, digits, '_' and '-'"]
                }
                issues.append(PhrasebookIssue(section.location, "unknown @\(section.kind) '\(name)'; one of: \(choices.joined(separator: ", "))",
                                              offset: section.kind.count + 2))
                return
            }
        } else if unnamed.contains(section.kind) {
            if let name = section.name {
                issues.append(PhrasebookIssue(section.location, "@\(section.kind) takes no name ('\(name)')", offset: section.kind.count + 2))
                return
            }
        } else {
            issues.append(PhrasebookIssue(section.location, "unknown section '@\(section.kind)'; one of: @"
                                          + (named + unnamed).sorted().joined(separator: ", @"), offset: 1))
            return
        }
        let key = section.kind + " " + (section.name ?? "")
        if let first = sections[key] {
            issues.append(PhrasebookIssue(section.location, "a second @\(key.trimmingCharacters(in: .whitespaces)); the first is at "
                                          + "\(first.location.file):\(first.location.line)"))
            return
        }
        sections[key] = section
        if section.kind == "rule", let name = section.name { rules[name] = section.entries }
    }

    private func section(_ kind: String, _ name: String? = nil) -> PhrasebookFile.Section? {
        sections[kind + " " + (name ?? "")]
    }

    private mutating func missing(_ what: String) {
        issues.append(PhrasebookIssue(file: folder, line: 0, column: 0, message: "no \(what) section"))
    }

    // MARK: Entries

    /// "skip it", and every thing named with an opener before it ("no note") or a closer after it ("メモはいらない").
    private mutating func skipPhrases(ideographic: Bool) -> [String] {
        let things = words("skip-things")
        let space = ideographic ? "" : " "
        return words("skip") + words("skip-openers").flatMap { opener in things.map { opener + space + $0 } }
            + words("skip-closers").flatMap { closer in things.map { $0 + space + closer } }
    }

    private mutating func words(_ name: String) -> [String] {
        guard let section = section("words", name) else {
            if Self.wordLists[name] == true { missing("@words \(name)") }
            return []
        }
        var seen: Set<String> = []
        var result: [String] = []
        for entry in section.entries {
            guard seen.insert(entry.text).inserted else {
                issues.append(PhrasebookIssue(entry.location, "'\(entry.text)' is already in @words \(name)"))
                continue
            }
            if name == "app-prefixes" || name == "app-suffixes" || name == "spoken-app-prefixes", !entry.text.contains("{app}") {
                issues.append(PhrasebookIssue(entry.location, "an app prefix or suffix must say where the name goes: {app}"))
                continue
            }
            result.append(entry.text)
        }
        return result
    }

    /// `key = value` entries of a section, each key once.
    private mutating func pairs(_ section: PhrasebookFile.Section?)
        -> [(key: String, value: String, at: PhrasebookLocation, valueAt: PhrasebookLocation)] {
        guard let section else { return [] }
        var result: [(String, String, PhrasebookLocation, PhrasebookLocation)] = []
        var seen: [String: Int] = [:]
        for entry in section.entries {
            guard let equals = entry.text.firstIndex(of: "=") else {
                issues.append(PhrasebookIssue(entry.location, "expected 'word = value'"))
                continue
            }
            let key = entry.text[..<equals].trimmingCharacters(in: .whitespaces)
            let value = entry.text[entry.text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            let valueOffset = entry.text.distance(from: entry.text.startIndex, to: equals) + 1
                + entry.text[entry.text.index(after: equals)...].prefix(while: { $0 == " " }).count
            guard !key.isEmpty else {
                issues.append(PhrasebookIssue(entry.location, "nothing before '='"))
                continue
            }
            guard !value.isEmpty else {
                issues.append(PhrasebookIssue(entry.location, "nothing after '='", offset: valueOffset))
                continue
            }
            if let line = seen[key] {
                issues.append(PhrasebookIssue(entry.location, "'\(key)' is already given at line \(line)"))
                continue
            }
            seen[key] = entry.location.line
            var valueLocation = entry.location
            valueLocation.column += valueOffset
            result.append((key, value, entry.location, valueLocation))
        }
        return result
    }

    private mutating func numbers(_ name: String) -> [String: Double] {
        var table: [String: Double] = [:]
        for (key, value, _, location) in pairs(section("numbers", name)) {
            guard let number = Double(value), number.isFinite else {
                issues.append(PhrasebookIssue(location, "'\(value)' is not a number"))
                continue
            }
            if name == "ordinals", number != number.rounded() {
                issues.append(PhrasebookIssue(location, "an ordinal is a whole number (-1 for \"last\")"))
                continue
            }
            table[key] = number
        }
        if name == "values", section("numbers", name) == nil { missing("@numbers values") }
        return table
    }

    private mutating func settings() -> (decimalSeparator: Character, ideographic: Bool, capitalizedNouns: Bool) {
        var separator: Character = "."
        var ideographic = false
        var capitalizedNouns = false
        var sawSeparator = false
        for (key, value, keyLocation, location) in pairs(section("settings")) {
            switch key {
            case "decimal-separator":
                sawSeparator = true
                guard value.count == 1, let character = value.first else {
                    issues.append(PhrasebookIssue(location, "the decimal separator is one character, '.' or ','"))
                    continue
                }
                separator = character
                sawSeparator = true
            case "ideographic-numbers":
                guard value == "yes" || value == "no" else {
                    issues.append(PhrasebookIssue(location, "ideographic-numbers is yes or no"))
                    continue
                }
                ideographic = value == "yes"
            case "capitalized-nouns":
                guard value == "yes" || value == "no" else {
                    issues.append(PhrasebookIssue(location, "capitalized-nouns is yes or no"))
                    continue
                }
                capitalizedNouns = value == "yes"
            default:
                issues.append(PhrasebookIssue(keyLocation, "unknown setting '\(key)'; the settings are decimal-separator, "
                                              + "ideographic-numbers and capitalized-nouns"))
            }
        }
        if !sawSeparator { missing("@settings with decimal-separator") }
        return (separator, ideographic, capitalizedNouns)
    }

    private mutating func currencies() -> [String: String] {
        var table: [String: String] = [:]
        for (key, value, _, location) in pairs(section("currencies")) {
            guard value.count == 3, value.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
                issues.append(PhrasebookIssue(location, "'\(value)' is not an ISO 4217 currency code like USD"))
                continue
            }
            table[key] = value
        }
        return table
    }

    private mutating func units() -> [String: QuantityReader.Unit] {
        var table: [String: QuantityReader.Unit] = [:]
        for (key, value, _, location) in pairs(section("units")) {
            let parts = value.split(separator: " ").map(String.init)
            guard parts.count == 2, Self.unitNames.contains(parts[0]), let factor = Double(parts[1]), factor > 0 else {
                issues.append(PhrasebookIssue(location, "expected 'unit factor' like 'meter 1000'; units: "
                                              + Self.unitNames.sorted().joined(separator: ", ")))
                continue
            }
            table[key] = QuantityReader.Unit(name: parts[0], factor: factor)
        }
        return table
    }

    private mutating func keywords() -> [String: [String: JSONValue]] {
        var result: [String: [String: JSONValue]] = [:]
        for property in Self.keywordProperties.sorted() {
            for (key, value, _, location) in pairs(section("keywords", property)) {
                guard let parsed = Self.keywordValue(value) else {
                    issues.append(PhrasebookIssue(location, "expected a value name, [name, …] or true/false"))
                    continue
                }
                result[property, default: [:]][key] = parsed
            }
        }
        return result
    }

    private static func keywordValue(_ text: String) -> JSONValue? {
        func name(_ text: Substring) -> JSONValue? {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isLetter || $0.isNumber }) else { return nil }
            return .string(trimmed)
        }
        if text == "true" { return .bool(true) }
        if text == "false" { return .bool(false) }
        if text.hasPrefix("[") && text.hasSuffix("]") {
            let items = text.dropFirst().dropLast().split(separator: ",", omittingEmptySubsequences: false).map(name)
            guard !items.isEmpty, !items.contains(where: { $0 == nil }) else { return nil }
            return .array(items.compactMap { $0 })
        }
        return name(Substring(text))
    }

    private mutating func lists() -> (fillers: [String: [String]], kinds: [String: String], more: [String: [String]]) {
        var fillers: [String: [String]] = [:]
        for section in sections.values where section.kind == "list" {
            if let name = section.name { fillers[name] = section.entries.map(\.text) }
        }
        var kinds: [String: String] = [:]
        var more: [String: [String]] = [:]
        for (key, value, _, location) in pairs(section("fillers")) {
            // "person + business": the first list is the kind (what the value is); training draws from all.
            let parts = value.split(separator: "+").map { $0.trimmingCharacters(in: .whitespaces) }
            let missing = parts.filter { fillers[$0] == nil }
            guard missing.isEmpty, let kind = parts.first else {
                issues.append(PhrasebookIssue(location, "no @list \(missing.joined(separator: ", "))"))
                continue
            }
            kinds[key] = kind
            if parts.count > 1 { more[key] = Array(parts.dropFirst()) }
        }
        return (fillers, kinds, more)
    }

    // MARK: Building

    private mutating func build(code: String, dates: any DateReading) -> LanguagePack {
        let (decimalSeparator, ideographic, capitalizedNouns) = settings()
        let numberWords = NumberWords(
            values: numbers("values"), scales: numbers("scales"), joiners: Set(words("number-joiners")),
            articles: Set(words("articles")), decimalPoints: Set(words("decimal-points")), fractions: numbers("fractions"),
            decimalSeparator: decimalSeparator, ordinals: numbers("ordinals").mapValues { Int($0) },
            standaloneScales: Set(words("standalone-scales")), ideographic: ideographic)
        let (fillers, fillerKinds, moreFillerKinds) = lists()
        var parser = TemplateParser(rules: rules) { name in
            fillers[fillerKinds[name] ?? name] != nil
        }
        parser.parseRules()
        var templates: [String: [Template]] = [:]
        for intent in Self.intents.sorted() {
            guard let section = section("intent", intent) else { continue }
            templates[intent] = section.entries.compactMap { parser.parse($0) }
        }
        if templates.isEmpty { missing("@intent") }
        let outOfScope = section("none")?.entries.compactMap { parser.parse($0) } ?? []
        if section("none") == nil { missing("@none") }
        let phrasing = Phrasing(
            templates: templates, outOfScope: outOfScope, fillers: fillers, fillerKinds: fillerKinds,
            moreFillerKinds: moreFillerKinds,
            appPrefixes: words("app-prefixes"), appSuffixes: words("app-suffixes"),
            politePrefixes: words("polite-prefixes"), contentLabels: words("content-labels"),
            contentOpeners: words("content-openers"), courtesy: words("courtesy"),
            groupWords: words("group-words"), appModifiers: words("app-modifiers"), spokenAppPrefixes: words("spoken-app-prefixes"))
        let pack = LanguagePack(
            code: code, numbers: numberWords, currencies: currencies(), currencySubunits: numbers("currency-subunits"),
            subunitsOnlyAfterUnit: Set(words("subunits-only-after-unit")), units: units(), dates: dates,
            keywords: keywords(), listJoiners: Set(words("list-joiners")), appCues: Set(words("app-cues")),
            functionWords: Set(words("function-words")), possessives: words("possessives"), relations: words("relations"),
            honorifics: words("honorifics"), surnames: words("surnames"), namePrefixes: words("name-prefixes"),
            nameBreaks: words("name-breaks"), openings: words("openings"), capitalizedNouns: capitalizedNouns,
            workoutKinds: words("workout-kinds"),
            answers: AnswerWords(yes: words("yes"), no: words("no"), cancel: words("cancel"), always: words("always"),
                                 valuePrefixes: words("value-prefixes"), choiceWords: words("choice-words"),
                                 repeatQuestion: words("repeat"), proceed: words("proceed"),
                                 correctionOpeners: words("correction-openers"), skip: skipPhrases(ideographic: ideographic)),
            phrasing: phrasing)
        issues += parser.issues
        issues.sort { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
        return pack
    }
}
