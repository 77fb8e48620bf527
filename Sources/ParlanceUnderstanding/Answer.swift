import ParlanceCore

/// A question the assistant asked, so that the answer can be understood in its context.
public enum Question: Sendable, Equatable {
    /// A yes/no question. With a parameter ("Did you mean Bobo the Great?"), an answer that gives
    /// another value ("no, Bobo Jr.") is that value.
    case confirmation(parameter: ParameterReference? = nil)
    /// A choice among options, shown in this order ("Which Bobo? Bobo, Bobo the Great, Little Bobo").
    case choice([String])
    /// A value for one parameter of an intent ("Who should I send it to?").
    case value(ParameterReference)
    /// Yes or no to carrying out the whole request ("Send $30 to Kiki?", "Ready to send it?"). An answer
    /// that names other values of the intent ("no, make it 30", "not Bobo, Kiki") corrects them.
    case request(intent: String, app: String?)
    /// Go on once the user did something outside the conversation ("Unlock Parlance to continue."):
    /// "continue" and "done" are a yes.
    case proceed
    /// A yes/no question that also takes "always" (yes, and never ask again): "Open MonkeyChat to finish
    /// this?". Only whole answers count, so nothing said in passing is taken as consent. `options` are
    /// the answers as offered, in the order yes, no, always ("Yes", "No", "Always"), so a button's label
    /// or "the third one" counts too.
    case consent(options: [String])
}

/// One parameter of an intent, for an app.
public struct ParameterReference: Sendable, Equatable {
    public var intent: String
    public var parameter: String
    /// The app whose vocabulary applies.
    public var app: String?

    public init(intent: String, parameter: String, app: String?) {
        self.intent = intent
        self.parameter = parameter
        self.app = app
    }
}

/// What an answer to the assistant's question means.
public enum Answer: Sendable, Equatable {
    case yes
    case no
    /// Yes, and from now on without asking (only to a `Question.consent`).
    case always
    /// Stop the conversation ("cancel", "never mind").
    case cancel
    /// Go on without the value asked for ("skip it", "doesn't matter", "no note"); the conversation decides
    /// whether it can (an optional value) or says the value is needed.
    case skip
    /// The option at this index (0-based) of a `Question.choice`.
    case choice(Int)
    /// Parameter values in the SDK's JSON form, by property: usually the asked parameter, sometimes
    /// with its companions (a goal value with its unit).
    case values([String: JSONValue])
    /// Not an answer but a new request ("actually, get me a ride home").
    case newRequest(UnderstoodRequest)
    /// Not an answer but about the conversation: "what can you do?", "repeat that".
    case assistant(AssistantRequest)
    /// Words for a message or a note that also read as something else (a request, "help"): the user is
    /// asked which they meant. `otherwise` is a `newRequest` or an `assistant` answer.
    indirect case ambiguousValue([String: JSONValue], otherwise: Answer)
    /// A value of the asked kind that is none ("-5" for an amount): say why and ask again.
    case refused(RefusedValue)
    /// Nothing the question can use; ask again.
    case unclear
}
