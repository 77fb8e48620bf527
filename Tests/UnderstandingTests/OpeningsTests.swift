import Testing
@testable import ParlanceUnderstanding

/// What people say to an assistant before a request or an answer ("ok google", "uh") is left out; nothing else is.
@Suite struct OpeningsTests {
    /// Only what an opening leaves behind goes: a request's own first marks stay ("-3 dollars" is no 3 dollars).
    @Test func aLeadingMarkWithoutAnOpeningStays() {
        let openings = [["uh"], ["ok", "google"]]
        #expect(RequestUnderstander.withoutOpenings(Utterance("-3 dollars"), openings: openings).text == "-3 dollars")
        #expect(RequestUnderstander.withoutOpenings(Utterance("uh, -3 dollars"), openings: openings).text == "-3 dollars")
        #expect(RequestUnderstander.withoutOpenings(Utterance("ok google uh call Bobo"), openings: openings).text == "call Bobo")
        #expect(RequestUnderstander.withoutOpenings(Utterance("uh"), openings: openings).text == "uh")
    }
}
