
/// Italian: number, currency and unit words, keywords and answer words.
extension LanguagePack {
    /// Italian number words, compounds written as one word ("ventitré", "duecento").
    static let italianNumbers: [String: Double] = {
        let units = ["uno": 1, "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6, "sette": 7, "otto": 8, "nove": 9]
        let tens = ["venti": 20, "trenta": 30, "quaranta": 40, "cinquanta": 50, "sessanta": 60, "settanta": 70,
                    "ottanta": 80, "novanta": 90]
        var values: [String: Double] = ["zero": 0, "un": 1, "una": 1, "uno": 1, "dieci": 10, "undici": 11, "dodici": 12,
                                        "tredici": 13, "quattordici": 14, "quindici": 15, "sedici": 16,
                                        "diciassette": 17, "diciotto": 18, "diciannove": 19, "dozzina": 12]
        for (unit, value) in units { values[unit] = Double(value) }
        for (ten, tenValue) in tens {
            values[ten] = Double(tenValue)
            for (unit, unitValue) in units {
                let stem = (unit == "uno" || unit == "otto") ? String(ten.dropLast()) : ten
                values[stem + unit] = Double(tenValue + unitValue)
                if unit == "tre" { values[stem + "tré"] = Double(tenValue + 3) }
            }
        }
        values["cento"] = 100
        values["mille"] = 1000
        for (unit, value) in units where value > 1 {
            values["\(unit)cento"] = Double(value * 100)
            values["\(unit)mila"] = Double(value * 1000)
        }
        return values
    }()

    /// The Italian pack.
    static let italian = LanguagePack(
        code: "it",
        numbers: NumberWords(
            values: italianNumbers,
            scales: ["cento": 100, "mille": 1000, "mila": 1000, "milione": 1_000_000, "milioni": 1_000_000],
            joiners: ["e"], articles: ["un", "una", "uno"], decimalPoints: ["virgola"],
            fractions: ["mezzo": 0.5, "mezza": 0.5, "quarto": 0.25],
            decimalSeparator: ",",
            ordinals: ["primo": 1, "prima": 1, "secondo": 2, "seconda": 2, "terzo": 3, "terza": 3, "quarto": 4,
                       "quarta": 4, "quinto": 5, "quinta": 5, "sesto": 6, "settimo": 7, "ottavo": 8, "nono": 9,
                       "decimo": 10, "ultimo": -1, "ultima": -1],
            standaloneScales: ["cento", "mille"]),
        currencies: ["$": "USD", "dollaro": "USD", "dollari": "USD", "usd": "USD",
                     "€": "EUR", "euro": "EUR", "eur": "EUR", "£": "GBP", "sterline": "GBP", "sterlina": "GBP",
                     "gbp": "GBP", "¥": "JPY", "yen": "JPY", "yuan": "CNY", "franchi svizzeri": "CHF", "chf": "CHF"],
        currencySubunits: ["centesimi": 0.01, "centesimo": 0.01],
        units: ["km": .init(name: "meter", factor: 1000), "chilometri": .init(name: "meter", factor: 1000),
                "chilometro": .init(name: "meter", factor: 1000), "metri": .init(name: "meter", factor: 1),
                "metro": .init(name: "meter", factor: 1), "miglia": .init(name: "mile", factor: 1),
                "secondi": .init(name: "second", factor: 1), "minuti": .init(name: "minute", factor: 1),
                "minuto": .init(name: "minute", factor: 1), "ora": .init(name: "hour", factor: 1),
                "ore": .init(name: "hour", factor: 1), "calorie": .init(name: "kiloCalorie", factor: 1),
                "kcal": .init(name: "kiloCalorie", factor: 1)],
        dates: ItalianDateReader(),
        keywords: [
            "callCapability": ["video": .string("videoCall"), "videochiamata": .string("videoCall"),
                               "in video": .string("videoCall"), "audio": .string("audioCall"),
                               "chiamata vocale": .string("audioCall")],
            "destinationType": ["segreteria": .string("voicemail"), "emergenza": .string("emergency"),
                                "112": .string("emergency")],
            "callTypes": ["perse": .array([.string("missed")]), "persa": .array([.string("missed")]),
                          "ricevute": .array([.string("received")]), "effettuate": .array([.string("outgoing")])],
            "attributes": ["non letti": .array([.string("unread")]), "nuovi": .array([.string("unread")])],
            "attribute": ["letti": .string("read"), "letto": .string("read"), "come letti": .string("read"),
                          "non letti": .string("unread"), "non letto": .string("unread"),
                          "come non letti": .string("unread"), "con una bandierina": .string("flagged")],
            "outgoingMessageType": ["messaggio vocale": .string("outgoingMessageAudio"),
                                    "vocale": .string("outgoingMessageAudio")],
            "workoutLocationType": ["al chiuso": .string("indoor"), "indoor": .string("indoor"),
                                    "all'aperto": .string("outdoor"), "all aperto": .string("outdoor"),
                                    "fuori": .string("outdoor")],
            "isOpenEnded": ["senza obiettivo": .bool(true), "libero": .bool(true)],
            "includedAttributes": ["preferite": .array([.string("favorite")]), "selfie": .array([.string("selfie")]),
                                   "video": .array([.string("video")]), "screenshot": .array([.string("screenshot")])],
        ],
        listJoiners: ["e", ",", "&", "ed"],
        appCues: ["su", "con", "in", "tramite", "via", "apri", "usa", "chiedi", "di'"],
        functionWords: ["il", "lo", "la", "i", "gli", "le", "l'", "un", "una", "uno", "un'", "di", "a", "da", "in",
                        "con", "su", "per", "al", "allo", "alla", "ai", "del", "della", "dei", "e", "o", "mi", "me",
                        "mio", "mia", "miei", "mie", "che", "ehm", "allora", "per favore", "per piacere"],
        answers: AnswerWords(
            yes: ["sì", "si", "certo", "certamente", "va bene", "d'accordo", "ok", "okay", "esatto", "giusto",
                  "sicuro", "confermo", "conferma", "vai", "procedi", "fallo", "perfetto", "assolutamente",
                  "sì grazie", "sì certo", "volentieri", "invia", "prenota", "paga", "ovviamente"],
            no: ["no", "no grazie", "assolutamente no", "per niente", "meglio di no", "sbagliato", "non quello",
                 "nessuno", "nessuna", "non ora", "no no", "mai"],
            cancel: ["annulla", "annullare", "lascia perdere", "lascia stare", "lascia", "dimentica", "stop",
                     "basta", "fermati", "niente", "non importa", "ricomincia", "esci"],
            valuePrefixes: ["è", "si tratta di", "a", "per", "quello che si chiama", "quella che si chiama", "quello",
                            "quella", "intendo", "ehm", "allora", "il mio", "la mia", "mio", "mia", "il", "la"],
            choiceWords: ["il", "la", "lo", "l'", "quello", "quella", "numero", "opzione", "scelta", "prendo", "voglio",
                          "scelgo", "è", "per", "favore", "grazie", "allora", "ehm"]),
        phrasing: .italian)
}
