import Foundation
import Intents

/// A scripted conversation file for `parlance test` and `ScriptRunner` (docs/conversation-tests.md): one or more tests,
/// each a list of steps: what the user says, what the assistant must answer, and actions around it.
public struct ConversationScript: Sendable {
    /// One test: its name, where it starts, its settings and steps.
    public struct Test: Sendable {
        public var name: String
        public var line: Int
        public var apps: [String]?
        public var askPermission = false
        public var mode: String?
        public var language: String?
        public var environment: [String: String] = [:]
        public var steps: [Step] = []
    }

    /// One line of a test.
    public struct Step: Sendable {
        public var line: Int
        public var kind: Kind
    }

    /// What a step does or expects.
    public enum Kind: Sendable {
        /// `> text`: the user says something.
        case say(String)
        /// `< text` or `< /regex/`: one of the turns' words matches; `<! text`: none does.
        case expectSpeech(Matcher, present: Bool)
        /// `= field value`: the last turn's field.
        case expectField(String, String)
        /// `= parameter NAME value` / `= no parameter NAME`.
        case expectParameter(String, Matcher?)
        /// `run: program arguments…`: an app's own program, in the test's home.
        case run([String])
        /// `~ text`: the last `run:` printed it.
        case expectOutput(Matcher)
        case lock, unlock, restart
        /// `crash: before-handle|after-handle`: the next turn stops there as if the assistant crashed.
        case crash(String)
        /// `wait: text [within N]`: a background update with these words arrives.
        case wait(Matcher, seconds: Double)
        /// `= journal N`: how many intents were handed to handle.
        case expectJournal(Int)
        /// `prefer: APP DOMAIN`: the app takes the domain's requests that name no app (`parlance apps prefer`).
        case prefer(app: String, domain: String)
        /// `vocab: APP TYPE STRING…`: the app's user vocabulary of that type becomes these strings, most
        /// important first, as the app's `INVocabulary.setVocabularyStrings(_:of:)` (or `parlance vocab set`) does.
        case vocabulary(app: String, type: INVocabularyStringType, strings: [String])
    }

    /// Substring (case-insensitive) or `/regex/`.
    public struct Matcher: CustomStringConvertible, Sendable {
        public let pattern: String
        public let isRegex: Bool

        public init(_ text: String) {
            if text.count > 2, text.hasPrefix("/"), text.hasSuffix("/") {
                pattern = String(text.dropFirst().dropLast())
                isRegex = true
            } else {
                pattern = text
                isRegex = false
            }
        }

        public func matches(_ text: String) -> Bool {
            if isRegex { return text.range(of: pattern, options: [.regularExpression]) != nil }
            return text.range(of: pattern, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }

        public var description: String { isRegex ? "/\(pattern)/" : "“\(pattern)”" }
    }

    /// A script that can't be read, with the file and line.
    public struct ParseError: Error, CustomStringConvertible, Sendable {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// The tests, in order.
    public var tests: [Test] = []

    /// Reads a script; `file` names it in errors.
    public init(text: String, file: String) throws {
        var current: Test?
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            let number = index + 1
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            func fail(_ message: String) -> ParseError { ParseError(description: "\(file):\(number): \(message)") }
            if let name = Self.value(of: "test:", in: line) {
                if let current { tests.append(current) }
                current = Test(name: name, line: number)
                continue
            }
            guard var test = current else { throw fail("a script starts with “test: NAME”") }
            defer { current = test }
            func add(_ kind: Kind) { test.steps.append(Step(line: number, kind: kind)) }
            if let apps = Self.value(of: "apps:", in: line) {
                test.apps = apps.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            } else if let permission = Self.value(of: "permission:", in: line) {
                guard ["ask", "allowed"].contains(permission) else { throw fail("permission is “ask” or “allowed”") }
                test.askPermission = permission == "ask"
            } else if let setting = Self.value(of: "env:", in: line) {
                let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { throw fail("expected “env: NAME=VALUE”") }
                test.environment[parts[0]] = parts[1]
            } else if let language = Self.value(of: "language:", in: line) {
                test.language = language
            } else if let mode = Self.value(of: "mode:", in: line) {
                guard ["visual", "voice"].contains(mode) else { throw fail("mode is “visual” or “voice”") }
                test.mode = mode
            } else if line.hasPrefix("<!") {
                add(.expectSpeech(Matcher(String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces)), present: false))
            } else if line.hasPrefix(">") {
                add(.say(String(line.dropFirst()).trimmingCharacters(in: .whitespaces)))
            } else if line.hasPrefix("<") {
                add(.expectSpeech(Matcher(String(line.dropFirst()).trimmingCharacters(in: .whitespaces)), present: true))
            } else if line.hasPrefix("~") {
                add(.expectOutput(Matcher(String(line.dropFirst()).trimmingCharacters(in: .whitespaces))))
            } else if line.hasPrefix("=") {
                let words = line.dropFirst().split(separator: " ", maxSplits: 1).map(String.init)
                guard words.count == 2 else { throw fail("expected “= FIELD VALUE”") }
                let rest = words[1].trimmingCharacters(in: .whitespaces)
                switch words[0] {
                case "parameter":
                    let parts = rest.split(separator: " ", maxSplits: 1).map(String.init)
                    add(.expectParameter(parts[0], Matcher(parts.count > 1 ? parts[1] : "")))
                case "no":
                    guard rest.hasPrefix("parameter ") else { throw fail("expected “= no parameter NAME”") }
                    add(.expectParameter(String(rest.dropFirst("parameter ".count)), nil))
                case "journal":
                    guard let count = Int(rest) else { throw fail("expected “= journal N”") }
                    add(.expectJournal(count))
                case "kind", "step", "intent", "app", "code", "options", "card":
                    add(.expectField(words[0], rest))
                default:
                    throw fail("unknown field “\(words[0])”; use kind, step, intent, app, code, options, card, parameter, "
                               + "no parameter or journal")
                }
            } else if let command = Self.value(of: "run:", in: line) {
                add(.run(Self.words(command)))
            } else if let preference = Self.value(of: "prefer:", in: line) {
                let words = Self.words(preference)
                guard words.count == 2 else { throw fail("expected “prefer: APP DOMAIN”") }
                add(.prefer(app: words[0], domain: words[1]))
            } else if let vocabulary = Self.value(of: "vocab:", in: line) {
                let words = Self.words(vocabulary)
                guard words.count >= 2 else { throw fail("expected “vocab: APP TYPE STRING…”") }
                guard let type = INVocabularyStringType.allCases.first(where: { $0.caseName == words[1] }) else {
                    let names = INVocabularyStringType.allCases.map(\.caseName)
                    let suggestion = names.first { $0.lowercased() == words[1].lowercased() }
                    throw fail("“\(words[1])” is not a vocabulary type; "
                               + (suggestion.map { "did you mean “\($0)”?" } ?? "the types are \(names.joined(separator: ", "))"))
                }
                add(.vocabulary(app: words[0], type: type, strings: Array(words.dropFirst(2))))
            } else if let point = Self.value(of: "crash:", in: line) {
                guard ["before-handle", "after-handle"].contains(point) else {
                    throw fail("crash points are before-handle and after-handle")
                }
                add(.crash(point))
            } else if let wait = Self.value(of: "wait:", in: line) {
                var text = wait
                var seconds = 20.0
                if let range = wait.range(of: " within ", options: .backwards),
                   let limit = Double(wait[range.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: " s"))) {
                    seconds = limit
                    text = String(wait[..<range.lowerBound])
                }
                add(.wait(Matcher(text), seconds: seconds))
            } else if line == "lock" {
                add(.lock)
            } else if line == "unlock" {
                add(.unlock)
            } else if line == "restart" {
                add(.restart)
            } else {
                throw fail("not understood: “\(line)” (see docs/conversation-tests.md)")
            }
        }
        if let current { tests.append(current) }
        guard !tests.isEmpty else { throw ParseError(description: "\(file): no tests (a test starts with “test: NAME”)") }
    }

    private static func value(of key: String, in line: String) -> String? {
        guard line.hasPrefix(key) else { return nil }
        return line.dropFirst(key.count).trimmingCharacters(in: .whitespaces)
    }

    /// Splits a command line on spaces, keeping "quoted words" together.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        for character in text {
            if character == "\"" { quoted.toggle(); continue }
            if character == " " && !quoted {
                if !current.isEmpty { words.append(current); current = "" }
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
