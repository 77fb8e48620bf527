import Intents
import ParlanceCore

/// Turns tagged segments into an intent's parameters in the SDK's JSON form: people, places,
/// speakable strings, text, lists; amounts, goals and dates from the entity readers; enumerated
/// values from the language's keywords.
struct FrameBuilder {
    let utterance: Utterance
    let segments: [Segment]
    /// The tagger's label per segment ("O", "B-recipients", "I-recipients").
    let labels: [String]
    let analyzer: RequestAnalyzer
    /// The currency of an amount said without one ("pay Bobo 20"); nil: the system locale's, looked up only
    /// when an amount needs it.
    let defaultCurrency: String?

    static let personProperties: Set<String> = Set(parameters: ParameterName.allCases.filter { $0.role == .person })
    private static let speakableProperties: Set<String> = Set(parameters: [.workoutName, .rideOptionName, .speakableGroupName, .speakableGroupNames])
    private static let placeProperties: Set<String> = Set(parameters: [.pickupLocation, .dropOffLocation, .locationCreated])
    /// Spans whose words are free text: entities and keywords inside them belong to the text.
    private static let textProperties: Set<String> = Set(parameters: [.content, .note, .searchTerms, .albumName])
    /// Properties whose answers are free text: never mistaken for a new request.
    static let freeTextProperties: Set<String> = Set(parameters: [.content, .note, .searchTerms, .albumName])
    private static let dateProperties = [ParameterName.dateTimeRange, .dateCreated, .scheduledPickupTime].map(\.rawValue)
    /// The user's own words, kept exactly as said: what a message says, a payment's note.
    static let userTextProperties: Set<String> = Set(parameters: [.content, .note])
    /// Opening quotation marks and the marks that close them (the straight quote closes itself).
    static let closingQuote: [String: String] = ["「": "」", "『": "』", "\u{201C}": "\u{201D}", "«": "»", "\"": "\""]
    /// Quotation marks around what a message says.
    private static let quotes: Set<String> = ["\"", "'", "\u{201C}", "\u{201D}", "\u{2018}", "\u{2019}", "«", "»", "「", "」",
                                              "『", "』", "“", "”"]

    /// A run of segments the tagger gave one property.
    struct Span {
        var property: String
        var segments: Range<Int>
    }

    /// The parameters of a request (with `defaults`, values it implies: a call is an audio call unless
    /// said otherwise) or of an answer (without).
    func parameters(intent: String, defaults: Bool = true) -> [String: JSONValue] {
        frame(intent: intent, defaults: defaults).parameters
    }

    /// The parameters, and the values said that are no values of their kind ("-5 dollars"), left out of them.
    func frame(intent: String, defaults: Bool = true) -> (parameters: [String: JSONValue], refused: [RefusedValue]) {
        let properties = Set(IntentCatalog.intent(named: intent)?.propertyNames ?? [])
        var parameters: [String: JSONValue] = [:]
        let spans = withoutGroupWord(completedMessage(self.spans().filter {
            properties.contains($0.property) && !(properties.contains(.currencyAmount) && isAmountOnly($0))
        }))
        var covered = [Bool](repeating: false, count: segments.count)
        var textCovered = [Bool](repeating: false, count: segments.count)
        for span in spans {
            for index in span.segments {
                covered[index] = true
                if Self.textProperties.contains(span.property) { textCovered[index] = true }
            }
            guard let value = value(of: span) else { continue }
            if LanguageModel.listProperties.contains(span.property) {
                let existing = parameters[span.property]?.arrayValue ?? []
                parameters[span.property] = .array(existing + [value])
            } else if parameters[span.property] == nil {
                parameters[span.property] = value
            }
        }
        var refused: [RefusedValue] = []
        addEntities(to: &parameters, refused: &refused, properties: properties, skipping: textCovered)
        addKeywords(to: &parameters, properties: properties, skipping: covered)
        if defaults, intent == IntentName.startCall.rawValue, parameters[.callCapability] == nil {
            parameters[.callCapability] = .string("audioCall")
        }
        return (parameters, refused)
    }

    // MARK: Spans

    /// A message is everything the person said after it starts: when it is the last value, it runs to the
    /// end of the request ("… lunch to tomorrow at noon" keeps its date, "… ❤️" its emoji), or to the
    /// words that name the app after it ("… on MonkeyChat"). Languages whose verb follows the message
    /// (Japanese, Chinese: "…と送って") keep the tagger's end.
    private func completedMessage(_ spans: [Span]) -> [Span] {
        guard !analyzer.language.numbers.ideographic,
              let index = spans.lastIndex(where: { $0.property == ParameterName.content.rawValue }), index == spans.count - 1 else { return spans }
        var upper = spans[index].segments.upperBound
        var end = upper
        while end < segments.count {
            if case .app = segments[end].kind { break }
            end += 1
        }
        if end < segments.count {
            // "… on MonkeyChat", "… using the MonkeyChat app": the words before the app's name are not the message.
            while end > upper, analyzer.language.appCues.contains(segments[end - 1].key)
                || analyzer.language.functionWords.contains(segments[end - 1].key) || segments[end - 1].kind.isPunctuation {
                end -= 1
            }
        }
        upper = max(upper, end)
        var result = spans
        result[index].segments = spans[index].segments.lowerBound..<upper
        return result.compactMap { $0.property == ParameterName.content.rawValue ? trimmed($0) : $0 }
    }

    /// "告诉Knitting Circle群我们周四见": the word after a group's name that says it is a group does not begin
    /// the message that follows.
    private func withoutGroupWord(_ spans: [Span]) -> [Span] {
        var result = spans
        for (index, span) in spans.enumerated() where Self.userTextProperties.contains(span.property) {
            guard spans.contains(where: {
                $0.property.hasPrefix(ParameterName.speakableGroupName.rawValue) && $0.segments.upperBound == span.segments.lowerBound
            })
            else { continue }
            let keys = segments[span.segments].map(\.key)
            for word in analyzer.language.phrasing.groupWords.map(TextFolding.tokenKeys).sorted(by: { $0.count > $1.count })
            where !word.isEmpty && word.count < keys.count && Array(keys.prefix(word.count)) == word {
                result[index].segments = (span.segments.lowerBound + word.count)..<span.segments.upperBound
                break
            }
        }
        return result
    }

    func spans() -> [Span] {
        var spans: [Span] = []
        for (index, label) in labels.enumerated() where label != "O" {
            let property = String(label.dropFirst(2))
            if label.hasPrefix("I-"), let last = spans.last, last.property == property, last.segments.upperBound == index {
                spans[spans.count - 1].segments = last.segments.lowerBound..<(index + 1)
            } else {
                spans.append(Span(property: property, segments: index..<(index + 1)))
            }
        }
        return joinedWithinWords(spans).flatMap(splitList).map(cutAtScriptChange).compactMap(trimmed)
    }

    /// "Yusuf要" or "Bartholomew Quince昨天" as a name: a name, place or label never runs from Latin
    /// letters into han or kana (or back), so the value is its longest part in one script.
    private func cutAtScriptChange(_ span: Span) -> Span {
        guard !Self.textProperties.contains(span.property) else { return span }
        func script(_ index: Int) -> Token.Kind? {
            let kind = utterance.tokens[segments[index].tokens.lowerBound].kind
            return kind == .word || kind == .ideograph ? kind : nil
        }
        var parts: [Range<Int>] = []
        var start = span.segments.lowerBound
        var current = script(start)
        for index in span.segments.dropFirst() {
            guard let next = script(index) else { continue }
            if let current, current != next {
                parts.append(start..<index)
                start = index
            }
            current = next
        }
        parts.append(start..<span.segments.upperBound)
        guard parts.count > 1 else { return span }
        func length(_ part: Range<Int>) -> Int {
            utterance.text(of: segments[part.lowerBound].tokens.lowerBound..<segments[part.upperBound - 1].tokens.upperBound).count
        }
        let longest = parts.max { length($0) < length($1) } ?? span.segments
        return Span(property: span.property, segments: longest)
    }

    /// "新宿" and "駅" tagged as two places: one word of han or katakana split between two values is
    /// one value, whose role is the later part's (the particle after the word decides it: 新宿駅まで).
    private func joinedWithinWords(_ spans: [Span]) -> [Span] {
        var result: [Span] = []
        for span in spans {
            if let last = result.last, last.segments.upperBound == span.segments.lowerBound,
               !Self.textProperties.contains(last.property), !Self.textProperties.contains(span.property),
               last.property != span.property, continuesWord(at: span.segments.lowerBound) {
                result[result.count - 1] = Span(property: span.property,
                                                segments: last.segments.lowerBound..<span.segments.upperBound)
            } else {
                result.append(span)
            }
        }
        return result
    }

    /// Whether the segment at `index` and the one before it are han–han or katakana–katakana, unspaced.
    private func continuesWord(at index: Int) -> Bool {
        guard index > 0 else { return false }
        let before = utterance.tokens[segments[index - 1].tokens.upperBound - 1]
        let after = utterance.tokens[segments[index].tokens.lowerBound]
        guard before.range.upperBound == after.range.lowerBound,
              let left = CharacterClass.unspacedScript(before.key), let right = CharacterClass.unspacedScript(after.key)
        else { return false }
        return left == right && left != "H"
    }

    /// "Kiki and Zazu" tagged as one value of a list of people: two values.
    private func splitList(_ span: Span) -> [Span] {
        guard Self.personProperties.contains(span.property), LanguageModel.listProperties.contains(span.property) else {
            return [span]
        }
        var parts: [Span] = []
        var start = span.segments.lowerBound
        for index in span.segments where analyzer.language.listJoiners.contains(segments[index].key) {
            if index > start { parts.append(Span(property: span.property, segments: start..<index)) }
            start = index + 1
        }
        if start < span.segments.upperBound { parts.append(Span(property: span.property, segments: start..<span.segments.upperBound)) }
        return parts
    }

    /// Marks that end a sentence as its own, not the request's.
    private static let closingMarks: Set<String> = ["?", "!", "？", "！", "…", "‼", "⁉", "?!", "!?"]

    /// Whether two segments are written with nothing between them.
    private func adjacent(_ left: Int, _ right: Int) -> Bool {
        utterance.tokens[segments[left].tokens.upperBound - 1].range.upperBound
            == utterance.tokens[segments[right].tokens.lowerBound].range.lowerBound
    }

    /// Without punctuation and quotes at either end.
    private func trimmed(_ span: Span) -> Span? {
        var lower = span.segments.lowerBound
        var upper = span.segments.upperBound
        // A message in quotation marks ends where they close: 「今どこ？」を送って, "hi" to Bobo.
        if Self.userTextProperties.contains(span.property), lower > 0 || segments[lower].kind.isPunctuation {
            let opening = segments[lower].kind.isPunctuation ? lower : lower - 1
            if case .punctuation = segments[opening].kind, let closing = Self.closingQuote[segments[opening].key],
               let end = (max(opening + 1, lower)..<upper).first(where: { segments[$0].key == closing }) {
                upper = end
            }
        }
        while lower < upper, case .punctuation = segments[lower].kind { lower += 1 }
        if Self.userTextProperties.contains(span.property) {
            // What a message says keeps its closing punctuation ("where are you?", "see you :)"), not a closing quote.
            while upper > lower, case .punctuation = segments[upper - 1].kind,
                  Self.quotes.contains(segments[upper - 1].key) || segments[upper - 1].key == "," {
                upper -= 1
            }
            // A "?" or "!" written against the message's last word is the message's, wherever the tagger
            // ended it: 試合は何時から？と送って.
            while upper > lower, upper < segments.count, labels[upper] == "O", Self.closingMarks.contains(segments[upper].key),
                  adjacent(upper - 1, upper) {
                upper += 1
            }
        } else {
            while upper > lower, case .punctuation = segments[upper - 1].kind { upper -= 1 }
        }
        if Self.freeTextProperties.contains(span.property) {
            lower = afterContentLabel(lower, upper)
            // "… que le train a du retard": "que" opens the content; it is not part of it.
            if span.property == ParameterName.content.rawValue, upper - lower > 1,
               analyzer.language.phrasing.contentOpeners.contains(segments[lower].key) {
                lower += 1
            }
        } else if !Self.dateProperties.contains(span.property) {
            // "lo stadio alle 18": the time is the pickup time, not part of the place.
            while lower < upper, case .entity(.date) = segments[upper - 1].kind { upper -= 1 }
            while lower < upper, case .entity(.date) = segments[lower].kind { lower += 1 }
        }
        guard lower < upper else { return nil }
        return Span(property: span.property, segments: lower..<upper)
    }

    /// Skips "the message" in "… with the message send more bananas": words that name the content.
    private func afterContentLabel(_ lower: Int, _ upper: Int) -> Int {
        // Only right after a function word ("with"): "tell Bobo the message arrived" keeps its words.
        guard lower > 0, analyzer.language.functionWords.contains(segments[lower - 1].key) else { return lower }
        for label in analyzer.language.phrasing.contentLabels {
            let words = label.split(separator: " ").map(String.init)
            guard upper - lower > words.count,
                  zip(words, segments[lower..<(lower + words.count)]).allSatisfy({ $0 == $1.key }) else { continue }
            return lower + words.count
        }
        return lower
    }

    private func text(of span: Span) -> String {
        let tokens = segments[span.segments.lowerBound].tokens.lowerBound..<segments[span.segments.upperBound - 1].tokens.upperBound
        // The user's own words go as written ("今どこ？" keeps its full-width mark); names are read normalized.
        return Self.userTextProperties.contains(span.property) ? utterance.originalText(of: tokens) : utterance.text(of: tokens)
    }

    /// The vocabulary entry a span is exactly, if it is one phrase, preferring one that fills the property.
    private func vocabularyEntry(of span: Span) -> GazetteerEntry? {
        guard span.segments.count == 1, case .vocabulary(let entries) = segments[span.segments.lowerBound].kind else {
            return nil
        }
        return entries.first { entry in entry.parameters.contains { $0.hasSuffix("." + span.property) } } ?? entries.first
    }

    /// A person's name without the possessive in front ("my sister" → "sister", "我妈妈" → "妈妈"), when
    /// something is left; nil when there is none to drop.
    private func withoutPossessive(_ span: Span) -> String? {
        guard let first = span.segments.first else { return nil }
        let tokens = Array(utterance.tokens[segments[first].tokens.lowerBound...])
        for possessive in analyzer.language.possessives.sorted(by: { $0.count > $1.count }) {
            let keys = TextFolding.tokenKeys(possessive)
            guard !keys.isEmpty, keys.count < tokens.count, zip(keys, tokens).allSatisfy({ $0 == $1.key }) else { continue }
            let start = segments[first].tokens.lowerBound + keys.count
            let end = segments[span.segments.upperBound - 1].tokens.upperBound
            return start < end ? utterance.text(of: start..<end) : nil
        }
        return nil
    }

    private func value(of span: Span) -> JSONValue? {
        let text = self.text(of: span)
        let entry = vocabularyEntry(of: span)
        let phrase = entry?.phrase ?? text
        let property = span.property
        if Self.personProperties.contains(property) {
            // "my" alone (the tagger split "my | sister") names nobody.
            if entry == nil, analyzer.language.possessives.contains(where: { TextFolding.tokenKeys($0) == TextFolding.tokenKeys(text) }) {
                return nil
            }
            return .object(["displayName": .string(entry == nil ? withoutPossessive(span) ?? phrase : phrase)])
        }
        if Self.speakableProperties.contains(property) {
            var object: [String: JSONValue] = ["spokenPhrase": .string(phrase)]
            if let identifier = entry?.identifier { object["vocabularyIdentifier"] = .string(identifier) }
            return .object(object)
        }
        if Self.placeProperties.contains(property) {
            // A place has a name: a lone number or time ("at 25:00") is not one.
            let named = span.segments.contains { index in
                if case .word = segments[index].kind { return true }
                if case .vocabulary = segments[index].kind { return true }
                return false
            }
            return named ? .object(["name": .string(text)]) : nil
        }
        if property == ParameterName.partySize.rawValue {
            var size: Double?
            for index in span.segments {
                if case .entity(.number(let value)) = segments[index].kind { size = value; break }
            }
            if size == nil {
                let tokens = Array(utterance.tokens[segments[span.segments.lowerBound].tokens.lowerBound...])
                size = analyzer.numberReader.read(tokens, at: 0)?.value
            }
            // Only a whole number of people a car can take; anything else is left for the app to ask about.
            guard let size, size.rounded() == size, (1...20).contains(size) else { return nil }
            return .number(size)
        }
        return .string(phrase)
    }

    /// A note that is nothing but an amount ("ask Tom for $50 with MonkeyPay", where the tagger took "$50" for
    /// what the money is for) is the amount: no payment is for "$50".
    private func isAmountOnly(_ span: Span) -> Bool {
        guard span.property == ParameterName.note.rawValue else { return false }
        var amounts = 0
        for segment in segments[span.segments] {
            switch segment.kind {
            case .entity(.money): amounts += 1
            case .punctuation: continue
            default: return false
            }
        }
        return amounts == 1
    }

    // MARK: Entities and keywords

    private func addEntities(to parameters: inout [String: JSONValue], refused: inout [RefusedValue],
                             properties: Set<String>, skipping: [Bool]) {
        let dateProperty = Self.dateProperties.first { properties.contains($0) }
        // An amount or goal that is none ("-5 dollars", "1e309 miles") is refused here, never passed on.
        func accepts(_ value: Double, _ property: String, _ segment: Segment) -> Bool {
            guard let reason = RefusedValue.reason(for: value, property: property) else { return true }
            if !refused.contains(where: { $0.property == property }) {
                refused.append(RefusedValue(property: property, said: utterance.originalText(of: segment.tokens), reason: reason))
            }
            return false
        }
        for (index, segment) in segments.enumerated() where !skipping[index] {
            guard case .entity(let value) = segment.kind else { continue }
            switch value {
            case .money(let amount, let currency) where properties.contains(.currencyAmount):
                if parameters[.currencyAmount] == nil, accepts(amount, ParameterName.currencyAmount.rawValue, segment) {
                    parameters[.currencyAmount] = .object(["amount": .number(amount),
                                                            "currencyCode": .string(currency ?? defaultCurrency ?? RequestUnderstander.localCurrency)])
                }
            case .number(let amount) where properties.contains(.currencyAmount) && parameters[.currencyAmount] == nil
                && labels[index] == "O" && isPaymentAmount(at: index):
                if accepts(amount, ParameterName.currencyAmount.rawValue, segment) {
                    parameters[.currencyAmount] = .object(["amount": .number(amount),
                                                            "currencyCode": .string(defaultCurrency ?? RequestUnderstander.localCurrency)])
                }
            case .quantity(let amount, let unit) where properties.contains(.goalValue):
                if parameters[.goalValue] == nil, accepts(amount, ParameterName.goalValue.rawValue, segment) {
                    parameters[.goalValue] = .number(amount)
                    parameters[.workoutGoalUnitType] = .string(unit)
                }
            case .date(let span):
                if let dateProperty, parameters[dateProperty] == nil { parameters[dateProperty] = span.json }
            default:
                break
            }
        }
    }

    /// A bare number is an amount in "pay Bobo 20", not in "pay Bobo for 2 pizzas".
    private func isPaymentAmount(at index: Int) -> Bool {
        guard index > 0 else { return true }
        switch segments[index - 1].key {
        case "for": return false
        case "of": return index > 1 && segments[index - 2].key == "payment" // "a payment of 20"
        default: return true
        }
    }

    private func addKeywords(to parameters: inout [String: JSONValue], properties: Set<String>, skipping: [Bool]) {
        let tokens = utterance.tokens
        var free = [Bool](repeating: true, count: tokens.count)
        for (index, segment) in segments.enumerated() where skipping[index] {
            for token in segment.tokens { free[token] = false }
        }
        for (property, table) in analyzer.keywords where properties.contains(property) && parameters[property] == nil {
            var found: [JSONValue] = []
            var index = 0
            while index < tokens.count {
                if free[index], let hit = table.match(tokens, at: index) {
                    found.append(hit.value)
                    index += hit.length
                } else {
                    index += 1
                }
            }
            guard let first = found.first else { continue }
            if case .array = first {
                var merged: [JSONValue] = []
                for value in found { for item in value.arrayValue ?? [] where !merged.contains(item) { merged.append(item) } }
                parameters[property] = .array(merged)
            } else if property == ParameterName.callCapability.rawValue, found.contains(.string("videoCall")) {
                parameters[property] = .string("videoCall") // "a voice call… no, video": video wins
            } else {
                parameters[property] = first
            }
        }
    }
}
