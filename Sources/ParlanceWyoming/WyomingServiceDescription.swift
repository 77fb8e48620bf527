import ParlanceCore

/// What a Wyoming service says it offers (its `info` event): speech-to-text languages and voices.
public struct WyomingServiceDescription: Sendable, Equatable {
    /// One voice of a text-to-speech service.
    public struct Voice: Sendable, Equatable {
        public var name: String
        public var languages: [String]
    }

    /// The languages its speech-to-text models recognise.
    public var recognitionLanguages: [String]
    /// Its text-to-speech voices.
    public var voices: [Voice]

    init(info: [String: JSONValue]) {
        func objects(_ value: JSONValue?) -> [[String: JSONValue]] {
            guard case .array(let items)? = value else { return [] }
            return items.compactMap { if case .object(let object) = $0 { object } else { nil } }
        }
        func strings(_ value: JSONValue?) -> [String] {
            guard case .array(let items)? = value else { return [] }
            return items.compactMap { if case .string(let text) = $0 { text } else { nil } }
        }
        var languages: [String] = []
        for program in objects(info["asr"]) {
            for model in objects(program["models"]) { languages += strings(model["languages"]) }
        }
        var voices: [Voice] = []
        for program in objects(info["tts"]) {
            for voice in objects(program["voices"]) {
                if case .string(let name)? = voice["name"] { voices.append(Voice(name: name, languages: strings(voice["languages"]))) }
            }
        }
        var seen = Set<String>()
        recognitionLanguages = languages.filter { seen.insert($0).inserted }
        self.voices = voices
    }
}
