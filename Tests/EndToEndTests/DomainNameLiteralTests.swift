import Foundation
import ParlanceCore
import TestSupport
import Testing

/// The intent spec is the one place the assistant's domain names are spelled: outside generated code and data
/// files, no source of the assistant names an intent, a parameter, a response code or an unsupported reason in a
/// string literal; it names the generated case (`IntentName.sendMessage`, `parameters[.recipients]`), so that a
/// name changed or added in `Scripts/intents_spec.py` fails to compile instead of failing silently.
@Suite(.computesAtLength) struct DomainNameLiteralTests {
    /// The SDK and its wire, which spell the names by design: they are the API.
    static let apiModules: Set<String> = ["Intents", "IntentsUI", "CoreLocation", "ExtensionWire", "ExtensionRuntime",
                                          "CProcessSpawn"]

    /// The assistant's modules: every folder of Sources but the API's, so a new module is read too.
    static var modules: [String] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: ModuleBoundaryTests.sources.path)) ?? []
        return folders.filter { !apiModules.contains($0) && !$0.hasPrefix(".") }.sorted()
    }

    /// Sources still being moved to data files (none: the replies are data since the phrase books went).
    static let pending: Set<String> = []

    /// Response codes that are also everyday words of other vocabularies (log fields, readiness, states).
    static let everydayWords: Set<String> = ["unspecified", "ready", "success", "failure", "denied"]

    static var domainNames: Set<String> {
        Set(IntentName.allCases.map(\.rawValue) + ParameterName.allCases.map(\.rawValue)
            + ResponseCodeName.allCases.map(\.rawValue) + UnsupportedReasonName.allCases.map(\.rawValue))
            .subtracting(everydayWords)
    }

    /// The string literals of a line of Swift, leaving out comments; a literal with an interpolation is not one
    /// text, but the literals in the interpolation's code are read.
    static func literals(_ line: Substring) -> [Substring] {
        enum Scope {
            case code(parentheses: Int)
            case text(start: Substring.Index, interpolated: Bool)
        }
        var found: [Substring] = []
        var scopes: [Scope] = [.code(parentheses: 0)]
        var index = line.startIndex
        while index < line.endIndex, let scope = scopes.last {
            let character = line[index]
            var next = line.index(after: index)
            switch scope {
            case .code(let parentheses):
                if character == "\"" {
                    scopes.append(.text(start: next, interpolated: false))
                } else if character == "/", line[index...].hasPrefix("//") {
                    return found
                } else if character == "(" {
                    scopes[scopes.count - 1] = .code(parentheses: parentheses + 1)
                } else if character == ")" {
                    if parentheses == 0, scopes.count > 1 { scopes.removeLast() } else {
                        scopes[scopes.count - 1] = .code(parentheses: parentheses - 1)
                    }
                }
            case .text(let start, let interpolated):
                if character == "\\", next < line.endIndex {
                    if line[next] == "(" {
                        scopes[scopes.count - 1] = .text(start: start, interpolated: true)
                        scopes.append(.code(parentheses: 0))
                    }
                    next = line.index(after: next)
                } else if character == "\"" {
                    scopes.removeLast()
                    if !interpolated { found.append(line[start..<index]) }
                }
            }
            index = next
        }
        return found
    }

    /// Whether a literal spells a domain name: a name itself or `"INSendMessageIntent.recipients"`.
    static func spellsDomainName(_ literal: Substring, names: Set<String>) -> Bool {
        if names.contains(String(literal)) { return true }
        let parts = literal.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && IntentName(parts[0]) != nil && ParameterName(parts[1]) != nil
    }

    @Test("the literal reader finds literals and skips comments and interpolations")
    func readsLiterals() {
        #expect(Self.literals(#"let a = "content" // "recipients""#) == ["content"])
        #expect(Self.literals(#"f("a", "b")"#) == ["a", "b"])
        #expect(Self.literals(#"x = "say \(y) now" + "z""#) == ["z"])
        #expect(Self.literals(#"x = "say \(p["content"] ?? "") now""#) == ["content", ""])
        #expect(Self.spellsDomainName("INRequestRideIntent.rideOptionName", names: Self.domainNames))
        #expect(!Self.spellsDomainName("success", names: Self.domainNames))
        #expect(Self.modules.contains("ParlanceEngine") && Self.modules.contains("parlance") && !Self.modules.contains("Intents"))
    }

    @Test("no intent, parameter, response code or reason is spelled outside generated code", arguments: modules)
    func noDomainNameLiterals(module: String) throws {
        let names = Self.domainNames
        var found: [String] = []
        for (path, text) in try ModuleBoundaryTests.files(of: module) where !path.contains("/Generated/")
            && !Self.pending.contains(String(path.split(separator: "/").last ?? "")) {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard !line.drop(while: { $0 == " " }).hasPrefix("//") else { continue }
                for literal in Self.literals(line) where Self.spellsDomainName(literal, names: names) {
                    found.append("\(path.split(separator: "/").suffix(2).joined(separator: "/")):\(number + 1): \"\(literal)\"")
                }
            }
        }
        #expect(found.isEmpty, "spelled instead of a generated case:\n\(found.joined(separator: "\n"))")
    }
}
