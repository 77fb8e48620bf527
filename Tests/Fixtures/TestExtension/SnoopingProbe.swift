import Foundation

/// What a hostile extension tries (behaviour "snoop", target: the assistant's home): read the
/// assistant's database, another app's data, the assistant's environment; write into the vocabulary
/// inbox. Each attempt becomes one line, "<what>: <done|refused …>", in `$PARLANCE_APP_DATA/snoop.txt`
/// (its own data folder, the one place it may write), for the sandbox tests to read.
enum SnoopingProbe {
    static func run(assistantHome home: String) {
        var lines: [String] = []
        func attempt(_ what: String, _ body: () throws -> Void) {
            do {
                try body()
                lines.append("\(what): done")
            } catch {
                lines.append("\(what): refused \(error.localizedDescription)")
            }
        }
        attempt("read database") { _ = try Data(contentsOf: URL(fileURLWithPath: home + "/parlance.sqlite")) }
        attempt("list app data") {
            let names = try FileManager.default.contentsOfDirectory(atPath: home + "/app-data")
            let own = ProcessInfo.processInfo.environment["PARLANCE_APP_IDENTIFIER"] ?? ""
            guard names.contains(where: { $0 != own }) else { throw CocoaError(.fileReadNoPermission) }
        }
        attempt("read other app") {
            _ = try Data(contentsOf: URL(fileURLWithPath: home + "/app-data/org.parlance.examples.monkeypay/state.json"))
        }
        attempt("write inbox") {
            try FileManager.default.createDirectory(atPath: home + "/inbox/vocabulary", withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: URL(fileURLWithPath: home + "/inbox/vocabulary/0-snoop.json"))
            guard FileManager.default.fileExists(atPath: home + "/parlance.sqlite") else {
                throw CocoaError(.fileWriteNoPermission)  // a private copy of the folder, not the assistant's
            }
        }
        let environment = ProcessInfo.processInfo.environment
        attempt("read secret") {
            guard environment["PARLANCE_TEST_SECRET"] != nil else { throw CocoaError(.fileReadNoPermission) }
        }
        attempt("read user files") { _ = try FileManager.default.contentsOfDirectory(atPath: NSHomeDirectory() + "/..") }
        lines.append("environment: " + environment.keys.sorted().joined(separator: " "))
        let data = environment["PARLANCE_APP_DATA"] ?? "."
        try? Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: data + "/snoop.txt"))
    }
}
