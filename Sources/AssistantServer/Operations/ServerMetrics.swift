import ParlanceHosting
import ParlancePresentation
import Prometheus

/// What `parlance serve` counts and times, for `/metrics` in the Prometheus text format (docs/server.md
/// › Operations). Every label takes values from a bounded set: route templates (never raw paths), methods,
/// status codes, turn kinds and outcomes, store operation names, and the identifiers of installed apps.
/// Nothing a user said or an id of theirs is ever a label.
public final class ServerMetrics: Sendable {
    private let registry = PrometheusCollectorRegistry()

    /// Seconds: from a fast answer to an app that takes its time.
    static let turnBuckets: [Duration] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30].map(seconds)
    /// Seconds: a store's operations are fast unless the disk is not.
    static let storeBuckets: [Duration] = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1]
        .map(seconds)

    public init() {}

    /// A turn (what the user said, answered by one or more assistant turns) ended after `duration`.
    /// `outcome`: the kind of the last turn (`result`, `question`, `notice`, `failure`, `progress`), or `none`.
    func turnAnswered(kinds: [AssistantTurn.Kind], duration: Duration) {
        let outcome = kinds.last?.rawValue ?? "none"
        registry.makeCounter(descriptor: Self.name("turns", unit: "total", "Turns answered, by the kind of their last answer."),
                             labels: [("outcome", outcome)]).increment()
        for kind in kinds {
            registry.makeCounter(descriptor: Self.name("assistant_turns", unit: "total", "Assistant turns given, by kind."),
                                 labels: [("kind", kind.rawValue)]).increment()
        }
        registry.makeDurationHistogram(descriptor: Self.name("turn_duration", unit: "seconds", "How long turns took to answer."),
                                       labels: [("outcome", outcome)], buckets: Self.turnBuckets).record(duration)
    }

    /// A store operation (`conversationState`, `apps`…) ended after `duration`.
    func storeOperation(_ operation: String, duration: Duration, failed: Bool) {
        registry.makeDurationHistogram(
            descriptor: Self.name("store_operation_duration", unit: "seconds", "How long store operations took."),
            labels: [("operation", operation)], buckets: Self.storeBuckets).record(duration)
        if failed {
            registry.makeCounter(descriptor: Self.name("store_operation_failures", unit: "total", "Store operations that failed."),
                                 labels: [("operation", operation)]).increment()
        }
    }

    /// An HTTP request was answered. `route`: the template it matched ("/v1/conversations/{id}"), else a fixed word.
    func httpRequest(route: String, method: String, status: Int, duration: Duration) {
        registry.makeCounter(descriptor: Self.name("http_requests", unit: "total", "HTTP requests answered, by route template, method and status."),
                             labels: [("route", route), ("method", method), ("status", String(status))]).increment()
        registry.makeDurationHistogram(descriptor: Self.name("http_request_duration", unit: "seconds", "How long HTTP requests took to answer."),
                                       labels: [("route", route), ("method", method)], buckets: Self.turnBuckets).record(duration)
    }

    /// The exposition, with the gauges read now.
    func exposition(openConversations: Int, turnsInFlight: Int, draining: Bool) -> [UInt8] {
        registry.makeGauge(descriptor: Self.name("open_conversations", unit: "", "Conversations held in memory.")).set(Double(openConversations))
        registry.makeGauge(descriptor: Self.name("turns_in_flight", unit: "", "Turns being answered now.")).set(Double(turnsInFlight))
        registry.makeGauge(descriptor: Self.name("draining", unit: "", "1 while the server drains before it stops.")).set(draining ? 1.0 : 0.0)
        return registry.emitToBuffer()
    }

    static func name(_ name: String, unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "parlance", metricName: name, unitName: unit, helpText: help)
    }

    private static func seconds(_ value: Double) -> Duration { .nanoseconds(Int64((value * 1e9).rounded())) }
}

extension ServerMetrics: ExtensionCallObserver {
    public func extensionCallEnded(app: String, call: String, duration: Duration, failed: Bool) {
        registry.makeDurationHistogram(
            descriptor: Self.name("extension_call_duration", unit: "seconds", "How long calls to app extensions took, by app and call."),
            labels: [("app", app), ("call", call)], buckets: Self.turnBuckets).record(duration)
        if failed {
            registry.makeCounter(descriptor: Self.name("extension_call_failures", unit: "total", "Calls to app extensions that failed, by app and call."),
                                 labels: [("app", app), ("call", call)]).increment()
        }
    }
}
