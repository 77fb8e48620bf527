import Foundation
import ParlanceCore

/// Expands phrasing templates (`Phrasing`) into labelled sentences: each sentence with the character
/// ranges its parameter fillers occupy. Choices are drawn from a seeded generator, so training is
/// the same on every run.
struct TemplateExpander {
    /// A generated sentence and where its parameters are (character offsets).
    struct Sentence {
        var text: String
        var slots: [(property: String, range: Range<Int>)]
        /// Where the template's unlabelled fillers ({_task}, {_date}) went: not the template's own words.
        var fillers: [Range<Int>] = []

        /// The sentence as a speech recogniser writes it: lower case, without punctuation ("text john im
        /// late" rather than "Text John: I'm late"), so that the models learn names and messages from where they
        /// stand, not from capitals and colons. Every character keeps its offset, so the slots stay where they were.
        var spoken: Sentence {
            let characters = Array(text)
            var result = ""
            for (index, character) in characters.enumerated() {
                let previous = index > 0 ? characters[index - 1] : " "
                let next = index + 1 < characters.count ? characters[index + 1] : " "
                if Self.isDropped(character, between: previous, and: next) {
                    result.append(" ")
                    continue
                }
                let lower = String(character).lowercased()
                result += lower.count == 1 ? lower : String(character)
            }
            return Sentence(text: result, slots: slots, fillers: fillers)
        }

        /// Punctuation a recogniser does not write: not an apostrophe or hyphen inside a word ("don't",
        /// "Jean-Luc"), nor a point, comma or colon between digits ("15.50", "7:30").
        private static func isDropped(_ character: Character, between previous: Character, and next: Character) -> Bool {
            guard character.isPunctuation || "\"“”„«»「」『』".contains(character) else { return false }
            if "'’-".contains(character), previous.isLetter, next.isLetter { return false }
            if ".,:".contains(character), previous.isNumber, next.isNumber { return false }
            return true
        }
    }

    private static let quotable: Set<String> = Set(parameters: [.content, .note, .searchTerms])

    private let phrasing: Phrasing
    private var random: SeededRandom
    /// Properties whose fillers may be lists ("Kiki and Zazu").
    private let listProperties: Set<String>
    private let joiners: [String]
    /// The language's "and", before the last item of a list.
    private let conjunction: String

    init(phrasing: Phrasing, seed: UInt64, listProperties: Set<String>, joiners: [String], conjunction: String) {
        self.phrasing = phrasing
        self.random = SeededRandom(seed: seed)
        self.listProperties = listProperties
        self.joiners = joiners
        self.conjunction = conjunction
    }

    /// The generator for one template of one class: seeded by the pair alone, so that a template added to or
    /// changed in one intent leaves every other template's sentences as they were (and fewer sentences from a
    /// template are the first ones of more).
    mutating func reseed(for template: Template, of intent: String) {
        var digest = StableDigest()
        digest.add(intent)
        digest.add(template.source)
        random = SeededRandom(seed: digest.value)
    }

    /// `count` sentences from one template; `appName` fills `{app}` or is added around the request.
    mutating func expand(_ template: Template, count: Int, appNames: [String], wrapApp: Bool) -> [Sentence] {
        let nodes = template.nodes
        let hasApp = template.source.contains("{app}")
        var sentences: [Sentence] = []
        for _ in 0..<count {
            var pieces: [(String, String?)] = []
            generate(nodes, into: &pieces)
            let app = appNames[random.next(appNames.count)]
            if !hasApp && wrapApp && random.chance(0.45) {
                let wrappers = random.chance(0.5) ? phrasing.appPrefixes : phrasing.appSuffixes
                let wrapper = wrappers[random.next(wrappers.count)].replacingOccurrences(of: "{app}", with: app)
                if wrappers == phrasing.appPrefixes { pieces.insert((wrapper, nil), at: 0) } else { pieces.append((wrapper, nil)) }
            } else if !hasApp && random.chance(0.25) {
                pieces.insert((phrasing.politePrefixes[random.next(phrasing.politePrefixes.count)], nil), at: 0)
            }
            sentences.append(assemble(pieces, app: app))
        }
        return sentences
    }

    private func assemble(_ pieces: [(String, String?)], app: String) -> Sentence {
        var text = ""
        var slots: [(String, Range<Int>)] = []
        var fillers: [Range<Int>] = []
        var length = 0
        for (piece, slot) in pieces {
            let value = piece.replacingOccurrences(of: "{app}", with: app).trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else { continue }
            if !text.isEmpty {
                text += " "
                length += 1
            }
            if let slot {
                if slot.hasPrefix("_") { fillers.append(length..<(length + value.count)) } else {
                    slots.append((slot, length..<(length + value.count)))
                }
            }
            text += value
            length += value.count
        }
        return Sentence(text: text, slots: slots, fillers: fillers)
    }

    private mutating func generate(_ nodes: [TemplateNode], into pieces: inout [(String, String?)]) {
        for node in nodes {
            switch node {
            case .text(let text): pieces.append((text, nil))
            case .choice(let options): generate(options[random.next(options.count)], into: &pieces)
            case .optional(let inner): if random.chance(0.5) { generate(inner, into: &pieces) }
            case .slot(let name, let options):
                if let options {
                    pieces.append((options[random.next(options.count)], name))
                } else {
                    fill(name, into: &pieces)
                }
            }
        }
    }

    private mutating func fill(_ name: String, into pieces: inout [(String, String?)]) {
        let kind = phrasing.fillerKinds[name] ?? name
        let values = ((phrasing.fillers[kind] ?? [name])
            + (phrasing.moreFillerKinds[name] ?? []).flatMap { phrasing.fillers[$0] ?? [] })
        let label: String? = name
        let count = listProperties.contains(name) && random.chance(0.2) ? 2 + random.next(2) : 1
        for item in 0..<count {
            if item > 0 {
                let joiner = item == count - 1 ? conjunction : joiners[random.next(joiners.count)]
                pieces.append((joiner, nil))
            }
            var value = values[random.next(values.count)]
            // People quote what a message or note should say: text "Bobo" "hi there".
            if Self.quotable.contains(name), random.chance(0.12) {
                value = random.chance(0.5) ? "\"\(value)\"" : "\u{201C}\(value)\u{201D}"
            }
            pieces.append((value, label))
        }
    }
}
