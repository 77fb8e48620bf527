// MonkeyCall, a Parlance sample app: audio and video calls. `monkeycall intents` is its Intents
// extension; `monkeycall open` is where the assistant hands a call over; the rest is the app itself.
import Foundation
import Intents
import MonkeyAppSupport

let file = CallLog.file

func publishContacts() {
    guard let log = try? file.read() else { return }
    INVocabulary.shared().setVocabularyStrings(NSOrderedSet(array: log.contacts.map(\.name)), of: .contactName)
}

await AppMain.run(appName: "MonkeyCall", appIdentifier: CallLog.identifier, extension: { MonkeyCallExtension() }, commands: [
    .init("open", "open                   place the call the assistant handed over") { _ in
        guard let info = AppMain.handedOverActivity()?["userInfo"] as? [String: Any],
              let name = info["contact"] as? String, !name.isEmpty else {
            print("MonkeyCall opened")
            return
        }
        let video = info["video"] as? Bool ?? false
        let identifier = info["identifier"] as? String ?? UUID().uuidString
        try file.update { log in
            guard !log.calls.contains(where: { $0.identifier == identifier }) else { return }
            log.calls.append(.init(identifier: identifier, person: name, kind: "outgoing", video: video, date: Date()))
        }
        print("MonkeyCall: calling \(name)\(video ? " (video)" : "")")
    },
    .init("history", "history                list calls, newest first") { _ in
        for call in try file.read().calls.sorted(by: { $0.date > $1.date }) {
            print("\(call.kind) \(call.video ? "video" : "audio") call with \(call.person)")
        }
    },
    .init("contacts", "contacts               list contacts") { _ in
        for contact in try file.read().contacts { print(contact.name + (contact.hasVideo ? "" : "  (audio only)")) }
    },
    .init("sync", "sync                   tell the assistant the contact names again") { _ in publishContacts() },
    .init("reset", "reset                  forget everything") { _ in
        try file.reset()
        INVocabulary.shared().removeAllVocabularyStrings()
    },
])
