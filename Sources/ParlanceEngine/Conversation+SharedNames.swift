import ParlanceCore

extension Conversation {
    /// The names a question offers apps by: each display name, with the bundle identifier when another
    /// installed app goes by the same name (`SharedAppName`), so an impostor is never chosen by a name alone.
    func appLabels(_ identifiers: [String], language: String?) -> [String] {
        let apps = ((try? registry.apps()) ?? []).map(\.bundle)
        return identifiers.map { identifier in
            apps.first { $0.identifier == identifier }.map { SharedAppName.label(of: $0, language: language, among: apps) }
                ?? identifier
        }
    }
}
