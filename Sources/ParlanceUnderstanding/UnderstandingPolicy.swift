/// How understanding decides, in one place: the recognisers it asks, in order, and every threshold.
public struct UnderstandingPolicy: Sendable, Equatable {
    /// The least probability of the top intent for a request that names no app.
    public var unnamedAppConfidence: Double
    /// The least probability of an intent the named app supports.
    public var namedAppConfidence: Double
    /// A named app's request is out of scope when "none" is the top class with at least this probability…
    public var outOfScopeConfidence: Double
    /// … unless its words hold a cue of one of the app's intents, no out-of-scope marker, and the intent has
    /// at least this probability.
    public var namedAppCuedConfidence: Double
    /// From this probability on, a request with a cue of its intent is accepted even with an out-of-scope marker.
    public var sureConfidence: Double

    /// A request that names no app is out of scope when its own words speak for that more than this: the
    /// sum of each word's log ratio of use in real out-of-scope requests to use in the intents' phrasing.
    public var outOfScopeEvidence: Double

    /// The confidence reported for an exact match (an app's example phrase, a template).
    public var exactMatchConfidence: Double
    /// The confidence reported when the scope decision turns an intent down (measured on the development
    /// sets: right in 529 of 529 English out-of-scope requests it turned down, wrong on no in-scope one).
    public var scopeDecisionConfidence: Double
    /// The least confidence of a request said at one of the assistant's questions for it to be read as a
    /// request rather than an answer.
    public var answerAsRequestConfidence: Double = 0.8
    /// The recognisers, in the order they are asked; the first that decides wins. The model decides
    /// every request that reaches it, and its intents pass the scope decision at the end.
    public var chain: [Recognizer]

    public init(unnamedAppConfidence: Double = 0.55, namedAppConfidence: Double = 0.15, outOfScopeConfidence: Double = 0.5,
                namedAppCuedConfidence: Double = 0.05,
                sureConfidence: Double = 0.95, outOfScopeEvidence: Double = 1.5, exactMatchConfidence: Double = 0.99, scopeDecisionConfidence: Double = 0.95,
                chain: [Recognizer] = [.noRequest, .appExample, .template, .model]) {
        self.unnamedAppConfidence = unnamedAppConfidence
        self.namedAppConfidence = namedAppConfidence
        self.outOfScopeConfidence = outOfScopeConfidence
        self.namedAppCuedConfidence = namedAppCuedConfidence
        self.sureConfidence = sureConfidence
        self.outOfScopeEvidence = outOfScopeEvidence
        self.exactMatchConfidence = exactMatchConfidence
        self.scopeDecisionConfidence = scopeDecisionConfidence
        self.chain = chain
    }
}
