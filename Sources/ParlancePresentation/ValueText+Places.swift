import Foundation
import ParlanceCore

extension ValueText {
    /// The name the system gives the place where the user is now ("Current Location", as MapKit names the
    /// current location's map item): an app that picks the user up where they are names its place so, in
    /// English, whatever language the user speaks.
    static let currentLocationName = "Current Location"

    /// A place's name in the conversation's language: the system's name for where the user is, translated;
    /// any other name as the app gave it.
    static func placeName(_ name: String, language: String) -> String {
        guard name.caseInsensitiveCompare(currentLocationName) == .orderedSame else { return name }
        return ReplyLanguages.catalog(for: language).text("place.currentLocation")
    }
}
