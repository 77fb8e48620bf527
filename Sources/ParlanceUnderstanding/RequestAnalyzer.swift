import ParlanceCore

/// Turns an utterance into segments: app names first, then vocabulary phrases, then the built-in
/// entity readers (dates, money, goal quantities, numbers), everything else word by word.
struct RequestAnalyzer: Sendable {
    let language: LanguagePack
    private let numbers: NumberReader
    private let money: MoneyReader
    private let quantities: QuantityReader
    /// The keyword tables of enumerated parameters, by property.
    let keywords: [(property: String, table: PhraseTable<JSONValue>)]
    /// Answer words: yes (true) and no (false).
    let yesNo: PhraseTable<Bool>
    /// Words that end a conversation.
    let cancel: PhraseTable<Bool>
    /// Answers meaning "yes, and don't ask again" (to a consent question).
    let always: PhraseTable<Bool>
    /// Words before a value that are not part of it ("it's", "the one called").
    let valuePrefixes: PhraseTable<Bool>
    /// Words around an ordinal that picks an option ("the … one").
    let choiceWords: PhraseTable<Bool>
    /// Asking to hear the question again.
    let repeatQuestion: PhraseTable<Bool>
    /// Going on with what waited ("continue").
    let proceed: PhraseTable<Bool>
    /// Words before a corrected value ("actually", "make it").
    let correctionOpeners: PhraseTable<Bool>
    /// Skipping the question ("skip it", "no note").
    let skip: PhraseTable<Bool>

    init(language: LanguagePack) {
        self.language = language
        numbers = NumberReader(words: language.numbers)
        let currencies = PhraseTable<String>(language.currencies)
        money = MoneyReader(numbers: numbers, currencies: currencies, subunits: PhraseTable(language.currencySubunits),
                            standaloneSubunits: PhraseTable(language.currencySubunits.filter {
                                !language.subunitsOnlyAfterUnit.contains($0.key)
                            }),
                            joiners: language.numbers.joiners)
        quantities = QuantityReader(numbers: numbers, units: PhraseTable(language.units))
        keywords = language.keywords.keys.sorted().map { ($0, PhraseTable(language.keywords[$0] ?? [:])) }
        yesNo = PhraseTable(language.answers.yes.map { ($0, true) } + language.answers.no.map { ($0, false) })
        cancel = PhraseTable(language.answers.cancel.map { ($0, true) })
        always = PhraseTable(language.answers.always.map { ($0, true) })
        valuePrefixes = PhraseTable(language.answers.valuePrefixes.map { ($0, true) })
        choiceWords = PhraseTable(language.answers.choiceWords.map { ($0, true) })
        repeatQuestion = PhraseTable(language.answers.repeatQuestion.map { ($0, true) })
        proceed = PhraseTable(language.answers.proceed.map { ($0, true) })
        correctionOpeners = PhraseTable(language.answers.correctionOpeners.map { ($0, true) })
        skip = PhraseTable(language.answers.skip.map { ($0, true) })
    }

    var numberReader: NumberReader { numbers }

    func segments(of utterance: Utterance, apps: AppNameSpotter?, vocabulary: GazetteerMatcher?,
                  time: ReferenceTime) -> [Segment] {
        segments(of: utterance, mentions: apps?.mentions(in: utterance.tokens) ?? [], vocabulary: vocabulary, time: time)
    }

    func segments(of utterance: Utterance, mentions: [AppNameSpotter.Mention], vocabulary: GazetteerMatcher?,
                  time: ReferenceTime) -> [Segment] {
        let tokens = utterance.tokens
        var segments: [Segment] = []
        segments.reserveCapacity(tokens.count)
        let readers = EntityReaders(numbers: numbers, money: money, quantities: quantities, remembering: tokens)
        var mentionIndex = 0
        var index = 0
        while index < tokens.count {
            if mentionIndex < mentions.count, mentions[mentionIndex].tokens.lowerBound == index {
                let mention = mentions[mentionIndex]
                // A vocabulary phrase that starts with the app's name ("Hopp XL") is the phrase.
                if let vocabulary, let match = vocabulary.match(tokens, at: index, limit: tokens.count),
                   match.tokens.upperBound > mention.tokens.upperBound {
                    segments.append(Segment(tokens: match.tokens, kind: .vocabulary(match.entries), key: "<vocab>",
                                            isCapitalized: false))
                    index = match.tokens.upperBound
                    while mentionIndex < mentions.count, mentions[mentionIndex].tokens.lowerBound < index { mentionIndex += 1 }
                    continue
                }
                segments.append(Segment(tokens: mention.tokens, kind: .app(mention.appIdentifier), key: "<app>",
                                        isCapitalized: false))
                index = mention.tokens.upperBound
                mentionIndex += 1
                continue
            }
            let limit = mentionIndex < mentions.count ? mentions[mentionIndex].tokens.lowerBound : tokens.count
            if let vocabulary, let match = vocabulary.match(tokens, at: index, limit: limit) {
                segments.append(Segment(tokens: match.tokens, kind: .vocabulary(match.entries), key: "<vocab>",
                                        isCapitalized: tokens[index].isCapitalized && index > 0))
                index = match.tokens.upperBound
                continue
            }
            if let (value, length) = entity(tokens, at: index, limit: limit, time: time, readers: readers) {
                segments.append(Segment(tokens: index..<(index + length), kind: .entity(value), key: value.classKey,
                                        isCapitalized: false))
                index += length
                continue
            }
            let token = tokens[index]
            let kind: Segment.Kind = token.kind == .punctuation ? .punctuation : .word
            segments.append(Segment(tokens: index..<(index + 1), kind: kind, key: token.key,
                                    isCapitalized: token.isCapitalized && index > 0))
            index += 1
        }
        return segments
    }

    /// The entity readers for one request's tokens, which read the number at each position once.
    private struct EntityReaders {
        var numbers: NumberReader
        var money: MoneyReader
        var quantities: QuantityReader

        init(numbers: NumberReader, money: MoneyReader, quantities: QuantityReader, remembering tokens: [Token]) {
            self.numbers = numbers.remembering(tokens)
            self.money = money
            self.money.numbers = self.numbers
            self.quantities = quantities
            self.quantities.numbers = self.numbers
        }
    }

    private func entity(_ tokens: [Token], at index: Int, limit: Int, time: ReferenceTime,
                        readers: EntityReaders) -> (EntityValue, Int)? {
        let token = tokens[index]
        guard token.kind != .punctuation || token.key == "-" else { return nil }
        var found: (EntityValue, Int)?
        if let (span, length) = language.dates.read(tokens, at: index, numbers: readers.numbers, time: time),
           !endsInsideAmount(tokens, from: index, length: length, money: readers.money) {
            found = (.date(span), length)
        }
        if let money = readers.money.read(tokens, at: index), money.1 > (found?.1 ?? 0) { found = money }
        if let quantity = readers.quantities.read(tokens, at: index), quantity.1 > (found?.1 ?? 0) { found = quantity }
        if found == nil, token.kind == .number || language.numbers.values[token.key] != nil,
           let number = readers.numbers.read(tokens, at: index),
           number.length > 1 || !language.numbers.articles.contains(token.key) {  // French "un", "une" alone: articles
            found = (.number(number.value), number.length)
        }
        guard let found, index + found.1 <= limit else { return nil }
        return found
    }

    /// "um achtzehn Euro" is not 18:00 but the start of an amount: a date whose last words begin an amount.
    private func endsInsideAmount(_ tokens: [Token], from index: Int, length: Int, money: MoneyReader) -> Bool {
        guard length > 1 else { return false }
        return ((index + 1)..<(index + length)).contains { start in
            guard let amount = money.read(tokens, at: start) else { return false }
            return start + amount.1 > index + length
        }
    }
}
