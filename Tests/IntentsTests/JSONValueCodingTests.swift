import Foundation
import Intents
import ParlanceCore
import Testing

private func goldenNames() -> [String] {
    guard let folder = Bundle.module.url(forResource: "Golden", withExtension: nil),
          let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
    return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
}

/// What the text route gives: encode with JSONEncoder, read the text as a JSONValue.
private func throughText(_ value: some Encodable) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
}

/// `JSONValueEncoder` and `JSONValueDecoder` give what the route through JSON text gives, for every SDK
/// object's JSON form, Foundation's own types and the errors.
@Suite struct JSONValueCodingTests {
    @Test("every golden intent and response encodes and decodes as through text", arguments: goldenNames())
    func goldenForms(_ name: String) throws {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Golden"))
        let data = try Data(contentsOf: url)
        let json = try JSONDecoder().decode(JSONValue.self, from: data)
        if name.hasSuffix("Response") {
            let response = try IntentJSON.decodeResponse(from: data)
            #expect(try JSONValueEncoder().encode(AnyIntentResponse(response)) == json)
            let decoded = try JSONValueDecoder().decode(AnyIntentResponse.self, from: json).response
            #expect(String(decoding: try IntentJSON.encode(AnyIntentResponse(decoded)), as: UTF8.self) + "\n"
                    == String(decoding: data, as: UTF8.self))
        } else {
            let intent = try IntentJSON.decodeIntent(from: data)
            #expect(try JSONValueEncoder().encode(AnyIntent(intent)) == json)
            let decoded = try JSONValueDecoder().decode(AnyIntent.self, from: json).intent
            #expect(String(decoding: try IntentJSON.encode(AnyIntent(decoded)), as: UTF8.self) + "\n"
                    == String(decoding: data, as: UTF8.self))
        }
    }

    @Test func resolutionResults() throws {
        let bobo = INPerson(personHandle: INPersonHandle(value: "bobo", type: .unknown), nameComponents: nil,
                            displayName: "Bobo", image: INImage(imageData: Data([1, 2, 3, 250])), contactIdentifier: nil,
                            customIdentifier: "b-1")
        let results: [INIntentResolutionResult] = [
            INPersonResolutionResult.success(with: bobo),
            INPersonResolutionResult.disambiguation(with: [bobo, bobo]),
            INPersonResolutionResult.needsValue(),
            INSendMessageRecipientResolutionResult.unsupported(forReason: .noAccount),
            INCurrencyAmountResolutionResult.success(with: INCurrencyAmount(amount: NSDecimalNumber(string: "0.1"),
                                                                            currencyCode: "EUR")),
            INDoubleResolutionResult.confirmationRequired(with: 2.5),
            INBooleanResolutionResult.success(with: true),
        ]
        for result in results {
            let json = try JSONValueEncoder().encode(AnyResolutionResult(result))
            #expect(json == (try throughText(AnyResolutionResult(result))))
            let back = try JSONValueDecoder().decode(AnyResolutionResult.self, from: json).result
            #expect(try IntentJSON.encode(back) == (try IntentJSON.encode(result)))
        }
    }

    private struct Sample: Codable, Equatable {
        var data: Data
        var url: URL
        var decimal: Decimal
        var float: Float
        var date: Date
        var list: [Int?]
        var nested: [String: [Double]]
        var missing: String?
        var present: String?
    }

    @Test func foundationTypes() throws {
        let sample = Sample(data: Data("hi there".utf8), url: URL(string: "https://example.com/a?b=c")!,
                            decimal: Decimal(string: "0.1")!, float: 0.1, date: Date(timeIntervalSinceReferenceDate: 12.5),
                            list: [1, nil, -3], nested: ["a": [1.5, 2]], missing: nil, present: "yes")
        let json = try JSONValueEncoder().encode(sample)
        #expect(json == (try throughText(sample)))
        #expect(try JSONValueDecoder().decode(Sample.self, from: json) == sample)
        #expect(try JSONValueDecoder().decode(Sample.self, from: json)
                == JSONDecoder().decode(Sample.self, from: JSONEncoder().encode(json)))
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode([Double.nan]) }
    }

    @Test func errorsOfTheSameKinds() throws {
        struct Numbers: Decodable { var count: Int; var name: String }
        func kind(_ body: () throws -> Any) -> String {
            switch Result(catching: body) {
            case .success: return "none"
            case .failure(DecodingError.keyNotFound): return "keyNotFound"
            case .failure(DecodingError.typeMismatch): return "typeMismatch"
            case .failure(DecodingError.valueNotFound): return "valueNotFound"
            case .failure(DecodingError.dataCorrupted): return "dataCorrupted"
            case .failure: return "other"
            }
        }
        let cases: [JSONValue] = [
            .object(["name": .string("x")]),
            .object(["count": .number(1.5), "name": .string("x")]),
            .object(["count": .string("1"), "name": .string("x")]),
            .object(["count": .number(1), "name": .null]),
            .array([]),
            .object(["count": .number(2), "name": .string("ok")]),
        ]
        for value in cases {
            let direct = kind { try JSONValueDecoder().decode(Numbers.self, from: value) }
            let text = kind { try JSONDecoder().decode(Numbers.self, from: JSONEncoder().encode(value)) }
            #expect(direct == text, "\(value)")
        }
    }
}

extension JSONValueCodingTests {
    /// The path an error names is made only when it is thrown (optional members, array elements, nested
    /// values): the same path, member by member and index by index, as Foundation's.
    @Test func errorsNameTheSamePath() throws {
        struct Inner: Decodable { var count: Int; var name: String?; var flag: Bool? }
        struct Outer: Decodable { var items: [Inner]; var extra: Inner?; var ratio: Double? }
        func path(_ body: () throws -> Any) -> String {
            let context: DecodingError.Context? = switch Result(catching: body) {
            case .failure(DecodingError.keyNotFound(_, let context)): context
            case .failure(DecodingError.typeMismatch(_, let context)): context
            case .failure(DecodingError.valueNotFound(_, let context)): context
            case .failure(DecodingError.dataCorrupted(let context)): context
            default: nil
            }
            return context?.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".") ?? "none"
        }
        let good: JSONValue = .object(["count": .number(1)])
        let cases: [JSONValue] = [
            .object(["items": .array([good, .object(["count": .string("2")])])]),
            .object(["items": .array([good, .object(["name": .string("x")])])]),
            .object(["items": .array([]), "extra": .object(["count": .number(1), "name": .number(3)])]),
            .object(["items": .array([.object(["count": .number(1), "flag": .string("yes")])])]),
            .object(["items": .array([]), "ratio": .string("half")]),
            .object(["items": .array([.null])]),
            .object(["items": .array([]), "extra": .null, "ratio": .null]),
        ]
        for value in cases {
            let direct = path { try JSONValueDecoder().decode(Outer.self, from: value) }
            let text = path { try JSONDecoder().decode(Outer.self, from: JSONEncoder().encode(value)) }
            #expect(direct == text, "\(value)")
        }
        // A fraction where an integer belongs: Foundation names no path at all; this decoder names the member.
        let fraction: JSONValue = .object(["items": .array([]), "extra": .object(["count": .number(1.5)])])
        #expect(path { try JSONValueDecoder().decode(Outer.self, from: fraction) } == "extra.count")
    }
}

/// `JSONValue`'s own text reader and writer agree with `JSONDecoder` and `JSONEncoder` (keys sorted,
/// slashes unescaped), and refuse what they refuse.
@Suite struct JSONValueTextTests {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    @Test("golden files read and write as with Foundation", arguments: goldenNames())
    func goldenText(_ name: String) throws {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Golden"))
        let data = try Data(contentsOf: url)
        let value = try JSONValue(jsonData: data)
        #expect(value == (try JSONDecoder().decode(JSONValue.self, from: data)))
        #expect(try value.jsonData() == Self.encoder.encode(value))
    }

    @Test func stringsAndNumbers() throws {
        var controls = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined()
        controls += "a/b\"c\\ é😀\u{2028}\u{7f}"
        let values: [JSONValue] = [
            .string(controls), .number(0.1), .number(-3), .number(1e20), .number(1e-7), .number(123456789012345678),
            .object(["B": .null, "a10": .bool(true), "a2": .array([]), "_x": .object([:]), "é": .number(2.5), "e": .string("")]),
        ]
        for value in values {
            let text = try value.jsonData()
            #expect(text == (try Self.encoder.encode(value)), "\(value)")
            #expect(try JSONValue(jsonData: text) == value)
        }
        let escaped = Data(#"["\u00e9\ud83d\ude00\/\b\f\n\r\t", -0.5e+2, 0, 1E3]"#.utf8)
        #expect(try JSONValue(jsonData: escaped) == (try JSONDecoder().decode(JSONValue.self, from: escaped)))
    }

    @Test func refusals() throws {
        let bad = ["", "{", "[,]", "{,}", "[1,,]", "01", "1.", "-", ".5", "1e", "tru", "nul", "\"a", "\"\\x\"", "\"\u{01}\"",
                   "\"\\ud800\"", "[1] 2", "{\"a\" 1}", "{1:2}", String(repeating: "[", count: 600) + String(repeating: "]", count: 600)]
        for text in bad {
            #expect(throws: DecodingError.self, "\(text.prefix(20))") { try JSONValue(jsonData: Data(text.utf8)) }
            #expect(throws: (any Error).self) { try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) }
        }
        for lenient in ["[1,]", "{\"a\":1 , }"] {  // JSONDecoder's allowance, kept
            #expect(try JSONValue(jsonData: Data(lenient.utf8)) == (try JSONDecoder().decode(JSONValue.self, from: Data(lenient.utf8))))
        }
        #expect(throws: EncodingError.self) { try JSONValue.number(.infinity).jsonData() }
        #expect(throws: DecodingError.self) { try JSONValue(jsonData: Data([0x22, 0xFF, 0x22])) }
        // A sequence cut short, and one that is valid: ASCII is read without validation, the rest with it.
        #expect(throws: DecodingError.self) { try JSONValue(jsonData: Data([0x22, 0x61, 0xF0, 0x9F, 0x98, 0x22])) }
        #expect(try JSONValue(jsonData: Data([0x22, 0x61, 0xF0, 0x9F, 0x98, 0x80, 0x22])) == .string("a😀"))
    }
}

/// The wire's lines, now written through `JSONValue`, are the bytes Foundation's encoder wrote, and read back
/// to the same messages, for every golden intent and response.
@Suite struct WireLineTests {
    @Test("requests and replies carrying each golden object", arguments: goldenNames())
    func sameBytes(_ name: String) throws {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Golden"))
        let data = try Data(contentsOf: url)
        let line: Data
        let foundation: Data
        if name.hasSuffix("Response") {
            let reply = SuccessReply(id: .number(7), result: ResponseResult(response: try IntentJSON.decodeResponse(from: data)))
            line = try WireProtocol.line(reply)
            foundation = try WireProtocol.encoder().encode(reply)
            let back = try WireProtocol.decode(ReplyResult<ResponseResult>.self, from: line.dropLast())
            #expect(try back.result.response.map { try IntentJSON.encode($0) } == (try IntentJSON.encode(
                AnyIntentResponse(try IntentJSON.decodeResponse(from: data)))))
        } else {
            let intent = try IntentJSON.decodeIntent(from: data)
            let request = OutgoingRequest(id: 3, method: .resolve,
                                          params: ResolveParams(intent: intent, parameters: ["a", "b"]))
            line = try WireProtocol.line(request)
            foundation = try WireProtocol.encoder().encode(request)
            let back = try WireProtocol.decode(WireRequest.self, from: line.dropLast())
            guard case .resolve(let params) = back.call else {
                Issue.record("read back as \(back.call)")
                return
            }
            #expect(try IntentJSON.encode(params.intent) == (try IntentJSON.encode(AnyIntent(intent))))
        }
        #expect(String(decoding: line, as: UTF8.self) == String(decoding: foundation, as: UTF8.self) + "\n")
    }
}
