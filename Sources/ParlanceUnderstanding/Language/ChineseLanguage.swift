
/// Chinese (Simplified): number, currency and unit words, keywords and answer words. Han characters are
/// one token each, so words of several characters are matched as token sequences (`PhraseTable`).
extension LanguagePack {
    /// The Chinese pack.
    static let chinese = LanguagePack(
        code: "zh",
        numbers: NumberWords(
            values: ["零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
                     "九": 9],
            scales: ["十": 10, "百": 100, "千": 1000, "万": 10_000, "萬": 10_000, "亿": 100_000_000, "億": 100_000_000],
            joiners: [], articles: [], decimalPoints: ["点"],
            fractions: ["半": 0.5],
            decimalSeparator: ".",
            ordinals: ["最后": -1, "最后一": -1, "最後": -1, "头": 1, "首": 1],
            standaloneScales: ["十", "百", "千", "万"], ideographic: true),
        currencies: ["$": "USD", "美元": "USD", "美金": "USD", "€": "EUR", "欧元": "EUR", "£": "GBP", "英镑": "GBP",
                     "¥": "CNY", "元": "CNY", "块": "CNY", "块钱": "CNY", "人民币": "CNY", "日元": "JPY",
                     "港币": "HKD", "瑞士法郎": "CHF"],
        currencySubunits: ["角": 0.1, "毛": 0.1, "分": 0.01],
        subunitsOnlyAfterUnit: ["分"],  // "3分" alone is three points or minutes; "5块5分" is money
        units: ["公里": .init(name: "meter", factor: 1000), "千米": .init(name: "meter", factor: 1000),
                "米": .init(name: "meter", factor: 1), "英里": .init(name: "mile", factor: 1),
                "秒": .init(name: "second", factor: 1), "分钟": .init(name: "minute", factor: 1),
                "小时": .init(name: "hour", factor: 1), "个小时": .init(name: "hour", factor: 1),
                "卡路里": .init(name: "kiloCalorie", factor: 1), "大卡": .init(name: "kiloCalorie", factor: 1),
                "千卡": .init(name: "kiloCalorie", factor: 1)],
        dates: ChineseDateReader(),
        keywords: [
            "callCapability": ["视频": .string("videoCall"), "视频通话": .string("videoCall"), "语音": .string("audioCall"),
                               "语音通话": .string("audioCall")],
            "destinationType": ["语音信箱": .string("voicemail"), "回电": .string("callBack"), "急救": .string("emergency"),
                                "120": .string("emergency"), "110": .string("emergency")],
            "callTypes": ["未接": .array([.string("missed")]), "未接来电": .array([.string("missed")]),
                          "已接": .array([.string("received")]), "拨出": .array([.string("outgoing")])],
            "attributes": ["未读": .array([.string("unread")]), "新": .array([.string("unread")])],
            "attribute": ["已读": .string("read"), "未读": .string("unread"), "标记": .string("flagged"),
                          "标记为已读": .string("read"), "标为已读": .string("read"), "标记成已读": .string("read"),
                          "标记为未读": .string("unread"), "标为未读": .string("unread"), "标记成未读": .string("unread")],
            "outgoingMessageType": ["语音消息": .string("outgoingMessageAudio")],
            "workoutLocationType": ["室内": .string("indoor"), "户外": .string("outdoor"), "室外": .string("outdoor")],
            "isOpenEnded": ["不设目标": .bool(true), "自由": .bool(true)],
            "includedAttributes": ["自拍": .array([.string("selfie")]), "收藏": .array([.string("favorite")]),
                                   "视频": .array([.string("video")]), "截图": .array([.string("screenshot")])],
        ],
        listJoiners: ["和", "跟", "、", "，", ",", "还有"],
        appCues: ["用", "在", "通过", "打开", "使用", "上"],
        functionWords: ["的", "了", "吗", "呢", "吧", "啊", "请", "我", "给", "把", "一", "个", "一下", "帮", "帮我", "在",
                        "是", "这", "那", "就", "嗯"],
        answers: AnswerWords(
            yes: ["是", "是的", "对", "对的", "好", "好的", "好啊", "可以", "行", "没问题", "确认", "确定", "当然", "嗯",
                  "要", "发吧", "付吧", "订吧", "没错", "就这样"],
            no: ["不", "不是", "不要", "不用", "不对", "不行", "都不是", "不了", "别"],
            cancel: ["取消", "算了", "不用了", "停", "停止", "别发了", "忘了吧", "没事", "退出", "重新开始"],
            valuePrefixes: ["是", "给", "叫", "我的", "我", "就是", "嗯", "那个", "发给"],
            choiceWords: ["第", "个", "項", "项", "条", "位", "号", "选", "选项", "我", "要", "就", "吧", "的", "那", "这",
                          "是", "请", "嗯", "那个", "这个"]),
        phrasing: .chinese)
}
