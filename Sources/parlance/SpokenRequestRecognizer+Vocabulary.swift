import Foundation
import ParlanceCore
import ParlanceSpeech
import ParlanceUnderstanding

extension SpokenRequestRecognizer {
    /// A reading with names put where the engine wrote other words, and which names.
    struct CorrectedReading: Sendable {
        var reading: SpeechHypothesis
        var names: [String]
        var distance: Double
    }

    /// How many of the engine's readings are read again with names (the rest are unlikely anyway).
    static let readingsCorrected = 3

    /// The engine's best readings read again with the names of `vocabulary`, closest first. A corrected reading's
    /// confidence, where the engine gave one, drops with how far the words sounded from the names.
    func correctedReadings(of readings: [SpeechHypothesis], language: String) -> [CorrectedReading] {
        guard !vocabulary.isEmpty, !readings.isEmpty else { return [] }
        let corrector = TranscriptCorrector(names: vocabulary, language: language)
        let known = Set(readings.map(\.text))
        var seen = Set<String>()
        return readings.prefix(Self.readingsCorrected).flatMap { reading in
            corrector.corrections(of: reading.text).compactMap { correction -> CorrectedReading? in
                guard !known.contains(correction.text), seen.insert(correction.text).inserted else { return nil }
                let hypothesis = SpeechHypothesis(text: correction.text, score: reading.score,
                                                  confidence: reading.confidence.map { $0 * (1 - correction.distance) })
                return CorrectedReading(reading: hypothesis, names: correction.replacements.map(\.name),
                                        distance: correction.distance)
            }
        }
    }

    /// The reading to take: the first engine reading understanding serves, unless a corrected reading it serves
    /// has more known names in its values (the most, then the closest); nil when it serves none. A corrected
    /// reading counts only where every name put in is a value's name (a person, the app named…), never inside a
    /// message's words ("buy a cake" is no "buy a Coco").
    func bestReading(_ readings: [SpeechHypothesis], corrected: [CorrectedReading], language: String) -> SpeechHypothesis? {
        let names = Set(vocabulary.map { TranscriptCorrector.normalized($0.text) })
        func knownNames(_ understood: UnderstoodRequest) -> Int {
            Self.nameValues(in: understood.parameters).filter { names.contains(TranscriptCorrector.normalized($0)) }.count
                + (understood.appWasNamed ? 1 : 0)
        }
        func understood(_ text: String) -> UnderstoodRequest? {
            guard let request = try? understander.understand(text, language: language), request.intent != nil else { return nil }
            return request
        }
        var best: (reading: SpeechHypothesis, known: Int)?
        for reading in readings {
            if let request = understood(reading.text) {
                best = (reading, knownNames(request))
                break
            }
        }
        for candidate in corrected {
            guard let request = understood(candidate.reading.text) else { continue }
            let values = Self.nameValues(in: request.parameters).map(TranscriptCorrector.normalized)
            let text = Self.textValues(in: request.parameters).map(TranscriptCorrector.normalized)
            let placed = candidate.names.map(TranscriptCorrector.normalized).allSatisfy { name in
                values.contains(name) || (request.appWasNamed && !text.contains { $0.contains(name) })
            }
            let known = knownNames(request)
            // Corrections come closest first: a later one must know more names to be taken.
            if placed, known > (best?.known ?? -1) { best = (candidate.reading, known) }
        }
        return best?.reading
    }

    /// The strings of a request's values that name something: inside a value object (a person's displayName, a
    /// workout's spokenPhrase, a place's name), not free text such as a message's content.
    static func nameValues(in parameters: [String: JSONValue]) -> [String] {
        func inside(_ value: JSONValue, nested: Bool) -> [String] {
            switch value {
            case .string(let text): nested ? [text] : []
            case .array(let items): items.flatMap { inside($0, nested: nested) }
            case .object(let fields): fields.values.flatMap { inside($0, nested: true) }
            default: []
            }
        }
        return parameters.values.flatMap { inside($0, nested: false) }
    }

    /// The free-text strings of a request's values (a message's content, search terms).
    static func textValues(in parameters: [String: JSONValue]) -> [String] {
        parameters.values.flatMap { value -> [String] in
            switch value {
            case .string(let text): [text]
            case .array(let items): items.compactMap { if case .string(let text) = $0 { text } else { nil } }
            default: []
            }
        }
    }
}
