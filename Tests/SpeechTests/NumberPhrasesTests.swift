@testable import ParlanceSpeech
import Testing

@Suite("Numbers in a grammar's lists")
struct NumberPhrasesTests {
    @Test("a list of amounts holds every number in the places its examples have one, in their units")
    func amountsGeneralised() throws {
        let amounts = [["twenty", "dollars"], ["thirty", "five", "euros"], ["a", "hundred", "bucks"], ["five"],
                       ["one", "point", "five", "miles"]]
        let heard = Set(try #require(NumberPhrases.generalized(amounts)))
        for phrase in [["fifteen", "dollars"], ["two", "hundred", "euros"], ["nine", "hundred", "ninety", "nine", "dollars"],
                       ["seven"], ["three", "thousand", "dollars"], ["a", "hundred", "bucks"], ["one", "point", "five", "miles"]] {
            #expect(heard.contains(phrase), "\(phrase)")
        }
        #expect(!heard.contains(["a", "seven", "bucks"]), "a word that is not a number stays")
        #expect(!heard.contains(["seven", "point", "five", "miles"]), "decimals stay as the examples say them")
    }

    @Test("a list whose phrases mostly have no number (messages, dates) is left as it is")
    func otherListsUntouched() {
        #expect(NumberPhrases.generalized([["see", "you", "at", "two"], ["hello"], ["on", "my", "way"]]) == nil)
        #expect(NumberPhrases.generalized([]) == nil)
    }

    @Test("a number's span runs over hundreds, thousands and joining words, not past them")
    func spans() {
        #expect(NumberPhrases.numberSpan(["pay", "two", "hundred", "and", "five", "dollars"]) == 1..<5)
        #expect(NumberPhrases.numberSpan(["ten", "and"]) == 0..<1)
        #expect(NumberPhrases.numberSpan(["a", "hundred"]) == nil)
    }
}
