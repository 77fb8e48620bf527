import ParlanceSpeech
import Testing

@Suite("The languages a voice speaks")
struct VoiceLanguagesTests {
    @Test("a tag names a listed language by its language part, in any capitals; anything else names none",
          arguments: [("en", "en"), ("en-US", "en"), ("EN", "en"), ("en_GB", "en"), ("ja_JP", "ja"), ("zh-Hans-CN", "zh"),
                      ("de-AT", "de"), (" fr", "fr"), ("cmn", nil), ("pt", nil), ("", nil), ("-en", nil), ("e", nil)] as [(String, String?)])
    func tags(_ tag: String, _ language: String?) {
        #expect(VoiceLanguages.offline.language(of: tag) == language)
        #expect((try? VoiceLanguages.offline.check(tag)) == language)
    }

    @Test("the offline voice's list is espeak-ng's, and a refusal lists what is spoken")
    func offline() throws {
        #expect(VoiceLanguages.offline.codes == ["de", "en", "fr", "it", "ja", "zh"])
        #expect(EspeakSynthesizer().languages == VoiceLanguages.offline.codes)
        #expect(Set(EspeakSynthesizer.voices.keys) == Set(VoiceLanguages.offline.codes))
        #expect(throws: SpeechError.self) { try VoiceLanguages.offline.check("es") }
        do {
            _ = try VoiceLanguages.offline.check("es")
        } catch {
            #expect(error.message == "no voice here speaks \"es\"; languages: de, en, fr, it, ja, zh")
        }
        #expect(VoiceLanguages(["en_US", "de", "en_US"]).language(of: "en") == "en_US")
        #expect(VoiceLanguages([]).language(of: "en") == nil)
    }
}
