import Foundation
import ParlanceCore

/// Exact matching of requests against the phrasing templates, the first and surest recogniser, in the
/// manner of a template matcher: the words it matched say where every value is.
///
/// A template matches when the request's words are the template's words, in order, and each slot is
/// filled by something recognised for it: an app name, an amount, a date, a goal, a number, one of the
/// user's or the app's vocabulary phrases for that parameter, or for a person a capitalized name (and for
/// whom a message, a call or a payment is for, one or two lower-case words no template uses). A
/// message or a note (`content`, `note`) takes whatever words are left between the template's own, so
/// it arrives exactly as said. Search words, an album, a group or a workout no vocabulary knows match
/// only as one to three lower-case words no template uses, held between the template's own words ("show
/// {sunset} photos"); a place, a capitalized name, or such a value at the end is left to the learned model.
struct TemplateMatcher: Sendable {
    /// A template that matched: its intent class and where each value is, in token indices of the request.
    struct Match: Sendable {
        var intent: String
        var captures: [(property: String, tokens: Range<Int>)]
    }

    /// Filler kinds read by the entity readers, and the entity classes that fill them.
    private static let entityKinds: [String: Set<String>] = [
        "_money": ["<money>"], "_goal": ["<distance>", "<duration>", "<energy>"], "_date": ["<date>"],
        "_when": ["<date>"], "_time": ["<date>"], "_number": ["<number>"], ParameterName.partySize.rawValue: ["<number>"],
    ]
    /// Filler kinds that vocabulary can fill (groups, albums, workouts, ride options, tags).
    private static let vocabularyKinds: Set<String> = Set(parameters: [.speakableGroupName, .albumName, .workoutName, .rideOptionName, .searchTerms])
    /// Properties whose words are the user's own, taken whole.
    private static let freeTextProperties: Set<String> = Set(parameters: [.content, .note])
    /// The longest name of a person not in the vocabulary, in words.
    private static let longestName = 4
    /// The longest name written in lower case ("text john i'm late", as speech recognisers write), in words.
    private static let longestLowerCaseName = 2
    /// The people a name in lower case may be: whom a message, a call or a payment is for or from. Not the
    /// people in photos, whose words are as often what the photos show ("photos of sunsets").
    static let lowerCaseNameProperties: Set<String> = Set(parameters: [.recipients, .contacts, .senders, .payee, .payer, .recipient])
    /// The longest name before a title ("田中さん"), in characters or words.
    private static let longestTitledName = 5
    /// The longest value of another kind (search words, an album) no vocabulary knows, in words.
    private static let longestUnknownValue = 3

    /// The values found so far, newest first, sharing their tail between the ways tried.
    private indirect enum Captures {
        case none
        case value(property: String, positions: Range<Int>, before: Captures)

        func adding(_ property: String, _ positions: Range<Int>) -> Captures {
            .value(property: property, positions: positions, before: self)
        }

        /// Oldest first.
        var list: [(property: String, positions: Range<Int>)] {
            var result: [(property: String, positions: Range<Int>)] = []
            var current = self
            while case .value(let property, let positions, let before) = current {
                result.append((property, positions))
                current = before
            }
            return result.reversed()
        }
    }

    /// What starts at each position of a request, looked up by position (nothing past the end): the
    /// segment's kind, the position after it, an entity's class and the properties a vocabulary phrase fills.
    /// Plain values, so the matcher's many lookups copy nothing that needs reference counting.
    private struct SegmentStarts {
        enum Kind { case word, app, entity, vocabulary }
        private var kinds: [Kind?]
        private var ends: [Int]
        private var entityClasses: [Int: String] = [:]
        private var vocabularyProperties: [Int: Set<String>] = [:]

        init(count: Int) {
            kinds = Array(repeating: nil, count: count)
            ends = Array(repeating: 0, count: count)
        }

        mutating func record(_ segment: Segment, at position: Int, end: Int) {
            guard kinds.indices.contains(position) else { return }
            ends[position] = end
            switch segment.kind {
            case .word, .punctuation: kinds[position] = .word
            case .app: kinds[position] = .app
            case .entity:
                kinds[position] = .entity
                entityClasses[position] = segment.key
            case .vocabulary(let entries):
                kinds[position] = .vocabulary
                // "INSendMessageIntent.recipients" fills "recipients".
                var properties = Set<String>()
                for entry in entries {
                    if case .user(let type) = entry.source,
                       let known = UserVocabularyTargets.properties(ifParametersOf: type, are: entry.parameters) {
                        properties.formUnion(known)
                    } else {
                        for parameter in entry.parameters {
                            if let property = parameter.split(separator: ".").last { properties.insert(String(property)) }
                        }
                    }
                }
                vocabularyProperties[position] = properties
            }
        }

        /// The kind of the segment starting at a position; nil when none starts there.
        func kind(_ position: Int) -> Kind? {
            kinds.indices.contains(position) ? kinds[position] : nil
        }

        /// The position after the segment starting at a position.
        func end(_ position: Int) -> Int { ends[position] }

        /// The class of the entity starting at a position ("<money>").
        func entityClass(_ position: Int) -> String? { entityClasses[position] }

        /// Whether the vocabulary phrase starting at a position can fill a property.
        func vocabulary(_ position: Int, fills property: String) -> Bool {
            vocabularyProperties[position]?.contains(property) ?? false
        }
    }

    private let programs: [TemplateProgram]
    /// For each template word: the programs that may begin with it, in order; programs that may begin with a
    /// value come in every request's list (`anyStart`).
    private let programsByFirstWord: [Int: [Int]]
    private let anyStart: [Int]
    /// The number of each word the templates use.
    private let wordNumbers: [String: Int]
    /// Words that are no part of a name even when capitalized ("I", "Please").
    private let commonWords: Set<String>
    /// Words that join the people of a list ("and"); a comma does too.
    private let listJoiners: Set<String>
    /// Titles after a name ("さん", "老师"), as token keys, longest first.
    private let honorifics: [[String]]
    /// Whether the language is written without spaces.
    private let unspaced: Bool
    /// How names no vocabulary knows are built (family names in a language without spaces) and what ends them.
    private let names: NameWords

    /// Family names, the words before them and the words after a name (a capitalized one, too: "Ich"), as token keys.
    struct NameWords: Sendable {
        let surnames: [[String]]
        let prefixes: Set<String>
        let breaks: [[String]]

        init(surnames: [String] = [], prefixes: [String] = [], breaks: [String] = []) {
            self.surnames = surnames.map(TextFolding.tokenKeys).filter { !$0.isEmpty }.sorted { $0.count > $1.count }
            self.prefixes = Set(prefixes.flatMap(TextFolding.tokenKeys))
            self.breaks = breaks.map(TextFolding.tokenKeys).filter { !$0.isEmpty }
        }
    }

    /// - Parameter unspaced: the language is written without spaces (Japanese, Chinese): the words between a
    ///   person and a message are particles and verbs ("に", "发"), never left unsaid.
    /// - Parameter honorifics: titles written right after a name ("さん", "先生"): an unknown name in han or
    ///   katakana ends with one.
    /// - Parameter compiled: the templates as `compiled` gave them before (from the model cache); nil: compiled here.
    init(phrasing: Phrasing, commonWords: Set<String>, listProperties: Set<String>, listJoiners: Set<String>,
         unspaced: Bool = false, honorifics: [String] = [], names: NameWords = NameWords(), compiled: CompiledTemplates? = nil) {
        self.names = names
        self.commonWords = commonWords
        self.listJoiners = listJoiners
        self.unspaced = unspaced
        self.honorifics = honorifics.map(TextFolding.tokenKeys).filter { !$0.isEmpty }.sorted { $0.count > $1.count }
        let compiled = compiled ?? Self.compile(phrasing, listProperties: listProperties, unspaced: unspaced)
        programs = compiled.programs
        wordNumbers = compiled.wordNumbers
        var byFirstWord: [Int: [Int]] = [:]
        var anyStart: [Int] = []
        for (index, program) in compiled.programs.enumerated() {
            guard let firstWords = program.firstWords else {
                anyStart.append(index)
                continue
            }
            for word in firstWords { byFirstWord[word, default: []].append(index) }
        }
        programsByFirstWord = byFirstWord
        self.anyStart = anyStart
    }

    /// The programs that may match a request beginning with the word numbered `first`, in order.
    private func candidates(first: Int) -> [Int] {
        guard let starting = programsByFirstWord[first] else { return anyStart }
        var merged: [Int] = []
        merged.reserveCapacity(starting.count + anyStart.count)
        var one = 0
        var other = 0
        while one < starting.count || other < anyStart.count {
            if other == anyStart.count || one < starting.count && starting[one] < anyStart[other] {
                merged.append(starting[one])
                one += 1
            } else {
                merged.append(anyStart[other])
                other += 1
            }
        }
        return merged
    }

    /// The templates compiled for matching, as the model cache keeps them.
    var compiled: CompiledTemplates { CompiledTemplates(programs: programs, wordNumbers: wordNumbers) }

    /// Turns the phrasing's templates into programs, specific ones first.
    private static func compile(_ phrasing: Phrasing, listProperties: Set<String>, unspaced: Bool) -> CompiledTemplates {
        func words(_ text: String) -> [TemplatePattern] {
            Utterance(text).tokens.filter { $0.kind != .punctuation }.map { .word($0.key) }
        }
        func literal(_ text: String) -> [TemplatePattern] {
            let parts = text.components(separatedBy: "{app}")
            var sequence: [TemplatePattern] = []
            for (index, part) in parts.enumerated() {
                if index > 0 { sequence.append(.app) }
                sequence += words(part)
            }
            return sequence
        }
        let infix = TemplatePattern.optional(.choice(phrasing.appSuffixes.map { .sequence(literal($0)) }))
        let leadIns = Self.leadIns(phrasing).map { TemplatePattern.sequence(words($0)) }
        // Whether the template being converted has had a value before this point.
        var valueSeen = false
        var justAfterValue = false
        func convert(_ nodes: [TemplateNode]) -> TemplatePattern? {
            var sequence: [TemplatePattern] = []
            for (position, node) in nodes.enumerated() {
                let wasAfterValue = justAfterValue
                justAfterValue = false
                // Spaces and optional words ("[saying|:]") between a value and a message keep it "right after".
                var keeps = false
                if case .text(let text) = node, text.allSatisfy(\.isWhitespace) { keeps = true }
                if case .optional = node { keeps = true }
                defer { if keeps { justAfterValue = wasAfterValue } }
                switch node {
                case .text(let text):
                    // "di' a Marco [che] grazie": the word between a person and the message may go unsaid.
                    let words = literal(text)
                    if !unspaced, wasAfterValue, !words.isEmpty, words.count <= 3, position + 1 < nodes.count,
                       case .slot(let next, nil) = nodes[position + 1], Self.freeTextProperties.contains(next) {
                        sequence.append(.optional(.sequence(words)))
                    } else {
                        sequence += words
                    }
                case .choice(let alternatives):
                    // An alternative that cannot match exactly drops out; the choice stays if any remain. One
                    // of punctuation only (":") is no words at all: the choice is then optional, and the
                    // words are tried first ("[:|mit dem Text]").
                    let converted = alternatives.compactMap(convert)
                    guard !converted.isEmpty else { return nil }
                    var worded = converted.filter { if case .sequence(let parts) = $0 { return !parts.isEmpty } else { return true } }
                    // Longer words first: "group chat" before "group", so a message never starts with "chat".
                    let wordCounts = worded.map(\.wordCount)
                    if wordCounts.allSatisfy({ $0 != nil }) {
                        // Ties keep the template's order.
                        worded = worded.indices.sorted { (-(wordCounts[$0] ?? 0), $0) < (-(wordCounts[$1] ?? 0), $1) }.map { worded[$0] }
                    }
                    if worded.isEmpty { continue }
                    sequence.append(worded.count < converted.count ? .optional(.choice(worded)) : .choice(worded))
                case .optional(let inner):
                    if let converted = convert(inner) { sequence.append(.optional(converted)) }
                case .slot(let name, let options):
                    if let options {
                        sequence.append(.options(property: name, options.map { option in
                            Utterance(option).tokens.filter { $0.kind != .punctuation }.map(\.key)
                        }))
                        continue
                    }
                    let kind = phrasing.fillerKinds[name] ?? name
                    if let classes = Self.entityKinds[kind] {
                        sequence.append(.entity(property: name.hasPrefix("_") ? nil : name, classes: classes))
                    } else if kind == "person" {
                        valueSeen = true
                        justAfterValue = true
                        // "tell Tom on Parley that…": the app may be named right after the person or group.
                        sequence += [.person(property: name, list: listProperties.contains(name)), infix]
                    } else if Self.vocabularyKinds.contains(kind) {
                        valueSeen = true
                        justAfterValue = true
                        sequence += [.vocabulary(property: name), infix]
                    } else if Self.freeTextProperties.contains(name) {
                        // "text Kiki that the bananas are ripe": any word the templates put between a person and
                        // a message introduces it here too.
                        // Only where the template has no words of its own there ("{recipients} {content}").
                        if valueSeen, wasAfterValue, !leadIns.isEmpty { sequence.append(.optional(.choice(leadIns))) }
                        sequence.append(.freeText(property: name))
                    } else {
                        return nil
                    }
                }
            }
            return .sequence(sequence)
        }
        let polite = TemplatePattern.optional(.choice(phrasing.politePrefixes.map { .sequence(words($0)) }))
        let before = TemplatePattern.optional(.choice(phrasing.appPrefixes.map { .sequence(literal($0)) }))
        let after = TemplatePattern.optional(.choice(phrasing.appSuffixes.map { .sequence(literal($0)) }))
        // A message's words run to the end of the request or to the template's own last words: a free
        // slot with another slot after it ("send {content} to {recipients}") is left to the model.
        func freeTextIsLast(_ nodes: [TemplateNode]) -> Bool {
            var sawFree = false
            var valid = true
            func walk(_ nodes: [TemplateNode]) {
                for node in nodes {
                    switch node {
                    case .text(let text): if sawFree && text.contains("{app}") { valid = false }
                    case .choice(let alternatives): alternatives.forEach(walk)
                    case .optional(let inner): walk(inner)
                    case .slot(let name, _):
                        if sawFree { valid = false }
                        if Self.freeTextProperties.contains(name) { sawFree = true }
                    }
                }
            }
            walk(nodes)
            return valid
        }
        var specific: [(String, TemplatePattern)] = []
        var free: [(String, TemplatePattern)] = []
        for (intent, templates) in phrasing.templates.sorted(by: { $0.key < $1.key }) {
            for template in templates where freeTextIsLast(template.nodes) {
                valueSeen = false
                guard let pattern = convert(template.nodes) else { continue }
                let hasFree = template.source.contains("{content}") || template.source.contains("{note}")
                if hasFree { free.append((intent, .sequence([polite, before, pattern, after]))) } else {
                    specific.append((intent, .sequence([polite, before, pattern, after])))
                }
            }
        }
        // Templates whose every word is given are tried before those that take a message's words.
        var numbers: [String: Int] = [:]
        let programs = (specific + free).map { TemplateProgram(intent: $0.0, pattern: $0.1, numbers: &numbers) }
        return CompiledTemplates(programs: programs, wordNumbers: numbers)
    }

    /// The words templates put between a value and the message or note after it: "saying", "that says",
    /// ":", "that", "per dirgli", read from every `{…} [a|b] {content}` and `{…} word {content}`.
    private static func leadIns(_ phrasing: Phrasing) -> [String] {
        var found: [String] = []
        for template in phrasing.templates.values.joined() {
            let source = template.source
            for slot in ["{content}", "{note}"] {
                var searchEnd = source.endIndex
                while let range = source.range(of: slot, options: .backwards, range: source.startIndex..<searchEnd) {
                    searchEnd = range.lowerBound
                    let before = source[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
                    var alternatives: [String] = []
                    var rest = Substring(before)
                    if let last = before.last, last == "]" || last == ")",
                       let open = before.lastIndex(of: last == "]" ? "[" : "(") {
                        alternatives = before[before.index(after: open)..<before.index(before: before.endIndex)]
                            .split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                        rest = before[..<open]
                    } else if let space = before.lastIndex(of: " ") {
                        alternatives = [String(before[before.index(after: space)...])]
                        rest = before[..<space]
                    }
                    // Only between a value and the message: "{recipients} [saying] {content}", not "send {content}".
                    guard rest.trimmingCharacters(in: .whitespaces).hasSuffix("}") else { continue }
                    for alternative in alternatives where !alternative.isEmpty && !alternative.contains(where: { "{}[]()".contains($0) })
                        && !found.contains(alternative) {
                        found.append(alternative)
                    }
                }
            }
        }
        // Longest first; ties in a fixed order, so every process compiles the same programs.
        return found.sorted { ($0.count, $1) > ($1.count, $0) }
    }

    /// The match of the one intent class whose templates match the whole request exactly; nil when
    /// none or several intents' templates do.
    func match(_ segments: [Segment], utterance: Utterance) -> Match? {
        let request = Request(segments: segments, utterance: utterance, commonWords: commonWords, listJoiners: listJoiners,
                              honorifics: honorifics, names: names, unspaced: unspaced, wordNumbers: wordNumbers)
        guard !request.keys.isEmpty else { return nil }
        var found: Match?
        let first = request.numbers[0]
        let opensWithApp = request.segmentAt.kind(0) == .app
        let opensWithEntity = request.segmentAt.kind(0) == .entity
        let wordBits = WordBits.of(request.numbers)
        for index in candidates(first: first) {
            let program = programs[index]
            guard program.mayMatch(bits: wordBits), program.mayOpen(with: first, app: opensWithApp, entity: opensWithEntity),
                  program.mayMatch(words: request.numbers), program.intent != found?.intent else { continue }
            let intent = program.intent
            guard let captures = request.match(program, from: 0, at: 0, captures: .none)?.list else { continue }
            if found != nil { return nil }
            found = Match(intent: intent, captures: captures.map { capture in
                var tokens = request.tokenRange(capture.positions)
                // What a message says ends with its punctuation ("where are you?", "see you :)").
                if Self.freeTextProperties.contains(capture.property), capture.positions.upperBound == request.keys.count {
                    tokens = tokens.lowerBound..<request.tokenCount
                }
                // After a colon, the message has begun: "text Anouk: saying goodbye is hard" keeps "saying".
                if Self.freeTextProperties.contains(capture.property), !tokens.isEmpty {
                    tokens = Self.startAfterColon(tokens, utterance: utterance, captures: captures.map { request.tokenRange($0.positions) })
                }
                return (capture.property, tokens)
            })
        }
        return found
    }

    /// A message's tokens starting right after a colon when only a few template words ("saying", "that
    /// says") stand between the colon and the message.
    private static func startAfterColon(_ tokens: Range<Int>, utterance: Utterance, captures: [Range<Int>]) -> Range<Int> {
        var index = tokens.lowerBound - 1
        var words = 0
        while index >= 0, words < 3, utterance.tokens[index].kind != .punctuation,
              !captures.contains(where: { $0.contains(index) }) {
            index -= 1
            words += 1
        }
        guard words > 0, index >= 0, [":", "："].contains(utterance.tokens[index].key) else { return tokens }
        return (index + 1)..<tokens.upperBound
    }

    /// The request's tokens without punctuation, and the segment that starts at each.
    private struct Request {
        /// Token keys, punctuation left out.
        var keys: [String] = []
        /// The templates' number of each key; -1 for a word no template has.
        var numbers: [Int] = []
        /// The utterance's token index of each position.
        var tokenIndex: [Int] = []
        /// Whether the word at a position was written capitalized, inside the sentence.
        var capitalized: [Bool] = []
        /// Whether a comma comes right before the word at a position.
        var commaBefore: [Bool] = []
        /// Whether punctuation that ends a name comes right before the word at a position: a comma, a colon…,
        /// not the full stop of an abbreviation ("Dr. Okafor").
        var nameBreakBefore: [Bool] = []
        /// For a segment that starts at a position: its kind and the position after it.
        var segmentAt: SegmentStarts
        let commonWords: Set<String>
        let listJoiners: Set<String>
        let honorifics: [[String]]
        let names: NameWords
        let tokenCount: Int
        /// Whether the language writes without spaces (Japanese, Chinese): no name in lower case there.
        let unspaced: Bool

        init(segments: [Segment], utterance: Utterance, commonWords: Set<String>, listJoiners: Set<String>,
             honorifics: [[String]], names: NameWords, unspaced: Bool, wordNumbers: [String: Int]) {
            self.commonWords = commonWords
            self.listJoiners = listJoiners
            self.honorifics = honorifics
            self.names = names
            self.unspaced = unspaced
            tokenCount = utterance.tokens.count
            segmentAt = SegmentStarts(count: utterance.tokens.count + 1)
            for segment in segments where !segment.kind.isPunctuation {
                let start = keys.count
                for index in segment.tokens where utterance.tokens[index].kind != .punctuation {
                    keys.append(utterance.tokens[index].key)
                    numbers.append(wordNumbers[utterance.tokens[index].key] ?? -1)
                    tokenIndex.append(index)
                    commaBefore.append(index > 0 && [",", "、", "，"].contains(utterance.tokens[index - 1].key))
                    nameBreakBefore.append(index > 0 && utterance.tokens[index - 1].kind == .punctuation
                                           && utterance.tokens[index - 1].key != ".")
                    // Inside han and kana, a capitalized Latin word is a name even first: "Saraに…".
                    capitalized.append(utterance.tokens[index].isCapitalized && (index > 0 || unspaced))
                }
                if keys.count > start { segmentAt.record(segment, at: start, end: keys.count) }
            }
        }

        /// Token indices from the first position's token to the last one's, punctuation between included;
        /// an empty range maps to the token after the last.
        func tokenRange(_ positions: Range<Int>) -> Range<Int> {
            guard !positions.isEmpty else { return tokenCount..<tokenCount }
            return tokenIndex[positions.lowerBound]..<(tokenIndex[positions.upperBound - 1] + 1)
        }

        /// The captures of the first way the steps from `firstStep` match from `startPosition` to the end of the
        /// request: optional parts present before absent, alternatives in order, free text shortest first.
        func match(_ program: TemplateProgram, from firstStep: Int, at startPosition: Int,
                   captures found: Captures) -> Captures? {
            let steps = program.steps
            var step = firstStep
            var position = startPosition
            var captures = found
            while true {
                switch steps[step] {
                case .word(let key):
                    guard position < numbers.count, numbers[position] == key else { return nil }
                    position += 1
                    step += 1
                case .app:
                    guard segmentAt.kind(position) == .app else { return nil }
                    position = segmentAt.end(position)
                    step += 1
                case .entity(let property, let classes):
                    guard segmentAt.kind(position) == .entity, let entityClass = segmentAt.entityClass(position),
                          classes.contains(entityClass) else {
                        return nil
                    }
                    let end = segmentAt.end(position)
                    if let property { captures = captures.adding(property, position..<end) }
                    position = end
                    step += 1
                case .vocabulary(let property, let wordsFollow):
                    if let end = vocabularyEnd(at: position, property: property) {
                        captures = captures.adding(property, position..<end)
                        position = end
                        step += 1
                        continue
                    }
                    // "show sunset photos": a few words no template uses, held between the template's own words, are
                    // the value even when no vocabulary knows them.
                    guard wordsFollow else { return nil }
                    var end = position
                    // Words of a spaced script only: a single character of Japanese or Chinese is no word of its own.
                    // A capitalized name ("Banana Trips") may be an album or a person said nearly right: the model's.
                    while end < keys.count, end - position < TemplateMatcher.longestUnknownValue, keys[end].count > 1,
                          !capitalized[end], !commonWords.contains(keys[end]),
                          segmentAt.kind(end) == .word, segmentAt.end(end) == end + 1 {
                        end += 1
                        if mayBegin(program, step + 1, at: end),
                           let found = match(program, from: step + 1, at: end, captures: captures.adding(property, position..<end)) {
                            return found
                        }
                    }
                    return nil
                case .person(let property, let list):
                    for end in personEnds(at: position, property: property) {
                        let added = captures.adding(property, position..<end)
                        if list, let joined = nextInList(after: end),
                           let found = match(program, from: step, at: joined, captures: added) {
                            return found
                        }
                        if mayBegin(program, step + 1, at: end),
                           let found = match(program, from: step + 1, at: end, captures: added) {
                            return found
                        }
                    }
                    return nil
                case .freeText(let property):
                    guard position < keys.count else { return nil }
                    for end in (position + 1)...keys.count where segmentAt.kind(end) != nil || end == keys.count {
                        // The words of a message never include the app it goes through.
                        if segmentAt.kind(end - 1) == .app || segmentAt.kind(position) == .app { break }
                        if mayBegin(program, step + 1, at: end),
                           let found = match(program, from: step + 1, at: end, captures: captures.adding(property, position..<end)) {
                            return found
                        }
                    }
                    return nil
                case .options(let property, let options):
                    for option in options where !option.isEmpty && position + option.count <= keys.count
                        && numbers[position..<(position + option.count)].elementsEqual(option) {
                        if mayBegin(program, step + 1, at: position + option.count),
                           let found = match(program, from: step + 1, at: position + option.count,
                                             captures: captures.adding(property, position..<(position + option.count))) {
                            return found
                        }
                    }
                    return nil
                case .split(let first, let second):
                    // The first way must begin with one of a few words: when the next word is none of them, go on.
                    if !mayBegin(program, first, at: position) {
                        step = second
                        continue
                    }
                    if let found = match(program, from: first, at: position, captures: captures) { return found }
                    step = second
                case .jump(let target):
                    step = target
                case .fail:
                    return nil
                case .accept:
                    return position == keys.count ? captures : nil
                }
            }
        }

        /// Whether the steps from `step` may match from `position`: not when they must begin with template
        /// words and the word there is none of them.
        private func mayBegin(_ program: TemplateProgram, _ step: Int, at position: Int) -> Bool {
            if case .word(let key) = program.steps[step] { return position < numbers.count && numbers[position] == key }
            guard let words = program.beginnings[step] else { return true }
            guard position < numbers.count else { return false }
            // The words are sorted: halve the range while it is long, then look through the rest.
            let word = numbers[position]
            var low = 0
            var high = words.count
            while high - low > 8 {
                let middle = (low + high) / 2
                if words[middle] <= word { low = middle } else { high = middle }
            }
            return words[low..<high].contains(word)
        }

        /// Where a person named at `position` may end: a vocabulary phrase for the property, else capitalized
        /// words that are not common ones, longest first.
        private func personEnds(at position: Int, property: String) -> [Int] {
            if let end = vocabularyEnd(at: position, property: property) { return [end] }
            if let end = titledNameEnd(at: position) { return [end] }
            let familyNamed = familyNameEnds(at: position)
            if !familyNamed.isEmpty { return familyNamed }
            var length = 0
            while position + length < keys.count, length < TemplateMatcher.longestName,
                  capitalized[position + length], keys[position + length].count > 1,
                  length == 0 || !nameBreakBefore[position + length],
                  !commonWords.contains(keys[position + length]),
                  length == 0 || !startsBreak(position + length),
                  segmentAt.kind(position + length) == .word {
                length += 1
            }
            if length == 0, TemplateMatcher.lowerCaseNameProperties.contains(property) {
                return lowerCaseNameEnds(at: position)
            }
            return stride(from: length, through: 1, by: -1).map { position + $0 }
        }

        /// Where a name written in lower case may end ("text john i'm late", "call alexa"): one or two words no
        /// template or function word uses, shortest first, so that a message after it keeps its words ("john" +
        /// "see you soon"); a longer name is found when nothing else matches after one word ("call john smith").
        private func lowerCaseNameEnds(at position: Int) -> [Int] {
            guard !unspaced else { return [] }
            var ends: [Int] = []
            var end = position
            while end < keys.count, end - position < TemplateMatcher.longestLowerCaseName,
                  keys[end].count > 1, !commonWords.contains(keys[end]), keys[end].allSatisfy(\.isLetter),
                  end == position || !nameBreakBefore[end], !startsBreak(end),
                  segmentAt.kind(end) == .word, segmentAt.end(end) == end + 1 {
                end += 1
                ends.append(end)
            }
            return ends
        }

        /// Whether a word that starts what follows a name, never part of one, begins at `index` ("把", "Ich").
        private func startsBreak(_ index: Int) -> Bool {
            names.breaks.contains { index + $0.count <= keys.count && Array(keys[index..<(index + $0.count)]) == $0 }
        }

        /// Where a name in han or kana, or a capitalized one, that a title follows ends: after the title
        /// ("田中さん", "さくらちゃん", "王老师", "Saraさん").
        private func titledNameEnd(at position: Int) -> Int? {
            guard !honorifics.isEmpty else { return nil }
            func isNameCharacter(_ index: Int) -> Bool {
                guard index < keys.count else { return false }
                if capitalized[index] { return true }
                // Han, katakana, or hiragana ("さくらちゃん"): the title says where the name ends.
                return CharacterClass.unspacedScript(keys[index]) != nil
            }
            // A name begun in hiragana is all hiragana ("さくらちゃん"); "で田中さん" is a particle and a name.
            let beginsInHiragana = position < keys.count && CharacterClass.unspacedScript(keys[position]) == "H"
            var length = 0
            while length < TemplateMatcher.longestTitledName, isNameCharacter(position + length) {
                if beginsInHiragana, CharacterClass.unspacedScript(keys[position + length]) != "H" { return nil }
                length += 1
                let end = position + length
                for title in honorifics where end + title.count <= keys.count && Array(keys[end..<(end + title.count)]) == title {
                    return end + title.count
                }
            }
            return nil
        }

        /// Where a name that starts with a family name may end, likelier first: "小王", "老李" (a prefix and the
        /// family name), or the family name and one or two characters: "李明把钥匙带来" ("把" never ends a
        /// name), "张小明明天见" ("明天" follows the name), "王芳密码是…" (two, the commoner length).
        private func familyNameEnds(at position: Int) -> [Int] {
            guard !names.surnames.isEmpty, position < keys.count else { return [] }
            func isHan(_ index: Int) -> Bool { index < keys.count && CharacterClass.unspacedScript(keys[index]) == "C" }
            func surnameLength(_ index: Int) -> Int? {
                names.surnames.first { index + $0.count <= keys.count && Array(keys[index..<(index + $0.count)]) == $0 }?.count
            }
            if names.prefixes.contains(keys[position]), let length = surnameLength(position + 1) {
                return [position + 1 + length]
            }
            // A name is written in one piece: punctuation ("张伟：收到") ends it.
            func joined(_ index: Int) -> Bool { index < keys.count && tokenIndex[index] == tokenIndex[index - 1] + 1 }
            guard let length = surnameLength(position), isHan(position + length), joined(position + length),
                  !startsBreak(position + length) else { return [] }
            let short = position + length + 1
            let long = short + 1
            guard isHan(short), joined(short), !startsBreak(short) else { return [short] }
            return long == keys.count || !joined(long) || startsBreak(long) ? [long, short] : [short, long]
        }

        /// Where the next person of a list starts after one ending at `end`: after a joining word, or right
        /// after a comma.
        private func nextInList(after end: Int) -> Int? {
            guard end < keys.count else { return nil }
            if listJoiners.contains(keys[end]) { return end + 1 }
            return commaBefore[end] ? end : nil
        }

        /// Where a vocabulary phrase for the property that starts here ends.
        private func vocabularyEnd(at position: Int, property: String) -> Int? {
            guard segmentAt.kind(position) == .vocabulary, segmentAt.vocabulary(position, fills: property) else { return nil }
            return segmentAt.end(position)
        }
    }
}

extension Segment.Kind {
    /// Whether this is punctuation.
    var isPunctuation: Bool {
        if case .punctuation = self { return true }
        return false
    }
}
