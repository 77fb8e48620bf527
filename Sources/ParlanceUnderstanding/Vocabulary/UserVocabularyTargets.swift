import Intents

/// Which intent properties each kind of user vocabulary can fill.
enum UserVocabularyTargets {
    /// "IntentClass.property" keys for a vocabulary type, among the intents Parlance serves.
    static func parameters(for type: INVocabularyStringType) -> [String] {
        IntentCatalog.all.flatMap { intent in
            intent.parameters.filter { matches(type, $0) }.map { "\(intent.name).\($0.name)" }
        }
    }

    private static func matches(_ type: INVocabularyStringType, _ parameter: IntentParameterDescription) -> Bool {
        switch type {
        case .contactName:
            return parameter.valueType == "INPerson"
        case .contactGroupName:
            return parameter.name == "speakableGroupName" || parameter.name == "speakableGroupNames" || parameter.name == "groupNames"
        case .photoAlbumName:
            return parameter.name == "albumName"
        case .photoTag:
            return parameter.name == "searchTerms"
        case .workoutActivityName:
            return parameter.name == "workoutName"
        case .paymentsOrganizationName:
            return parameter.name == "payee" || parameter.name == "payer"
        default:
            return false
        }
    }
}
