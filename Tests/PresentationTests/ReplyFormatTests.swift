import Testing
@testable import ParlancePresentation

/// The replies format: entries, placeholders, selects, plurals, references, formatters and the faults the
/// reader reports.
@Suite struct ReplyFormatTests {
    static let base = """
        language.plurals = one
        list.and.middle = {a}, {b}
        list.and.end = {a} and {b}
        list.or.middle = {a}, {b}
        list.or.end = {a} or {b}
        label.currencyAmount = amount
        """

    func catalog(_ text: String, code: String = "en") throws -> ReplyCatalog {
        try ReplyCatalog(code: code, text: Self.base + "\n" + text)
    }

    @Test("placeholders, fallbacks and formatters", arguments: [
        ("m = Hello {name}.", ["name": ReplyArgument.text("Bobo")], "Hello Bobo."),
        ("m = Hello {name}.", [:], "Hello ."),
        ("m = Sent to {name}.", ["name": ReplyArgument.text("Bobo Jr.")], "Sent to Bobo Jr."),
        ("m = Sent to {name}... and more", ["name": ReplyArgument.text("Bobo Jr.")], "Sent to Bobo Jr.... and more"),
        ("m = Sent “{x}”.", ["x": ReplyArgument.text("wait.")], "Sent “wait.”."),
        ("m = {x, select, none {nobody} other {{x}}}.", ["x": ReplyArgument.text("St. Ives Dr.")], "St. Ives Dr."),
        ("m = Send {amount ?? the money}.", [:], "Send the money."),
        ("m = Send {amount ?? the money}.", ["amount": .text("$5")], "Send $5."),
        ("m = Which {parameter, label}?", ["parameter": .text("currencyAmount")], "Which amount?"),
        ("m = Which {parameter, label}?", ["parameter": .text("workoutGoalUnitType")], "Which workout goal unit type?"),
        ("m = {x, capitalized}", ["x": .text("book a ride")], "Book a ride"),
        ("m = {x, uncapitalized}", ["x": .text("Your ride")], "your ride"),
        ("m = book {x, indefinite}", ["x": .text("XL")], "book an XL"),
        ("m = book {x, indefinite}", ["x": .text("Uber")], "book an Uber"),
        ("m = book {x, indefinite}", ["x": .text("Mini")], "book a Mini"),
        ("m = {x, dropLast}!", ["x": .text("Done.")], "Done!"),
        ("m = “{x}”{x, fullStop}", ["x": .text("Pay")], "“Pay”."),
        ("m = “{x}”{x, fullStop}", ["x": .text("Pay?")], "“Pay?”"),
        ("m = {x, words}", ["x": .text("videoCall")], "video call"),
        ("m = {x, action}", ["x": .text("INSendMessageIntent")], "send message"),
        ("m = {x, list}", ["x": .list(["A", "B", "C"])], "A, B and C"),
        ("m = {x, list, or}", ["x": .list(["A", "B"])], "A or B"),
        ("m = {x, list}", ["x": .list([])], ""),
        ("m = \\s{x}\\s", ["x": .text("y")], " y "),
        ("m = a \\{b\\} c", [:], "a {b} c"),
    ] as [(String, ReplyArguments, String)])
    func renders(message: String, arguments: ReplyArguments, expected: String) throws {
        #expect(try catalog(message).text("m", arguments) == expected)
    }

    @Test func selectsPickTheirCaseNoneOrOther() throws {
        let catalog = try catalog("""
            m = {reason, select,
                noAccount {no account}
                offline|away {not there}
                none {no reason}
                other {{reason}}}
            """)
        #expect(catalog.text("m", ["reason": .text("noAccount")]) == "no account")
        #expect(catalog.text("m", ["reason": .text("away")]) == "not there")
        #expect(catalog.text("m", [:]) == "no reason")
        #expect(catalog.text("m", ["reason": .text("")]) == "")
        #expect(catalog.text("m", ["reason": .text("lost")]) == "lost")
        #expect(catalog.text("m", ["reason": .list([])]) == "no reason")
    }

    @Test("plurals by the language's rule", arguments: [
        ("one", 0, "0 things"), ("one", 1, "1 thing"), ("one", 2, "2 things"),
        ("zeroOne", 0, "0 thing"), ("zeroOne", 1, "1 thing"), ("zeroOne", 2, "2 things"),
        ("other", 1, "1 things"),
    ])
    func plurals(rule: String, count: Int, expected: String) throws {
        let catalog = try ReplyCatalog(code: "xx", text: """
            language.plurals = \(rule)
            m = {n, plural, one {# thing} other {# things}}
            """)
        #expect(catalog.text("m", ["n": .number(count)]) == expected)
    }

    @Test func exactPluralCasesComeFirst() throws {
        let catalog = try catalog("m = {n, plural, =0 {none} one {# one} other {#}}")
        #expect(catalog.text("m", ["n": .number(0)]) == "none")
        #expect(catalog.text("m", ["n": .number(1)]) == "1 one")
    }

    @Test func termsAndMessagesAreRenderedWithTheSameArguments() throws {
        let catalog = try catalog("""
            -who = {value ?? That one}
            phase = {phase, select, pickup {Your ride is here.} other {Here's your ride.}}
            m = {-who} is here; {@phase, uncapitalized}
            n = {-empty, select, none {nothing} other {{-empty}}}
            -empty = {x, select, a {A} other {}}
            """)
        #expect(catalog.text("m", ["phase": .text("pickup")]) == "That one is here; your ride is here.")
        #expect(catalog.text("n", ["x": .text("b")]) == "nothing")
        #expect(catalog.text("n", ["x": .text("a")]) == "A")
    }

    @Test func messagesThatReferToEachOtherInACircleEnd() throws {
        // Each level refers to itself four times: without a stop at the circle, 4^16 renders.
        let catalog = try catalog("""
            -loop = x{-loop}{-loop}{-loop}{-loop}{@back}
            back = b{-loop}
            m = [{-loop}]
            """)
        #expect(catalog.text("m") == "[xb]")
    }

    @Test func listsPutItemsThroughAnItemMessageAndLeaveEmptyOnesOut() throws {
        let catalog = try catalog("""
            -activity = {item, select, rides {book rides} calls {make calls} other {}}
            m = I can {domains, list, and, -activity}.
            """)
        #expect(catalog.text("m", ["domains": .list(["rides", "restaurants", "calls"])]) == "I can book rides and make calls.")
    }

    @Test func entriesIgnoreCommentsAndJoinIndentedLines() throws {
        let catalog = try catalog("""
            # a comment
            m = {x, select,
                a {one}
                other {two}}

            # another comment
            n = {x}
            """)
        #expect(catalog.text("m", ["x": .text("a")]) == "one")
        #expect(catalog.text("m", ["x": .text("b")]) == "two")
        #expect(catalog.text("n", ["x": .text("b")]) == "b")
    }

    @Test("faults name their line and key", arguments: [
        ("m = {x", 1, "m"), ("m = x}", 1, "m"), ("m = {x, select, a {b}", 1, "m"), ("m = {x, select,}", 1, "m"),
        ("just words", 1, nil), ("bad key! = x", 1, nil), ("  indented", 1, nil), ("m = a\nm = b", 2, "m"),
        ("m = {x, select, a b}", 1, "m"), ("m = ends with \\", 1, "m"),
    ] as [(String, Int, String?)])
    func faults(text: String, line: Int, key: String?) {
        #expect {
            _ = try ReplyCatalog(code: "en", text: text)
        } throws: { error in
            guard let error = error as? ReplyFormatError else { return false }
            return error.line == line && error.key == key && error.language == "en"
        }
    }

    @Test func missingKeysSayTheirKey() throws {
        #expect(try catalog("").text("nothing.here") == "nothing.here")
    }
}
