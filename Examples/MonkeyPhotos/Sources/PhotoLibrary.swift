import CoreLocation
import Foundation
import Intents
import MonkeyAppSupport

/// MonkeyPhotos' data: a small library of photos with albums, tags, people, places and dates.
struct PhotoLibrary: Codable, Sendable {
    struct Photo: Codable, Sendable {
        var identifier: String
        var album: String
        var tags: [String]
        var people: [String]
        var place: String
        var date: Date
    }

    var photos: [Photo]
    var lastShown: [String] = []

    static let identifier = "org.parlance.examples.monkeyphotos"
    static let file = AppDataFile<PhotoLibrary>(appIdentifier: identifier) { .demo }

    /// Forty photos over the last year, spread over three albums.
    static var demo: PhotoLibrary {
        let albums = ["Banana Trip", "Jungle Party", "Beach Day"]
        let tags = [["sunset", "bananas"], ["party"], ["beach", "sunset"], ["bananas"], ["trees"]]
        let people = [["Bobo"], ["Kiki", "Bobo"], ["Coco"], [], ["Kiki"]]
        let places = ["Banana Beach", "Central Park", "Banana Island", "Jungle Gym"]
        let start = Date(timeIntervalSince1970: 1_763_000_000)  // November 2025
        let photos = (0..<40).map { index in
            Photo(identifier: "p\(index)", album: albums[index % albums.count], tags: tags[index % tags.count],
                  people: people[index % people.count], place: places[index % places.count],
                  date: start.addingTimeInterval(Double(index) * 9 * 86_400))
        }
        return PhotoLibrary(photos: photos)
    }

    var albums: [String] { Array(Set(photos.map(\.album))).sorted() }
    var tags: [String] { Array(Set(photos.flatMap(\.tags))).sorted() }

    /// The photos matching everything the search gives.
    func matching(album: String?, people: [String], terms: [String], place: String?, range: INDateComponentsRange?) -> [Photo] {
        let calendar = Calendar(identifier: .gregorian)
        return matching(album: album, people: people, terms: terms, place: place,
                        from: range?.startDateComponents.flatMap { calendar.date(from: $0) },
                        to: range?.endDateComponents.flatMap { calendar.date(from: $0) })
    }

    /// The photos matching everything given (nil and empty mean "any"). A tag or place said matches its words in
    /// the photo's album title, tags or place too ("the beach" → the Beach Day album, Banana Beach).
    func matching(album: String?, people: [String], terms: [String], place: String?, from start: Date?, to end: Date?)
        -> [Photo] {
        photos.filter { photo in
            (album == nil || photo.album.caseInsensitiveCompare(album ?? "") == .orderedSame)
                && people.allSatisfy { person in photo.people.contains { $0.caseInsensitiveCompare(person) == .orderedSame } }
                && terms.allSatisfy { term in
                    photo.tags.contains { $0.caseInsensitiveCompare(term) == .orderedSame } || PhotoWords.matches(term, photo: photo)
                }
                && (place.map { photo.place.localizedCaseInsensitiveContains($0) || PhotoWords.matches($0, photo: photo) } ?? true)
                && (start.map { photo.date >= $0 } ?? true) && (end.map { photo.date <= $0 } ?? true)
        }
    }
}
