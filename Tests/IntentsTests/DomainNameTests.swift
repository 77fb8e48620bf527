import Intents
import ParlanceCore
import Testing

/// The assistant's generated domain names agree with the SDK's catalogue they are generated beside.
@Suite struct DomainNameTests {
    @Test("every intent of the catalogue has its case, with its domain and parameters")
    func intentsMatchTheCatalogue() {
        #expect(IntentName.allCases.map(\.rawValue) == IntentCatalog.all.map(\.name))
        for description in IntentCatalog.all {
            let name = IntentName(description.name)
            #expect(name?.domain == description.domain)
            let names = Set((name?.parameters ?? []).map(\.rawValue))
            // Stored properties and the deprecated spellings that stand for them (`groupName`).
            #expect(names == Set(description.propertyNames).union(description.parameters.map(\.name)))
        }
    }

    @Test("every parameter of every intent has its case and a role")
    func parametersHaveCases() {
        let all = Set(IntentCatalog.all.flatMap { $0.propertyNames + $0.parameters.map(\.name) })
        #expect(Set(ParameterName.allCases.map(\.rawValue)) == all)
        #expect(ParameterName.recipients.role == .person)
        #expect(ParameterName.content.role == .freeText)
        #expect(ParameterName.workoutName.role == .vocabularyValue)
        #expect(ParameterName.callCapability.role == .enumeration)
        #expect(ParameterName.dropOffLocation.role == .entity)
    }

    @Test("the understood intents are intents of the catalogue, the call intents learned as one")
    func understoodIntents() {
        #expect(IntentName.understood.contains(.startCall))
        #expect(!IntentName.understood.contains(.startAudioCall))
        #expect(Set(IntentName.understood).count == IntentName.understood.count)
    }
}
