import Foundation
import Intents
import ParlanceCore
import ParlanceEngine
import ParlancePresentation
import ParlanceTesting
import ParlanceUnderstanding
import Synchronization
import TestSupport

/// The sample apps in memory (their real bundles, six languages of vocabulary, in-process twins of their
/// extensions) and the walks run over them, each in a conversation of its own (several at once).
final class WalkRunner: Sendable {
    static let appNames = ["MonkeyChat", "MonkeyPay", "MonkeyCall", "MonkeyRide", "GorillaCab", "MonkeyFit", "MonkeyPhotos"]
    static let languages = ["en", "de", "fr", "it", "ja", "zh"]
    /// A walk ends after this many things said.
    static let maxSteps = 7
    /// A turn that takes longer than this counts as a hang: as long as the in-process extensions' own
    /// deadlines, which a whole test suite on two cores has come near.
    static let turnDeadline: Duration = .seconds(120)

    let bundles: [AppBundle]
    let log = HandleLog()
    let assistant: InProcessAssistant
    let understander: RequestUnderstander
    /// Requests to pick from, by language: the apps' own examples and the phrases' requests.
    let requests: [String: [(apps: [String], text: String)]]

    init() throws {
        let folder = EvaluationFiles.root.deletingLastPathComponent().appendingPathComponent("Examples")
        bundles = try Self.appNames.map { name in
            var bundle = try BundleLoader.load(folder.appendingPathComponent("\(name)/\(name).app").path).app
            bundle.launchCommand = nil  // a hand-off opens nothing: the fuzzer spawns no process
            bundle.extensions.removeAll { $0.kind != .intents }  // cards come without the apps' own views
            return bundle
        }
        let log = self.log
        assistant = InProcessAssistant(apps: bundles.map { bundle in
            InProcessApp(bundle) { SampleAppTwin(app: bundle.displayName, log: log) }
        })
        let store = assistant.store
        for bundle in bundles {
            switch bundle.displayName {
            case "MonkeyChat": store.replaceVocabulary(TwinData.chatContacts, type: .contactName, app: bundle.identifier)
            case "MonkeyPay": store.replaceVocabulary(TwinData.payPeople, type: .contactName, app: bundle.identifier)
            case "MonkeyCall": store.replaceVocabulary(TwinData.callContacts, type: .contactName, app: bundle.identifier)
            case "MonkeyPhotos":
                store.replaceVocabulary(TwinData.albums, type: .photoAlbumName, app: bundle.identifier)
                store.replaceVocabulary(TwinData.tags, type: .photoTag, app: bundle.identifier)
            default: break
            }
        }
        understander = RequestUnderstander(apps: store, vocabulary: store, defaultCurrency: "USD")
        var requests: [String: [(apps: [String], text: String)]] = [:]
        for language in Self.languages {
            var pool = FuzzPhrases.of(language).requests
            for bundle in bundles {
                guard let vocabulary = bundle.vocabularies.first(where: { $0.key.hasPrefix(language) })?.value else { continue }
                pool += vocabulary.intentPhrases.flatMap(\.examples).map { ([bundle.displayName], $0) }
            }
            requests[language] = pool
        }
        self.requests = requests
    }

    /// Makes every language's understanding ready, so that no walk's first turn waits for training.
    func prepare() async {
        for language in Self.languages { await understander.prepare(language: language) }
    }

    func shutdown() async {
        await assistant.shutdown()
    }

    /// The walk with this index of the run with this seed: the same walk every time.
    func walk(_ index: Int, seed: UInt64) async -> FuzzWalk {
        var random = SeededGenerator(seed: seed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
        let language = Self.languages.randomElement(using: &random) ?? "en"
        var walk = FuzzWalk(seed: seed, index: index, language: language)
        let counter = Mutex(0)
        let conversation = Conversation(apps: WalkApps(assistant.store), store: assistant.store, home: nil, host: assistant.host,
                                        understander: understander, session: "walk-\(index)", language: language,
                                        identifiers: { "walk\(index)-request\(counter.withLock { $0 += 1; return $0 })" })
        var lastTurn: AssistantTurn?
        for _ in 0..<Self.maxSteps {
            let state = await conversation.currentState
            guard let (text, input) = nextInput(walk: walk, state: state, lastTurn: lastTurn, random: &random) else { break }
            var step = FuzzStep(text: text, input: input, question: state.question, task: state.task)
            let before = log.handled(inWalk: "walk\(index)").count
            let turns = await Self.within(Self.turnDeadline) {
                let turns = await conversation.respond(to: text)
                return turns + [await conversation.delivered()].compactMap { $0 }
            }
            step.handled = Array(log.handled(inWalk: "walk\(index)").dropFirst(before))
            step.turns = turns ?? []
            step.timedOut = turns == nil
            step.stageAfter = await conversation.currentState.stage
            walk.steps.append(step)
            if step.timedOut { break }
            lastTurn = step.turns.last
        }
        return walk
    }

    /// What the user says next, or nil when the walk ends.
    private func nextInput(walk: FuzzWalk, state: ConversationState, lastTurn: AssistantTurn?,
                           random: inout SeededGenerator) -> (String, FuzzInput)? {
        let phrases = FuzzPhrases.of(walk.language)
        guard let question = state.question else {
            guard walk.steps.isEmpty || Int.random(in: 0..<100, using: &random) < 50 else { return nil }
            return request(walk.language, random: &random)
        }
        let kinds: [(FuzzInput, Int)] = [(.answer, 30), (.request(apps: []), 11), (.cancel, 8), (.meta, 6), (.correction, 7),
                                         (.yes, 9), (.no, 5), (.unknownName, 4), (.noise, 5), (.empty, 3), (.skip, 7),
                                         (.unrelated, 5)]
        var pick = Int.random(in: 0..<kinds.map(\.1).reduce(0, +), using: &random)
        let kind = kinds.first { pick -= $0.1; return pick < 0 }?.0 ?? .answer
        func any(_ list: [String]) -> String { list.randomElement(using: &random) ?? "" }
        switch kind {
        case .request:
            // Now and then in another language: people switch.
            let other = Int.random(in: 0..<10, using: &random) == 0
            return request(other ? any(Self.languages) : walk.language, random: &random)
        case .answer: return (answer(to: question, lastTurn: lastTurn, phrases: phrases, random: &random), .answer)
        case .cancel: return (any(phrases.cancel), .cancel)
        case .meta: return (any(phrases.meta), .meta)
        case .correction: return (any(phrases.corrections), .correction)
        case .yes: return (any(phrases.yes), .yes)
        case .no: return (any(phrases.no), .no)
        case .unknownName: return (any(FuzzPhrases.unknownNames), .unknownName)
        case .noise: return (any(FuzzPhrases.noise), .noise)
        case .empty: return ("", .empty)
        case .skip: return (any(phrases.skip), .skip)
        case .unrelated: return (any(phrases.unrelated), .unrelated)
        }
    }

    private func request(_ language: String, random: inout SeededGenerator) -> (String, FuzzInput) {
        let pool = requests[language] ?? []
        let chosen = pool.randomElement(using: &random) ?? (apps: ["MonkeyChat"], text: "send a MonkeyChat message")
        return (chosen.text, .request(apps: chosen.apps))
    }

    /// A proper answer: a value of the kind asked for, a choice among the options, a yes to a yes/no question.
    private func answer(to question: PendingQuestion, lastTurn: AssistantTurn?, phrases: FuzzPhrases,
                        random: inout SeededGenerator) -> String {
        func any(_ list: [String]) -> String { list.randomElement(using: &random) ?? "" }
        switch question {
        case .value(let parameter, _, _):
            switch parameter {
            case "content", "note": return any(phrases.contents)
            case "currencyAmount": return any(phrases.amounts)
            case "dropOffLocation", "pickupLocation": return any(phrases.places)
            case "workoutName": return any(TwinData.workouts)
            case "albumName": return any(TwinData.albums)
            case "searchTerms": return any(TwinData.tags)
            case "rideOptionName": return any(["XL", "Mini", "Silverback"])
            // A name several people go by now and then, so that choices come up.
            default: return Int.random(in: 0..<4, using: &random) == 0 ? "Bobo Baker" : any(FuzzPhrases.people)
            }
        case .choice:
            let options = lastTurn?.options ?? []
            return Bool.random(using: &random) || options.isEmpty ? any(Array(phrases.ordinals.prefix(2))) : any(options)
        case .chooseApp(let options):
            let names = options.compactMap { identifier in bundles.first { $0.identifier == identifier }?.displayName }
            return Bool.random(using: &random) || names.isEmpty ? any(Array(phrases.ordinals.prefix(2))) : any(names)
        default:  // permission, unlock, yes/no questions about a value, the request or opening the app
            return any(phrases.yes)
        }
    }

    /// The work's result, or nil when it did not finish within `limit` (it is left running).
    static func within<T: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async -> T) async -> T? {
        let gate = Mutex<CheckedContinuation<T?, Never>?>(nil)
        let finish: @Sendable (T?) -> Void = { value in gate.withLock { $0?.resume(returning: value); $0 = nil } }
        var timer: Task<Void, Never>?
        let result = await withCheckedContinuation { continuation in
            gate.withLock { $0 = continuation }
            // Unstructured on purpose: a hung turn must not hold the walk (a task group would wait for it).
            Task { finish(await work()) }
            timer = Task {
                try? await Task.sleep(for: limit)
                finish(nil)
            }
        }
        timer?.cancel()
        return result
    }
}
