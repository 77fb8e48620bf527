import Foundation
import ParlanceCore

/// The conversation's words in any language, from its replies file: each requirement of
/// `ConversationPhrases` is one message, rendered with the values it names.
struct CatalogConversationPhrases: ConversationPhrases {
    let catalog: ReplyCatalog

    var code: String { catalog.code }

    private func say(_ key: String, _ arguments: [String: ReplyArgument?] = [:]) -> String {
        catalog.text(key, arguments)
    }

    // MARK: Questions

    func chooseApp(_ options: [String]) -> String { say("chooseApp", ["options": .list(options)]) }
    func useApp(_ app: String) -> String { say("useApp", ["app": .text(app)]) }
    func permission(app: String, usage: String?) -> String {
        say("permission", ["app": .text(app), "usage": usage.flatMap { $0.isEmpty ? nil : $0 }.reply])
    }
    func runsOutsideCode(app: String, programs: String) -> String {
        say("runsOutsideCode", ["app": .text(app), "programs": .text(programs)])
    }
    func rideUpdatesInterrupted(app: String) -> String { say("rideUpdatesInterrupted", ["app": .text(app)]) }
    func rideUpdatesLost(app: String) -> String { say("rideUpdatesLost", ["app": .text(app)]) }
    func unlock() -> String { say("unlock") }
    func askValue(_ asked: AskedValue) -> String { say("askValue", asked.replyArguments) }
    func askMoreDetails(_ parameter: String, value: String?) -> String {
        say("askMoreDetails", ["parameter": .text(parameter), "value": value.reply])
    }
    func askAfterRefusal(_ parameter: String) -> String { say("askAfterRefusal", ["parameter": .text(parameter)]) }
    func askChoice(_ parameter: String, options: [String]) -> String {
        say("askChoice", ["parameter": .text(parameter), "options": .list(options)])
    }
    func askConfirmValue(_ asked: AskedValue, value: String) -> String {
        say("askConfirmValue", asked.replyArguments.merging(["value": .text(value)]) { $1 })
    }
    func unsupported(_ parameter: String, value: String?, reason: String?, app: String) -> String {
        say("unsupported", ["parameter": .text(parameter), "value": value.reply, "reason": reason.reply, "app": .text(app)])
    }
    func confirmIntent(_ summary: RequestSummary, intent: String, app: String, details: [String]) -> String {
        say("confirmIntent", summary.replyArguments.merging(["intent": .text(intent), "app": .text(app),
                                                             "details": .list(details)]) { $1 })
    }
    func again(_ question: String) -> String { say("again", ["question": .text(question)]) }
    func confirmFooter() -> String { say("confirmFooter") }

    // MARK: Results

    func done(_ summary: RequestSummary) -> String { say("done", summary.replyArguments) }
    func doneWithApp(_ done: String, app: String) -> String { say("doneWithApp", ["done": .text(done), "app": .text(app)]) }
    func failure(_ code: String, app: String) -> String { say("failure", ["code": .text(code), "app": .text(app)]) }
    func inProgress(app: String) -> String { say("continuesInBackground", ["app": .text(app)]) }
    func ridePhase(_ phase: String) -> String { say("ridePhase", ["phase": .text(phase)]) }
    func rideUpdate(app: String, phase: String) -> String { say("rideUpdate", ["app": .text(app), "phase": .text(phase)]) }
    func handedOff(done: String?, app: String) -> String { say("handedOff", ["done": done.reply, "app": .text(app)]) }
    func handOffFailed(app: String, reason: String) -> String {
        say("handOffFailed", ["app": .text(app), "reason": .text(reason)])
    }
    func openApp(app: String, done: String?) -> String { say("openApp", ["app": .text(app), "done": done.reply]) }
    func openAppOptions() -> [String] { [say("openApp.yes"), say("openApp.no"), say("openApp.always")] }
    func notOpened(app: String) -> String { say("notOpened", ["app": .text(app)]) }

    // MARK: Endings and notices

    func cancelled() -> String { say("cancelled") }
    func declined() -> String { say("declined") }
    func permissionDenied(app: String, identifier: String) -> String {
        say("permissionDenied", ["app": .text(app), "identifier": .text(identifier)])
    }
    func stayedLocked() -> String { say("stayedLocked") }
    func gaveUp(step: String, app: String) -> String { say("gaveUp", ["step": .text(step), "app": .text(app)]) }
    func resumed(_ question: String) -> String { say("resumed", ["question": .text(question)]) }
    func beforeRestart(_ result: String) -> String { say("beforeRestart", ["result": .text(result)]) }
    func interrupted(app: String) -> String { say("interrupted", ["app": .text(app)]) }
    func notUnderstood() -> String { say("notUnderstood") }
    func cannotHelp(domains: [String]) -> String { say("cannotHelp", ["domains": .list(domains)]) }
    func appCannot(app: String) -> String { say("appCannot", ["app": .text(app)]) }
    func waiting(app: String) -> String { say("waiting", ["app": .text(app)]) }
    func alreadyHandled(app: String) -> String { say("alreadyHandled", ["app": .text(app)]) }
    func notRecorded(reason: String) -> String { say("notRecorded", ["reason": .text(reason)]) }
    func handleFailed(app: String, reason: String) -> String {
        say("handleFailed", ["app": .text(app), "reason": .text(reason)])
    }
    func noRideToCancel(app: String) -> String { say("noRideToCancel", ["app": .text(app)]) }
    func appMissing(app: String) -> String { say("appMissing", ["app": .text(app)]) }
    func extensionFailed(app: String, reason: String) -> String {
        say("extensionFailed", ["app": .text(app), "reason": .text(reason)])
    }
    func notSaved(reason: String) -> String { say("notSaved", ["reason": .text(reason)]) }
    func valueRefused(said: String, reason: RefusedValue.Reason) -> String {
        say("valueRefused", ["said": .text(said), "reason": .text(reason.rawValue)])
    }
    func unnamedApp() -> String { say("unnamedApp") }
    func noApps() -> String { say("noApps") }
    func discovery(_ examples: [String]) -> String { say("discovery", ["examples": .list(examples)]) }
    func discoveryTitle() -> String { say("discoveryTitle") }
    func welcome() -> String { say("welcome") }
    func installedSamples(_ names: [String]) -> String { say("installedSamples", ["names": .list(names)]) }
    func appChanged(app: String) -> String { say("appChanged", ["app": .text(app)]) }
    func chooseAppTitle() -> String { say("chooseAppTitle") }
    func staleAnswer() -> String { say("staleAnswer") }
    func alreadyAnswered() -> String { say("alreadyAnswered") }

    // MARK: Words

    func label(_ parameter: String) -> String { ReplyFormatter(catalog: catalog).format(.text(parameter), with: "label", options: []) }
    func cardLabel(_ english: String) -> String {
        catalog.optionalText("card." + english.replacingOccurrences(of: " ", with: "_")) ?? english
    }
    func list(_ items: [String]) -> String { ValueText.list(items, language: code) }
    func caseWords(_ name: String) -> String { ReplyFormatter(catalog: catalog).format(.text(name), with: "caseWord", options: []) }
}
