import Foundation
import ParlanceCore
import Testing
@testable import ParlancePresentation

/// A seventh language from data alone: the pseudo-language "qps" (English with accented letters, its replies in
/// ⟦ ⟧, written by Scripts/make-pseudo-replies.py) is read from a test folder, passes the checker, and then says
/// every kind of turn the presenter builds. Each turn must have the English turn's structure (kind, step,
/// options, card style, rows, card options, footer), come from the pseudo-language's data (⟦ in its words), and
/// carry every value the English words carry (the app, the people, the amount, the note).
@Suite struct PseudoLanguageTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/PseudoLanguage")

    static func pseudo() throws -> ReplyCatalog {
        let catalog = try ReplyCatalog(directory: folder, code: "qps")
        ReplyLanguages.add(catalog)
        return catalog
    }

    @Test func theFolderPassesTheChecker() throws {
        let english = try #require(ReplyLanguages.bundledCatalog("en"))
        #expect(try Self.pseudo().problems(against: english) == [])
        #expect(try Self.pseudo().keys == english.keys)
    }

    /// Values the turns below carry: each one in an English turn's words or card must be in the pseudo one's.
    static let values = ["MonkeyPay", "GorillaPay", "Bobo", "Kiki", "$5.50", "rent money", "com.example.pay",
                         "/opt/helper", "call Bobo on MonkeyCall", "disk full", "it crashed", "-5 dollars"]

    static let context = ConversationPresenter.Context(
        app: "MonkeyPay", intent: "INSendPaymentIntent",
        parameters: ["payee": .object(["displayName": .string("Bobo")]),
                     "currencyAmount": .object(["amount": .number(5.5), "currencyCode": .string("USD")]),
                     "note": .string("rent money")],
        appWasNamed: false)

    static let rideContext = ConversationPresenter.Context(
        app: "MonkeyPay", intent: "INRequestRideIntent",
        parameters: ["dropOffLocation": .object(["name": .string("Gare du Nord")]), "rideOptionName": .string("XL")],
        appWasNamed: true)

    static let rideResponse: JSONValue = .object([
        "code": .string("success"),
        "properties": .object(["rideStatus": .object([
            "phase": .string("approachingPickup"), "driver": .object(["displayName": .string("Kiki")]),
            "vehicle": .object(["manufacturer": .string("Monkey"), "model": .string("Van")]),
            "rideOption": .object(["name": .string("XL"), "priceRange": .object([
                "minimumPrice": .number(5.5), "maximumPrice": .number(9), "currencyCode": .string("USD")])]),
        ])]),
    ])

    /// Every kind of turn, by name.
    static func turns() -> [(String, (ConversationPresenter) -> AssistantTurn)] {
        var turns: [(String, (ConversationPresenter) -> AssistantTurn)] = []
        let prompts: [(String, Prompt)] = [
            ("chooseApp", .chooseApp(names: ["MonkeyPay", "GorillaPay"])), ("useApp", .chooseApp(names: ["MonkeyPay"])),
            ("permission", .permission(usage: "To pay Bobo", outsideCode: ["/opt/helper"], appChanged: true)),
            ("unlock", .unlock),
            ("missing", .value(parameter: "currencyAmount", current: nil, reason: .missing)),
            ("moreDetails", .value(parameter: "payee", current: .string("Bobo"), reason: .moreDetails)),
            ("unsupported", .value(parameter: "payee", current: .string("Bobo"), reason: .unsupported(reason: "noAccount"))),
            ("refused", .value(parameter: "payee", current: nil, reason: .refused)),
            ("required", .value(parameter: "note", current: nil, reason: .required)),
            ("choice", .choice(parameter: "payee", items: [.string("Bobo"), .string("Kiki")])),
            ("confirmValue", .confirmValue(parameter: "payee", value: .string("Kiki"))),
            ("confirmIntent", .confirmIntent(confirmResponse: .object(["code": .string("ready")]))),
            ("openApp", .openApp(response: .object(["code": .string("continueInApp")]))),
            ("valueOrRequest", .valueOrRequest(parameter: "note", text: "call Bobo on MonkeyCall", assistant: false,
                                               request: .call(contacts: "Bobo"))),
            ("valueOrAssistant", .valueOrRequest(parameter: "note", text: "call Bobo on MonkeyCall", assistant: true)),
            ("makeDefault", .makeDefault(domain: "payments")),
        ]
        for (name, prompt) in prompts {
            turns.append((name, { $0.question(prompt, repeated: false, context: context) }))
            turns.append((name + " again", { $0.question(prompt, repeated: true, context: context) }))
        }
        turns += [
            ("result", { $0.result(.object(["code": .string("success")]), context: context) }),
            ("failure", { $0.result(.object(["code": .string("failureInsufficientFunds")]), context: context) }),
            ("rideResult", { $0.result(rideResponse, context: rideContext) }),
            ("rideConfirm", { $0.question(.confirmIntent(confirmResponse: rideResponse), repeated: false, context: rideContext) }),
            ("inProgress", { $0.inProgress(.object([:]), context: context) }),
            ("update", { $0.update(rideResponse, context: rideContext) }),
            ("handoff", { $0.handoff(.object(["code": .string("continueInApp")]), context: context, launchFailure: nil) }),
            ("handoffFailed", { $0.handoff(.object([:]), context: context, launchFailure: "disk full") }),
            ("notOpened", { $0.notOpened(.object([:]), context: context) }),
            ("discovery", { $0.discovery([(name: "MonkeyPay", examples: ["pay Bobo", "ask Kiki"])]) }),
            ("noApps", { $0.discovery([]) }),
            ("staleAnswer", { $0.staleAnswer() }),
            ("alreadyAnswered", { $0.alreadyAnswered() }),
            ("defaultChosen", { $0.defaultChosen(app: "MonkeyPay", domain: "payments") }),
        ]
        let notices: [(String, Notice)] = [
            ("notUnderstood", .notUnderstood(reason: nil)), ("cannotHelp", .cannotHelp(domains: ["payments", "rides"])),
            ("appCannot", .appCannot(app: "MonkeyPay")), ("interrupted", .interrupted(app: "MonkeyPay")),
            ("alreadyHandled", .alreadyHandled(app: "MonkeyPay")),
            ("notRecorded", .notRecorded(app: "MonkeyPay", reason: "disk full")), ("waiting", .waiting(app: "MonkeyPay")),
            ("rideUpdatesInterrupted", .rideUpdatesInterrupted(app: "MonkeyPay")),
            ("rideUpdatesLost", .rideUpdatesLost(app: "MonkeyPay")),
            ("handleFailed", .handleFailed(app: "MonkeyPay", reason: "it crashed")),
            ("noRideToCancel", .noRideToCancel(app: "MonkeyPay")), ("appMissing", .appMissing(app: nil)),
            ("extensionFailed", .extensionFailed(app: "MonkeyPay", reason: "it crashed")),
            ("notSaved", .notSaved(reason: "disk full")),
            ("valueRefused", .valueRefused(RefusedValue(property: "currencyAmount", said: "-5 dollars", reason: .notPositive))),
            ("valueSkipped", .valueSkipped),
        ]
        for (name, notice) in notices { turns.append((name, { $0.notice(notice) })) }
        let endings: [(String, ConversationEnding)] = [
            ("cancelled", .cancelled), ("declined", .declined), ("permissionDenied", .permissionDenied(app: "com.example.pay")),
            ("stayedLocked", .stayedLocked), ("gaveUp", .gaveUp(step: "payee")), ("setAside", .setAside),
            ("defaultDeclined", .defaultDeclined),
            ("confirmFailed", .confirmFailed(response: .object(["code": .string("failurePaymentsAmountAboveMaximum")]))),
        ]
        for (name, ending) in endings { turns.append((name, { $0.ending(ending, context: context) })) }
        return turns
    }

    @Test(arguments: [PresentationMode.visual, .voice])
    func everyTurnHasTheEnglishStructureInThePseudoLanguagesWords(mode: PresentationMode) throws {
        _ = try Self.pseudo()
        let english = ConversationPresenter(mode: mode, language: "en")
        let pseudo = ConversationPresenter(mode: mode, language: "qps")
        #expect(pseudo.languageCode == "qps")
        for (name, turn) in Self.turns() {
            let expected = turn(english)
            let said = turn(pseudo)
            #expect(said.kind == expected.kind, "\(name)")
            #expect(said.step == expected.step, "\(name)")
            #expect(said.options.count == expected.options.count, "\(name)")
            #expect(said.card?.style == expected.card?.style, "\(name)")
            #expect(said.card?.rows.count == expected.card?.rows.count, "\(name)")
            #expect(said.card?.options.count == expected.card?.options.count, "\(name)")
            #expect((said.card?.footer == nil) == (expected.card?.footer == nil), "\(name)")
            #expect(said.speech.contains("⟦"), "\(name): \(said.speech)")
            for value in Self.values where expected.speech.contains(value) {
                #expect(said.speech.contains(value), "\(name): \(value) in \(said.speech)")
            }
            for (row, englishRow) in zip(said.card?.rows ?? [], expected.card?.rows ?? []) {
                for value in Self.values where englishRow.value.contains(value) {
                    #expect(row.value.contains(value), "\(name): \(value) in the row \(row.value)")
                }
            }
        }
    }
}
