import Foundation
import ParlanceCore

/// The words that decide whether a request is one the assistant serves, learned with the models:
///
/// - a *cue* of an intent is a word its phrasing uses often (in at least 1 in 100 training sentences)
///   and several times more often than requests out of scope do ("text", "taxi", "workout", an amount
///   of money for payments);
/// - a *marker* is a word requests out of scope use often and the phrasing of every intent rarely
///   ("alarm", "weather", "remind", "playlist"), from the language's out-of-scope templates and the
///   word counts of real requests (`OutOfScopeTable`);
/// - the *evidence* of a word is the log ratio of its use out of scope to its use in the intents' phrasing,
///   so that many words each somewhat likelier out of scope add up ("time in New York now").
///
/// A *strong cue* is a cue out-of-scope requests hardly ever use ("taxi", "call"): it outweighs a marker
/// ("reserve a taxi", "flag down a cab") when the evidence of all the request's words speaks clearly for
/// the intent.
///
/// A request that names no app is accepted as an intent when the evidence of its own words stays within
/// the policy's limit, one of them is a cue of the intent, and no such word is a marker (or a strong cue
/// outweighs it). Values are the
/// user's words: "tell Kiki the alarm is broken" is a message.
struct ScopeWords: Sendable {
    /// Cues by intent class.
    let cues: [String: Set<String>]
    /// Cues out-of-scope requests hardly ever use, by intent class.
    let strongCues: [String: Set<String>]
    /// Words that mark a request out of scope.
    let markers: Set<String>
    /// Per word, how much more likely a request out of scope uses it than the phrasing of the intents
    /// (a log ratio: positive speaks for out of scope).
    let evidence: [String: [String: Double]]

    /// Values whose words are the user's own, whatever they are: what a message or a payment note says.
    static let userWordProperties: Set<String> = Set(parameters: [.content, .note])
    /// Values of free words: what a message says, a payment's note, what to search for.
    static let freeWordProperties: Set<String> = Set(parameters: [.content, .note, .searchTerms])
    /// Intents with free-word values, whose edges the tagger may misplace: a sure intent outweighs a marker.
    static let freeWordIntents: Set<String> = Set(intents: [.sendMessage, .searchForMessages, .sendPayment, .requestPayment, .searchForPhotos])

    /// Places a ride goes from or to: a long one's han and kana characters are one name, not words of their own.
    static let placeProperties: Set<String> = Set(parameters: [.pickupLocation, .dropOffLocation])

    /// How many segments the value that the label at `index` belongs to spans.
    static func valueLength(at index: Int, labels: [String]) -> Int {
        guard labels[index].count > 2 else { return 0 }
        let inside = "I-" + labels[index].dropFirst(2)
        var start = index
        while start > 0, labels[start] == inside { start -= 1 }
        var end = index + 1
        while end < labels.count, labels[end] == inside { end += 1 }
        return end - start
    }

    /// How much more often a word must be used by one side than the other to speak for it.
    static let ratio = 4.0
    /// A cue needs less: an intent's own words are few, and most are shared with something out of scope.
    static let cueRatio = 2.0
    /// The least share of out-of-scope requests a marker appears in.
    static let minimumMarkerShare = 0.003
    /// The least share of an intent's sentences a cue appears in.
    static let minimumShare = 0.005
    /// How many times more often than out-of-scope requests a strong cue is used by its intent's phrasing.
    static let strongCueRatio = 1000.0
    /// The least share of an intent's sentences a strong cue appears in.
    static let strongCueShare = 0.03
    /// How clearly (a log ratio summed over the request's own words, markers included) the words must speak
    /// for the intent for a strong cue to outweigh a marker.
    static let strongCueEvidence = -2.0
    /// How clearly the words must speak for the intent to outweigh markers that are single han characters.
    static let characterMarkerEvidence = -1.0

    /// - Parameters:
    ///   - literals: per class (intent classes and `IntentClassifier.none`), in how many training
    ///     sentences each template word appears;
    ///   - sentences: how many training sentences each class has;
    ///   - realRequests: word counts of real out-of-scope requests, when the language has them.
    ///   - inScopeWords: the share of in-scope training sentences using each word anywhere (values too).
    init(literals: [String: [String: Int]], sentences: [String: Int], functionWords: Set<String>,
         inScopeWords: [String: Double], realRequests: OutOfScopeTable?) {
        let none = literals[IntentClassifier.none] ?? [:]
        let noneCount = Double(max(sentences[IntentClassifier.none] ?? 1, 1))
        func outOfScopeShare(_ word: String) -> Double {
            max(Double(none[word] ?? 0) / noneCount, realRequests?.share(of: word) ?? 0)
        }
        var cues: [String: Set<String>] = [:]
        var strongCues: [String: Set<String>] = [:]
        for (intent, words) in literals where intent != IntentClassifier.none {
            let count = Double(max(sentences[intent] ?? 1, 1))
            var intentCues = Set<String>()
            var intentStrongCues = Set<String>()
            for (word, uses) in words {
                let share = Double(uses) / count
                if !functionWords.contains(word), share >= Self.minimumShare,
                   share >= Self.cueRatio * outOfScopeShare(word) {
                    intentCues.insert(word)
                    // A contraction ("don't", "let's") is grammar, however rarely real requests use it.
                    if share >= Self.strongCueShare, share >= Self.strongCueRatio * outOfScopeShare(word),
                       !word.contains("'") {
                        intentStrongCues.insert(word)
                    }
                }
            }
            cues[intent] = intentCues
            strongCues[intent] = intentStrongCues
        }
        self.cues = cues
        self.strongCues = strongCues
        var markers = Set<String>()
        let candidates = Set(none.keys).union(realRequests?.words ?? [])
        // Short words ("if", "on") join sentences of every kind; han and kana characters are words of their own.
        for word in candidates where !functionWords.contains(word) && !word.hasPrefix("<")
            && (word.count >= 3 || CharacterClass.unspacedScript(word) != nil) {
            let share = outOfScopeShare(word)
            if share >= Self.minimumMarkerShare, share >= Self.ratio * (inScopeWords[word] ?? 0) * 10 {
                markers.insert(word)
            }
        }
        self.markers = markers
        // Naive Bayes over the words a request uses: pooled out-of-scope counts (the language's @none
        // phrasing and real requests) against the phrasing of all intents mixed with that of the intent
        // itself (a shape only one intent uses, "let Sara know …", is still in scope), each smoothed by half a use.
        let outSentences = noneCount + Double(realRequests?.requests ?? 0)
        let intentLiterals = literals.filter { $0.key != IntentClassifier.none }
        let allSentences = Double(max(intentLiterals.keys.reduce(0) { $0 + (sentences[$1] ?? 0) }, 1))
        var allUses: [String: Double] = [:]
        for words in intentLiterals.values {
            for (word, uses) in words { allUses[word, default: 0] += Double(uses) }
        }
        let outWords = Set(none.keys).union(realRequests?.words ?? [])
        var evidence: [String: [String: Double]] = [:]
        for (intent, words) in intentLiterals {
            let intentSentences = Double(max(sentences[intent] ?? 1, 1))
            var intentEvidence: [String: Double] = [:]
            for word in outWords.union(words.keys) {
                let outUses = Double(none[word] ?? 0) + Double(realRequests?.counts[word] ?? 0)
                let pOut = (outUses + 0.5) / (outSentences + 1)
                let pIn = (1 - Self.intentWeight) * ((allUses[word] ?? 0) + 0.5) / (allSentences + 1)
                    + Self.intentWeight * (Double(words[word] ?? 0) + 0.5) / (intentSentences + 1)
                intentEvidence[word] = max(-Self.evidenceLimit, min(Self.evidenceLimit, log(pOut / pIn)))
            }
            evidence[intent] = intentEvidence
        }
        self.evidence = evidence
    }

    /// The most one word counts for either side.
    static let evidenceLimit = 4.0
    /// How much the chosen intent's own phrasing weighs against that of all intents.
    static let intentWeight = 0.05

    /// The sum of the evidence of the request's own words (outside the values it carries), each word once.
    func outOfScopeEvidence(_ intentClass: String, segments: [Segment], labels: [String]) -> Double {
        let evidence = self.evidence[intentClass] ?? [:]
        var seen = Set<String>()
        var total = 0.0
        for (segment, label) in zip(segments, labels) where label == "O" {
            guard case .word = segment.kind, seen.insert(segment.key).inserted else { continue }
            total += evidence[segment.key] ?? 0
        }
        return total
    }

    /// Whether the request's words hold a cue of the intent class and no marker, before any value is
    /// found: for a request that names the app, its words speak for one of the app's intents.
    func cuedWithoutMarker(_ intentClass: String, segments: [Segment]) -> Bool {
        let intentCues = cues[intentClass] ?? []
        var cued = false
        for segment in segments {
            if LanguageModel.canCue(segment, inSlot: false), intentCues.contains(segment.key) { cued = true }
            if case .word = segment.kind, markers.contains(segment.key), !intentCues.contains(segment.key) { return false }
        }
        return cued
    }

    /// Whether a request tagged for an intent class is that intent: a cue and no marker among its own
    /// words. A request that names the app is the app's to judge by the classifier alone: "MonkeyChat,
    /// launch and send hallo to Bobo" keeps its odd words.
    /// - Parameter sure: the classifier is sure of the intent; for an intent that carries a message, a
    ///   note or search words, a marker then does not outweigh a cue (the tagger may have left a word of the message
    ///   outside it: "… per dirle ciao").
    /// - Parameter exact: a template matched the request word for word: its words are the intent's own, and
    ///   only a marker among them still says no.
    func accepts(_ intentClass: String, segments: [Segment], labels: [String], appNamed: Bool, sure: Bool,
                 exact: Bool = false, evidenceLimit: Double = .infinity) -> Bool {
        if appNamed { return true }
        if outOfScopeEvidence(intentClass, segments: segments, labels: labels) > evidenceLimit { return false }
        var cued = false
        var stronglyCued = false
        var marked = false
        // Every marker is one han character of a Chinese request (no kana), a weaker sign than a word: "现" of 现在,
        // now. (With Japanese, the same rule let through more requests out of scope than it saved.)
        var markedByCharactersOnly = !segments.contains { "KH".contains(CharacterClass.unspacedScript($0.key) ?? " ") }
        let intentCues = cues[intentClass] ?? []
        let intentStrongCues = strongCues[intentClass] ?? []
        for (index, (segment, label)) in zip(segments, labels).enumerated() {
            let own = label == "O"
            if LanguageModel.canCue(segment, inSlot: !own), intentCues.contains(segment.key) { cued = true }
            if own, case .word = segment.kind, intentStrongCues.contains(segment.key) { stronglyCued = true }
            // One han character of a longer name is no word of its own: "周" in "周杰" is a family name, not a week,
            // "会" in the place "演唱会" (a concert) no meeting. A place of two characters may be an everyday word the
            // tagger took for one ("现在", now): its characters still count.
            let property = label.count > 2 ? String(label.dropFirst(2)) : ""
            let inLongerName = !own && CharacterClass.unspacedScript(segment.key) != nil
                && (FrameBuilder.personProperties.contains(property)
                    || (Self.placeProperties.contains(property) && Self.valueLength(at: index, labels: labels) >= 3))
                && (label.hasPrefix("I-") || (index + 1 < labels.count && labels[index + 1] == "I-" + property))
            if inLongerName { continue }
            // A marker counts among the request's own words and in values that name things ("cancel the
            // alarm" is no workout called "alarm", "remind me" no contact); what a message says is the user's.
            guard case .word = segment.kind, markers.contains(segment.key), !intentCues.contains(segment.key) else { continue }
            if own || !(Self.userWordProperties.contains(property)) {
                marked = true
                if CharacterClass.unspacedScript(segment.key) != "C" { markedByCharactersOnly = false }
            }
        }
        let evidence = outOfScopeEvidence(intentClass, segments: segments, labels: labels)
        if marked, stronglyCued, evidence <= Self.strongCueEvidence { return true }
        // One han character is part of many words ("现在叫个车", "南门", "顺风车"): the request's words speaking
        // clearly for the intent outweigh it.
        if marked, markedByCharactersOnly, cued, evidence <= Self.characterMarkerEvidence { return true }
        // Sureness outweighs a marker only where the tagger may have left some of the user's own words
        // outside their value ("… per dirle ciao"): for intents that carry a message, a note or search words.
        return (cued || exact) && (!marked || (sure && Self.freeWordIntents.contains(intentClass)))
    }
}

extension ScopeWords {
    /// Writes the learned words in the model cache's form, in a fixed order.
    func write(to writer: inout ModelWriter) {
        writer.write(count: cues.count)
        for intent in cues.keys.sorted() {
            writer.write(intent)
            writer.write((cues[intent] ?? []).sorted())
            writer.write((strongCues[intent] ?? []).sorted())
        }
        writer.write(markers.sorted())
        writer.write(count: evidence.count)
        for intent in evidence.keys.sorted() {
            let words = evidence[intent] ?? [:]
            writer.write(intent)
            writer.write(count: words.count)
            for word in words.keys.sorted() {
                writer.write(word)
                writer.write(words[word] ?? 0)
            }
        }
    }

    /// Reads what `write(to:)` wrote.
    init(from reader: inout ModelReader) throws(ModelReader.Corrupt) {
        var cues: [String: Set<String>] = [:]
        var strongCues: [String: Set<String>] = [:]
        for _ in 0..<(try reader.readCount(itemSize: 8)) {
            let intent = try reader.readString()
            cues[intent] = Set(try reader.readStrings())
            strongCues[intent] = Set(try reader.readStrings())
        }
        let markers = Set(try reader.readStrings())
        var evidence: [String: [String: Double]] = [:]
        for _ in 0..<(try reader.readCount(itemSize: 8)) {
            let intent = try reader.readString()
            var words: [String: Double] = [:]
            for _ in 0..<(try reader.readCount(itemSize: 12)) {
                let word = try reader.readString()
                words[word] = try reader.readDouble()
            }
            evidence[intent] = words
        }
        self.init(cues: cues, strongCues: strongCues, markers: markers, evidence: evidence)
    }

    private init(cues: [String: Set<String>], strongCues: [String: Set<String>], markers: Set<String>,
                 evidence: [String: [String: Double]]) {
        self.cues = cues
        self.strongCues = strongCues
        self.markers = markers
        self.evidence = evidence
    }
}
