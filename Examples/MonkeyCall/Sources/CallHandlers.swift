import Foundation
import Intents
import MonkeyAppSupport

/// Starts an audio or video call. The call itself happens in the app, so handle hands over to it.
final class StartCallHandler: NSObject, INStartCallIntentHandling {
    func resolveContacts(for intent: INStartCallIntent) async -> [INStartCallContactResolutionResult] {
        guard let contacts = intent.contacts, !contacts.isEmpty else { return [.needsValue()] }
        guard contacts.count == 1 else { return [.unsupported(forReason: .multipleContactsUnsupported)] }
        let log = try? CallLog.file.read()
        switch NameMatch.find(contacts[0].displayName, in: log?.contacts.map(\.name) ?? []) {
        case .exact(let name): return [.success(with: CallLog.person(name))]
        case .partial(let name), .close(let name): return [.confirmationRequired(with: CallLog.person(name))]
        case .several(let names): return [.disambiguation(with: names.map(CallLog.person))]
        case .tooMany: return [INStartCallContactResolutionResult(personResolutionResult: .needsMoreDetails())]
        case .none: return [.unsupported(forReason: .noContactFound)]
        }
    }

    /// A video call needs a contact with video; audio works with everyone.
    func resolveCallCapability(for intent: INStartCallIntent) async -> INStartCallCallCapabilityResolutionResult {
        guard intent.callCapability == .videoCall else { return .success(with: intent.callCapability == .unknown ? .audioCall : intent.callCapability) }
        let name = intent.contacts?.first?.displayName ?? ""
        if let contact = (try? CallLog.file.read())?.contact(named: name), !contact.hasVideo {
            return .unsupported(forReason: .videoCallUnsupported)
        }
        return .success(with: .videoCall)
    }

    func confirm(intent: INStartCallIntent) async -> INStartCallIntentResponse {
        INStartCallIntentResponse(code: .ready, userActivity: nil)
    }

    func handle(intent: INStartCallIntent) async -> INStartCallIntentResponse {
        let activity = NSUserActivity(activityType: "INStartCallIntent")
        activity.userInfo = ["contact": intent.contacts?.first?.displayName ?? "", "video": intent.callCapability == .videoCall,
                             "identifier": intent.identifier ?? ""]
        return INStartCallIntentResponse(code: .continueInApp, userActivity: activity)
    }
}

/// Looks up the call history: missed calls, calls with someone.
final class SearchCallHistoryHandler: NSObject, INSearchCallHistoryIntentHandling {
    func resolveRecipient(for intent: INSearchCallHistoryIntent) async -> INPersonResolutionResult {
        guard let spoken = intent.recipient?.displayName, !spoken.isEmpty else { return .notRequired() }
        let names = (try? CallLog.file.read())?.contacts.map(\.name) ?? []
        switch NameMatch.find(spoken, in: names) {
        case .exact(let name): return .success(with: CallLog.person(name))
        case .partial(let name), .close(let name): return .confirmationRequired(with: CallLog.person(name))
        case .several(let found): return .disambiguation(with: found.map(CallLog.person))
        default: return .unsupported()
        }
    }

    func handle(intent: INSearchCallHistoryIntent) async -> INSearchCallHistoryIntentResponse {
        guard let log = try? CallLog.file.read() else { return INSearchCallHistoryIntentResponse(code: .failure, userActivity: nil) }
        let person = intent.recipient?.displayName.lowercased()
        let kinds: [(INCallRecordTypeOptions, String)] = [(.missed, "missed"), (.outgoing, "outgoing"), (.received, "received")]
        let wanted = Set(kinds.filter { intent.callTypes.contains($0.0) }.map(\.1))
        let calls = log.calls.filter { call in
            (person == nil || call.person.lowercased() == person) && (wanted.isEmpty || wanted.contains(call.kind))
        }.sorted { $0.date > $1.date }
        let response = INSearchCallHistoryIntentResponse(code: .success, userActivity: nil)
        response.callRecords = calls.map { call in
            INCallRecord(identifier: call.identifier, dateCreated: call.date, caller: CallLog.person(call.person),
                         callRecordType: call.kind == "missed" ? .missed : call.kind == "outgoing" ? .outgoing : .received,
                         callCapability: call.video ? .videoCall : .audioCall)
        }
        return response
    }
}

/// MonkeyCall's Intents extension.
final class MonkeyCallExtension: INExtension, @unchecked Sendable {
    override func handler(for intent: INIntent) -> Any? {
        switch intent {
        case is INStartCallIntent: return StartCallHandler()
        case is INSearchCallHistoryIntent: return SearchCallHistoryHandler()
        default: return nil
        }
    }
}
