import Foundation
import GRDB
import ParlanceCore

/// A permission is bound to the code it was given for: an app whose extension was edited in place after
/// the user allowed it reads as not asked yet, so the next request asks again (saying the app changed).
/// Its row, vocabulary and preferences stay; answering records the new code.
extension AssistantStore {
    /// Records the code on disk now as the code an app's decision was made for.
    func bindToCode(_ db: Database, identifier: String) throws {
        guard let manifest = try String.fetchOne(db, sql: "SELECT manifest FROM apps WHERE identifier = ?",
                                                 arguments: [identifier]) else { return }
        let bundle = try JSONDecoder().decode(AppBundle.self, from: Data(manifest.utf8))
        try db.execute(sql: "UPDATE permissions SET codeFingerprint = ? WHERE user = ? AND appIdentifier = ?",
                       arguments: [bundle.codeFingerprintOnDisk() ?? "", user, identifier])
    }

    /// Each of a user's permissions' code, by app (nil: decided before permissions were bound to code).
    static func permissionCodes(_ db: Database, user: String) throws -> [String: String?] {
        var codes: [String: String?] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT appIdentifier, codeFingerprint FROM permissions WHERE user = ?",
                                    arguments: [user]) {
            codes[row["appIdentifier"]] = row["codeFingerprint"] as String?
        }
        return codes
    }

    /// Whether the app's code on disk is not the code it was allowed for: `allowedCode`, else (a decision
    /// older than this check) the code it was installed with.
    static func codeChanged(_ bundle: AppBundle, since allowedCode: String?) -> Bool {
        guard let expected = allowedCode ?? bundle.codeFingerprint else { return false }
        return (bundle.codeFingerprintOnDisk() ?? "") != expected
    }
}
