/// The life of one extension as the host sees it: stopped, starting, running, or waiting out a
/// back-off after failures. Pure: the host performs what the transitions decide.
///
/// ```
/// stopped ──call──► starting ──initialized──► running ──idle / evicted──► stopped
///    ▲                 │ failed                  │ crashed, deadline, garbage
///    └──(first failure)┴──────────────◄──────────┘
///                      └─(again)──► backingOff(until) ──time passes──► stopped
/// ```
struct ExtensionLifecycle: Sendable, Equatable {
    enum State: Sendable, Equatable {
        case stopped
        case starting
        case running
        case backingOff(until: Duration)
    }

    /// What to do with a call.
    enum Admission: Sendable, Equatable {
        /// The process runs: call it.
        case call
        /// Start the process first.
        case start
        /// Another call is starting it: wait for that start.
        case awaitStart
        /// Failed too often lately: refuse until the back-off ends.
        case refuse(retryIn: Duration)
    }

    private(set) var state: State = .stopped
    private(set) var consecutiveFailures = 0
    private(set) var lastUsed: Duration
    private(set) var callsInFlight = 0

    init(now: Duration) {
        lastUsed = now
    }

    mutating func admit(now: Duration) -> Admission {
        switch state {
        case .running: return .call
        case .starting: return .awaitStart
        case let .backingOff(until) where now < until: return .refuse(retryIn: until - now)
        case .stopped, .backingOff:
            state = .starting
            return .start
        }
    }

    mutating func didStart(now: Duration) {
        state = .running
        lastUsed = now
    }

    mutating func callBegan(now: Duration) {
        callsInFlight += 1
        lastUsed = now
    }

    mutating func callEnded(now: Duration, succeeded: Bool) {
        callsInFlight = max(0, callsInFlight - 1)
        lastUsed = now
        if succeeded { consecutiveFailures = 0 }
    }

    /// The process failed (at start or during a call) and is gone; returns the back-off now in force.
    @discardableResult
    mutating func didFail(now: Duration, policy: HostingPolicy) -> Duration {
        consecutiveFailures += 1
        let wait = Self.backoff(afterFailures: consecutiveFailures, policy: policy)
        state = wait > .zero ? .backingOff(until: now + wait) : .stopped
        return wait
    }

    /// The host stopped the process on purpose (idle, evicted, shutdown).
    mutating func didStop() {
        if state == .running || state == .starting { state = .stopped }
    }

    func isIdle(now: Duration, policy: HostingPolicy) -> Bool {
        state == .running && callsInFlight == 0 && now - lastUsed >= policy.idleTimeout
    }

    /// No wait after one failure (restart on next use); then the first back-off, doubling, capped.
    static func backoff(afterFailures failures: Int, policy: HostingPolicy) -> Duration {
        guard failures > 1 else { return .zero }
        var wait = policy.firstBackoff
        for _ in 2..<failures {
            wait *= 2
            if wait >= policy.maximumBackoff { return policy.maximumBackoff }
        }
        return min(wait, policy.maximumBackoff)
    }
}
