import ExtensionWire
import Foundation
@_spi(Parlance) import Intents
import IntentsUI

/// The state of one served connection: whether `initialize` came, the handlers of recent intents,
/// the ride status subscriptions. Used only by the serve loop, one request at a time.
final class ServerSession: @unchecked Sendable {
    enum Next { case proceed, stop }

    private let provider: any INIntentHandlerProviding
    private let viewController: (any INUIHostedViewControlling)?
    private let output: ReplyWriter
    private let dispatcher = IntentDispatcher()
    private var initialized = false
    private var progressInterval: Duration = .seconds(1)
    /// Handlers by intent identifier, so that resolve, confirm and handle of one intent reach the same
    /// object, as on Apple's platforms. Bounded: the oldest is dropped.
    private var handlers: [(identifier: String, handler: Any)] = []
    private var observers: [String: RideStatusForwarder] = [:]
    private static let handlerCacheSize = 16

    init(provider: any INIntentHandlerProviding, viewController: (any INUIHostedViewControlling)? = nil,
         output: ReplyWriter) {
        self.provider = provider
        self.viewController = viewController
        self.output = output
    }

    func process(_ line: Data) async -> Next {
        let request: WireRequest
        do {
            request = try WireProtocol.decode(WireRequest.self, from: line)
        } catch {
            let json = try? JSONSerialization.jsonObject(with: line, options: [.fragmentsAllowed])
            let isJSON = json != nil
            output.fail(Self.readableID(in: json), isJSON
                ? WireErrorObject(.invalidRequest, "not a JSON-RPC 2.0 request: \(WireDecodingMessage.describe(error))")
                : WireErrorObject(.parseError, "the line is not valid JSON"))
            return .proceed
        }
        return await perform(request)
    }

    /// The id of a message that is JSON but not a valid request, when it has a usable one.
    private static func readableID(in json: Any?) -> WireRequestID? {
        guard let object = json as? [String: Any] else { return nil }
        if let number = object["id"] as? Int { return .number(number) }
        if let string = object["id"] as? String { return .string(string) }
        return nil
    }

    private func perform(_ request: WireRequest) async -> Next {
        let id = request.id
        switch request.call {
        case let .initialize(params):
            guard params.protocolVersion == WireProtocol.version else {
                output.fail(id, WireErrorObject(.notInitialized,
                    "protocol version \(params.protocolVersion) is not supported; this extension speaks \(WireProtocol.version)"))
                return .proceed
            }
            if let interval = params.progressIntervalMilliseconds, interval > 0 {
                progressInterval = .milliseconds(interval)
            }
            initialized = true
            output.reply(id, result: InitializeResult(intents: supportedIntents()))
        case .shutdown:
            output.reply(id, result: NoParams())
            return .stop
        case let .unknown(method):
            guard id != nil else { return .proceed }  // a notification gets no reply, not even an error
            output.fail(id, WireErrorObject(.methodNotFound, "method \"\(method)\" is not part of protocol version \(WireProtocol.version)"))
        case let .invalidParams(method, message):
            guard id != nil else { return .proceed }
            output.fail(id, WireErrorObject(.invalidParams, "\(method): \(message)"))
        default:
            guard initialized else {
                output.fail(id, WireErrorObject(.notInitialized, "the first request must be \"initialize\""))
                return .proceed
            }
            await performIntentCall(request.call, id: id)
        }
        return .proceed
    }

    private func performIntentCall(_ call: WireRequest.Call, id: WireRequestID?) async {
        do throws(IntentDispatchError) {
            switch call {
            case let .resolve(params):
                let intent = params.intent.intent
                let handler = handler(for: intent)
                var resolutions: [ParameterResolution] = []
                for parameter in params.parameters {
                    let results = try await dispatcher.resolve(parameter, of: intent, with: handler)
                    resolutions.append(ParameterResolution(parameter: parameter, results: results))
                }
                output.reply(id, result: ResolveResult(resolutions: resolutions,
                                                       confirmImplemented: dispatcher.implementsConfirm(intent, with: handler)))
            case let .confirm(params):
                let intent = params.intent.intent
                let response = try await dispatcher.confirm(intent, with: handler(for: intent))
                output.reply(id, result: ResponseResult(response: response))
            case let .handle(params):
                let intent = params.intent.intent
                let response = try await handleReportingProgress(intent, id: id)
                output.reply(id, result: ResponseResult(response: response))
            case let .startUpdates(params):
                output.reply(id, result: UpdatesResult(implemented: try startUpdates(params.intent.intent)))
            case let .stopUpdates(params):
                output.reply(id, result: UpdatesResult(implemented: try stopUpdates(params.intent.intent)))
            case let .configureView(params):
                guard let viewController else {
                    output.fail(id, WireErrorObject(.methodNotFound, "this extension has no Intents UI view controller"))
                    return
                }
                let view = await INPreferences.$requestLanguage.withValue(params.language) {
                    await viewController.configureView(for: params.interaction.interaction, context: params.context)
                }
                output.reply(id, result: ConfigureViewResult(view: view))
            default:
                break
            }
        } catch {
            output.fail(id, WireErrorObject(error.kind == .unknownParameter ? .invalidParams : .notHandled, error.description))
        }
    }

    /// Handles the intent in this task while a timer reports `$/progress` every interval: a handler that
    /// answers at once costs no other task or thread.
    private func handleReportingProgress(_ intent: INIntent, id: WireRequestID?) async throws(IntentDispatchError)
        -> INIntentResponse {
        let ticker = id.map { ProgressTicker(id: $0, every: progressInterval, output: output) }
        defer { ticker?.stop() }
        return try await dispatcher.handle(intent, with: handler(for: intent))
    }

    private func handler(for intent: INIntent) -> Any? {
        guard let identifier = intent.identifier else { return provider.handler(for: intent) }
        if let cached = handlers.first(where: { $0.identifier == identifier }) { return cached.handler }
        guard let handler = provider.handler(for: intent) else { return nil }
        handlers.append((identifier, handler))
        if handlers.count > Self.handlerCacheSize { handlers.removeFirst() }
        return handler
    }

    private func startUpdates(_ intent: INIntent) throws(IntentDispatchError) -> Bool {
        guard let rideIntent = intent as? INGetRideStatusIntent else { throw .unsupportedIntent(intent.intentName) }
        let forwarder = RideStatusForwarder(intentIdentifier: intent.identifier, output: output)
        let implemented = try dispatcher.startSendingUpdates(for: rideIntent, with: handler(for: intent), to: forwarder)
        if implemented { observers[intent.identifier ?? ""] = forwarder }
        return implemented
    }

    private func stopUpdates(_ intent: INIntent) throws(IntentDispatchError) -> Bool {
        guard let rideIntent = intent as? INGetRideStatusIntent else { throw .unsupportedIntent(intent.intentName) }
        observers[intent.identifier ?? ""]?.isActive = false
        observers[intent.identifier ?? ""] = nil
        return try dispatcher.stopSendingUpdates(for: rideIntent, with: handler(for: intent))
    }

    func stopAllUpdates() {
        for observer in observers.values { observer.isActive = false }
        observers.removeAll()
    }

    /// The intents for which the extension returns a handler, asked with an empty intent of each class.
    private func supportedIntents() -> [String] {
        IntentCatalog.all.filter { provider.handler(for: $0.makeEmpty()) != nil }.map(\.name)
    }
}
