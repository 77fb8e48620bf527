
/// Japanese: number, currency and unit words, keywords and answer words. Kana and kanji are one token
/// each, so words of several characters are matched as token sequences (`PhraseTable`).
extension LanguagePack {
    /// The Japanese pack.
    static let japanese = LanguagePack(
        code: "ja",
        numbers: NumberWords(
            values: ["零": 0, "〇": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9],
            scales: ["十": 10, "百": 100, "千": 1000, "万": 10_000, "億": 100_000_000],
            joiners: [], articles: [], decimalPoints: ["点"],
            fractions: ["半": 0.5],
            decimalSeparator: ".",
            ordinals: ["最後": -1, "最初": 1, "一番最後": -1],
            standaloneScales: ["十", "百", "千", "万"], ideographic: true),
        currencies: ["$": "USD", "ドル": "USD", "米ドル": "USD", "€": "EUR", "ユーロ": "EUR", "£": "GBP", "ポンド": "GBP",
                     "¥": "JPY", "円": "JPY", "元": "CNY", "人民元": "CNY"],
        currencySubunits: ["セント": 0.01],
        units: ["キロ": .init(name: "meter", factor: 1000), "キロメートル": .init(name: "meter", factor: 1000),
                "km": .init(name: "meter", factor: 1000), "メートル": .init(name: "meter", factor: 1),
                "マイル": .init(name: "mile", factor: 1), "秒": .init(name: "second", factor: 1),
                "分": .init(name: "minute", factor: 1), "分間": .init(name: "minute", factor: 1),
                "時間": .init(name: "hour", factor: 1), "カロリー": .init(name: "kiloCalorie", factor: 1),
                "キロカロリー": .init(name: "kiloCalorie", factor: 1)],
        dates: JapaneseDateReader(),
        keywords: [
            "callCapability": ["ビデオ": .string("videoCall"), "ビデオ通話": .string("videoCall"), "音声": .string("audioCall"),
                               "音声通話": .string("audioCall")],
            "destinationType": ["留守番電話": .string("voicemail"), "折り返し": .string("callBack"),
                                "救急": .string("emergency"), "119": .string("emergency"), "110": .string("emergency")],
            "callTypes": ["不在着信": .array([.string("missed")]), "着信": .array([.string("received")]),
                          "発信": .array([.string("outgoing")])],
            "attributes": ["未読": .array([.string("unread")]), "新しい": .array([.string("unread")])],
            "attribute": ["既読": .string("read"), "未読": .string("unread"), "フラグ": .string("flagged")],
            "outgoingMessageType": ["ボイスメッセージ": .string("outgoingMessageAudio"),
                                    "音声メッセージ": .string("outgoingMessageAudio")],
            "workoutLocationType": ["屋内": .string("indoor"), "室内": .string("indoor"), "屋外": .string("outdoor"),
                                    "外": .string("outdoor")],
            "isOpenEnded": ["目標なし": .bool(true)],
            "includedAttributes": ["自撮り": .array([.string("selfie")]), "お気に入り": .array([.string("favorite")]),
                                   "ビデオ": .array([.string("video")]), "スクリーンショット": .array([.string("screenshot")])],
        ],
        listJoiners: ["と", "、", "，", ",", "や"],
        appCues: ["で", "を使って", "から", "開いて"],
        functionWords: ["の", "に", "を", "は", "が", "で", "と", "て", "た", "です", "ます", "ください", "して", "私",
                        "僕", "へ", "から", "まで", "も", "ね", "よ", "えっと"],
        answers: AnswerWords(
            yes: ["はい", "うん", "ええ", "そう", "そうです", "お願いします", "お願い", "いいよ", "いいです", "オッケー",
                  "大丈夫", "確認", "もちろん", "送って", "払って", "予約して", "はいお願いします", "それで"],
            no: ["いいえ", "いや", "ううん", "だめ", "違う", "違います", "やめて", "いらない", "結構です", "どれも違う"],
            cancel: ["キャンセル", "やめる", "やめて", "もういい", "取り消し", "中止", "ストップ", "止めて", "なんでもない"],
            valuePrefixes: ["えっと", "あの", "私の", "僕の", "宛先は", "それは"],
            choiceWords: ["番目", "番", "つ目", "つめ", "目", "の", "を", "で", "に", "して", "にして", "お願い", "します",
                          "ください", "方", "ほう", "やつ", "選択肢", "番号", "は", "です", "えっと", "じゃあ", "それ"]),
        phrasing: .japanese)
}
