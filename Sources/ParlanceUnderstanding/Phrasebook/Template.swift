/// A phrasing template, parsed: how one intent (or one out-of-scope request) can be said.
///
/// `(a|b)` is one of the alternatives, `[a|b]` is optional, `{property}` is a parameter filled from a
/// filler list and labelled for the slot tagger, `{_kind}` a filler that is not a parameter,
/// `{property=a|b}` a parameter with its own values, `{app}` the app's name, and `<rule>` one of the
/// templates of a `@rule` section.
struct Template: Sendable {
    /// The text as written in the data file.
    let source: String
    /// The parsed template, rules already in place.
    let nodes: [TemplateNode]

    /// The template's own words: its text without slots and syntax.
    var literalText: String {
        var words: [String] = []
        func collect(_ nodes: [TemplateNode]) {
            for node in nodes {
                switch node {
                case .text(let text): if text != "{app}" { words.append(text) }
                case .choice(let alternatives): alternatives.forEach(collect)
                case .optional(let inner): collect(inner)
                case .slot: break
                }
            }
        }
        collect(nodes)
        return words.joined(separator: " ")
    }
}

/// A part of a parsed template.
indirect enum TemplateNode: Sendable {
    /// Words as written (`{app}` stays as text and is replaced when a sentence is made).
    case text(String)
    /// One of the alternatives.
    case choice([[TemplateNode]])
    /// Present or not.
    case optional([TemplateNode])
    /// A filler: a parameter (labelled) or a `_kind` (not labelled), from the filler lists or the given options.
    case slot(name: String, options: [String]?)
}
