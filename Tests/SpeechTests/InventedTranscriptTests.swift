import Testing
@testable import ParlanceSpeech

/// Transcripts no person said: a recogniser looping on a word or a phrase, or more words than fit the time.
@Suite struct InventedTranscriptTests {
    @Test(arguments: [
        "ok ok ok ok ok",
        "Send Kiki, send Kiki, send Kiki, send Kiki",
        "the the the the the the the",
        "Schick Coco eine Nachricht eine Nachricht eine Nachricht eine Nachricht",
        "ゆきゆきゆきゆきゆき",
        "明天明天明天明天",
        "Thank you. Thank you. Thank you. Thank you.",
    ])
    func aLoopIsInvented(_ text: String) {
        #expect(InventedTranscript.isLooping(text))
    }

    @Test(arguments: [
        "no no no, cancel that",
        "send Bobo a message saying ha ha ha",
        "pay Kiki 5 dollars",
        "Bobo, Bobo, Bobo, where is my ride",
        "ボボに明日は雨だよと送って",
        "给琪琪发消息说我马上到",
        "call 555 555 5555",
        "",
    ])
    func whatPeopleSayIsNoLoop(_ text: String) {
        #expect(!InventedTranscript.isLooping(text))
    }

    @Test func moreWordsThanFitTheTimeAreInvented() {
        let long = "send Kiki a message saying that the meeting moved to Friday at three and bring the keys"
        #expect(InventedTranscript.isTooFastToBeSpoken(long, seconds: 1.5))
        #expect(!InventedTranscript.isTooFastToBeSpoken(long, seconds: 4))
        // A short request is never too fast, however short the speech the detector kept.
        #expect(!InventedTranscript.isTooFastToBeSpoken("call Bobo now please", seconds: 0.3))
        // Han and kana: two characters a word.
        #expect(!InventedTranscript.isTooFastToBeSpoken("给琪琪发消息说我马上到", seconds: 1.2))
        #expect(InventedTranscript.isTooFastToBeSpoken(String(repeating: "给琪琪发消息说我马上到", count: 3), seconds: 1.2))
    }
}
