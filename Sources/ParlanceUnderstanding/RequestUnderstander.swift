import Foundation
import ParlanceCore
import Synchronization

/// Understanding: from what a person says to an intent with parameters, for whatever apps are
/// installed. Normalizes and tokenizes the request, finds the app it names, reads vocabulary
/// phrases and entities (amounts, goals, dates), classifies the intent with a learned model and
/// tags its parameters with another, then builds the parameters in the SDK's JSON form.
///
/// Vocabulary is read per request through the store's generation counter, so a name the user
/// deleted is gone from the very next request.
public final class RequestUnderstander: Sendable {
    private enum Source: Sendable {
        case store(any AppRegistry, any VocabularySource, VocabularyIndex)
        case fixed([AppBundle], [String: AppGazetteer])
    }

    private let source: Source
    private let contexts = Mutex<[String: (generation: Int, context: UnderstandingContext)]>([:])
    private let clock: @Sendable () -> ReferenceTime
    /// The currency of an amount said without one.
    public var defaultCurrency: String { chosenCurrency ?? Self.localCurrency }
    /// The currency the caller chose; nil: the system locale's (looked up when first needed, as it loads
    /// ICU's locale data).
    let chosenCurrency: String?
    /// The thresholds of the decision.
    public let policy: UnderstandingPolicy
    /// Where trained models are kept between processes; nil: trained in each process.
    public let modelCache: ModelCache?
    /// The longest request understood, in characters.
    public static let maximumLength = UnderstandingError.maximumLength

    /// Understands requests for the apps installed in a store, with their app and user vocabulary.
    public convenience init(store: some AppRegistry & VocabularySource, defaultCurrency: String? = nil,
                            policy: UnderstandingPolicy = UnderstandingPolicy(), modelCache: ModelCache? = nil,
                            clock: @escaping @Sendable () -> ReferenceTime = { ReferenceTime() }) {
        self.init(apps: store, vocabulary: store, defaultCurrency: defaultCurrency, policy: policy, modelCache: modelCache,
                  clock: clock)
    }

    /// Understands requests for the apps a registry holds, with their app vocabulary and the user's.
    public init(apps: any AppRegistry, vocabulary: any VocabularySource, defaultCurrency: String? = nil,
                policy: UnderstandingPolicy = UnderstandingPolicy(), modelCache: ModelCache? = nil,
                clock: @escaping @Sendable () -> ReferenceTime = { ReferenceTime() }) {
        source = .store(apps, vocabulary, VocabularyIndex(apps: apps, vocabulary: vocabulary))
        self.policy = policy
        self.modelCache = modelCache
        self.clock = clock
        chosenCurrency = defaultCurrency
    }

    /// Understands requests for a fixed set of apps and gazetteers (tests, benchmarks, `parlance eval`).
    public init(apps: [AppBundle], gazetteers: [String: AppGazetteer] = [:], defaultCurrency: String? = nil,
                policy: UnderstandingPolicy = UnderstandingPolicy(), modelCache: ModelCache? = nil,
                clock: @escaping @Sendable () -> ReferenceTime = { ReferenceTime() }) {
        source = .fixed(apps, gazetteers)
        self.policy = policy
        self.modelCache = modelCache
        self.clock = clock
        chosenCurrency = defaultCurrency
    }

    /// Understands one request.
    /// - Parameter language: a language tag ("en", "en-US"); nil means the user's locale, else English.
    /// A request clearly in another supported language is understood in that one (the result says which).
    public func understand(_ text: String, language: String? = nil) throws(UnderstandingError) -> UnderstoodRequest {
        var context = try prepare(text, language: language)
        let utterance = Utterance(text)
        if let other = LanguageIdentifier.clearlyOther(than: context.model.language, in: utterance) {
            context = try self.context(for: other)
        }
        return interpret(Self.withoutOpenings(utterance, openings: context.model.openings), original: text, context: context)
    }

    /// Marks of a pause after an opening ("uh, …", "ok google. …"), in every script; not a sign ("-3 dollars").
    private static let pauseMarks: Set<String> = [",", "，", "、", ".", "。", "…", "!", "！", ";", "；", ":", "："]

    /// The request without the words said before it to the assistant ("ok google", "uh", "äh"), as many as
    /// lead it (the pause marks after them too); the utterance itself when nothing would be left.
    static func withoutOpenings(_ utterance: Utterance, openings: [[String]]) -> Utterance {
        // Only marks after an opening go with it: a request's own first mark ("-3 dollars") stays.
        var start = 0
        var advanced = true
        while advanced {
            advanced = false
            for opening in openings where !opening.isEmpty && start + opening.count < utterance.tokens.count {
                if zip(opening, utterance.tokens[start...]).allSatisfy({ $0 == $1.key }) {
                    start += opening.count
                    while start < utterance.tokens.count, Self.pauseMarks.contains(utterance.tokens[start].key) { start += 1 }
                    advanced = true
                    break
                }
            }
        }
        guard start > 0, start < utterance.tokens.count else { return utterance }
        return Utterance(utterance.originalText(of: start..<utterance.tokens.count))
    }

    /// Waits until models training in the background (for apps installed since the cached ones were
    /// trained) are trained and cached. A short-lived process calls it before it ends, so that the
    /// next one starts with them.
    public func finishModelTraining() {
        LanguageModel.waitForBackgroundTraining()
    }

    /// Reads or trains the model of a language, and builds its vocabulary index, on a thread of its own,
    /// so that async code (a conversation, the server) never holds one of Swift's cooperative threads for
    /// the seconds training can take; `understand` then finds them ready. Returns at once when they are.
    /// - Parameter language: as for `understand`; nil means the user's locale, else English.
    nonisolated(nonsending) public func prepare(language: String?) async {
        guard let pack = Self.pack(for: language), !isReady(pack) else { return }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let thread = Thread { [self] in
                // Only readies the context: a failure (the store unreadable) is thrown again by `understand`.
                _ = try? context(for: pack)
                done.resume()
            }
            thread.name = "parlance.understanding-preparation"
            thread.start()
        }
    }

    /// Whether a language's context was built and its model not since replaced by one trained in the
    /// background. A change of apps or vocabulary since is `understand`'s to pick up, in place: the index is
    /// rebuilt, and with a model cache the previous model answers while the new one trains on a thread of its
    /// own (without one — tests, `eval` — the new one trains in place).
    private func isReady(_ pack: LanguagePack) -> Bool {
        guard let cached = contexts.withLock({ $0[pack.code] }) else { return false }
        return !cached.context.model.isSuperseded
    }

    /// The language a tag names; nil: the user's locale's, else English.
    private static func pack(for language: String?) -> LanguagePack? {
        let tag = language ?? Locale.current.language.languageCode?.identifier ?? "en"
        return LanguageCatalog.pack(for: tag) ?? (language == nil ? LanguageCatalog.pack(for: "en") : nil)
    }

    /// Checks a request and its language, and gives the context to understand it in.
    func prepare(_ text: String, language: String?) throws(UnderstandingError) -> UnderstandingContext {
        guard let pack = Self.pack(for: language) else { throw .unsupported(language ?? "en") }
        guard !text.allSatisfy(\.isWhitespace) else { throw .empty }
        guard text.count <= UnderstandingError.maximumLength else { throw .tooLong(text.count) }
        // An escape sequence sent on to an app, or echoed to a terminal, would be obeyed there.
        if let control = UnderstandingError.firstControlCharacter(in: text) { throw .controlCharacter(control) }
        return try context(for: pack)
    }

    /// Now, for dates.
    func referenceTime() -> ReferenceTime { clock() }

    // MARK: Context

    private func context(for pack: LanguagePack) throws(UnderstandingError) -> UnderstandingContext {
        switch source {
        case .fixed(let apps, let gazetteers):
            if let cached = contexts.withLock({ $0[pack.code] }), !cached.context.model.isSuperseded { return cached.context }
            let context = UnderstandingContext(apps: apps, gazetteers: gazetteers, language: pack, modelCache: modelCache)
            contexts.withLock { $0[pack.code] = (0, context) }
            return context
        case .store(let registry, let vocabulary, let index):
            do throws(StoreError) {
                let generation = try vocabulary.vocabularyGeneration()
                if let cached = contexts.withLock({ $0[pack.code] }), cached.generation == generation,
                   !cached.context.model.isSuperseded {
                    return cached.context
                }
                let gazetteers = try index.gazetteers(language: pack.code)
                let apps = try registry.apps().map(\.bundle)
                let context = UnderstandingContext(apps: apps, gazetteers: gazetteers, language: pack, modelCache: modelCache)
                contexts.withLock { $0[pack.code] = (generation, context) }
                MemoryRelease.returnFreedMemory() // building the index from the store leaves much garbage
                return context
            } catch {
                throw .store(error)
            }
        }
    }

    // MARK: Interpretation

    private func interpret(_ utterance: Utterance, original: String, context: UnderstandingContext) -> UnderstoodRequest {
        let model = context.model
        let time = clock()
        let mentions = context.spotter.mentions(in: utterance.tokens)
        // A name several apps go by names none of them: they are the candidates, and the conversation asks.
        let namedApps = mentions.first?.apps ?? []
        let namedApp = namedApps.count == 1 ? namedApps.first : nil
        let vocabulary = context.vocabulary(for: namedApp)
        var segments = model.analyzer.segments(of: utterance, mentions: mentions, vocabulary: vocabulary, time: time)
        let probabilities = model.classifier.probabilities(ModelFeatures.sentence(segments))
        let classes = model.classifier.classes
        let ranked = classes.indices.sorted { probabilities[$0] > probabilities[$1] }

        var result = UnderstoodRequest(text: original, language: model.language.code, app: namedApp, intent: nil,
                                       parameters: [:], confidence: 0, alternatives: [])
        result.appWasNamed = namedApp != nil
        let supported = namedApps.isEmpty ? nil : namedApps.reduce(into: Set<String>()) { $0.formUnion(context.classes(of: $1)) }
        // The declared chain: the first recogniser that decides wins.
        var decided: (trainingClass: String, confidence: Double)?
        var templateMatch: TemplateMatcher.Match?
        chain: for recognizer in policy.chain {
            result.recognizer = recognizer
            switch recognizer {
            case .noRequest:
                // "yes", "cancel", "the second one", "and and and": answers and filler are no request by themselves.
                if isNoRequest(utterance, language: model.language, analyzer: model.analyzer) {
                    result.confidence = 1
                    return result
                }
            case .appExample, .template:
                var match: String?
                if recognizer == .appExample {
                    match = context.examples[UnderstandingContext.exampleKey(utterance)].flatMap { $0.count == 1 ? $0.first : nil }
                    // Where a template says where the example's values are, it is surer than the tagger.
                    if let match, let found = model.templates.match(segments, utterance: utterance), found.intent == match {
                        templateMatch = found
                    }
                } else {
                    templateMatch = model.templates.match(segments, utterance: utterance)
                    match = templateMatch?.intent
                }
                // An exact match decides only an intent the named app has; else the model weighs the others.
                if let match, supported?.contains(match) ?? true {
                    decided = (match, max(policy.exactMatchConfidence, classes.firstIndex(of: match).map { probabilities[$0] } ?? 0))
                    break chain
                }
                templateMatch = nil
            case .model, .scope:
                var chosen: Int?
                if let supported {
                    let top = ranked[0]
                    if classes[top] != IntentClassifier.none || probabilities[top] < policy.outOfScopeConfidence {
                        // An app and a name alone ("Ringo Zoë") say nothing of the intent: the named app's own
                        // intent is meant if it outweighs "none", however likely a message is for such words elsewhere.
                        let none = classes.firstIndex(of: IntentClassifier.none).map { probabilities[$0] } ?? 0
                        let namesOnly = segments.allSatisfy { segment in
                            guard case .word = segment.kind else { return true }
                            return !model.commonWords.contains(segment.key)
                        }
                        chosen = ranked.first { index in
                            supported.contains(classes[index])
                                && (probabilities[index] >= policy.namedAppConfidence || (namesOnly && probabilities[index] > none))
                        }
                    } else {
                        // "none" is sure, but the words still name one of the app's intents and nothing else
                        // ("book a Rocket with MonkeyRide to the airport"): the likeliest such intent.
                        chosen = ranked.first { index in
                            supported.contains(classes[index]) && probabilities[index] >= policy.namedAppCuedConfidence
                                && model.scope.cuedWithoutMarker(classes[index], segments: segments)
                        }
                    }
                } else if classes[ranked[0]] != IntentClassifier.none, probabilities[ranked[0]] >= policy.unnamedAppConfidence {
                    chosen = ranked[0]
                }
                result.recognizer = .model
                decided = chosen.map { (classes[$0], probabilities[$0]) }
                break chain
            }
        }
        let chosen = decided.flatMap { classes.firstIndex(of: $0.trainingClass) }
        result.alternatives = alternatives(ranked, probabilities, classes, excluding: chosen, namedApp: namedApp, context: context)
        guard let decided, let chosen else {
            result.confidence = Self.noIntentConfidence(probabilities, classes)
            return result
        }
        let trainingClass = decided.trainingClass
        result.confidence = decided.confidence
        // The user names the app: a request that names none gets the apps that could serve it, and
        // the conversation asks which. The only candidate's vocabulary still helps read the request.
        let app = namedApp
        if app == nil {
            let candidates = context.appOrder.filter {
                (namedApps.isEmpty || namedApps.contains($0)) && context.classes(of: $0).contains(trainingClass)
            }
            result.candidateApps = candidates
            if candidates.isEmpty { return result } // no installed app can serve it: no intent, honestly
            if candidates.count == 1, let matcher = context.vocabulary(of: candidates[0]) {
                segments = model.analyzer.segments(of: utterance, mentions: mentions, vocabulary: matcher, time: time)
            }
        }
        result.app = app
        // A template match says where every value is; otherwise the intent's slot tagger finds them.
        let found = templateMatch.map { Self.labels(of: $0, segments: segments) } ?? model.tagger(for: trainingClass).map { tagger in
            tagger.tag(ModelFeatures.positions(segments, intent: trainingClass), keys: segments.map(\.key))
                .map { tagger.labels[$0] }
        } ?? Array(repeating: "O", count: segments.count)
        let carriesMessage = model.tagger(for: trainingClass)?.labels.contains("B-content") ?? false
        let labels = Self.nameSuffixesJoined(Self.withoutWordOnlyPeople(
            Self.wholeCapitalizedNames(capitalsMarkNames: !model.language.capitalizedNouns && templateMatch == nil,
                                       functionWords: model.language.functionWords, Self.messageAfterColon(
                Self.quotedMessage(Self.typedByVocabulary(found, segments: segments, intent: trainingClass, edgeWords: model.edgeWords),
                                   segments: segments),
                segments: segments, carriesMessage: carriesMessage), segments: segments),
            segments: segments, edgeWords: model.edgeWords, functionWords: model.language.functionWords), segments: segments)
        // The request's own words (outside the values it carries) must say it is of this intent, and
        // none may say it is something no app here does ("remind me to call Kiki": "remind").
        // The scope decision ends the chain for the template and the model; an app's own example is its word.
        if result.recognizer != .appExample,
           !model.scope.accepts(trainingClass, segments: segments, labels: labels, appNamed: !namedApps.isEmpty,
                                sure: probabilities[chosen] >= policy.sureConfidence, exact: result.recognizer == .template,
                                evidenceLimit: policy.outOfScopeEvidence) {
            result.app = namedApp
            result.candidateApps = []
            result.recognizer = .scope
            result.confidence = policy.scopeDecisionConfidence
            return result
        }
        result.unreadWords = segments.indices.compactMap { index in
            let segment = segments[index]
            guard labels[index] == "O", case .word = segment.kind, segment.key.count > 1, !model.commonWords.contains(segment.key),
                  !model.language.functionWords.contains(segment.key) else { return nil }
            return utterance.originalText(of: segment.tokens)
        }
        let builder = FrameBuilder(utterance: utterance, segments: segments, labels: labels, analyzer: model.analyzer,
                                   defaultCurrency: chosenCurrency)
        var frame = builder.frame(intent: trainingClass)
        let intent = concreteIntent(trainingClass, app: app, candidates: result.candidateApps, context: context,
                                    video: frame.parameters[.callCapability] == .string("videoCall"))
        if intent != trainingClass { frame = builder.frame(intent: intent) }
        result.intent = intent
        result.parameters = frame.parameters
        result.refusedValues = frame.refused
        return result
    }

    /// Properties whose values are names a vocabulary may type otherwise: people, groups, albums, workouts,
    /// ride options and search words.
    private static let namedByVocabulary = FrameBuilder.personProperties.union(
        Set(parameters: [.speakableGroupName, .speakableGroupNames, .albumName, .workoutName, .rideOptionName, .searchTerms]))

    /// A phrase the user or the app gave as vocabulary of a type fills a property of that type, whatever
    /// the sentence's shape suggested: "Summer in Rome" (an album) is no person in "Fotos von Summer in Rome",
    /// "Banana Club" (a contact group) is no recipient. What a message or a note says keeps its words.
    /// A phrase of a name's type the tagger left out is that value when nothing else holds it ("buch einen
    /// Cabbie Max …"), and words around such a phrase in one value are not part of it ("mir Bartholomew Quince"
    /// → "Bartholomew Quince"): `edgeWords` are the language's function and template words.
    static func typedByVocabulary(_ labels: [String], segments: [Segment], intent: String,
                                  edgeWords: Set<String> = []) -> [String] {
        var labels = labels
        for (index, segment) in segments.enumerated() {
            let label = labels[index]
            guard label != "O" else {
                // A person's name outside every value may be in what the request is about; other names are typed.
                let typed = segment.vocabularyProperties(intent: intent).filter {
                    Self.namedByVocabulary.contains($0) && !FrameBuilder.personProperties.contains($0)
                }
                if let first = typed.first, !labels.contains(where: { $0.dropFirst(2) == first }) { labels[index] = "B-" + first }
                continue
            }
            let property = String(label.dropFirst(2))
            let typed = segment.vocabularyProperties(intent: intent)
            // Only names are typed this way: a message keeps its words, and a place has its own cue ("taken at").
            guard let first = typed.first, !typed.contains(property), Self.namedByVocabulary.contains(property) else { continue }
            labels[index] = "B-" + first
            // The rest of the old value stays with it only if it was one value: "the Banana Club" → the group.
            var next = index + 1
            while next < segments.count, labels[next] == "I-" + property {
                labels[next] = "O"
                next += 1
            }
        }
        return trimmedToVocabulary(labels, segments: segments, intent: intent, edgeWords: edgeWords)
    }

    /// The values the labels mark, in order: each property with its positions ("B-x" and the "I-x" after it).
    private static func valueSpans(_ labels: [String]) -> [(property: Substring, range: Range<Int>)] {
        var spans: [(property: Substring, range: Range<Int>)] = []
        var start = 0
        while start < labels.count {
            guard labels[start] != "O" else { start += 1; continue }
            let property = labels[start].dropFirst(2)
            var end = start + 1
            while end < labels.count, labels[end] == "I-" + property { end += 1 }
            spans.append((property, start..<end))
            start = end
        }
        return spans
    }

    /// A value holding one vocabulary phrase of its property, with words of the request at its edges: only
    /// the phrase ("mir Bartholomew Quince" → "Bartholomew Quince").
    private static func trimmedToVocabulary(_ labels: [String], segments: [Segment], intent: String,
                                            edgeWords: Set<String>) -> [String] {
        var labels = labels
        // Each value is changed within its own positions only, so the spans found first stay right.
        for (property, range) in valueSpans(labels) {
            let (start, end) = (range.lowerBound, range.upperBound)
            guard Self.namedByVocabulary.contains(String(property)) else { continue }
            let phrases = (start..<end).filter { segments[$0].vocabularyProperties(intent: intent).contains(String(property)) }
            guard phrases.count == 1, let phrase = phrases.first else { continue }
            var lower = start
            var upper = end
            while lower < phrase, case .word = segments[lower].kind, edgeWords.contains(segments[lower].key) { lower += 1 }
            while upper > phrase + 1, case .word = segments[upper - 1].kind, edgeWords.contains(segments[upper - 1].key) { upper -= 1 }
            guard lower != start || upper != end else { continue }
            for index in start..<end { labels[index] = "O" }
            for index in lower..<upper { labels[index] = (index == lower ? "B-" : "I-") + property }
        }
        return labels
    }

    /// In a list of people, a "person" made only of the request's own words, one of them a function word, is
    /// none: "Greta needs to hear this via Murmur" names Greta, not "this"; "I want Quinn to get this" not "get
    /// this". Such a value goes only when the list holds a real name besides. A name the user or the app gave,
    /// a word written with a capital inside the sentence ("Bobo and Will"), and a value without a function word
    /// ("bobo and will", as speech writes it: "will" is a word of the templates, not a function word) stay.
    /// A "person" of function words alone, in lower case, goes even when it is the only one.
    static func withoutWordOnlyPeople(_ labels: [String], segments: [Segment], edgeWords: Set<String>,
                                      functionWords: Set<String>) -> [String] {
        let spans = valueSpans(labels)
        // A name the user or the app gave is a vocabulary segment, never a plain word.
        func wordsOnly(_ span: (property: Substring, range: Range<Int>)) -> Bool {
            let plain = span.range.allSatisfy { index in
                guard case .word = segments[index].kind, !segments[index].isCapitalized else { return false }
                return edgeWords.contains(segments[index].key)
            }
            guard plain, span.range.contains(where: { functionWords.contains(segments[$0].key) }) else {
                // Lower-case words that end with a function word ("hear this") are no name either (a relation
                // begins with one: "my wife").
                return span.range.count > 1 && span.range.allSatisfy { index in
                    guard case .word = segments[index].kind else { return false }
                    return !segments[index].isCapitalized
                } && functionWords.contains(segments[span.range.upperBound - 1].key)
            }
            return true
        }
        var labels = labels
        // Function words alone, in lower case, name nobody ("sag der Gruppe …": "der"), whatever else the request holds.
        for span in spans where FrameBuilder.personProperties.contains(String(span.property)) && span.range.allSatisfy({ index in
            guard case .word = segments[index].kind, !segments[index].isCapitalized else { return false }
            return functionWords.contains(segments[index].key)
        }) {
            for index in span.range { labels[index] = "O" }
        }
        for span in spans where FrameBuilder.personProperties.contains(String(span.property))
            && LanguageModel.listProperties.contains(String(span.property)) && wordsOnly(span) {
            let others = spans.filter { $0.property == span.property && $0.range != span.range }
            guard others.contains(where: { !wordsOnly($0) }) else { continue }
            for index in span.range { labels[index] = "O" }
        }
        return labels
    }

    /// A name the user wrote with capitals is whole: capitalized words the tagger left out right beside a person,
    /// a group, an album, a workout or a ride option are part of it ("show my Moon Trip photos": the album is
    /// "Moon Trip", not "Moon"). Only plain words inside the sentence count (its first word is capitalized anyway);
    /// words of another value, an app's name and vocabulary stay what they are. Not in a language that capitalizes
    /// every noun ("Gib Anna Bescheid"), nor where a template said where each value ends ("Start a Cycling Workout",
    /// as speech recognisers capitalise, starts "Cycling").
    static func wholeCapitalizedNames(capitalsMarkNames: Bool = true, functionWords: Set<String> = [], _ labels: [String],
                                      segments: [Segment]) -> [String] {
        guard capitalsMarkNames else { return labels }
        var labels = labels
        // "I" and "I'm" have a capital of their own: "tell Kiki I'm late" names Kiki alone.
        func isLooseCapital(_ index: Int) -> Bool {
            guard index >= 0, index < segments.count, labels[index] == "O", segments[index].isCapitalized,
                  !functionWords.contains(segments[index].key) else { return false }
            if case .word = segments[index].kind { return true }
            return false
        }
        for span in valueSpans(labels)
        where namedByVocabulary.contains(String(span.property)) && span.property != ParameterName.searchTerms.rawValue {
            var start = span.range.lowerBound
            while isLooseCapital(start - 1) { start -= 1 }
            var end = span.range.upperBound
            while isLooseCapital(end) { end += 1 }
            guard start < span.range.lowerBound || end > span.range.upperBound else { continue }
            for index in start..<end { labels[index] = (index == start ? "B-" : "I-") + span.property }
        }
        return labels
    }

    /// What ends a person's name without being a name of its own: "Bobo Jr." is one person, not Bobo and "Jr".
    static let nameSuffixes: Set<String> = ["jr", "sr", "ii", "iii", "iv"]

    /// A name suffix the tagger took for another person of a list ("call Bobo Jr. with …") is the end of the
    /// person before it.
    static func nameSuffixesJoined(_ labels: [String], segments: [Segment]) -> [String] {
        var labels = labels
        for index in labels.indices.dropFirst() where labels[index] != "O" {
            let property = labels[index].dropFirst(2)
            guard FrameBuilder.personProperties.contains(String(property)), case .word = segments[index].kind,
                  Self.nameSuffixes.contains(segments[index].key), labels[index - 1].dropFirst(2) == property else { continue }
            labels[index] = "I-" + property
        }
        return labels
    }

    /// Colons that introduce what follows them, in every script.
    private static let colons: Set<String> = [":", "：", "﹕"]

    /// What follows a colon to the end of a message request is the message ("… on Chatterly: ciao"), when the
    /// tagger put the message there or nowhere: lower-case words there are not a recipient's name, and a message
    /// the tagger began before the colon ("the following") was the request's own words. An app's name at the
    /// end stays the app; a colon already inside a message, or quoted, is left alone.
    static func messageAfterColon(_ labels: [String], segments: [Segment], carriesMessage: Bool) -> [String] {
        guard carriesMessage,
              let colon = segments.indices.first(where: { Self.colons.contains(segments[$0].key) && labels[$0] == "O" })
        else { return labels }
        var end = segments.count
        while end > colon + 1 {
            if case .punctuation = segments[end - 1].kind { end -= 1 } else if case .app = segments[end - 1].kind { end -= 1 } else { break }
        }
        let tail = (colon + 1)..<end
        guard !tail.isEmpty else { return labels }
        let hasMessage = labels.contains { $0.dropFirst(2) == ParameterName.content.rawValue }
        guard tail.contains(where: { labels[$0].dropFirst(2) == ParameterName.content.rawValue }) || !hasMessage else { return labels }
        var relabelled = labels
        for index in relabelled.indices where index < colon && relabelled[index].dropFirst(2) == ParameterName.content.rawValue {
            relabelled[index] = "O"
        }
        for index in tail { relabelled[index] = (index == tail.lowerBound ? "B-" : "I-") + ParameterName.content.rawValue }
        return relabelled
    }

    /// Quotation marks that differ at each end, opening → closing: only they say which side of the text they are on.
    private static let quotePairs = FrameBuilder.closingQuote.filter { $0.key != $0.value }

    /// A message the tagger found inside quotation marks is everything between them, wherever the tagger began
    /// or ended it (「今夜7時半に会おう」って送信して), and nothing there is another value: the words are the
    /// user's, never the request's own (so they are no markers either).
    static func quotedMessage(_ labels: [String], segments: [Segment]) -> [String] {
        var labels = labels
        var index = 0
        while index < segments.count {
            guard let closingMark = quotePairs[segments[index].key],
                  let closing = segments[(index + 1)...].firstIndex(where: { $0.key == closingMark }) else {
                index += 1
                continue
            }
            let inside = (index + 1)..<closing
            for property in [ParameterName.content, .note].map(\.rawValue)
            where inside.contains(where: { labels[$0].dropFirst(2) == property }) {
                // The same value outside the marks was the tagger's guess at the edges.
                for other in labels.indices where !inside.contains(other) && labels[other].dropFirst(2) == property {
                    labels[other] = "O"
                }
                for position in inside { labels[position] = (position == inside.lowerBound ? "B-" : "I-") + property }
                break
            }
            index = closing + 1
        }
        return labels
    }

    /// The tagger's kind of labels for the values a template match captured.
    private static func labels(of match: TemplateMatcher.Match, segments: [Segment]) -> [String] {
        var labels = [String](repeating: "O", count: segments.count)
        for capture in match.captures {
            var first = true
            for (index, segment) in segments.enumerated() where capture.tokens.contains(segment.tokens.lowerBound) {
                labels[index] = (first ? "B-" : "I-") + capture.property
                first = false
            }
        }
        return labels
    }

    /// How sure a "no intent" decision is: the probability that the request is none of the intents.
    private static func noIntentConfidence(_ probabilities: [Double], _ classes: [String]) -> Double {
        1 - (classes.indices.filter { classes[$0] != IntentClassifier.none }.map { probabilities[$0] }.max() ?? 0)
    }

    private func isNoRequest(_ utterance: Utterance, language: LanguagePack, analyzer: RequestAnalyzer) -> Bool {
        let words = utterance.tokens.filter { $0.kind != .punctuation }
        let meaningful = words.filter { !language.functionWords.contains($0.key) && !["one", "option", "number"].contains($0.key) }
        if meaningful.isEmpty { return true }
        if meaningful.count == 1, language.numbers.ordinals[meaningful[0].key] != nil { return true } // "the second one"
        return analyzer.yesNo.matchesWhole(words) != nil || analyzer.cancel.matchesWhole(words) != nil
    }

    /// The call intent an app supports: `INStartCallIntent` if it can, else the audio or video one.
    private func concreteIntent(_ trainingClass: String, app: String?, candidates: [String], context: UnderstandingContext,
                                video: Bool) -> String {
        guard trainingClass == IntentName.startCall.rawValue else { return trainingClass }
        let apps = app.map { [$0] } ?? candidates
        let supported = Set(apps.flatMap { context.apps[$0]?.supportedIntents ?? [] })
        if supported.contains(.startCall) || supported.isEmpty { return IntentName.startCall.rawValue }
        if video, supported.contains(.startVideoCall) { return IntentName.startVideoCall.rawValue }
        if supported.contains(.startAudioCall) { return IntentName.startAudioCall.rawValue }
        return IntentName.startVideoCall.rawValue
    }

    private func alternatives(_ ranked: [Int], _ probabilities: [Double], _ classes: [String], excluding chosen: Int?,
                              namedApp: String?, context: UnderstandingContext) -> [UnderstoodRequest.Alternative] {
        var result: [UnderstoodRequest.Alternative] = []
        for index in ranked where index != chosen && classes[index] != IntentClassifier.none && probabilities[index] >= 0.05 {
            let intent = classes[index]
            let apps = namedApp.map { [$0] } ?? context.appOrder.filter { context.classes(of: $0).contains(intent) }
            guard let first = apps.first else { continue }
            let concrete = concreteIntent(intent, app: first, candidates: apps, context: context, video: false)
            result.append(.init(app: apps.count == 1 ? first : nil, intent: concrete,
                                confidence: (probabilities[index] * 1000).rounded() / 1000))
            if result.count == 3 { break }
        }
        return result
    }

    /// The system locale's currency, else US dollars.
    static let localCurrency: String = Locale.current.currency?.identifier ?? "USD"
}
