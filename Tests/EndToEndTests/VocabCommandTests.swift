import Foundation
import TestSupport
import Testing

/// `parlance vocab …` as a real process.
@Suite(.waitsBlocking) struct VocabCommandTests {
    @Test func setListClear() throws {
        let cli = CommandRunner()
        defer { cli.remove() }
        let set = try cli.run(["vocab", "set", "--app", "com.example.monkeychat", "--type", "contactName", "-"],
                              input: "Bobo\nBobo the Great\n\nBobo\nSøren\n")
        #expect(set.status == 0)
        #expect(set.stdout == "com.example.monkeychat: 3 contactName strings set.\n")
        #expect(set.stderr == "warning: no app 'com.example.monkeychat' is installed; its vocabulary is kept for when it is\n")
        _ = try cli.run(["vocab", "set", "--app", "com.example.monkeyfit", "--type", "workoutActivityName"], input: "Bananarific\n")
        #expect(try cli.run(["vocab", "list", "--app", "com.example.monkeychat"]).stdout == """
            com.example.monkeychat\tcontactName\t1\tBobo
            com.example.monkeychat\tcontactName\t2\tBobo the Great
            com.example.monkeychat\tcontactName\t3\tSøren

            """)
        #expect(try cli.run(["vocab", "list", "--type", "workoutActivityName"]).stdout
            == "com.example.monkeyfit\tworkoutActivityName\t1\tBananarific\n")
        #expect(try cli.run(["vocab", "clear", "--app", "com.example.monkeychat"]).status == 0)
        #expect(try cli.run(["vocab", "list"]).stdout == "com.example.monkeyfit\tworkoutActivityName\t1\tBananarific\n")
    }

    @Test("the user's vocab set is not overwritten by an app's earlier update still waiting in the inbox")
    func setAfterAnAppsPendingUpdate() throws {
        let cli = CommandRunner()
        defer { cli.remove() }
        // A first chat installs the sample apps; their programs leave their vocabulary in the inbox.
        #expect(try cli.run(["chat"], input: "").status == 0)
        let inbox = cli.home.appendingPathComponent("inbox/vocabulary")
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: inbox.path)).filter { $0.hasSuffix(".json") }.isEmpty)
        #expect(try cli.run(["vocab", "set", "--app", "org.parlance.examples.monkeychat", "--type", "contactName"],
                            input: "Zed Zimmer\n").status == 0)
        #expect(try cli.run(["vocab", "list", "--app", "org.parlance.examples.monkeychat"]).stdout
            == "org.parlance.examples.monkeychat\tcontactName\t1\tZed Zimmer\n")
        #expect(try cli.run(["vocab", "clear", "--app", "org.parlance.examples.monkeycall"]).status == 0)
        #expect(try cli.run(["vocab", "list", "--app", "org.parlance.examples.monkeycall"]).stdout.isEmpty)
    }

    @Test func badInputIsRefusedWithAClearMessage() throws {
        let cli = CommandRunner()
        defer { cli.remove() }
        let type = try cli.run(["vocab", "set", "--app", "x", "--type", "contactname"], input: "Bobo\n")
        #expect(type.status == 1)
        #expect(type.stderr == "error: 'contactname' is not a vocabulary type; did you mean 'contactName'?\n")
        let phone = try cli.run(["vocab", "set", "--app", "x", "--type", "contactName"], input: "Bobo\n+44 20 7946 0958\n")
        #expect(phone.status == 1)
        #expect(phone.stderr.contains("'+44 20 7946 0958' looks like a phone number"))
        #expect(try cli.run(["vocab", "list"]).stdout.isEmpty)
    }

    @Test("the file vocab set reads: UTF-8 lines, CRLF or LF, a byte-order mark dropped; anything else refused")
    func theFileFormat() throws {
        let cli = CommandRunner()
        defer { cli.remove() }
        try FileManager.default.createDirectory(at: cli.home, withIntermediateDirectories: true)
        let windows = cli.home.appendingPathComponent("contacts.txt")
        try Data("\u{FEFF}Zoë\r\n  Bobo the Great  \r\n\r\n".utf8).write(to: windows)
        #expect(try cli.run(["vocab", "set", "--app", "com.example.x", "--type", "contactName", windows.path]).status == 0)
        #expect(try cli.run(["vocab", "list"]).stdout == "com.example.x\tcontactName\t1\tZoë\ncom.example.x\tcontactName\t2\tBobo the Great\n")
        let latin1 = cli.home.appendingPathComponent("latin1.txt")
        try Data([0x5A, 0x6F, 0xEB, 0x0A]).write(to: latin1)  // "Zoë" in ISO 8859-1
        let refused = try cli.run(["vocab", "set", "--app", "com.example.x", "--type", "contactName", latin1.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasSuffix("latin1.txt is not UTF-8 text\n"), "\(refused.stderr)")
        #expect(try cli.run(["vocab", "list"]).stdout.hasPrefix("com.example.x\tcontactName\t1\tZoë\n"), "nothing changed")
    }
}
