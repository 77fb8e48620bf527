import ExtensionWire
import Foundation
@_spi(Parlance) import Intents
import ParlanceCore
import ParlanceTesting
import ParlanceUnderstanding

/// What the fuzzer feeds: any bytes, to the parts of Parlance that read what others wrote. Each target
/// must return normally for every input (errors are fine; crashes, hangs and leaks are findings).
enum FuzzTarget: String, CaseIterable {
    /// A line a person typed, as `parlance chat` and `parse` read it: UTF-8 or not, understood when it is.
    case understanding
    /// Bytes on an extension's stdout or the assistant's stdin pipe: split into lines, each decoded as
    /// a message by the assistant's side and as a request by the extension's.
    case wire
    /// An app bundle's Info.plist (XML or binary), as `parlance lint` and `apps install` read it.
    case bundle

    func run(_ data: Data) {
        switch self {
        case .understanding: Self.understand(data)
        case .wire: Self.decodeWire(data)
        case .bundle: Self.loadBundle(data)
        }
    }

    /// Does the one-time work (training the models) before the first input.
    func prepare() {
        guard self == .understanding else { return }
        for language in Self.languages { _ = try? Self.understander.understand("hello", language: language) }
    }

    // MARK: Understanding

    private static let understander: RequestUnderstander = {
        let store = MemoryStore()
        store.install(.fixture(identifier: "com.example.monkeychat", displayName: "MonkeyChat",
                               intents: ["INSendMessageIntent", "INSearchForMessagesIntent"]), permission: .allowed)
        store.install(.fixture(identifier: "com.example.monkeypay", displayName: "MonkeyPay",
                               intents: ["INSendPaymentIntent", "INRequestPaymentIntent"]), permission: .allowed)
        store.install(.fixture(identifier: "com.example.monkeyride", displayName: "MonkeyRide",
                               intents: ["INRequestRideIntent", "INGetRideStatusIntent"]), permission: .allowed)
        return RequestUnderstander(apps: store, vocabulary: store, defaultCurrency: "USD")
    }()
    private static let languages: [String?] = [nil, "en", "de", "fr", "it", "ja", "zh"]

    private static func understand(_ data: Data) {
        guard let text = String(validating: data, as: UTF8.self) else { return }  // refused before understanding
        let language = languages[Int(data.first ?? 0) % languages.count]
        _ = try? understander.understand(text, language: language)
    }

    // MARK: The wire

    private static func decodeWire(_ data: Data) {
        var decoder = LineDecoder(maximumLength: 4096)
        var lines: [Data] = []
        // Fed in uneven pieces, as a pipe delivers them.
        var offset = data.startIndex
        var piece = 1
        while offset < data.endIndex {
            let end = data.index(offset, offsetBy: min(piece, data.distance(from: offset, to: data.endIndex)))
            do {
                lines += try decoder.feed(data[offset..<end])
            } catch {
                decoder = LineDecoder(maximumLength: 4096)
            }
            offset = end
            piece = piece * 3 % 17 + 1
        }
        if let last = decoder.finish() { lines.append(last) }
        for line in lines {
            // The reader and writer agree: what was read is written and read back the same.
            if let value = try? JSONValue(jsonData: line), let text = try? value.jsonData() {
                precondition((try? JSONValue(jsonData: text)) == value, "JSONValue text did not read back the same")
            }
            _ = try? WireProtocol.decode(IncomingMessage.self, from: line)
            _ = try? WireProtocol.decode(ReplyResult<ResolveResult>.self, from: line)
            _ = try? WireProtocol.decode(ReplyResult<ResponseResult>.self, from: line)
            _ = try? WireProtocol.decode(ReplyResult<InitializeResult>.self, from: line)
            _ = try? WireProtocol.decode(NotificationParams<UpdateParams>.self, from: line)
            _ = try? WireProtocol.decode(WireRequest.self, from: line)
        }
    }

    // MARK: Bundles

    private static let bundleFolder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-fuzz-\(getpid())/Fuzz.app")
        let appex = folder.appendingPathComponent("PlugIns/FuzzIntents.appex")
        try? FileManager.default.createDirectory(at: appex, withIntermediateDirectories: true)
        let executable = appex.appendingPathComponent("FuzzIntents")
        try? Data("#!/bin/sh\n".utf8).write(to: executable)
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: executable.path)
        return folder
    }()

    /// The input is the app's Info.plist, then (after a NUL byte, when there is one) the extension's.
    private static func loadBundle(_ data: Data) {
        let parts = data.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
        let app = parts.first.map { Data($0) } ?? Data()
        let appex = parts.count > 1 ? Data(parts[1]) : Data(Self.defaultExtensionInfo.utf8)
        do {
            try app.write(to: bundleFolder.appendingPathComponent("Info.plist"))
            try appex.write(to: bundleFolder.appendingPathComponent("PlugIns/FuzzIntents.appex/Info.plist"))
        } catch {
            return
        }
        _ = try? BundleLoader.load(bundleFolder.path)
    }

    private static let defaultExtensionInfo = """
        <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
        <key>CFBundleIdentifier</key><string>com.example.fuzz.intents</string>
        <key>CFBundleExecutable</key><string>FuzzIntents</string>
        <key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.intents-service</string>
        <key>NSExtensionAttributes</key><dict><key>IntentsSupported</key><array><string>INSendMessageIntent</string>
        </array></dict></dict></dict></plist>
        """
}
