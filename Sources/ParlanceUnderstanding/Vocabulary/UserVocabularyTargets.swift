import Intents
import ParlanceCore

/// Which intent properties each kind of user vocabulary can fill.
public enum UserVocabularyTargets {
    /// The property names (without the intent: "recipients", "workoutName") a vocabulary type's entries fill.
    public static func properties(for type: INVocabularyStringType) -> Set<String> {
        targets[type]?.properties ?? []
    }

    /// "IntentClass.property" keys for a vocabulary type, among the intents Parlance serves: one array per
    /// type, shared by every entry of that type (a user may have 100,000 of them).
    static func parameters(for type: INVocabularyStringType) -> [String] {
        targets[type]?.parameters ?? []
    }

    /// The property names (without the intent) that entries with exactly these parameters can fill, if they
    /// are a vocabulary type's; nil for any other list. Shared arrays compare at once.
    static func properties(ifParametersOf type: INVocabularyStringType, are parameters: [String]) -> Set<String>? {
        guard let target = targets[type], target.parameters == parameters else { return nil }
        return target.properties
    }

    private static let targets: [INVocabularyStringType: (parameters: [String], properties: Set<String>)] = Dictionary(
        uniqueKeysWithValues: INVocabularyStringType.allCases.map { type in
            let parameters = IntentCatalog.all.flatMap { intent in
                intent.parameters.filter { matches(type, $0) }.map { "\(intent.name).\($0.name)" }
            }
            return (type, (parameters, Set(parameters.compactMap { $0.split(separator: ".").last.map(String.init) })))
        })

    private static func matches(_ type: INVocabularyStringType, _ parameter: IntentParameterDescription) -> Bool {
        if type == .contactName { return parameter.valueType == "INPerson" }
        guard let name = ParameterName(parameter.name) else { return false }
        switch type {
        case .contactGroupName: return [.speakableGroupName, .speakableGroupNames, .groupNames].contains(name)
        case .photoAlbumName: return name == .albumName
        case .photoTag: return name == .searchTerms
        case .workoutActivityName: return name == .workoutName
        case .paymentsOrganizationName: return name == .payee || name == .payer
        default: return false
        }
    }
}
