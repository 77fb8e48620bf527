import Foundation
import Hummingbird
import Logging
import ParlanceCore

/// `GET /readyz`: whether this server should be sent work. Unlike `/healthz` (the process answers), it
/// reads the store for real, checks that the home is still there and that the extension host runs, and
/// answers 503 with the reason while any fails or while the server drains before it stops. Open like
/// `/healthz` (probes hold no token), so its words name no path or user: the server log has the details.
struct Readiness: Sendable {
    static var path: String { "/readyz" }

    let store: any ConversationStore
    let apps: any AppRegistry
    /// The home the assistant's files live in (nil: a store in memory).
    let home: String?
    let operations: ServerOperations
    let logger = Logger(label: "parlance.server")

    /// The answer: `status` "ready" or "unavailable", with each check's word.
    struct Report: Encodable, Sendable {
        let status: String
        let checks: [String: String]
        /// Why it is not ready, for a person; absent when ready.
        let reason: String?
    }

    func register<Context: RequestContext>(on router: Router<Context>) {
        router.get(RouterPath(Self.path)) { _, _ in
            let report = check()
            return JSONResponse(report, status: report.reason == nil ? .ok : .serviceUnavailable)
        }
    }

    func check() -> Report {
        var checks: [String: String] = [:]
        var reasons: [String] = []
        if operations.isDraining {
            checks["drain"] = "draining"
            reasons.append("the server is stopping")
        } else {
            checks["drain"] = "ok"
        }
        if let problem = storeProblem() {
            checks["store"] = "failing"
            reasons.append(problem)
        } else {
            checks["store"] = "ok"
        }
        if operations.extensionHostRunning {
            checks["extensions"] = "ok"
        } else {
            checks["extensions"] = "stopped"
            reasons.append("the extension host is not running")
        }
        return Report(status: reasons.isEmpty ? "ready" : "unavailable", checks: checks,
                      reason: reasons.isEmpty ? nil : reasons.joined(separator: "; "))
    }

    /// A real read of the store, and the home it keeps its files in: a home removed under a running server
    /// still reads through the files it holds open, but nothing written there would survive it.
    private func storeProblem() -> String? {
        if let home {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: home, isDirectory: &isFolder), isFolder.boolValue else {
                logger.error("not ready: the home is gone", metadata: ["home": .string(home)])
                return "the assistant's home folder is gone"
            }
            guard access(home, W_OK) == 0 else {
                logger.error("not ready: the home cannot be written", metadata: ["home": .string(home)])
                return "the assistant's home folder cannot be written"
            }
        }
        do {
            _ = try store.isSessionLocked()
            _ = try apps.apps()
        } catch {
            logger.error("not ready: the store cannot be read", metadata: ["error": .string(error.message)])
            return "the store cannot be read"
        }
        return nil
    }
}
