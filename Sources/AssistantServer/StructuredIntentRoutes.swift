import Foundation
import Hummingbird
import HummingbirdWebSocket
import Intents
import ParlanceEngine
import ExtensionWire

/// `POST /v1/intents/{resolve|confirm|handle}`: the maps surface's API. An intent in the
/// SDK's JSON form goes to one named app, or (resolve, confirm) to every allowed app that supports it;
/// the answer lists each app's resolutions or response. The rules are `IntentBroker`'s, as the request's user.
struct StructuredIntentRoutes: Sendable {
    let users: ServedUsers
    let maximumBodySize: Int

    private struct Input: Decodable {
        var intent: AnyIntent
        var app: String?
        var parameters: [String]?
        var userConfirmed: Bool?
    }

    /// One app's answer.
    struct Answer: Encodable, Sendable {
        struct Refusal: Encodable, Sendable {
            let code: String
            let message: String
        }

        let app: String
        let name: String
        let elapsedMs: Double
        var resolutions: [ParameterResolution]?
        var response: AnyIntentResponse?
        /// Confirm is not implemented by the app: the intent counts as ready.
        var notImplemented: Bool?
        var refused: Refusal?
        var error: String?
    }

    struct Answers: Encodable, Sendable {
        let intent: String
        let step: String
        let answers: [Answer]
    }

    func register(on router: Router<BasicWebSocketRequestContext>) {
        router.post("v1/intents/:step") { request, context in
            let stepName = context.parameters.get("step") ?? ""
            guard let step = IntentBroker.Step(rawValue: stepName) else {
                throw APIError.notFound("\"\(stepName)\" is not a step; use resolve, confirm or handle")
            }
            let input: Input
            do {
                input = try await RequestBody.decode(Input.self, from: request, limit: maximumBodySize)
            } catch let error as APIError where error.code == "invalidValue" || error.code == "wrongType" {
                throw APIError.unprocessable("invalidIntent", "the intent is not in the SDK's JSON form "
                    + "(docs/intents-json.md): \(error.message)")
            }
            let answers: [IntentBroker.AppAnswer]
            let broker = try users.current().space.broker
            do {
                answers = try await broker.perform(step, input.intent.intent, app: input.app, parameters: input.parameters,
                                                   userConfirmed: input.userConfirmed ?? false)
            } catch let failure as IntentBroker.Failure {
                throw Self.apiError(failure)
            }
            return JSONResponse(Answers(intent: input.intent.intent.intentName, step: step.rawValue,
                                        answers: answers.map(Self.view)))
        }
    }

    static func view(_ answer: IntentBroker.AppAnswer) -> Answer {
        let (seconds, attoseconds) = answer.elapsed.components
        var view = Answer(app: answer.app, name: answer.name,
                          elapsedMs: ((Double(seconds) * 1000 + Double(attoseconds) / 1e15) * 1000).rounded() / 1000)
        switch answer.outcome {
        case .resolutions(let resolutions): view.resolutions = resolutions
        case .response(let response?): view.response = AnyIntentResponse(response)
        case .response(nil): view.notImplemented = true
        case .refused(let code, let message): view.refused = .init(code: code, message: message)
        case .failed(let message): view.error = message
        }
        return view
    }

    static func apiError(_ failure: IntentBroker.Failure) -> APIError {
        switch failure.kind {
        case .unknownApp: APIError.notFound(failure.message)
        case .unsupportedIntent, .appRequired: APIError.unprocessable(failure.kind.rawValue, failure.message)
        case .confirmationRequired: APIError(.conflict, code: "confirmationRequired", failure.message)
        case .notSaved: APIError.internalError(failure.message)
        }
    }
}
