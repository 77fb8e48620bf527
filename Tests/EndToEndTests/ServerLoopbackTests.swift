import AssistantServer
import Testing

/// Which `--host` values count as this machine only: a name that merely contains a loopback address resolves
/// wherever its owner wants, so the server warns about it as about any other address.
struct ServerLoopbackTests {
    @Test("loopback is an address in 127/8, ::1 or localhost; a name that spells one is not", arguments: [
        ("127.0.0.1", true), ("127.8.9.10", true), ("localhost", true), ("LOCALHOST", true), ("::1", true), ("[::1]", true),
        ("127.0.0.1.nip.io", false), ("localhost.attacker.example", false), ("0.0.0.0", false), ("::", false),
        ("128.0.0.1", false), ("127.0.0.256", false), ("192.168.1.2", false),
    ])
    func loopback(host: String, expected: Bool) {
        let configuration = ServerConfiguration(host: host, accessToken: "a-token-long-enough-1234")
        #expect(configuration.isLoopback == expected)
    }
}
