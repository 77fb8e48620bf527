/// Exact matching of requests against the phrasing templates, the first and surest recogniser.
///
/// A template matches when the request's words are the template's words, in order, and each slot is
/// filled by something recognised for it: an app name, an amount, a date, a goal, a number, or one of
/// the user's or the app's vocabulary phrases for that parameter. Slots that take free words (a
/// message, a note, a place) never match exactly, so "tell me a joke" cannot match
/// "tell {recipients} {content}": such requests are left to the learned model and the scope decision.
struct TemplateMatcher: Sendable {
    private indirect enum Pattern: Sendable {
        case word(String)
        case app
        case entity(Set<String>)
        case vocabulary(property: String)
        case sequence([Pattern])
        case choice([Pattern])
        case optional(Pattern)
    }

    /// Filler kinds read by the entity readers, and the entity classes that fill them.
    private static let entityKinds: [String: Set<String>] = [
        "_money": ["<money>"], "_goal": ["<distance>", "<duration>", "<energy>"], "_date": ["<date>"],
        "_when": ["<date>"], "_time": ["<date>"], "_number": ["<number>"], "partySize": ["<number>"],
    ]
    /// Filler kinds that vocabulary can fill (names of people, groups, albums, workouts, ride options, tags).
    private static let vocabularyKinds: Set<String> = ["person", "speakableGroupName", "albumName", "workoutName",
                                                       "rideOptionName", "searchTerms"]

    private let patterns: [(intent: String, pattern: Pattern)]

    init(phrasing: Phrasing) {
        func words(_ text: String) -> [Pattern] {
            Utterance(text).tokens.filter { $0.kind != .punctuation }.map { .word($0.key) }
        }
        func wrapper(_ text: String) -> Pattern {
            let parts = text.components(separatedBy: "{app}")
            var sequence: [Pattern] = []
            for (index, part) in parts.enumerated() {
                if index > 0 { sequence.append(.app) }
                sequence += words(part)
            }
            return .sequence(sequence)
        }
        func convert(_ nodes: [TemplateNode]) -> Pattern? {
            var sequence: [Pattern] = []
            for node in nodes {
                switch node {
                case .text(let text):
                    let parts = text.components(separatedBy: "{app}")
                    for (index, part) in parts.enumerated() {
                        if index > 0 { sequence.append(.app) }
                        sequence += words(part)
                    }
                case .choice(let alternatives):
                    // An alternative that cannot match exactly drops out; the choice stays if any remain.
                    let converted = alternatives.compactMap(convert)
                    guard !converted.isEmpty else { return nil }
                    sequence.append(.choice(converted))
                case .optional(let inner):
                    if let converted = convert(inner) { sequence.append(.optional(converted)) }
                case .slot(let name, let options):
                    if let options {
                        sequence.append(.choice(options.map { .sequence(words($0)) }))
                        continue
                    }
                    let kind = phrasing.fillerKinds[name] ?? name
                    if let classes = Self.entityKinds[kind] {
                        sequence.append(.entity(classes))
                    } else if Self.vocabularyKinds.contains(kind) {
                        sequence.append(.vocabulary(property: name))
                    } else {
                        return nil
                    }
                }
            }
            return .sequence(sequence)
        }
        let polite = Pattern.optional(.choice(phrasing.politePrefixes.map { .sequence(words($0)) }))
        let before = Pattern.optional(.choice(phrasing.appPrefixes.map(wrapper)))
        let after = Pattern.optional(.choice(phrasing.appSuffixes.map(wrapper)))
        var patterns: [(String, Pattern)] = []
        for (intent, templates) in phrasing.templates.sorted(by: { $0.key < $1.key }) {
            for template in templates {
                guard let pattern = convert(template.nodes) else { continue }
                patterns.append((intent, .sequence([polite, before, pattern, after])))
            }
        }
        self.patterns = patterns
    }

    /// The one intent class whose templates match the whole request exactly; nil when none or several do.
    func match(_ segments: [Segment], utterance: Utterance) -> String? {
        let request = Request(segments: segments, utterance: utterance)
        guard !request.positions.isEmpty else { return nil }
        var found: String?
        for (intent, pattern) in patterns where intent != found {
            guard request.ends(of: pattern, from: [0]).contains(request.positions.count) else { continue }
            if found != nil { return nil }
            found = intent
        }
        return found
    }

    /// The request's tokens without punctuation, and the segment that starts at each.
    private struct Request {
        /// Token keys, punctuation left out.
        var positions: [String] = []
        /// For a segment that starts at a position: its kind and the position after it.
        var segmentAt: [Int: (kind: Segment.Kind, key: String, end: Int)] = [:]

        init(segments: [Segment], utterance: Utterance) {
            for segment in segments where segment.kind.isPunctuation == false {
                let start = positions.count
                for index in segment.tokens where utterance.tokens[index].kind != .punctuation {
                    positions.append(utterance.tokens[index].key)
                }
                segmentAt[start] = (segment.kind, segment.key, positions.count)
            }
        }

        func ends(of pattern: Pattern, from starts: Set<Int>) -> Set<Int> {
            var result = Set<Int>()
            switch pattern {
            case .word(let key):
                for start in starts where start < positions.count && positions[start] == key { result.insert(start + 1) }
            case .app:
                for start in starts {
                    if let segment = segmentAt[start], case .app = segment.kind { result.insert(segment.end) }
                }
            case .entity(let classes):
                for start in starts {
                    if let segment = segmentAt[start], case .entity = segment.kind, classes.contains(segment.key) {
                        result.insert(segment.end)
                    }
                }
            case .vocabulary(let property):
                for start in starts {
                    if let segment = segmentAt[start], case .vocabulary(let entries) = segment.kind,
                       entries.contains(where: { entry in entry.parameters.contains { $0.hasSuffix("." + property) } }) {
                        result.insert(segment.end)
                    }
                }
            case .sequence(let parts):
                var current = starts
                for part in parts {
                    current = ends(of: part, from: current)
                    if current.isEmpty { return [] }
                }
                result = current
            case .choice(let alternatives):
                for alternative in alternatives { result.formUnion(ends(of: alternative, from: starts)) }
            case .optional(let inner):
                result = starts.union(ends(of: inner, from: starts))
            }
            return result
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
