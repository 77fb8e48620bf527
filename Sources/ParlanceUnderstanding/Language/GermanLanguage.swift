
/// German: number, currency and unit words, keywords and answer words.
extension LanguagePack {
    /// German number words 0–99, compounds written as one word ("einundzwanzig").
    static let germanNumbers: [String: Double] = {
        let units = ["ein": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9]
        let tens = ["zwanzig": 20, "dreißig": 30, "vierzig": 40, "fünfzig": 50, "sechzig": 60, "siebzig": 70,
                    "achtzig": 80, "neunzig": 90]
        var values: [String: Double] = ["null": 0, "eins": 1, "eine": 1, "einen": 1, "einem": 1, "zwei": 2, "drei": 3,
                                        "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10,
                                        "elf": 11, "zwölf": 12, "dreizehn": 13, "vierzehn": 14, "fünfzehn": 15,
                                        "sechzehn": 16, "siebzehn": 17, "achtzehn": 18, "neunzehn": 19, "ein": 1,
                                        "dutzend": 12]
        for (ten, tenValue) in tens {
            values[ten] = Double(tenValue)
            for (unit, unitValue) in units { values["\(unit)und\(ten)"] = Double(tenValue + unitValue) }
        }
        values["hundert"] = 100
        values["einhundert"] = 100
        values["tausend"] = 1000
        values["eintausend"] = 1000
        for (unit, unitValue) in units where unitValue > 1 { values["\(unit)hundert"] = Double(unitValue * 100) }
        return values
    }()

    /// The German pack.
    static let german = LanguagePack(
        code: "de",
        numbers: NumberWords(
            values: germanNumbers,
            scales: ["hundert": 100, "tausend": 1000, "million": 1_000_000, "millionen": 1_000_000],
            joiners: ["und"], articles: ["ein", "eine", "einen"], decimalPoints: ["komma"],
            fractions: ["halb": 0.5, "halbe": 0.5, "halben": 0.5, "viertel": 0.25],
            decimalSeparator: ",",
            ordinals: ["erste": 1, "ersten": 1, "erster": 1, "zweite": 2, "zweiten": 2, "dritte": 3, "dritten": 3,
                       "vierte": 4, "vierten": 4, "fünfte": 5, "fünften": 5, "sechste": 6, "siebte": 7, "achte": 8,
                       "neunte": 9, "zehnte": 10, "letzte": -1, "letzten": -1]),
        currencies: ["$": "USD", "dollar": "USD", "us-dollar": "USD", "usd": "USD",
                     "€": "EUR", "euro": "EUR", "euros": "EUR", "eur": "EUR",
                     "£": "GBP", "pfund": "GBP", "gbp": "GBP", "¥": "JPY", "yen": "JPY", "yuan": "CNY",
                     "franken": "CHF", "schweizer franken": "CHF", "chf": "CHF"],
        currencySubunits: ["cent": 0.01, "rappen": 0.01],
        units: ["km": .init(name: "meter", factor: 1000), "kilometer": .init(name: "meter", factor: 1000),
                "meter": .init(name: "meter", factor: 1), "m": .init(name: "meter", factor: 1),
                "meile": .init(name: "mile", factor: 1), "meilen": .init(name: "mile", factor: 1),
                "sekunde": .init(name: "second", factor: 1), "sekunden": .init(name: "second", factor: 1),
                "minute": .init(name: "minute", factor: 1), "minuten": .init(name: "minute", factor: 1),
                "min": .init(name: "minute", factor: 1), "stunde": .init(name: "hour", factor: 1),
                "stunden": .init(name: "hour", factor: 1), "std": .init(name: "hour", factor: 1),
                "kalorien": .init(name: "kiloCalorie", factor: 1), "kcal": .init(name: "kiloCalorie", factor: 1)],
        dates: GermanDateReader(),
        keywords: [
            "callCapability": ["video": .string("videoCall"), "videoanruf": .string("videoCall"),
                               "per video": .string("videoCall"), "audio": .string("audioCall"),
                               "audioanruf": .string("audioCall"), "sprachanruf": .string("audioCall")],
            "destinationType": ["mailbox": .string("voicemail"), "zurück": .string("callBack"),
                                "notruf": .string("emergency"), "112": .string("emergency")],
            "callTypes": ["verpasste": .array([.string("missed")]), "verpassten": .array([.string("missed")]),
                          "entgangene": .array([.string("missed")]), "angenommene": .array([.string("received")]),
                          "ausgehende": .array([.string("outgoing")])],
            "attributes": ["ungelesenen": .array([.string("unread")]), "ungelesene": .array([.string("unread")]),
                           "neuen": .array([.string("unread")]), "neue": .array([.string("unread")])],
            "attribute": ["gelesen": .string("read"), "als gelesen": .string("read"), "ungelesen": .string("unread"),
                          "als ungelesen": .string("unread"), "markiert": .string("flagged")],
            "outgoingMessageType": ["sprachnachricht": .string("outgoingMessageAudio")],
            "workoutLocationType": ["drinnen": .string("indoor"), "indoor": .string("indoor"),
                                    "draußen": .string("outdoor"), "outdoor": .string("outdoor"),
                                    "im freien": .string("outdoor")],
            "isOpenEnded": ["ohne ziel": .bool(true), "offen": .bool(true)],
            "includedAttributes": ["favoriten": .array([.string("favorite")]), "lieblingsfotos": .array([.string("favorite")]),
                                   "lieblingsbilder": .array([.string("favorite")]), "selfies": .array([.string("selfie")]),
                                   "videos": .array([.string("video")]), "screenshots": .array([.string("screenshot")])],
        ],
        listJoiners: ["und", ",", "&", "sowie"],
        appCues: ["mit", "in", "auf", "über", "per", "öffne", "benutze", "frag", "sag"],
        functionWords: ["der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "und", "oder", "an",
                        "in", "im", "am", "auf", "mit", "für", "zu", "zum", "zur", "von", "vom", "nach", "mir", "mich",
                        "mein", "meine", "meinen", "meinem", "ich", "bitte", "äh", "ähm", "dass", "ob"],
        answers: AnswerWords(
            yes: ["ja", "jawohl", "jep", "klar", "okay", "ok", "genau", "richtig", "stimmt", "gerne", "gern", "sicher",
                  "natürlich", "auf jeden fall", "bestätigen", "ich bestätige", "mach", "mach das", "los", "passt",
                  "in ordnung", "einverstanden", "ja bitte", "ja klar", "absolut", "sehr gerne", "schick es", "zahl"],
            no: ["nein", "nee", "nö", "nein danke", "auf keinen fall", "lieber nicht", "falsch", "nicht das",
                 "keins", "keiner", "keine", "nicht jetzt", "nein nein", "niemals"],
            cancel: ["abbrechen", "brich ab", "abbruch", "vergiss es", "lass es", "lass gut sein", "stopp", "stop",
                     "halt", "hör auf", "schon gut", "egal", "nichts", "das wars", "von vorne"],
            valuePrefixes: ["es ist", "das ist", "an", "für", "der", "die", "das", "den", "dem", "die mit dem namen",
                            "der mit dem namen", "ich meine", "äh", "ähm", "also", "mein", "meine", "meinem"],
            choiceWords: ["der", "die", "das", "den", "nummer", "option", "ich", "nehme", "will", "möchte", "bitte",
                          "wähle", "es", "ist", "also", "äh", "ähm", "gerne", "danke"]),
        phrasing: .german)
}
