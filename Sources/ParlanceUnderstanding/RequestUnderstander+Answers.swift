import Intents
import ParlanceCore

/// Answers to the assistant's own questions, understood in the question's context: "yes" and its
/// many forms, "the second one", a bare name, "my best pal Bobo", a number, "cancel", or a new request.
extension RequestUnderstander {
    /// What an answer means for the question asked. Every reply is read in the question's context first
    /// (cancel, "repeat that", "what can you do?", yes or no, a choice, a value, a correction) and then,
    /// unless it was plainly an answer, as a request of its own: a request to another app, or a whole new
    /// request, ends the question; words for a message that read as a request are checked with the user.
    /// `currency`: the currency of the amount the request already has, which an amount said without one keeps
    /// ("nein, mach 30 daraus" at a payment of 20,00 € is 30,00 €); nil: the default currency.
    public func understandAnswer(_ text: String, to question: Question, language: String? = nil,
                                 currency: String? = nil) throws(UnderstandingError) -> Answer {
        let context = try prepare(text, language: language)
        let reader = AnswerReader(context: context, time: referenceTime(), defaultCurrency: currency ?? chosenCurrency)
        // "uh, yes", "ok google, no": what is said before an answer is no part of it, except in the user's own words
        // (a message's text keeps its "so").
        let written = Utterance(text)
        let utterance = question.asksForUserText ? written : Self.withoutOpenings(written, openings: context.model.openings)
        var answer = reader.answer(utterance, to: question)
        // "キャンセル" cancels an English conversation too: a whole cancel in any language is one.
        if answer != .cancel, Self.cancelsInAnyLanguage(utterance) { answer = .cancel }
        switch answer {
        case .values(let values) where question.asksForUserText:
            // "call Bobo on MonkeyCall" as what to say to Kiki: sent only if the user says so.
            guard let request = try servableRequest(text, language: language) else { return answer }
            // "バナナをもっと送って" at "what should it say?", read as "send a message saying バナナをもっと": the
            // question's own request carrying nothing but the asked words asks for nothing else.
            if question.isOnlyAsked(by: request) { return answer }
            return .ambiguousValue(values, otherwise: .newRequest(request))
        case .cancel, .skip, .assistant, .ambiguousValue, .yes, .no, .always, .newRequest, .refused:
            return answer
        case .values, .choice, .unclear:
            break
        }
        guard answer == .unclear || reader.mayBeRequest(utterance) else { return answer }
        // An option's own words are that option, however long ("メッセージ" is no request to send one).
        if case .choice = answer, question.isOption(utterance) { return answer }
        guard let request = try servableRequest(text, language: language), let intent = request.intent else { return answer }
        if answer == .unclear || intent != question.intent || request.namedApp != nil
            || question.isRestated(by: request) {
            return .newRequest(request)
        }
        return answer
    }

    /// Whether the whole reply is a cancel word of any supported language.
    private static func cancelsInAnyLanguage(_ utterance: Utterance) -> Bool {
        let key = utterance.tokens.filter { $0.kind != .punctuation }.map(\.key).joined(separator: " ")
        guard !key.isEmpty else { return false }
        return cancelPhrases.contains(key)
    }

    /// Every language's cancel phrases, as token keys joined by spaces.
    private static let cancelPhrases: Set<String> = Set(LanguageCatalog.packs.values.flatMap { pack in
        pack.answers.cancel.map { Utterance($0).tokens.filter { $0.kind != .punctuation }.map(\.key).joined(separator: " ") }
    })

    /// The request the text makes, if an installed app can serve it and the reading is sure.
    private func servableRequest(_ text: String, language: String?) throws(UnderstandingError) -> UnderstoodRequest? {
        let request = try understand(text, language: language)
        guard request.intent != nil, request.confidence >= policy.answerAsRequestConfidence,
              request.app != nil || !request.candidateApps.isEmpty else { return nil }
        return request
    }
}

extension Question {
    /// The intent the question is about, if any.
    var intent: String? {
        switch self {
        case .confirmation(let parameter): return parameter?.intent
        case .choice, .consent, .proceed: return nil
        case .value(let parameter): return parameter.intent
        case .request(let intent, _): return intent
        }
    }

    /// Whether the reply is exactly one of a choice's options.
    func isOption(_ utterance: Utterance) -> Bool {
        guard case .choice(let options) = self else { return false }
        func keys(_ utterance: Utterance) -> [String] { utterance.tokens.filter { $0.kind != .punctuation }.map(\.key) }
        let said = keys(utterance)
        return !said.isEmpty && options.contains { keys(Utterance($0)) == said }
    }

    /// Whether the answer is the user's own words for a message or a note, kept as said.
    var asksForUserText: Bool {
        guard case .value(let parameter) = self else { return false }
        return FrameBuilder.userTextProperties.contains(parameter.parameter)
    }

    /// Whether a request is the question's own, naming no app and carrying the asked value and nothing else.
    func isOnlyAsked(by request: UnderstoodRequest) -> Bool {
        guard case .value(let parameter) = self, request.intent == parameter.intent, request.namedApp == nil else { return false }
        return Set(request.parameters.keys) == [parameter.parameter]
    }

    /// Whether a request of the question's intent says more than the asked value: "text john I'm late" at
    /// "To whom?" is the request said again, not a name.
    func isRestated(by request: UnderstoodRequest) -> Bool {
        guard case .value(let parameter) = self, request.intent == parameter.intent else { return false }
        return request.parameters.keys.contains { $0 != parameter.parameter }
    }
}

/// Reads one answer with a language's answer words and the app's vocabulary.
struct AnswerReader {
    let context: UnderstandingContext
    let time: ReferenceTime
    /// nil: the system locale's.
    let defaultCurrency: String?

    private var analyzer: RequestAnalyzer { context.model.analyzer }

    func answer(_ utterance: Utterance, to question: Question) -> Answer {
        // What a message or a note should say is the whole answer, exactly as said ("how are you",
        // "thank you", "🍌"); only "cancel" alone still cancels, and "help" or "repeat that" may be meant
        // for the assistant.
        if case .value(let parameter) = question, FrameBuilder.userTextProperties.contains(parameter.parameter) {
            let words = utterance.tokens.filter { $0.kind != .punctuation }
            if !words.isEmpty, analyzer.cancel.matchesWhole(words) != nil { return .cancel }
            if !words.isEmpty, analyzer.skip.matchesWhole(words) != nil { return .skip }
            let text = Self.verbatim(utterance.text)
            guard !text.isEmpty else { return .unclear }
            let values: [String: JSONValue] = [parameter.parameter: .string(text)]
            if let request = assistantRequest(Array(utterance.tokens[coreRange(utterance.tokens)]), text: utterance.text) {
                return .ambiguousValue(values, otherwise: .assistant(request))
            }
            return .values(values)
        }
        let core = coreRange(utterance.tokens)
        let tokens = Array(utterance.tokens[core])
        guard !tokens.isEmpty else { return .unclear }
        if analyzer.cancel.matchesWhole(tokens) != nil { return .cancel }
        if analyzer.skip.matchesWhole(tokens) != nil { return .skip }
        if let request = assistantRequest(tokens, text: utterance.text) { return .assistant(request) }
        switch question {
        case .proceed:
            if analyzer.proceed.matchesWhole(tokens) != nil { return .yes }
            if let hit = analyzer.yesNo.matchesWhole(tokens) { return hit ? .yes : .no }
            return .unclear
        case .request(let intent, let app):
            if let hit = analyzer.yesNo.match(tokens, at: 0) {
                let rest = coreRange(Array(tokens[hit.length...]))
                if rest.isEmpty { return hit.value ? .yes : .no }
                // "no, make it 30": the values meant instead. A "yes" with more is no plain yes.
                let restText = utterance.text(of: (core.lowerBound + hit.length + rest.lowerBound)..<(core.lowerBound + hit.length + rest.upperBound))
                let values = correction(Utterance(restText), intent: intent, app: app)
                if !values.isEmpty { return .values(values) }
                return hit.value ? .unclear : .no
            }
            let values = correction(Utterance(utterance.text(of: core)), intent: intent, app: app)
            return values.isEmpty ? .unclear : .values(values)
        case .confirmation(let parameter):
            if let hit = analyzer.yesNo.match(tokens, at: 0) {
                let rest = coreRange(Array(tokens[hit.length...]))
                if rest.isEmpty { return hit.value ? .yes : .no }
                // "no, Bobo Jr.": the value meant instead.
                if !hit.value, let parameter {
                    let restText = utterance.text(of: (core.lowerBound + hit.length + rest.lowerBound)..<(core.lowerBound + hit.length + rest.upperBound))
                    let values = self.values(Utterance(restText), for: parameter)
                    if !values.isEmpty { return .values(values) }
                }
                return hit.value ? .yes : .no
            }
            if let parameter, tokens.count <= 4 {
                let values = self.values(Utterance(utterance.text(of: core)), for: parameter)
                if !values.isEmpty { return .values(values) }
            }
            return .unclear
        case .choice(let options):
            if let hit = analyzer.yesNo.matchesWhole(tokens) { return hit ? (options.count == 1 ? .choice(0) : .unclear) : .no }
            if let index = ordinal(tokens, count: options.count) { return .choice(index) }
            if let index = option(tokens, in: options) { return .choice(index) }
            return .unclear
        case .value(let parameter):
            // A whole yes or no is never a name ("はい" at "Which other payee?"): no is a no, yes says nothing.
            if let hit = analyzer.yesNo.matchesWhole(tokens) { return hit ? .unclear : .no }
            let answer = answerFrame(Utterance(utterance.text(of: core)), for: parameter)
            if answer.values.isEmpty, let refused = answer.refused.first { return .refused(refused) }
            return answer.values.isEmpty ? .unclear : .values(answer.values)
        case .consent(let options):
            return consent(tokens, options: options)
        }
    }

    /// "what can you do?" or "repeat that" as the whole reply.
    private func assistantRequest(_ tokens: [Token], text: String) -> AssistantRequest? {
        let words = tokens.filter { $0.kind != .punctuation }
        guard !words.isEmpty else { return nil }
        if analyzer.repeatQuestion.matchesWhole(words) != nil { return .repeatQuestion }
        return DiscoveryRequest.matches(text) ? .help : nil
    }

    /// Whether a reply is long enough to be a request rather than a bare answer: three words or more
    /// ("cancel my MonkeyRide" at "Which app?"), Han and kana counting less.
    func mayBeRequest(_ utterance: Utterance) -> Bool {
        let words = utterance.tokens.filter { $0.kind != .punctuation }
        return words.count >= (analyzer.language.numbers.ideographic ? 4 : 3)
    }

    /// The values a correction at a confirmation names, for the request's intent: the words after the
    /// ones that open a correction ("actually", "make it", "change the amount to", "not Bobo,"), read by
    /// the intent's own tagger and the entity readers.
    func correction(_ utterance: Utterance, intent: String, app: String?) -> [String: JSONValue] {
        let tokens = utterance.tokens
        // What follows the last opener or break is the new value: "not Bobo, Kiki", "ボボじゃなくてキキ".
        // One that ends the reply closes it instead: "mach 30 daraus".
        var start = 0
        var end = tokens.count
        var index = 0
        while index < end {
            if let hit = analyzer.correctionOpeners.match(tokens, at: index) {
                if index + hit.length >= end, index > start {
                    end = index
                    break
                }
                index += hit.length
                start = index
            } else if tokens[index].kind == .punctuation, Self.breaks.contains(tokens[index].key) {
                if index + 1 < end { start = index + 1 } else { end = index }
                index += 1
            } else {
                index += 1
            }
        }
        // A yes or no word left at the front ("不是Bobo，是Kiki") says nothing of the value.
        while start < end, let hit = analyzer.yesNo.match(tokens, at: start) { start += hit.length }
        guard start < end else { return [:] }
        let rest = Utterance(utterance.text(of: start..<end))
        let vocabulary = context.vocabulary(for: app)
        let segments = analyzer.segments(of: rest, mentions: [], vocabulary: vocabulary, time: time)
        guard !segments.isEmpty else { return [:] }
        let trainingClass = LanguageModel.trainingClass(intent)
        let labels = context.model.tagger(for: trainingClass).map { tagger in
            tagger.tag(ModelFeatures.positions(segments, intent: trainingClass), keys: segments.map(\.key)).map { tagger.labels[$0] }
        } ?? Array(repeating: "O", count: segments.count)
        let builder = FrameBuilder(utterance: rest, segments: segments, labels: labels, analyzer: analyzer,
                                   defaultCurrency: defaultCurrency)
        let found = builder.frame(intent: intent, defaults: false).parameters
        if !found.isEmpty { return found }
        // A bare name ("Kiki") the tagger gave no role: the intent's one person, if it has one.
        let people = FrameBuilder.personProperties.filter { (IntentCatalog.intent(named: intent)?.propertyNames ?? []).contains($0) }
        guard people.count == 1, let person = people.first, segments.count <= 3 else { return [:] }
        return values(rest, for: ParameterReference(intent: intent, parameter: person, app: app))
    }

    /// Marks that end a clause: what follows the last one is the corrected value ("not Bobo, Kiki").
    private static let breaks: Set<String> = [",", "，", "、", ";", "；", ":", "：", ".", "。", "!", "！", "?", "？", "…"]

    /// A whole yes, no or always, or the option (yes, no, always) picked by its label or position; anything
    /// else is unclear: consent is never read out of a longer answer ("yes, and …" is no "yes").
    private func consent(_ tokens: [Token], options: [String]) -> Answer {
        if analyzer.always.matchesWhole(tokens) != nil { return .always }
        if let hit = analyzer.yesNo.matchesWhole(tokens) { return hit ? .yes : .no }
        let answers: [Answer] = [.yes, .no, .always]
        let keys = tokens.map(\.key)
        let index = options.map(TextFolding.tokenKeys).firstIndex { !$0.isEmpty && $0 == keys }
            ?? ordinal(tokens, count: options.count)
        guard let index, answers.indices.contains(index) else { return .unclear }
        return answers[index]
    }

    /// The text without the spaces around it, or the quotation marks around all of it.
    static func verbatim(_ text: String) -> String {
        var result = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let pairs: [(Character, Character)] = [("\"", "\""), ("\u{201C}", "\u{201D}"), ("«", "»"), ("「", "」"), ("『", "』"),
                                               ("'", "'"), ("\u{2018}", "\u{2019}")]
        for (open, close) in pairs where result.count >= 2 && result.first == open && result.last == close {
            result = String(result.dropFirst().dropLast()).trimmingCharacters(in: .whitespacesAndNewlines)
            break
        }
        return result
    }

    /// Tokens without punctuation around them and without a closing "please" or "thanks".
    private func coreRange(_ tokens: [Token]) -> Range<Int> {
        var lower = 0
        var upper = tokens.count
        let trailing: Set<String> = ["please", "thanks", "thank", "you", "pls"]
        // A minus written against a number is its sign, not punctuation: "-3" is no 3.
        while lower < upper, tokens[lower].kind == .punctuation,
              !(["-", "\u{2212}"].contains(tokens[lower].key) && lower + 1 < upper && tokens[lower + 1].kind == .number
                && tokens[lower].range.upperBound == tokens[lower + 1].range.lowerBound) {
            lower += 1
        }
        while upper > lower, tokens[upper - 1].kind == .punctuation || trailing.contains(tokens[upper - 1].key)
            && upper - lower > 1 {
            upper -= 1
        }
        return lower..<upper
    }

    /// "the second one", "2nd", "number 3", "3", "the last one", "第二个", "二番目", "最後の".
    private func ordinal(_ tokens: [Token], count: Int) -> Int? {
        let numbers = analyzer.language.numbers
        var meaningful: [Token] = []
        var index = 0
        while index < tokens.count {
            if let filler = analyzer.choiceWords.match(tokens, at: index) {
                index += filler.length
            } else {
                meaningful.append(tokens[index])
                index += 1
            }
        }
        // Han and kana are a token each, so "第二个选项" is as short an answer as "the second one".
        guard !meaningful.isEmpty, tokens.count <= (numbers.ideographic ? 10 : 6) else { return nil }
        let joined = meaningful.map(\.key).joined(separator: numbers.ideographic ? "" : " ")
        var position: Int?
        if let ordinal = numbers.ordinals[joined] {
            position = ordinal == -1 ? count : ordinal
        } else if let (value, length) = analyzer.numberReader.read(meaningful, at: 0), length == meaningful.count,
                  value >= 1, value == value.rounded() {
            position = value.boundedInt
        }
        guard let position, (1...count).contains(position) else { return nil }
        return position - 1
    }

    /// The option the answer names: the whole answer, else the one option within a typo of the whole
    /// answer ("bobo the grate"), else the longest option whose words appear in it ("I'll take Little Bobo").
    private func option(_ tokens: [Token], in options: [String]) -> Int? {
        let keys = tokens.map(\.key)
        let optionKeys = options.map(TextFolding.tokenKeys)
        if let exact = optionKeys.firstIndex(of: keys) { return exact }
        let joined = keys.joined(separator: " ")
        let close = optionKeys.indices.filter { index in
            let option = optionKeys[index].joined(separator: " ")
            let allowed = option.count >= 9 ? 2 : (option.count >= 4 ? 1 : 0)
            return Suggestion.editDistance(Array(joined), Array(option)) <= allowed
        }
        if close.count == 1 { return close[0] }
        return containedOption(keys, optionKeys)
    }

    private func containedOption(_ keys: [String], _ options: [[String]]) -> Int? {
        var best: (index: Int, length: Int, exact: Bool)?
        var tie = false
        for (index, optionKeys) in options.enumerated() {
            guard !optionKeys.isEmpty, optionKeys.count <= keys.count else { continue }
            let found = (0...(keys.count - optionKeys.count)).contains { Array(keys[$0..<($0 + optionKeys.count)]) == optionKeys }
            guard found else { continue }
            let candidate = (index, optionKeys.count, optionKeys == keys)
            if let current = best {
                if candidate.1 > current.length || candidate.1 == current.length && candidate.2 && !current.exact {
                    best = candidate
                    tie = false
                } else if candidate.1 == current.length && candidate.2 == current.exact {
                    tie = true
                }
            } else {
                best = candidate
            }
        }
        guard let best, !tie else { return nil }
        return best.index
    }

    /// The parameter values an answer gives for one parameter.
    func values(_ utterance: Utterance, for parameter: ParameterReference) -> [String: JSONValue] {
        answerFrame(utterance, for: parameter).values
    }

    /// The parameter values an answer gives for one parameter, and the values it said that are none ("-5").
    private func answerFrame(_ utterance: Utterance, for parameter: ParameterReference)
        -> (values: [String: JSONValue], refused: [RefusedValue]) {
        let vocabulary = context.vocabulary(for: parameter.app)
        let segments = analyzer.segments(of: utterance, mentions: [], vocabulary: vocabulary, time: time)
        guard !segments.isEmpty else { return ([:], []) }
        let property = parameter.parameter
        var labels = [String](repeating: "O", count: segments.count)
        // Entities and keyword values (a call type, a message attribute) are found by their readers.
        if !Self.entityProperties.contains(property), analyzer.language.keywords[property] == nil {
            let span = valueSpan(segments, in: utterance, intent: parameter.intent, property: property)
            for (offset, index) in span.enumerated() { labels[index] = (offset == 0 ? "B-" : "I-") + property }
        }
        let builder = FrameBuilder(utterance: utterance, segments: segments, labels: labels, analyzer: analyzer,
                                   defaultCurrency: defaultCurrency)
        let frame = builder.frame(intent: parameter.intent, defaults: false)
        let wanted = Self.companions[property, default: [property]]
        return (frame.parameters.filter { wanted.contains($0.key) }, frame.refused.filter { wanted.contains($0.property) })
    }

    /// Properties whose values the entity readers find on their own.
    private static let entityProperties: Set<String> = Set(parameters: [.currencyAmount, .goalValue, .workoutGoalUnitType,
                                                                        .dateTimeRange, .dateCreated, .scheduledPickupTime])
    /// Properties answered together.
    private static let companions: [String: Set<String>] = {
        let goal = Set(parameters: [.goalValue, .workoutGoalUnitType])
        return [ParameterName.goalValue.rawValue: goal, ParameterName.workoutGoalUnitType.rawValue: goal]
    }()

    /// Where the value is: vocabulary phrases for the property if any ("my best pal Bobo" → "Bobo"),
    /// else the answer after words like "it's" or "the one called", and for a person from the first
    /// capitalized word ("my friend Tamsin").
    private func valueSpan(_ segments: [Segment], in utterance: Utterance, intent: String,
                           property: String) -> Range<Int> {
        let vocabulary = segments.indices.filter { segments[$0].vocabularyProperties(intent: intent).contains(property) }
        if let first = vocabulary.first, var last = vocabulary.last {
            // A known name followed by more of a name ("Bobo Jr.", "Kiki Kong"): the person is the whole name, never
            // the part some vocabulary knows. Only what follows: a capital before it may be a German noun
            // ("meinem Bruder Bobo" is Bobo).
            if FrameBuilder.personProperties.contains(property) {
                func namePart(_ index: Int) -> Bool {
                    guard case .word = segments[index].kind else { return false }
                    return utterance.tokens[segments[index].tokens.lowerBound].isCapitalized
                }
                while last + 1 < segments.count, namePart(last + 1) { last += 1 }
            }
            return first..<(last + 1)
        }
        var start = 0
        while start < segments.count,
              let prefix = analyzer.valuePrefixes.match(utterance.tokens, at: segments[start].tokens.lowerBound),
              let next = segments.firstIndex(where: { $0.tokens.lowerBound >= segments[start].tokens.lowerBound + prefix.length }) {
            start = next
        }
        // "my friend Tamsin" → Tamsin; a name written with a capital on every word ("Zaza Kong") is all of it.
        if FrameBuilder.personProperties.contains(property),
           let capitalized = segments[start...].firstIndex(where: \.isCapitalized), capitalized > start,
           segments[start..<capitalized].allSatisfy({ if case .word = $0.kind { return true } else { return false } }),
           segments[start..<capitalized].contains(where: { !utterance.tokens[$0.tokens.lowerBound].isCapitalized }) {
            start = capitalized
        }
        return start..<segments.count
    }
}
