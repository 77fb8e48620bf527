/// A transcript with some of its words taken for names the assistant knows: "Send key key 55 pounds." read as
/// "Send Kiki 55 pounds.". A candidate only: whether the name is what was meant is understanding's to say.
public struct TranscriptCorrection: Sendable, Equatable {
    /// Words of the transcript read as a name.
    public struct Replacement: Sendable, Equatable {
        /// The words as the recogniser wrote them ("key key").
        public var heard: String
        /// The name, as written ("Kiki").
        public var name: String
        /// How far apart they sound, 0 (alike, or spelled alike) to 1.
        public var distance: Double

        public init(heard: String, name: String, distance: Double) {
            self.heard = heard
            self.name = name
            self.distance = distance
        }
    }

    /// The transcript with the replacements made; everything else as the recogniser wrote it.
    public var text: String
    /// What was replaced, left to right.
    public var replacements: [Replacement]

    public init(text: String, replacements: [Replacement]) {
        self.text = text
        self.replacements = replacements
    }

    /// The replacements' distances added up: lower is a closer reading.
    public var distance: Double { replacements.reduce(0) { $0 + $1.distance } }
}
