import Foundation
import Intents
import ParlanceCore
import Synchronization

/// The trained models of one language: the intent classifier and a slot tagger per intent, trained
/// from the language's phrasing templates (and the installed apps' example requests). Training is
/// deterministic and takes a fraction of a second; a process trains each language once.
final class LanguageModel: Sendable {
    let language: LanguagePack
    let analyzer: RequestAnalyzer
    /// What training learned: the classifier, the taggers and the scope words (cached in the home).
    let learned: LearnedModel
    var classifier: IntentClassifier { learned.classifier }
    /// The slot tagger of an intent class.
    func tagger(for intent: String) -> SlotTagger? { learned.tagger(for: intent) }
    /// What says a request is of an intent, or out of scope.
    var scope: ScopeWords { learned.scope }
    /// Words of the language's requests: an app named with one of them needs a cue word.
    let commonWords: Set<String>
    /// The common words and the function words: none of them begins or ends a value.
    let edgeWords: Set<String>
    /// The language's openings (`LanguagePack.openings`) as token keys, longest first.
    let openings: [[String]]
    /// Exact matches of the phrasing templates.
    let templates: TemplateMatcher
    /// The installed apps' example requests the model was trained for.
    let appExamples: [IntentPhrase]
    /// Whether this model was trained for other examples and answers only until the right one is trained.
    let isProvisional: Bool

    /// Properties whose values are lists.
    static let listProperties: Set<String> = Set(parameters: [.recipients, .contacts, .senders, .peopleInPhoto, .searchTerms, .speakableGroupNames])

    /// Recently used models, most recent last: a few sets of installed apps (and so of app examples)
    /// per process at most, so that installing apps does not pile up models.
    private static let cache = Mutex<[(language: String, examples: [IntentPhrase], model: LanguageModel)]>([])
    private static let cacheLimit = 8
    /// One training at a time: concurrent first requests wait for the model instead of each training one.
    private static let training = Mutex(())

    /// The model for a language and the installed apps' examples: from this process's memory, else from
    /// the model cache on disk, else trained (and then cached). When the cache has only a model for other
    /// examples (an app was installed or removed), that one answers while the new one trains on a thread
    /// of its own, and replaces it when done.
    static func trained(for language: LanguagePack, appExamples: [IntentPhrase] = [], cache disk: ModelCache? = nil) -> LanguageModel {
        if let model = cached(language.code, appExamples) { return model }
        return training.withLock { _ in
            if let model = cached(language.code, appExamples) { return model }
            let model: LanguageModel
            if let disk {
                let key = ModelCache.key(language: language, appExamples: appExamples)
                if let learned = disk.load(language: language.code, key: key) {
                    model = LanguageModel(language: language, appExamples: appExamples, learned: learned)
                } else if let previous = disk.previous(language: language.code, excluding: key) {
                    model = LanguageModel(language: language, appExamples: appExamples, learned: previous, provisional: true)
                    trainInBackground(language, appExamples, key: key, cache: disk)
                } else {
                    model = LanguageModel(language: language, appExamples: appExamples)
                    // A cache that cannot be written only costs training again next time.
                    try? disk.save(model.learned, language: language.code, key: key)
                }
            } else {
                model = LanguageModel(language: language, appExamples: appExamples)
            }
            remember(model)
            MemoryRelease.returnFreedMemory()
            return model
        }
    }

    /// Models training on threads of their own.
    private static let backgroundTraining = DispatchGroup()

    /// Waits for models training in the background to be trained and cached.
    static func waitForBackgroundTraining() {
        backgroundTraining.wait()
    }

    /// Whether a newer model has replaced this provisional one (see `trained`).
    var isSuperseded: Bool {
        isProvisional && Self.cached(language.code, appExamples) !== self
    }

    private static func remember(_ model: LanguageModel) {
        cache.withLock { entries in
            entries.removeAll { $0.language == model.language.code && $0.examples == model.appExamples }
            entries.append((model.language.code, model.appExamples, model))
            if entries.count > cacheLimit { entries.removeFirst() }
        }
    }

    /// Trains on a thread of its own, off the caller's (and Swift's cooperative pool), then saves and
    /// replaces the provisional model.
    private static func trainInBackground(_ language: LanguagePack, _ appExamples: [IntentPhrase], key: UInt64,
                                          cache disk: ModelCache) {
        backgroundTraining.enter()
        let thread = Thread {
            defer { backgroundTraining.leave() }
            let model = LanguageModel(language: language, appExamples: appExamples)
            try? disk.save(model.learned, language: language.code, key: key)
            remember(model)
            MemoryRelease.returnFreedMemory()
        }
        thread.name = "parlance.model-training"
        thread.start()
    }

    private static func cached(_ language: String, _ examples: [IntentPhrase]) -> LanguageModel? {
        cache.withLock { entries in
            guard let index = entries.firstIndex(where: { $0.language == language && $0.examples == examples }) else {
                return nil
            }
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.model
        }
    }

    private init(language: LanguagePack, appExamples: [IntentPhrase], learned: LearnedModel? = nil, provisional: Bool = false) {
        self.language = language
        self.appExamples = appExamples
        isProvisional = provisional
        let analyzer = RequestAnalyzer(language: language)
        self.analyzer = analyzer
        var phrasing = language.phrasing
        let commonWords = learned?.commonWords ?? Self.words(of: phrasing)
        // The built-in kinds of workout are among the workout names training sentences say.
        let workoutNames = phrasing.fillers[.workoutName] ?? []
        phrasing.fillers[.workoutName] = workoutNames + language.workoutKinds.filter { !workoutNames.contains($0) }
        // Function words ("I'll") are no part of a name either, even capitalized.
        let edgeWords = commonWords.union(language.functionWords)
        self.edgeWords = edgeWords
        openings = language.openings.map { Utterance($0).tokens.map(\.key) }.sorted { $0.count > $1.count }
        templates = TemplateMatcher(phrasing: phrasing, commonWords: edgeWords,
                                    listProperties: Self.listProperties,
                                    listJoiners: language.listJoiners, unspaced: language.numbers.ideographic,
                                    honorifics: language.honorifics,
                                    names: TemplateMatcher.NameWords(surnames: language.surnames, prefixes: language.namePrefixes,
                                                                     breaks: language.nameBreaks),
                                    compiled: learned?.templates)
        self.commonWords = commonWords
        // A provisional model may come from older phrasebooks: its words are not the language's now.
        if let learned, !provisional { LanguageIdentifier.remember(learned.languageWords, for: language.code) }
        self.learned = learned ?? Self.learn(language: language, phrasing: phrasing, analyzer: analyzer,
                                             commonWords: commonWords, templates: templates.compiled, appExamples: appExamples)
    }

    /// Trains the classifier, the taggers and the scope words from the phrasing's templates and the apps' examples.
    private static func learn(language: LanguagePack, phrasing: Phrasing, analyzer: RequestAnalyzer, commonWords: Set<String>,
                              templates: CompiledTemplates, appExamples: [IntentPhrase]) -> LearnedModel {
        let trainingApps = ["Zapp", "Chatterly", "Ridr", "Fitzy", "Snapvault", "Quickpay", "Hopscotch", "Tandem"]
        let spotter = AppNameSpotter(apps: trainingApps.map { (identifier: "training." + $0, names: [$0]) },
                                     commonWords: commonWords, cues: language.appCues)
        // Each filler is a vocabulary phrase in half of the sentences and a plain word in the other half.
        let vocabularies = [GazetteerMatcher(entries: Self.trainingVocabulary(language, parity: 0)),
                            GazetteerMatcher(entries: Self.trainingVocabulary(language, parity: 1))]
        let time = ReferenceTime(now: Date(timeIntervalSince1970: 1_780_000_000),
                                 calendar: Calendar(identifier: .gregorian))
        let intents = phrasing.templates.keys.sorted()
        let classes = intents + [IntentClassifier.none]
        var classifierExamples: [(features: [String], label: Int)] = []
        var sequences: [String: [(features: [[String]], keys: [String], labels: [Int])]] = [:]
        var labelNames: [String: [String]] = [:]
        // How many training sentences of each class use each word of the template itself (not a filler).
        var literals: [String: [String: Int]] = [:]
        var sentencesPerClass: [String: Int] = [:]
        // How many in-scope training sentences use each word anywhere, values included.
        var inScopeWords: [String: Int] = [:]
        var inScopeSentences = 0
        var expander = TemplateExpander(phrasing: phrasing, seed: 0x5EED, listProperties: Self.listProperties,
                                        joiners: Array(language.listJoiners.filter { $0.count <= 3 }).sorted(),
                                        conjunction: language.conjunction)

        for (classIndex, intent) in classes.enumerated() {
            let templates = intent == IntentClassifier.none ? phrasing.outOfScope : (phrasing.templates[intent] ?? [])
            var labels = ["O"]
            for template in templates {
                // About 480 sentences per intent, however many templates it has.
                let count = intent == IntentClassifier.none ? 14 : max(16, 480 / max(templates.count, 1))
                expander.reseed(for: template, of: intent)
                // Counted per template, like the generator, so that other templates do not shift its sentences.
                var sentenceCount = 0
                for written in expander.expand(template, count: count,
                                               appNames: trainingApps, wrapApp: true) {
                    sentenceCount += 1
                    // Every third sentence as speech recognisers write it: names in lower case, no punctuation.
                    let sentence = sentenceCount % 3 == 0 ? written.spoken : written
                    let utterance = Utterance(sentence.text)
                    let segments = analyzer.segments(of: utterance, apps: spotter, vocabulary: vocabularies[sentenceCount % 2],
                                                     time: time)
                    classifierExamples.append((ModelFeatures.sentence(segments), classIndex))
                    guard intent != IntentClassifier.none else {
                        // The template's own words, not its fillers ("remind me to {_task}" does not make "call" out of scope).
                        let fillers = sentence.fillers.map { ("_", $0) }
                        var scratch = ["O"]
                        let gold = Self.labels(for: segments, utterance: utterance, slots: fillers, names: &scratch)
                        var words = Set<String>()
                        for (segment, label) in zip(segments, gold) where Self.canCue(segment, inSlot: label != 0) {
                            words.insert(segment.key)
                        }
                        for word in words { literals[intent, default: [:]][word, default: 0] += 1 }
                        sentencesPerClass[intent, default: 0] += 1
                        continue
                    }
                    let gold = Self.labels(for: segments, utterance: utterance, slots: sentence.slots, names: &labels)
                    var scratch = ["O"]
                    let filled = Self.labels(for: segments, utterance: utterance, slots: sentence.fillers.map { ("_", $0) },
                                             names: &scratch)
                    var words = Set<String>()
                    for (index, segment) in segments.enumerated()
                    where Self.canCue(segment, inSlot: gold[index] != 0 || filled[index] != 0) {
                        words.insert(segment.key)
                    }
                    for word in words { literals[intent, default: [:]][word, default: 0] += 1 }
                    sentencesPerClass[intent, default: 0] += 1
                    // Words of free values (what a message says) are the user's, not the request's: they
                    // do not make a word in-scope ("check your email" as a message keeps "email" a marker).
                    let free = sentence.slots.filter { ScopeWords.freeWordProperties.contains($0.property) }.map(\.range)
                    var keys = Set<String>()
                    for token in utterance.tokens {
                        let offset = utterance.text.distance(from: utterance.text.startIndex, to: token.range.lowerBound)
                        if !free.contains(where: { $0.contains(offset) }) { keys.insert(token.key) }
                    }
                    for key in keys { inScopeWords[key, default: 0] += 1 }
                    inScopeSentences += 1
                    sequences[intent, default: []].append((ModelFeatures.positions(segments, intent: intent),
                                                           segments.map(\.key), gold))
                }
            }
            labelNames[intent] = labels
        }
        for phrase in appExamples {
            let intent = Self.trainingClass(phrase.intentName)
            guard let classIndex = classes.firstIndex(of: intent) else { continue }
            for example in phrase.examples {
                let segments = analyzer.segments(of: Utterance(example), apps: spotter, vocabulary: vocabularies[0], time: time)
                var words = Set<String>()
                for segment in segments where Self.canCue(segment, inSlot: false) { words.insert(segment.key) }
                for word in words { literals[intent, default: [:]][word, default: 0] += 3 }
                sentencesPerClass[intent, default: 0] += 3
                for _ in 0..<3 { classifierExamples.append((ModelFeatures.sentence(segments), classIndex)) }
            }
        }
        let classifier = IntentClassifier.train(classifierExamples, classes: classes, epochs: 6, seed: 7)
        let scope = ScopeWords(literals: literals, sentences: sentencesPerClass, functionWords: language.functionWords,
                           inScopeWords: inScopeWords.mapValues { Double($0) / Double(max(inScopeSentences, 1)) },
                           realRequests: OutOfScopeTable.load(language.code))
        var taggers: [String: SlotTagger] = [:]
        for intent in intents {
            guard let labels = labelNames[intent], labels.count > 1, let data = sequences[intent] else { continue }
            taggers[intent] = SlotTagger.train(data, labels: labels, epochs: 5, seed: 11)
        }
        return LearnedModel(classifier: classifier, taggers: taggers, scope: scope, templates: templates,
                            commonWords: commonWords, languageWords: LanguageIdentifier.vocabulary(of: language))
    }

    /// Whether a segment can be a cue: a word outside a slot, or an amount of money anywhere (values
    /// in slots are the user's, not the intent's words; dates and numbers also fill alarms and timers).
    static func canCue(_ segment: Segment, inSlot: Bool) -> Bool {
        switch segment.kind {
        case .word: return !inSlot
        case .entity(let value): return value.classKey == "<money>"
        case .punctuation, .app, .vocabulary: return false
        }
    }

    /// The class the classifier uses for an intent (the three call intents share one).
    static func trainingClass(_ intent: String) -> String {
        switch intent {
        case IntentName.startAudioCall.rawValue, IntentName.startVideoCall.rawValue: return IntentName.startCall.rawValue
        default: return intent
        }
    }

    private static func labels(for segments: [Segment], utterance: Utterance, slots: [(property: String, range: Range<Int>)],
                               names: inout [String]) -> [Int] {
        var result: [Int] = []
        var previousSlot: Int?
        for segment in segments {
            let token = utterance.tokens[segment.tokens.lowerBound]
            let offset = utterance.text.distance(from: utterance.text.startIndex, to: token.range.lowerBound)
            guard let slotIndex = slots.firstIndex(where: { $0.range.contains(offset) }) else {
                result.append(0)
                previousSlot = nil
                continue
            }
            let property = slots[slotIndex].property
            let prefix = previousSlot == slotIndex ? "I-" : "B-"
            for name in ["B-" + property, "I-" + property] where !names.contains(name) { names.append(name) }
            result.append(names.firstIndex(of: prefix + property) ?? 0)
            previousSlot = slotIndex
        }
        return result
    }

    /// Every word of the templates and fillers.
    private static func words(of phrasing: Phrasing) -> Set<String> {
        var words = Set<String>()
        let texts = (phrasing.templates.values.joined() + phrasing.outOfScope).map(\.literalText) + phrasing.politePrefixes
        for text in texts {
            let plain = text.map { "()[]|{}".contains($0) ? " " : $0 }
            for key in TextFolding.tokenKeys(String(plain)) where key.count > 1 { words.insert(key) }
        }
        return words
    }

    /// The workout intents' name properties, as vocabulary parameters.
    static let workoutNameParameters = IntentName.allCases.filter { $0.domain == .workouts && $0.parameters.contains(.workoutName) }
        .map { $0.qualified(.workoutName) }

    /// Half of each filler list (alternate entries), as the vocabulary training sentences are read with.
    private static func trainingVocabulary(_ language: LanguagePack, parity: Int) -> [GazetteerEntry] {
        let phrasing = language.phrasing
        var entries: [GazetteerEntry] = []
        func add(_ kind: String, source: GazetteerEntry.Source, parameters: [String]) {
            for (index, phrase) in (phrasing.fillers[kind] ?? []).enumerated() where index % 2 == parity {
                entries.append(GazetteerEntry(phrase: phrase, spellings: [phrase], identifier: nil,
                                              parameters: parameters, rank: index, source: source))
            }
        }
        add("person", source: .user(.contactName), parameters: UserVocabularyTargets.parameters(for: .contactName))
        add(ParameterName.speakableGroupName.rawValue, source: .user(.contactGroupName),
            parameters: UserVocabularyTargets.parameters(for: .contactGroupName))
        add(ParameterName.albumName.rawValue, source: .user(.photoAlbumName), parameters: UserVocabularyTargets.parameters(for: .photoAlbumName))
        add(ParameterName.searchTerms.rawValue, source: .user(.photoTag), parameters: UserVocabularyTargets.parameters(for: .photoTag))
        add(ParameterName.workoutName.rawValue, source: .app, parameters: workoutNameParameters)
        add(ParameterName.rideOptionName.rawValue, source: .app, parameters: [IntentName.requestRide.qualified(.rideOptionName)])
        // Built-in kinds of workout are vocabulary in every request, as they are in use.
        return entries + UnderstandingContext.workoutKindEntries(language)
    }
}
