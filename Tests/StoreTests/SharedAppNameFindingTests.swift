import Foundation
import ParlanceCore
import TestSupport
import Testing

/// Which installed apps share a name, compared as requests compare names.
@Suite struct SharedAppNameFindingTests {
    @Test func namesSharedWithoutCaseSpacesOrAccentsAreFoundAndLabelled() throws {
        let fixture = try BundleFixture()
        defer { fixture.remove() }
        let genuine = try BundleLoader.load(try fixture.chatterbox().path).app
        var impostor = genuine
        impostor.identifier = "com.example.impostor"
        impostor.displayName = "chätter box"
        var other = genuine
        other.identifier = "com.example.other"
        other.displayName = "Other"
        other.alternativeNames = []
        other.localizedDisplayNames = [:]
        other.spokenName = nil
        let apps = [genuine, impostor, other]
        let shared = SharedAppName.among(apps)
        #expect(shared.count >= 1)
        #expect(shared.allSatisfy { $0.identifiers == ["com.example.chatterbox", "com.example.impostor"] }, "\(shared)")
        #expect(SharedAppName.label(of: genuine, language: "en", among: apps) == "Chatterbox (com.example.chatterbox)")
        #expect(SharedAppName.label(of: other, language: "en", among: apps) == "Other")
        #expect(SharedAppName.among([genuine, other]).isEmpty)
    }
}
