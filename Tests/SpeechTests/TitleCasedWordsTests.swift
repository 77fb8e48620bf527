import ParlanceSpeech
import Testing

/// Whisper's title case read as a sentence, so that capitals mean names again.
@Suite struct TitleCasedWordsTests {
    @Test("a transcript in title case is read in sentence case; I and names with capitals inside keep theirs", arguments: [
        ("Start A Cycling Workout With MonkeyFit.", "en", "Start a cycling workout with MonkeyFit."),
        ("Tell Kiki I'm On My Way", "en", "Tell kiki I'm on my way"),
        ("Pay Olivia $80 With MonkeyPay", "en", "Pay olivia $80 with MonkeyPay"),
        ("Prenota Un Taxi Per La Stazione", "it", "Prenota un taxi per la stazione"),
        ("Réserve Un XL Pour La Gare", "fr", "Réserve un XL pour la gare"),
    ])
    func sentenceCased(text: String, language: String, expected: String) {
        #expect(TitleCasedWords.sentenceCased(text, capitalizedNouns: language == "de") == expected)
    }

    @Test("a sentence with a few names, a short command and German stay as written", arguments: [
        ("Send a message to Anna on MonkeyChat saying I'm late.", "en"),
        ("Text Sarah Miller", "en"),
        ("Call Kiki Now", "en"),
        ("Start a Cycling Workout.", "en"),
        ("Pay Olivia $80 with MonkeyPay", "en"),
        ("Schick Lena Eine Nachricht Mit MonkeyChat", "de"),
        ("", "en"),
        ("!!! ???", "en"),
    ])
    func unchanged(text: String, language: String) {
        #expect(TitleCasedWords.sentenceCased(text, capitalizedNouns: language == "de") == nil)
    }
}
