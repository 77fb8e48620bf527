/// The date reader of a language that has none yet: it reads no dates. Used to check and sample a new
/// language's files before its reader is written (docs/phrasebooks.md).
struct NoDateReader: DateReading {
    func read(_ tokens: [Token], at start: Int, numbers: NumberReader, time: ReferenceTime) -> (DateSpan, Int)? { nil }
}
