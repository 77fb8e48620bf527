import ParlanceSpeech
import Testing

/// Words a recogniser hyphenated into one are read apart: only hyphens between two letters, each of them.
@Suite struct HyphenatedWordsTests {
    @Test(arguments: [
        ("Schick-Kiki-Affricht, dass ich später komme.", "Schick Kiki Affricht, dass ich später komme."),
        ("Ruf Bobo mit Monkey-Call an", "Ruf Bobo mit Monkey Call an"),
        ("appelle-moi un taxi", "appelle moi un taxi"),
    ])
    func hyphensBetweenLettersBecomeSpaces(heard: String, apart: String) {
        #expect(HyphenatedWords.spaced(heard) == apart)
    }

    @Test(arguments: ["Pay Bobo 5 dollars", "-3 dollars", "call 0171-2345678", "pay Kiki - 5 dollars", "-", ""])
    func nothingElseChanges(heard: String) {
        #expect(HyphenatedWords.spaced(heard) == nil)
    }
}
