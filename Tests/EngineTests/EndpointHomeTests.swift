import ExtensionWire
import Foundation
@testable import ParlanceEngine
import Testing

/// The app's data folder is joined as text: the same folder `URL` would give, for every kind of home.
struct EndpointHomeTests {
    @Test("the data folder is the one URL gives", arguments: [
        "/home/ana/.parlance", "/home/ana/.parlance/", "/", "/tmp/x y/é", "/a//b", "/a/./b", "/a/../b", "relative/home", "",
    ])
    func dataFolderAsURLGivesIt(home: String) {
        let app = "com.example.chat"
        let expected = URL(fileURLWithPath: home).appendingPathComponent("app-data").appendingPathComponent(app).path
        #expect(ExtensionEndpoint.dataFolder(home: home, app: app) == expected)
    }

    @Test("giving a home sets the data folder and PARLANCE_HOME")
    func giveHome() {
        var endpoint = ExtensionEndpoint(identifier: "com.example.chat.intents", appIdentifier: "com.example.chat",
                                         appName: "MonkeyChat", executable: "/bin/true")
        endpoint.give(home: "/home/ana/.parlance")
        #expect(endpoint.dataFolder == "/home/ana/.parlance/app-data/com.example.chat")
        #expect(endpoint.environment["PARLANCE_HOME"] == "/home/ana/.parlance")
    }
}
