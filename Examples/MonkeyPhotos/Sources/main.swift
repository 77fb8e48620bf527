// MonkeyPhotos, a Parlance sample app: photo search and slideshows. `monkeyphotos intents` is its
// Intents extension; `monkeyphotos open` shows what the assistant handed over; the rest is the app.
import Foundation
import Intents
import MonkeyAppSupport

let file = PhotoLibrary.file

func publishNames() {
    guard let library = try? file.read() else { return }
    INVocabulary.shared().setVocabularyStrings(NSOrderedSet(array: library.albums), of: .photoAlbumName)
    INVocabulary.shared().setVocabularyStrings(NSOrderedSet(array: library.tags), of: .photoTag)
}

await AppMain.run(appName: "MonkeyPhotos", appIdentifier: PhotoLibrary.identifier, extension: { MonkeyPhotosExtension() }, commands: [
    .init("open", "open                   show the photos the assistant asked for") { _ in
        let info = AppMain.handedOverActivity()?["userInfo"] as? [String: Any] ?? [:]
        let album = (info["album"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        let terms = info["terms"] as? [String] ?? []
        let people = info["people"] as? [String] ?? []
        let place = (info["place"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        let from = (info["from"] as? [String: Any])?["$date"] as? String
        let to = (info["to"] as? [String: Any])?["$date"] as? String
        let dates = ISO8601DateFormatter()
        dates.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let shown = try file.update { library -> Int in
            let photos = library.matching(album: album, people: people, terms: terms, place: place,
                                          from: from.flatMap(dates.date(from:)), to: to.flatMap(dates.date(from:)))
            library.lastShown = photos.map(\.identifier)
            return photos.count
        }
        print("MonkeyPhotos: showing \(shown) photos" + ((info["slideshow"] as? Bool) == true ? " as a slideshow" : ""))
    },
    .init("albums", "albums                 list albums and tags") { _ in
        let library = try file.read()
        print("Albums: \(library.albums.joined(separator: ", "))")
        print("Tags: \(library.tags.joined(separator: ", "))")
        print("Last shown: \(library.lastShown.count) photos")
    },
    .init("sync", "sync                   tell the assistant the album and tag names again") { _ in publishNames() },
    .init("reset", "reset                  forget everything") { _ in
        try file.reset()
        INVocabulary.shared().removeAllVocabularyStrings()
    },
])
