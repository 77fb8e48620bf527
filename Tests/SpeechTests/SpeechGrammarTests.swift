import Foundation
@testable import ParlanceSpeech
import Testing

@Suite("A grammar of what can be said")
struct SpeechGrammarTests {
    static let grammar = SpeechGrammar(
        sentences: [
            [.choice([[.words(["send"])], [.words(["write"])]]), .optional([.words(["a"])]), .words(["message", "to"]), .list("person")],
            [.words(["call"]), .list("person"), .choice([[.words(["now"])], []])],
            [.words(["set", "an", "alarm"])],
            [.words(["pay"]), .list("nobody")],
        ],
        lists: ["person": [["bobo"], ["kiki", "banana"]], "nobody": [["zzq"]]],
        openings: [[.words(["ask"]), .list("app"), .words(["to"])]],
        closings: [[.words(["on"]), .list("app")]])

    @Test("JSGF: one public rule, openings and closings written once, lists as rules, no empty alternative")
    func jsgf() {
        var grammar = Self.grammar
        grammar.lists["app"] = [["monkeychat"]]
        let text = grammar.jsgf
        #expect(text.hasPrefix("#JSGF V1.0;"))
        #expect(text.contains("public <request> = [ <opening> ] <sentence> [ <closing> ] ;"))
        #expect(text.contains("( ( send | write ) [ a ] message to <list"))
        #expect(text.contains("call <list") && text.contains("[ ( now ) ]"))
        #expect(!text.contains("|  |") && !text.contains("( )"))
        #expect(text.components(separatedBy: "monkeychat").count == 2, "the app list is written once")
    }

    @Test("words nobody can say leave their alternatives, lists and sentences out")
    func keeping() {
        let kept = Self.grammar.keeping { $0 != "zzq" && $0 != "write" }
        #expect(kept.lists["nobody"] == nil)
        #expect(kept.sentences.count == 3)
        #expect(!kept.words.contains("write"))
        #expect(kept.words.contains("send"))
    }

    @Test("names get their written form back, longest first")
    func writtenForms() {
        var forms = WrittenForms()
        forms.learn(["MonkeyChat", "Bobo", "Central Station", "Mary-Kate", "the airport", "Central"])
        #expect(forms.apply("monkeychat bobo send more bananas") == "MonkeyChat Bobo send more bananas")
        #expect(forms.apply("a ride to central station") == "a ride to Central Station")
        #expect(forms.apply("text mary kate") == "text Mary-Kate")
        #expect(forms.apply("go to the airport") == "go to the airport")
        // As Whisper writes them: any capitals, punctuation around the phrase kept, never inside it.
        #expect(forms.apply("Monkeychat, Bobo. Send more bananas") == "MonkeyChat, Bobo. Send more bananas")
        #expect(forms.apply("a ride to \"central station\"?") == "a ride to \"Central Station\"?")
        #expect(forms.apply("a ride to central. station") == "a ride to Central. station")
        #expect(forms.apply("— ? !") == "— ? !")
        #expect(forms.apply("text 'bobo' now") == "text 'Bobo' now")
    }
}
