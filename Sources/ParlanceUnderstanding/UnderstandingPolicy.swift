/// The thresholds understanding decides with, in one place.
public struct UnderstandingPolicy: Sendable, Equatable {
    /// The least probability of the top intent for a request that names no app.
    public var unnamedAppConfidence: Double
    /// The least probability of an intent the named app supports.
    public var namedAppConfidence: Double
    /// A named app's request is out of scope when "none" is the top class with at least this probability.
    public var outOfScopeConfidence: Double
    /// From this probability on, a request with a cue of its intent is accepted even with an out-of-scope marker.
    public var sureConfidence: Double

    public init(unnamedAppConfidence: Double = 0.5, namedAppConfidence: Double = 0.15, outOfScopeConfidence: Double = 0.5,
                sureConfidence: Double = 0.95) {
        self.unnamedAppConfidence = unnamedAppConfidence
        self.namedAppConfidence = namedAppConfidence
        self.outOfScopeConfidence = outOfScopeConfidence
        self.sureConfidence = sureConfidence
    }
}
