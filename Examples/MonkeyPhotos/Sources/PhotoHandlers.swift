import CoreLocation
import Foundation
import Intents
import MonkeyAppSupport

/// What both photo intents resolve: an album, tags and people the library knows.
enum PhotoQuery {
    static func album(_ spoken: String?) -> INStringResolutionResult {
        guard let spoken, !spoken.isEmpty else { return .notRequired() }
        let albums = (try? PhotoLibrary.file.read().albums) ?? []
        switch NameMatch.find(spoken, in: albums) {
        case .exact(let name): return .success(with: name)
        case .partial(let name), .close(let name): return .confirmationRequired(with: name)
        case .several(let names): return .disambiguation(with: names)
        case .tooMany: return .needsMoreDetails()
        case .none: return .unsupported()
        }
    }

    static func terms(_ spoken: [String]?) -> [INStringResolutionResult] {
        let library = try? PhotoLibrary.file.read()
        let tags = library?.tags ?? []
        return (spoken ?? []).map { term in
            let match = NameMatch.find(term, in: tags)
            if case .exact(let tag) = match { return .success(with: tag) }
            // Words of an album, a tag or a place ("beaches", "jungle"): searched as said.
            if library?.photos.contains(where: { PhotoWords.matches(term, photo: $0) }) == true { return .success(with: term) }
            switch match {
            case .close(let tag), .partial(let tag): return .confirmationRequired(with: tag)
            default: return .unsupported()
            }
        }
    }

    /// What the app needs to show the same photos it counted: the search, in the user activity.
    static func userInfo(album: String?, people: [INPerson]?, terms: [String]?, place: CLPlacemark?,
                         range: INDateComponentsRange?) -> [String: Any] {
        let calendar = Calendar(identifier: .gregorian)
        var info: [String: Any] = ["album": album ?? "", "terms": terms ?? [], "people": (people ?? []).map(\.displayName),
                                   "place": place?.name ?? ""]
        if let start = range?.startDateComponents.flatMap({ calendar.date(from: $0) }) { info["from"] = start }
        if let end = range?.endDateComponents.flatMap({ calendar.date(from: $0) }) { info["to"] = end }
        return info
    }

    static func count(album: String?, people: [INPerson]?, terms: [String]?, place: CLPlacemark?,
                      range: INDateComponentsRange?) -> Int {
        let library = try? PhotoLibrary.file.read()
        return library?.matching(album: album, people: (people ?? []).map(\.displayName), terms: terms ?? [],
                                 place: place?.name, range: range).count ?? 0
    }
}

/// Searches the library; the results are shown in the app, so handle hands over with the count.
final class SearchForPhotosHandler: NSObject, INSearchForPhotosIntentHandling {
    func resolveAlbumName(for intent: INSearchForPhotosIntent) async -> INStringResolutionResult {
        PhotoQuery.album(intent.albumName)
    }

    func resolveSearchTerms(for intent: INSearchForPhotosIntent) async -> [INStringResolutionResult] {
        PhotoQuery.terms(intent.searchTerms)
    }

    func handle(intent: INSearchForPhotosIntent) async -> INSearchForPhotosIntentResponse {
        let activity = NSUserActivity(activityType: "INSearchForPhotosIntent")
        activity.userInfo = PhotoQuery.userInfo(album: intent.albumName, people: intent.peopleInPhoto,
                                                terms: intent.searchTerms, place: intent.locationCreated,
                                                range: intent.dateCreated)
        let response = INSearchForPhotosIntentResponse(code: .continueInApp, userActivity: activity)
        response.searchResultsCount = PhotoQuery.count(album: intent.albumName, people: intent.peopleInPhoto,
                                                       terms: intent.searchTerms, place: intent.locationCreated,
                                                       range: intent.dateCreated)
        return response
    }
}

/// Plays a slideshow of matching photos in the app.
final class StartPhotoPlaybackHandler: NSObject, INStartPhotoPlaybackIntentHandling {
    func resolveAlbumName(for intent: INStartPhotoPlaybackIntent) async -> INStringResolutionResult {
        PhotoQuery.album(intent.albumName)
    }

    func resolveSearchTerms(for intent: INStartPhotoPlaybackIntent) async -> [INStringResolutionResult] {
        PhotoQuery.terms(intent.searchTerms)
    }

    func handle(intent: INStartPhotoPlaybackIntent) async -> INStartPhotoPlaybackIntentResponse {
        let count = PhotoQuery.count(album: intent.albumName, people: intent.peopleInPhoto, terms: intent.searchTerms,
                                     place: intent.locationCreated, range: intent.dateCreated)
        guard count > 0 else { return INStartPhotoPlaybackIntentResponse(code: .failure, userActivity: nil) }
        let activity = NSUserActivity(activityType: "INStartPhotoPlaybackIntent")
        var info = PhotoQuery.userInfo(album: intent.albumName, people: intent.peopleInPhoto, terms: intent.searchTerms,
                                       place: intent.locationCreated, range: intent.dateCreated)
        info["slideshow"] = true
        activity.userInfo = info
        let response = INStartPhotoPlaybackIntentResponse(code: .continueInApp, userActivity: activity)
        response.searchResultsCount = count
        return response
    }
}

/// MonkeyPhotos' Intents extension.
final class MonkeyPhotosExtension: INExtension, @unchecked Sendable {
    override func handler(for intent: INIntent) -> Any? {
        switch intent {
        case is INSearchForPhotosIntent: return SearchForPhotosHandler()
        case is INStartPhotoPlaybackIntent: return StartPhotoPlaybackHandler()
        default: return nil
        }
    }
}
