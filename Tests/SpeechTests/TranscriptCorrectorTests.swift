@testable import ParlanceSpeech
import Testing

@Suite("Transcripts read again with the names the assistant knows")
struct TranscriptCorrectorTests {
    static let names = ["MonkeyChat", "MonkeyPay", "MonkeyCall", "MonkeyRide", "MonkeyFit", "GorillaCab", "Bobo", "Kiki",
                        "Coco", "Zaza", "Mimi Banana", "Bobo the Great", "Morning Climb", "beach", "sunset"].map { SpokenName($0) }

    /// The corrections' texts for a transcript.
    static func readings(_ transcript: String, language: String = "en", sounds: (any WordSounds)? = nil) -> [String] {
        let corrector = sounds.map { TranscriptCorrector(names: names, sounds: $0) }
            ?? TranscriptCorrector(names: names, language: language)
        return corrector.corrections(of: transcript).map(\.text)
    }

    @Test("names written as ordinary words are read as the names (spelling rules alone)", arguments: [
        ("Send key key 55 pounds.", "Send Kiki 55 pounds."),
        ("Start a run with monkey fit", "Start a run with MonkeyFit"),
        ("Book a ride with Gorilla-Cab to the station", "Book a ride with GorillaCab to the station"),
        ("Call Koko", "Call Coco"),
        ("Zahle Kicky 25 Euro", "Zahle Kiki 25 Euro"),
        ("Envoie un message à Coco avec Monkey Tchat", "Envoie un message à Coco avec MonkeyChat"),
        ("ボボに100ドル送って", "Boboに100ドル送って"),
        ("ココにメッセージを送って", "Cocoにメッセージを送って"),
        ("给ｋｉｋｉ转100元", "给Kiki转100元"),
    ])
    func spelledNames(_ transcript: String, _ expected: String) {
        #expect(Self.readings(transcript, sounds: SpellingWordSounds()).contains(expected))
    }

    @Test("what is already a name, or sounds like none, gets no corrections", arguments: [
        "Send Kiki 55 pounds.", "Text Bobo the Great I'm late", "Tell Bob I'm coming", "Pay the Eli $1,000.",
        "Ask Kiki for money", "给Kiki转100元", "Start a 30-minute run",
    ])
    func nothingToCorrect(_ transcript: String) {
        #expect(Self.readings(transcript, sounds: SpellingWordSounds()).isEmpty)
    }

    @Test("part of a name is not the name, and lower-case terms are ordinary words never put in")
    func partsAndOrdinaryWords() {
        let readings = Self.readings("Text Monkey, the beech at sun set", sounds: SpellingWordSounds())
        #expect(!readings.contains { $0.contains("MonkeyChat") || $0.contains("MonkeyPay") }, "\(readings)")
        #expect(Self.readings("Tell Bob I'm coming", language: "en").isEmpty, "no name swallows the word after it")
        #expect(!readings.contains { $0.contains("beach") || $0.contains("sunset") })
    }

    @Test("every correction keeps the transcript's other words and marks, and says what it replaced")
    func keepsTheRest() throws {
        let corrector = TranscriptCorrector(names: Self.names, sounds: SpellingWordSounds())
        let corrections = corrector.corrections(of: "Text koko on monkey chat: buy bread, now!")
        let both = try #require(corrections.first)
        #expect(both.text == "Text Coco on MonkeyChat: buy bread, now!")
        #expect(both.replacements.map(\.heard) == ["koko", "monkey chat"])
        #expect(both.replacements.map(\.name) == ["Coco", "MonkeyChat"])
        #expect(corrections.contains { $0.text == "Text Coco on monkey chat: buy bread, now!" })
        #expect(corrections.contains { $0.text == "Text koko on MonkeyChat: buy bread, now!" })
        #expect(corrections.allSatisfy { $0.text.hasSuffix(": buy bread, now!") })
    }

    @Test("a name does not run over a mark between words")
    func marksEndNames() {
        #expect(!Self.readings("Call key, key", sounds: SpellingWordSounds()).contains("Call Kiki"))
    }

    @Test("a sounds-like hint is heard as the name")
    func soundsLike() {
        let corrector = TranscriptCorrector(names: [SpokenName("Bananarific", soundsLike: "ba nana ri fic")],
                                            sounds: SpellingWordSounds())
        #expect(corrector.corrections(of: "open banana ree fick").map(\.text).contains("open Bananarific"))
    }

    @Test("English by pronunciation: what Whisper writes for the sample apps' names",
          .enabled(if: LexiconWordSounds.shared != nil), arguments: [
        ("Text Coco on Monkey Church that I'm running late.", "Text Coco on MonkeyChat that I'm running late."),
        ("Book a ride with gorilla cap to the station.", "Book a ride with GorillaCab to the station."),
        ("Request $25 from Kitty.", "Request $25 from Kiki."),
        ("Tell Mimi Benaneu I'm on my way.", "Tell Mimi Banana I'm on my way."),
        ("Send a message to cake", "Send a message to Coco"),
    ])
    func englishSounds(_ transcript: String, _ expected: String) {
        #expect(Self.readings(transcript, language: "en").contains(expected))
    }

    @Test("English by pronunciation stays away from words unlike any name", .enabled(if: LexiconWordSounds.shared != nil))
    func englishConservative() {
        let readings = Self.readings("Book a ride to the station and call mom", language: "en")
        #expect(readings.isEmpty, "\(readings)")
    }

    @Test("German, French and Italian by espeak-ng's reading", .enabled(if: EspeakWordSounds(voice: "de") != nil),
          arguments: [
        ("de", "Schick Koko eine Nachricht mit Monkey Chat", "Schick Coco eine Nachricht mit MonkeyChat"),
        ("it", "Manda un messaggio a Chichi con Monchi Ciat", "Manda un messaggio a Kiki con MonkeyChat"),
        ("fr", "Envoie un message à Coco avec Monkey Tchat", "Envoie un message à Coco avec MonkeyChat"),
    ])
    func otherLanguages(_ language: String, _ transcript: String, _ expected: String) {
        #expect(Self.readings(transcript, language: language).contains(expected))
    }

    @Test("sound keys: vowels and voicing twins are near, other sounds far, CMU and IPA alike")
    func soundKeys() {
        #expect(SoundKey(cmu: "K OW1 K OW0") == SoundKey(ipa: "kˈoːkoː"))
        #expect(SoundKey(ipa: "mˈɔnkaɪ (en)tʃˈat(de)").phones == ["m", "o", "n", "k", "a", "i", "tʃ", "a", "t"])
        #expect(SoundKey(cmu: "K IY1 K IY0").distance(to: SoundKey(cmu: "K IY1 K IY0")) == 0)
        let kitty = SoundKey(cmu: "K IH1 T IY0"), kiki = SoundKey(cmu: "K IY1 K IY0"), bob = SoundKey(cmu: "B AA1 B")
        #expect(kitty.distance(to: kiki) < 0.3)
        #expect(bob.distance(to: kiki) > 0.5)
        #expect(SoundKey(["p"]).distance(to: SoundKey(["b"])) < SoundKey(["p"]).distance(to: SoundKey(["k"])))
    }

    @Test("kana read as rōmaji", arguments: [("キキ", "kiki"), ("ボボ", "bobo"), ("チャット", "chato"), ("ティー", "ti"),
                                            ("ふぁ", "fa"), ("Kiki", nil), ("キキ先生", nil)])
    func kana(_ word: String, _ romaji: String?) {
        #expect(KanaReading.romaji(word) == romaji)
    }
}
