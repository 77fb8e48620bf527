/// What people say in each language, for the conversation fuzzer: the words of the common answers and
/// requests (beyond the sample apps' own examples) that lead to questions. Test data, not the product's
/// phrasebook: the fuzzer must not learn its words from the code it tests.
struct FuzzPhrases: Sendable {
    let language: String
    let yes: [String]
    let no: [String]
    let cancel: [String]
    let meta: [String]
    let corrections: [String]
    let ordinals: [String]
    let contents: [String]
    let amounts: [String]
    let places: [String]
    /// Skipping the question.
    let skip: [String]
    /// Statements that answer nothing and ask for nothing the apps do.
    let unrelated: [String]
    /// Requests that leave something to ask (no app, no recipient, no amount…), with the apps each may go
    /// to (both ride apps when a ride request names neither).
    let requests: [(apps: [String], text: String)]

    /// Names people answer with: known ones, a part of one ("Great"), one that fits several ("Bobo Baker").
    static let people = ["Kiki", "Coco", "Bobo", "Mimi Banana", "Great", "Bobo Baker", "Kikki"]
    static let unknownNames = ["fred", "gronk", "marie", "zorblax", "kikiko"]
    static let noise = ["asdf qwer zxcv", "🍌🍌🍌", "!!!???", "lorem ipsum dolor sit amet", "🙈 🙉 🙊", "1234567890",
                        "%s %d {{name}} \\n", "DROP TABLE users;", "a", "\t", "blah blah blah blah",
                        String(repeating: "bananas and more bananas ", count: 120)]
    static let chat = ["MonkeyChat"], pay = ["MonkeyPay"], call = ["MonkeyCall"], rides = ["MonkeyRide", "GorillaCab"]
    static let fit = ["MonkeyFit"], photos = ["MonkeyPhotos"]

    static func of(_ language: String) -> FuzzPhrases {
        all.first { $0.language == language } ?? all[0]
    }

    static let all: [FuzzPhrases] = [
        FuzzPhrases(
            language: "en", yes: ["yes", "Yes", "yeah", "sure"], no: ["no", "No", "nope"],
            cancel: ["cancel", "never mind", "stop"], meta: ["what can you do?", "help", "repeat that"],
            corrections: ["no, make it 30", "not Bobo, Kiki", "I meant Coco", "no, to Kiki"],
            ordinals: ["the second one", "the first one", "1", "2"],
            contents: ["see you at the big tree", "the bananas are ripe", "I am late"],
            amounts: ["20 dollars", "5 euros", "30"], places: ["Central Station", "the airport", "Banana Beach"],
            skip: ["skip it", "doesn't matter", "whatever you like", "no note", "never mind the album", "skip"],
            unrelated: ["I like turtles", "the weather is lovely today", "my cat is asleep"],
            requests: [(chat, "text Bobo Baker on MonkeyChat that I am late"), (chat, "send a MonkeyChat message"), (chat, "send a message to Bobo on MonkeyChat"),
                       (chat, "text Kiki that I am late"), (chat, "MonkeyChat Kikki see you at the big tree"),
                       (pay, "pay Bobo with MonkeyPay"), (pay, "pay Kiki 900 dollars with MonkeyPay"),
                       (pay, "pay Coco 5 dollars"), (call, "call Kiki"), (call, "make a call with MonkeyCall"),
                       (rides, "get me a ride to the airport"), (["GorillaCab"], "book a ride with GorillaCab"),
                       (fit, "start a workout"), (photos, "find photos of Kiki")]),
        FuzzPhrases(
            language: "de", yes: ["ja", "Ja", "klar", "gerne"], no: ["nein", "Nein"],
            cancel: ["abbrechen", "vergiss es", "stopp"], meta: ["was kannst du?", "Hilfe", "wiederhole das"],
            corrections: ["nein, mach 30 daraus", "nicht Bobo, Kiki", "ich meinte Coco"],
            ordinals: ["den zweiten", "den ersten", "1", "2"],
            contents: ["wir sehen uns am großen Baum", "ich komme später", "die Bananen sind reif"],
            amounts: ["20 Euro", "5 Euro", "30"], places: ["Central Station", "zum Flughafen", "Banana Beach"],
            skip: ["überspringen", "egal", "ist mir egal", "keine Notiz", "wie du willst"],
            unrelated: ["ich mag Schildkröten", "das Wetter ist heute schön", "meine Katze schläft"],
            requests: [(chat, "schick Bobo Baker eine Nachricht mit MonkeyChat"), (chat, "schick eine Nachricht mit MonkeyChat"), (chat, "schick Bobo eine Nachricht mit MonkeyChat"),
                       (chat, "schick Kiki eine Nachricht, dass ich da bin"), (pay, "bezahl Bobo mit MonkeyPay"),
                       (pay, "bezahl Kiki 900 Euro mit MonkeyPay"), (pay, "bezahl Coco 5 Euro"), (call, "ruf Kiki an"),
                       (rides, "bestell mir ein Taxi zum Flughafen"), (fit, "starte ein Training"),
                       (photos, "zeig mir Fotos von Kiki")]),
        FuzzPhrases(
            language: "fr", yes: ["oui", "Oui", "d'accord", "volontiers"], no: ["non", "Non"],
            cancel: ["annule", "laisse tomber", "arrête"], meta: ["qu'est-ce que tu sais faire ?", "aide", "répète"],
            corrections: ["non, mets 30", "pas Bobo, Kiki", "je voulais dire Coco"],
            ordinals: ["le deuxième", "le premier", "1", "2"],
            contents: ["on se voit au grand arbre", "j'arrive en retard", "les bananes sont mûres"],
            amounts: ["20 euros", "5 euros", "30"], places: ["Central Station", "l'aéroport", "Banana Beach"],
            skip: ["passe", "peu importe", "comme tu veux", "pas de note", "saute"],
            unrelated: ["j'aime les tortues", "il fait beau aujourd'hui", "mon chat dort"],
            requests: [(chat, "envoie un message à Bobo Baker sur MonkeyChat"), (chat, "envoie un message MonkeyChat"), (chat, "envoie un message à Bobo sur MonkeyChat"),
                       (chat, "envoie un message à Kiki pour lui dire coucou"), (pay, "paie Bobo avec MonkeyPay"),
                       (pay, "paie Kiki 900 euros avec MonkeyPay"), (pay, "paie Coco 5 euros"), (call, "appelle Kiki"),
                       (rides, "commande-moi un taxi pour l'aéroport"), (fit, "lance une séance"),
                       (photos, "montre les photos de Kiki")]),
        FuzzPhrases(
            language: "it", yes: ["sì", "Sì", "va bene", "certo"], no: ["no", "No"],
            cancel: ["annulla", "lascia perdere", "basta"], meta: ["cosa sai fare?", "aiuto", "ripeti"],
            corrections: ["no, fai 30", "non Bobo, Kiki", "intendevo Coco"],
            ordinals: ["il secondo", "il primo", "1", "2"],
            contents: ["ci vediamo al grande albero", "arrivo tardi", "le banane sono mature"],
            amounts: ["20 euro", "5 euro", "30"], places: ["Central Station", "l'aeroporto", "Banana Beach"],
            skip: ["salta", "non importa", "come vuoi", "niente nota", "fa lo stesso"],
            unrelated: ["mi piacciono le tartarughe", "oggi fa bel tempo", "il mio gatto dorme"],
            requests: [(chat, "manda un messaggio a Bobo Baker su MonkeyChat"), (chat, "manda un messaggio su MonkeyChat"), (chat, "manda un messaggio a Bobo su MonkeyChat"),
                       (chat, "manda un messaggio a Kiki per dirle ciao"), (pay, "paga Bobo con MonkeyPay"),
                       (pay, "paga Kiki 900 euro con MonkeyPay"), (pay, "paga Coco 5 euro"), (call, "chiama Kiki"),
                       (rides, "chiamami un taxi per l'aeroporto"), (fit, "inizia un allenamento"),
                       (photos, "mostrami le foto di Kiki")]),
        FuzzPhrases(
            language: "ja", yes: ["はい", "うん", "お願い"], no: ["いいえ", "いや"],
            cancel: ["キャンセル", "やめて", "もういい"], meta: ["何ができるの？", "ヘルプ", "もう一度言って"],
            corrections: ["いや、30にして", "BoboじゃなくてKiki", "Cocoのこと"],
            ordinals: ["二番目", "一番目", "1", "2"],
            contents: ["大きな木の下で会おう", "遅れます", "バナナが熟した"],
            amounts: ["20ドル", "5ドル", "30"], places: ["Central Station", "空港", "Banana Beach"],
            skip: ["スキップ", "どうでもいい", "お任せ", "メモはいらない", "飛ばして"],
            unrelated: ["亀が好きです", "今日はいい天気ですね", "猫が寝ています"],
            requests: [(chat, "MonkeyChatでBobo Bakerにメッセージを送って"), (chat, "MonkeyChatでメッセージを送って"), (chat, "MonkeyChatでBoboにメッセージを送って"),
                       (chat, "Kikiにこんにちはってメッセージを送って"), (pay, "MonkeyPayでBoboに送金して"),
                       (pay, "MonkeyPayでKikiに900ドル送って"), (pay, "Cocoに5ドル送って"), (call, "Kikiに電話して"),
                       (rides, "空港までタクシーを呼んで"), (fit, "ワークアウトを始めて"), (photos, "Kikiの写真を見せて")]),
        FuzzPhrases(
            language: "zh", yes: ["是", "好的", "对"], no: ["不", "不是"],
            cancel: ["取消", "算了", "别发了"], meta: ["你能做什么？", "帮助", "再说一遍"],
            corrections: ["不，改成30", "不是Bobo，是Kiki", "我是说Coco"],
            ordinals: ["第二个", "第一个", "1", "2"],
            contents: ["大树下见", "我晚点到", "香蕉熟了"],
            amounts: ["20元", "5元", "30"], places: ["Central Station", "机场", "Banana Beach"],
            skip: ["跳过", "无所谓", "随便", "不要备注", "都行"],
            unrelated: ["我喜欢乌龟", "今天天气很好", "我的猫在睡觉"],
            requests: [(chat, "用MonkeyChat给Bobo Baker发消息"), (chat, "用MonkeyChat发消息"), (chat, "用MonkeyChat给Bobo发消息"), (chat, "给Kiki发消息说你好"),
                       (pay, "用MonkeyPay给Bobo转账"), (pay, "用MonkeyPay给Kiki转900元"), (pay, "给Coco转5元"),
                       (call, "给Kiki打电话"), (rides, "叫车去机场"), (fit, "开始运动"), (photos, "给我看Kiki的照片")]),
    ]
}
