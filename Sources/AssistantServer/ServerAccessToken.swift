import Foundation

/// The server's own access token, kept in `<home>/server-token` (0600) so that it survives restarts and only the
/// user (and programs running as the user outside the extensions' sandbox) can read it: it is what the user's
/// own clients hold and any other program or web page that can reach the port does not.
public enum ServerAccessToken {
    /// The file in a Parlance home.
    public static func file(in home: URL) -> URL { home.appendingPathComponent("server-token") }

    /// The token in the home, made (32 random bytes, hex) when there is none yet.
    public static func loadOrCreate(in home: URL) throws(ServerSetupError) -> String {
        let url = file(in: home)
        if let text = try? String(contentsOf: url, encoding: .utf8) {
            let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard token.count >= 16 else {
                throw ServerSetupError("\(url.path) does not hold a usable token; delete it and a new one is made")
            }
            return token
        }
        var generator = SystemRandomNumberGenerator()
        let token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
        do {
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        } catch {
            throw ServerSetupError("the home \(home.path) could not be made: \(error.localizedDescription)")
        }
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            // Another server made it first: use that one.
            if errno == EEXIST, let text = try? String(contentsOf: url, encoding: .utf8) {
                return text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            throw ServerSetupError("the access token could not be saved in \(url.path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let bytes = Array((token + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count, fsync(descriptor) == 0 else {
            unlink(url.path)
            throw ServerSetupError("the access token could not be saved in \(url.path)")
        }
        return token
    }
}
