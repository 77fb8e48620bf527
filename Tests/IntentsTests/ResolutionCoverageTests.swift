import Foundation
@testable import Intents
import Testing

@Suite("Every resolution result class")
struct ResolutionCoverageTests {
    static let names = IntentCatalog.resolutionResultTypes.keys.sorted()

    @Test("round-trips each value-less outcome with its class", arguments: names)
    func valueless(_ name: String) throws {
        let type = try #require(IntentCatalog.resolutionResultTypes[name])
        for result in [type.needsValue(), type.notRequired(), type.unsupported(), type.needsMoreDetails()] {
            let decoded = try IntentJSON.decodeResolutionResult(from: IntentJSON.encode(AnyResolutionResult(result)))
            #expect(decoded.resultName == name)
            #expect(decoded.kind == result.kind)
        }
    }

    @Test("every parameter's result class is known to the decoder")
    func parametersUseKnownClasses() {
        for intent in IntentCatalog.all {
            for parameter in intent.parameters {
                #expect(IntentCatalog.resolutionResultTypes[parameter.resolutionResultType] != nil,
                        "\(intent.name).\(parameter.name)")
            }
        }
    }
}
