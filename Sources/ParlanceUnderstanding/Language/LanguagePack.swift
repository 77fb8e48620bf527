import ParlanceCore

/// Everything understanding knows about one language, as data plus a small date reader: number and
/// currency words, units, keywords for enumerated parameters, answer words, and the phrasing of
/// every intent that the learned models are trained from. `LanguagePackReader` builds it from the
/// language's folder of phrasebook files; `LanguageCatalog` registers the languages.
public struct LanguagePack: Sendable {
    /// The language code ("en").
    public let code: String
    /// A digest of the phrasebook files the pack was read from: part of the model cache's key.
    var sourceDigest: UInt64 = 0
    /// Number words and ordinals.
    let numbers: NumberWords
    /// Currency words, codes and signs → ISO currency code ("bucks" → "USD", "€" → "EUR").
    let currencies: [String: String]
    /// Currency sub-units and their factor ("cents" → 0.01).
    let currencySubunits: [String: Double]
    /// Subunits that are money only after an amount in the main unit ("5块5分"): alone they mean
    /// something else more often (Chinese "3分" is three points or minutes).
    var subunitsOnlyAfterUnit: Set<String> = []
    /// Units of workout goals ("km" → meter × 1000).
    let units: [String: QuantityReader.Unit]
    /// Reads dates and times.
    let dates: any DateReading
    /// Keywords that set enumerated parameters, by property name: phrase → JSON value
    /// ("callCapability": ["video": "videoCall"]).
    let keywords: [String: [String: JSONValue]]
    /// Words that join the items of a list ("and", ",").
    let listJoiners: Set<String>
    /// The word for "and" before the last item of a list ("Kiki and Zazu", "Kiki et Zazu").
    var conjunction: String {
        ["and", "et", "und", "e", "和", "と"].first(where: listJoiners.contains) ?? ","
    }
    /// Words that introduce an app name ("on", "with", "using"), so that a common word can be an app's name.
    let appCues: Set<String>
    /// Words that carry no request on their own ("the", "and", "of"): a request made only of them is none.
    let functionWords: Set<String>
    /// Possessive words dropped from the front of a person's name ("my" in "my sister", "我" in "我妈妈").
    var possessives: [String] = []
    /// People named by how they relate to the user ("sister", "Mutter", "妈妈"): names wherever a name can stand.
    var relations: [String] = []
    /// Titles written right after a name in a language without spaces ("さん", "先生", "老师"): where an
    /// unknown name ends.
    var honorifics: [String] = []
    /// Family names ("王", "欧阳"), in a language without spaces: an unknown name starts with one and has one
    /// or two more characters.
    var surnames: [String] = []
    /// Words before a family name that make a name of it ("小王", "老李").
    var namePrefixes: [String] = []
    /// Words that start what follows a name and never end one ("把", "我", "明天"): where a name of
    /// uncertain length stops.
    var nameBreaks: [String] = []
    /// What people say to the assistant before a request and is no part of it: its name ("ok google", "alexa",
    /// "小度小度") and hesitations ("uh", "äh", "えっと"). Left out before the request is read.
    var openings: [String] = []
    /// Whether the language writes every noun with a capital (German): a capital then says nothing of a name.
    var capitalizedNouns = false
    /// Common kinds of workout ("run", "Schwimmen", "水泳"): a workout's name for every workout app, after the
    /// app's own.
    var workoutKinds: [String] = []
    /// Words for answers in a conversation.
    let answers: AnswerWords
    /// How each intent is phrased, for training.
    let phrasing: Phrasing
}

/// Words that answer the assistant's questions.
public struct AnswerWords: Sendable {
    /// Phrases meaning yes ("yes", "sure", "go ahead").
    var yes: [String]
    /// Phrases meaning no ("no", "nope", "don't").
    var no: [String]
    /// Phrases that end the conversation ("cancel", "never mind", "stop").
    var cancel: [String]
    /// Phrases meaning "yes, and don't ask again" ("always"), answers to a consent question only.
    var always: [String] = []
    /// Words that may come before a value and are not part of it ("my", "it's", "to", "the one called").
    var valuePrefixes: [String]
    /// Words around an ordinal or number that picks an option ("the … one", "第…个", "…番目").
    var choiceWords: [String]
    /// Asking to hear the question again ("repeat that", "what was that").
    var repeatQuestion: [String] = []
    /// Going on with what waited ("continue", "done"): a yes to "unlock to continue".
    var proceed: [String] = []
    /// Words before a corrected value at a confirmation ("actually", "make it", "change it to").
    var correctionOpeners: [String] = []
    /// Skipping the question ("skip it", "doesn't matter", "no note"): whole phrases, with the named forms
    /// (`skip-openers` or `skip-closers` around `skip-things`) spelled out.
    var skip: [String] = []
}

/// How the intents of the six domains are phrased in one language: templates the models are trained
/// from (`Template` has the syntax; `docs/phrasebooks.md` the files they are written in).
public struct Phrasing: Sendable {
    /// Templates by intent class name. `INStartCallIntent` stands for the three call intents.
    var templates: [String: [Template]]
    /// Requests no intent serves (weather, alarms, music): the "none" class.
    var outOfScope: [Template]
    /// Filler values by kind; a parameter's kind is its property name or a kind in `fillerKinds`.
    var fillers: [String: [String]]
    /// Which filler list a property uses when it is not its own name ("payee" → "person").
    var fillerKinds: [String: String]
    /// More lists a property's training values are drawn from, after its kind's ("contacts" → "business"): values
    /// of the same kind that its own list leaves out.
    var moreFillerKinds: [String: [String]] = [:]
    /// Ways to name the app before the request ("{app}, ", "ask {app} to ").
    var appPrefixes: [String]
    /// Ways to name the app after the request (" on {app}", " using {app}").
    var appSuffixes: [String]
    /// Polite openings ("please ", "can you ").
    var politePrefixes: [String]
    /// Words that name a message rather than belong to it ("with the message send more bananas"), dropped
    /// from the start of a content value; longest first.
    var contentLabels: [String] = []
    /// Words that introduce reported content and are never its first word ("que", "dass", "che").
    var contentOpeners: [String] = []
    /// Please and thank you ("please", "s'il te plaît", "谢谢"): fine in a request, not in an app's example of one.
    var courtesy: [String] = []
    /// Words after a group's name that say it is a group ("group", "Gruppe", "群"): no part of a message after it.
    var groupWords: [String] = []
    /// Words after which a request may name the app as a modifier or as the thing itself ("send a MonkeyChat
    /// message", "get me a MonkeyRide to the airport"): where the speech grammar lets an app's name stand.
    var appModifiers: [String] = []
    /// More ways to name the app before a request, for the speech grammar only ("launch the {app} app to"):
    /// the learned models train on `appPrefixes`, and these reach them through the app spotter.
    var spokenAppPrefixes: [String] = []
}
