import Foundation
import ParlanceCore

/// The conversation's words in one language: every question, result, ending and notice the assistant
/// says, and the labels of its cards. `CatalogConversationPhrases` says them from a language's replies
/// file; `ConversationPhrasebook` picks the file. Values arrive already put into words.
protocol ConversationPhrases: Sendable {
    /// The language code ("en").
    var code: String { get }

    // MARK: Questions
    func chooseApp(_ options: [String]) -> String
    /// The only app that could do it, for a yes or no: the user names the app a request goes to.
    func useApp(_ app: String) -> String
    func permission(app: String, usage: String?) -> String
    /// Said before the permission question of an app that runs programs outside its bundle.
    func runsOutsideCode(app: String, programs: String) -> String
    /// The app's extension stopped while a ride was followed; the assistant tries again.
    func rideUpdatesInterrupted(app: String) -> String
    /// The ride can't be followed any more.
    func rideUpdatesLost(app: String) -> String
    func unlock() -> String
    func askValue(_ asked: AskedValue) -> String
    func askMoreDetails(_ parameter: String, value: String?) -> String
    func askAfterRefusal(_ parameter: String) -> String
    func askChoice(_ parameter: String, options: [String]) -> String
    func askConfirmValue(_ asked: AskedValue, value: String) -> String
    func unsupported(_ parameter: String, value: String?, reason: String?, app: String) -> String
    func confirmIntent(_ summary: RequestSummary, intent: String, app: String, details: [String]) -> String
    /// The question again, after an answer that didn't fit.
    func again(_ question: String) -> String
    /// The line under a card that waits for a yes.
    func confirmFooter() -> String

    // MARK: Results
    func done(_ summary: RequestSummary) -> String
    /// The result sentence when the assistant chose the app itself: says which app did it.
    func doneWithApp(_ done: String, app: String) -> String
    func failure(_ code: String, app: String) -> String
    func inProgress(app: String) -> String
    func ridePhase(_ phase: String) -> String
    func rideUpdate(app: String, phase: String) -> String
    func handedOff(done: String?, app: String) -> String
    func handOffFailed(app: String, reason: String) -> String
    /// Asked before an app is opened to finish a request, after what the app answered if it succeeded
    /// ("Found 14 photos. Open MonkeyPhotos to finish this?").
    func openApp(app: String, done: String?) -> String
    /// The answers offered to `openApp`, in the order yes, no, always; each must be one of the language's
    /// `@words yes`, `no` and `always` (or read as the option it is).
    func openAppOptions() -> [String]
    /// The user said no to opening the app: it stays closed.
    func notOpened(app: String) -> String

    // MARK: Endings and notices
    func cancelled() -> String
    func declined() -> String
    func permissionDenied(app: String, identifier: String) -> String
    func stayedLocked() -> String
    func gaveUp(step: String, app: String) -> String
    func resumed(_ question: String) -> String
    func beforeRestart(_ result: String) -> String
    func interrupted(app: String) -> String
    func notUnderstood() -> String
    /// That a request is none the apps serve, and what they do serve (domains: "messaging", "rides"…).
    func cannotHelp(domains: [String]) -> String
    func appCannot(app: String) -> String
    func waiting(app: String) -> String
    func alreadyHandled(app: String) -> String
    func notRecorded(reason: String) -> String
    func handleFailed(app: String, reason: String) -> String
    func noRideToCancel(app: String) -> String
    func appMissing(app: String) -> String
    func extensionFailed(app: String, reason: String) -> String
    func notSaved(reason: String) -> String
    /// Why a value said ("-5 dollars") is none of its kind and was not passed on.
    func valueRefused(said: String, reason: RefusedValue.Reason) -> String
    /// How to call an app whose name is unknown ("the app").
    func unnamedApp() -> String
    func noApps() -> String
    func discovery(_ examples: [String]) -> String
    func discoveryTitle() -> String
    /// A front end's greeting: how to start and how to leave.
    func welcome() -> String
    /// Said once, when a front end found no apps and installed the samples.
    func installedSamples(_ names: [String]) -> String
    /// Said before the permission question of an app the user allowed whose code changed since (its
    /// extension was edited in place): the decision was for other code, so it is asked for again.
    func appChanged(app: String) -> String
    /// The heading of the card that asks which app should do a request: no app is chosen yet, so the card
    /// is titled after the question rather than after an app.
    func chooseAppTitle() -> String
    /// Said when a client's answer names a question that is no longer the one asked (an old button, a
    /// reply typed before a newer question came): the answer is not used, and nothing was done.
    func staleAnswer() -> String
    /// Said when a client's answer names a question that was already answered (the answer's reply was lost, with
    /// the connection or the server that gave it): what came of it follows.
    func alreadyAnswered() -> String

    // MARK: Words
    /// A short name for a parameter ("recipient").
    func label(_ parameter: String) -> String
    /// A card's row label, given in English ("Amount").
    func cardLabel(_ english: String) -> String
    /// "A, B and C".
    func list(_ items: [String]) -> String
    /// Words for an enum case name ("inProgress", "videoCall").
    func caseWords(_ name: String) -> String
}

/// The phrases for a language: its replies file (bundled, or added with `ReplyLanguages.add`), else English.
enum ConversationPhrasebook {
    static func phrases(for language: String) -> any ConversationPhrases {
        CatalogConversationPhrases(catalog: ReplyLanguages.catalog(for: language))
    }
}
