import Testing
@testable import ParlanceSpeech

/// Whisper's traditional characters read as the simplified ones Parlance's Chinese is written in.
@Suite struct SimplifiedChineseTests {
    @Test func traditionalCharactersBecomeSimplified() {
        #expect(SimplifiedChinese.simplified("明天早上7點") == "明天早上7点")
        #expect(SimplifiedChinese.simplified("給琪琪發消息說我馬上到") == "给琪琪发消息说我马上到")
        #expect(SimplifiedChinese.simplified("叫車去機場") == "叫车去机场")
    }

    @Test func everythingElseStaysAsItWas() {
        #expect(SimplifiedChinese.simplified("给琪琪发消息") == "给琪琪发消息")
        #expect(SimplifiedChinese.simplified("Send Kiki 5 dollars") == "Send Kiki 5 dollars")
        #expect(SimplifiedChinese.simplified("ボボに送って") == "ボボに送って")
        #expect(SimplifiedChinese.simplified("") == "")
    }
}
