import Foundation
import ParlanceCore

/// The assistant's German words for the conversation (it says "du" to its user).
struct GermanConversationPhrases: ConversationPhrases {
    var code: String { "de" }

    func text(_ parameters: Parameters, _ name: String) -> String? {
        parameters[name].map { ValueText.describe($0, language: code) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The parameter's name and its grammatical gender ("m", "f", "n").
    private static let labels: [String: (word: String, gender: Character)] = [
        "recipients": ("Empfänger", "m"), "content": ("Nachricht", "f"), "payee": ("Empfänger", "m"),
        "payer": ("Zahler", "m"), "currencyAmount": ("Betrag", "m"), "note": ("Notiz", "f"),
        "pickupLocation": ("Abholort", "m"), "dropOffLocation": ("Ziel", "n"), "rideOptionName": ("Fahrtart", "f"),
        "partySize": ("Personenzahl", "f"), "scheduledPickupTime": ("Abholzeit", "f"), "workoutName": ("Training", "n"),
        "goalValue": ("Ziel", "n"), "workoutLocationType": ("Ort", "m"), "contacts": ("Kontakt", "m"),
        "callCapability": ("Anrufart", "f"), "albumName": ("Album", "n"), "peopleInPhoto": ("Person", "f"),
        "searchTerms": ("Stichwort", "n"), "locationCreated": ("Ort", "m"), "dateCreated": ("Datum", "n"),
        "senders": ("Absender", "m"), "speakableGroupName": ("Gruppe", "f"), "recipient": ("Kontakt", "m"),
    ]

    func label(_ parameter: String) -> String { Self.labels[parameter]?.word ?? ValueText.words(parameter) }

    private func which(_ parameter: String, other: Bool = false) -> String {
        let gender = Self.labels[parameter]?.gender ?? "m"
        let base = gender == "f" ? "Welche" : gender == "n" ? "Welches" : "Welcher"
        // After "welcher/welche/welches" the adjective is weak: "welcher andere Betrag", "welches andere Ziel".
        return other ? "\(base) andere \(label(parameter))" : "\(base) \(label(parameter))"
    }

    func chooseApp(_ options: [String]) -> String { "Welche App: \(orList(options))?" }
    func useApp(_ app: String) -> String { "Mit \(app)?" }

    func rideUpdatesInterrupted(app: String) -> String { "\(app) schickt keine Neuigkeiten zu deiner Fahrt mehr; ich verbinde neu." }
    func rideUpdatesLost(app: String) -> String { "Ich kann deine Fahrt mit \(app) nicht mehr verfolgen; schau in \(app) nach, wie es steht." }

    func runsOutsideCode(app: String, programs: String) -> String {
        "Achtung: \(app) startet Programme außerhalb seines Pakets (\(programs))."
    }

    func permission(app: String, usage: String?) -> String {
        guard let usage, !usage.isEmpty else { return "\(app) möchte mit Parlance arbeiten. Erlauben?" }
        return "\(app) möchte mit Parlance arbeiten: „\(usage)“ Erlauben?"
    }

    func unlock() -> String { "Deine Sitzung ist gesperrt. Entsperre sie (parlance unlock) und sag „weiter“ – oder sag „abbrechen“." }

    func askValue(_ asked: AskedValue) -> String {
        switch asked {
        case .messageRecipient: return "An wen?"
        case .messageContent(let who):
            if let who { return "Was möchtest du \(who) sagen?" }
            return "Was möchtest du sagen?"
        case .payee: return "Wen soll ich bezahlen?"
        case .payer: return "Von wem soll ich das Geld anfordern?"
        case .parameter("currencyAmount"): return "Wie viel?"
        case .parameter("dropOffLocation"): return "Wohin?"
        case .parameter("pickupLocation"): return "Wo soll der Wagen dich abholen?"
        case .parameter("contacts"): return "Wen möchtest du anrufen?"
        case .parameter("goalValue"): return "Was ist dein Ziel?"
        case .parameter(let parameter): return which(parameter) + "?"
        }
    }

    func askMoreDetails(_ parameter: String, value: String?) -> String {
        if let value { return "Zu „\(value)“ passen zu viele. \(which(parameter)) genau?" }
        return "Kannst du das genauer sagen: \(label(parameter))?"
    }

    func askAfterRefusal(_ parameter: String) -> String { "Okay. \(which(parameter)) dann?" }
    func askChoice(_ parameter: String, options: [String]) -> String { "\(which(parameter)): \(orList(options))?" }

    func askConfirmValue(_ asked: AskedValue, value: String) -> String {
        if asked == .messageRecipient { return "Eine Nachricht an \(value)?" }
        if asked == .parameter("contacts") { return "\(value) anrufen?" }
        return "Meinst du \(value)?"
    }

    func unsupported(_ parameter: String, value: String?, reason: String?, app: String) -> String {
        let who = value ?? "Das"
        let because: String
        switch reason {
        case "noAccount": because = "\(who) hat kein \(app)-Konto"
        case "offline": because = "\(who) ist offline"
        case "messagingServiceNotEnabledForRecipient": because = "\(who) kann keine \(app)-Nachrichten empfangen"
        case "noValidHandle", "requestedHandleInvalid", "noHandleForLabel", "invalidHandle", "noUsableHandleForRedial":
            because = "\(app) kann \(who) nicht erreichen"
        case "noContactFound": because = "\(app) kennt \(who) nicht"
        case "videoCallUnsupported": because = "\(app) kann diesen Videoanruf nicht führen"
        case "multipleContactsUnsupported": because = "\(app) ruft immer nur eine Person an"
        case "insufficientFunds": because = "es ist nicht genug Geld da"
        case "paymentsAmountBelowMinimum", "amountBelowMinimum": because = "\(who) liegt unter dem Mindestbetrag von \(app)"
        case "paymentsAmountAboveMaximum", "amountAboveMaximum": because = "\(who) liegt über dem Limit von \(app)"
        case "paymentsCurrencyUnsupported", "currencyUnsupported": because = "\(app) unterstützt diese Währung nicht"
        case let reason?: because = "\(app) kann \(value ?? "das") nicht verwenden (\(ValueText.words(reason)))"
        case nil where parameter == "partySize": because = "\(app) hat keinen Wagen für \(value ?? "so viele") Personen"
        case nil: because = "\(app) kann \(value ?? "das") nicht verwenden"
        }
        return "\(because.prefix(1).uppercased())\(because.dropFirst()). \(which(parameter, other: true))?"
    }

    func orList(_ options: [String]) -> String {
        switch options.count {
        case 0: return ""
        case 1: return options[0]
        default: return options.dropLast().joined(separator: ", ") + " oder " + (options.last ?? "")
        }
    }

    func confirmIntent(_ summary: RequestSummary, intent: String, app: String, details: [String]) -> String {
        var question: String
        switch summary {
        case let .sendMessage(content, recipients): question = "„\(content ?? "")“ mit \(app) an \(recipients ?? "den Kontakt") senden?"
        case let .sendPayment(amount, payee): question = "\(amount ?? "Das Geld") mit \(app) an \(payee ?? "den Empfänger") senden?"
        case let .requestPayment(amount, payer): question = "\(amount ?? "Geld") mit \(app) von \(payer ?? "dem Kontakt") anfordern?"
        case let .requestRide(option, destination):
            question = "\(option.map { "Einen \($0)" } ?? "Eine Fahrt") mit \(app)" + (destination.map { " nach \($0)" } ?? "") + " buchen?"
        default: question = "Mit \(app) fortfahren?"
        }
        if !details.isEmpty { question = details.joined(separator: "; ") + ". " + question }
        return question
    }

    func again(_ question: String) -> String { "Entschuldigung, das habe ich nicht verstanden. " + question }
    func confirmFooter() -> String { "Sag ja zum Fortfahren, oder nein." }

    func done(_ summary: RequestSummary) -> String {
        switch summary {
        case let .sendMessage(content, recipients): return "„\(content ?? "")“ an \(recipients ?? "den Kontakt") gesendet."
        case .searchMessages(let n):
            return n == 0 ? "Keine Nachrichten gefunden." : "\(n) \(n == 1 ? "Nachricht" : "Nachrichten") gefunden."
        case .setMessageAttribute(let attribute): return attribute == "unread" ? "Als ungelesen markiert." : "Als gelesen markiert."
        case let .sendPayment(amount, payee): return "\(amount ?? "Das Geld") an \(payee ?? "den Empfänger") gesendet."
        case let .requestPayment(amount, payer): return "\(amount ?? "Geld") von \(payer ?? "dem Kontakt") angefordert."
        case .requestRide: return "Deine Fahrt ist gebucht."
        case .listRideOptions(let n): return "\(n) \(n == 1 ? "Fahrtoption" : "Fahrtoptionen") verfügbar."
        case .rideStatus(let phase): return ridePhase(phase)
        case .cancelRide: return "Deine Fahrt ist storniert."
        case let .workout(step, name):
            switch step {
            case .start: return "\(name ?? "Training") gestartet."
            case .pause: return "Training pausiert."
            case .resume: return "Training fortgesetzt."
            case .end: return "Training beendet."
            case .cancel: return "Training abgebrochen."
            }
        case .call(let contacts): return "Ich rufe \(contacts ?? "den Kontakt") an."
        case .searchCallHistory(let n): return n == 0 ? "Keine Anrufe gefunden." : "\(n) \(n == 1 ? "Anruf" : "Anrufe") gefunden."
        case let .photos(n, playing):
            if n == 0 { return "Keine Fotos gefunden." }
            return playing ? "Diashow mit \(n) \(n == 1 ? "Foto" : "Fotos")." : "\(n) \(n == 1 ? "Foto" : "Fotos") gefunden."
        case .other: return "Erledigt."
        }
    }

    func doneWithApp(_ done: String, app: String) -> String { done.dropLast() + " (mit \(app))." }

    func failure(_ code: String, app: String) -> String {
        let reasons = [
            "failureInsufficientFunds": "auf deinem \(app)-Konto ist nicht genug Geld",
            "failurePaymentsAmountBelowMinimum": "der Betrag liegt unter dem Mindestbetrag von \(app)",
            "failurePaymentsAmountAboveMaximum": "der Betrag liegt über dem Limit von \(app)",
            "failurePaymentsCurrencyUnsupported": "\(app) unterstützt diese Währung nicht",
            "failureMessageNotFound": "\(app) hat diese Nachrichten nicht gefunden",
            "failureNoMatchingWorkout": "bei \(app) läuft kein solches Training",
            "failureOngoingWorkout": "es läuft schon ein anderes Training",
            "failureRequiringInAppAuthentication": "\(app) möchte, dass du dich anmeldest",
        ]
        let reason = reasons[code] ?? "\(app) meldet einen Fehler (\(ValueText.words(code)))"
        return "Das ging nicht: \(reason). Es wurde nichts gemacht."
    }

    func inProgress(app: String) -> String { "\(app) kümmert sich darum; es läuft im Hintergrund weiter, und ich sage dir Bescheid." }

    func ridePhase(_ phase: String) -> String {
        switch phase {
        case "received": return "Deine Fahrt ist gebucht; ein Fahrer wird gesucht."
        case "confirmed": return "Deine Fahrt ist bestätigt."
        case "approachingPickup": return "Dein Wagen ist gleich da."
        case "pickup": return "Dein Wagen ist da."
        case "ongoing": return "Du bist unterwegs."
        case "completed": return "Deine Fahrt ist beendet."
        default: return "Hier ist deine Fahrt."
        }
    }

    func rideUpdate(app: String, phase: String) -> String { "\(app): " + ridePhase(phase) }
    func handedOff(done: String?, app: String) -> String { (done.map { $0 + " " } ?? "") + "Weiter in \(app)." }
    func handOffFailed(app: String, reason: String) -> String { "\(app) muss das abschließen, aber ich konnte es nicht öffnen: \(reason)" }
    func openApp(app: String, done: String?) -> String { (done.map { $0 + " " } ?? "") + "\(app) öffnen, um das abzuschließen?" }
    func openAppOptions() -> [String] { ["Ja", "Nein", "Immer"] }
    func notOpened(app: String) -> String { "Okay, ich öffne \(app) nicht." }
    func cancelled() -> String { "Okay, abgebrochen. Es wurde nichts gemacht." }
    func declined() -> String { "Okay, dann nicht. Es wurde nichts gemacht." }

    func permissionDenied(app: String, identifier: String) -> String {
        "\(app) darf nicht mit Parlance arbeiten, darum habe ich es nicht benutzt. Erlauben: parlance apps allow \(identifier)"
    }

    func stayedLocked() -> String { "Die Sitzung ist noch gesperrt, darum höre ich auf. Es wurde nichts gemacht." }

    func gaveUp(step: String, app: String) -> String {
        let what = ["app": "keine App", "confirmation": "keine Bestätigung", "unlock": "keine Entsperrung",
                    "permission": "keine Antwort zu \(app)"][step]
            ?? "keinen passenden Wert für \(label(step))"
        return "Ich habe immer noch \(what), darum höre ich auf. Es wurde nichts gemacht."
    }

    func resumed(_ question: String) -> String { "Machen wir weiter, wo wir waren. " + question }
    func beforeRestart(_ result: String) -> String { "Vor dem Neustart: " + result }

    func interrupted(app: String) -> String {
        "Der Assistent wurde beendet, während \(app) deine Anfrage bearbeitete; ich weiß nicht, ob sie durchging. "
            + "Ich wiederhole sie nicht – sieh in \(app) nach."
    }

    func notUnderstood() -> String { "Damit kann ich leider nicht helfen. Sag „was kannst du?“, um zu hören, was ich kann." }
    func cannotHelp(domains: [String]) -> String {
        let activities: [String: String] = ["messaging": "Nachrichten senden", "calls": "anrufen", "payments": "Geld senden und anfordern", "rides": "Fahrten buchen", "workouts": "Trainings aufzeichnen", "photos": "Fotos finden"]
        let things = domains.compactMap { activities[$0] }
        guard !things.isEmpty else { return notUnderstood() }
        return "Damit kann ich leider nicht helfen. Mit deinen Apps kann ich \(list(things)). Sag „was kannst du?“ für Beispiele."
    }
    func appCannot(app: String) -> String { "\(app) kann das nicht. Sag „was kannst du?“, um zu hören, was es kann." }
    func waiting(app: String) -> String { "Ich warte auf \(app) …" }
    func alreadyHandled(app: String) -> String { "Ich habe diese Anfrage schon an \(app) gesendet und sende sie nicht zweimal. Sieh in \(app) nach, was passiert ist." }
    func notRecorded(reason: String) -> String { "Ich konnte die Anfrage nicht sicher speichern und habe sie nicht gesendet: \(reason)" }

    func handleFailed(app: String, reason: String) -> String {
        "\(app) ist bei der Anfrage gescheitert (\(reason)). Ich weiß nicht, ob sie durchging, und wiederhole sie nicht; sieh in \(app) nach."
    }

    func noRideToCancel(app: String) -> String { "Du hast keine \(app)-Fahrt zum Stornieren." }
    func appMissing(app: String) -> String { "\(app) ist nicht mehr installiert, darum höre ich auf." }
    func extensionFailed(app: String, reason: String) -> String { "\(app) konnte die Anfrage nicht annehmen (\(reason)). Es wurde nichts gemacht." }
    func notSaved(reason: String) -> String { "Ich konnte dieses Gespräch nicht speichern (\(reason)); nach einem Neustart weiß ich es vielleicht nicht mehr." }
    func valueRefused(said: String, reason: RefusedValue.Reason) -> String {
        switch reason {
        case .notPositive: "„\(said)“ geht nicht: Es muss mehr als null sein."
        case .tooLarge: "„\(said)“ ist mehr, als es wirklich sein kann; das gebe ich nicht weiter."
        case .unreadable: "„\(said)“ kann ich nicht als Zahl lesen."
        }
    }
    func unnamedApp() -> String { "die App" }
    func noApps() -> String { "Es sind noch keine Apps installiert. Installiere eine mit parlance apps install PFAD." }
    func discovery(_ examples: [String]) -> String { "Du kannst zum Beispiel sagen: " + list(examples.map { "„\($0)“" }) + "." }
    func discoveryTitle() -> String { "Was du fragen kannst" }
    func welcome() -> String { "Parlance – sag, was du möchtest („was kannst du?“ für Ideen, Strg-D zum Beenden)." }
    func installedSamples(_ names: [String]) -> String {
        "Es waren keine Apps installiert, darum habe ich die Beispiel-Apps installiert: \(ValueText.list(names, language: code)). Jede fragt beim ersten Mal nach deiner Erlaubnis."
    }

    func cardLabel(_ english: String) -> String {
        let labels = ["To": "An", "From": "Von", "Amount": "Betrag", "Fee": "Gebühr", "Note": "Notiz", "Status": "Status",
                      "Ride": "Fahrt", "Pickup": "Abholung", "pickup": "Abholung", "Price": "Preis", "Driver": "Fahrer",
                      "Vehicle": "Fahrzeug", "Cancellation fee": "Stornogebühr", "Workout": "Training", "Goal": "Ziel",
                      "Where": "Wo", "Call": "Anruf", "Type": "Art", "Album": "Album", "People": "Personen",
                      "Tags": "Stichwörter", "Place": "Ort", "Date": "Datum", "Photos": "Fotos", "Unknown": "Unbekannt",
                      "You": "Du"]
        return labels[english] ?? english
    }

    func list(_ items: [String]) -> String { ValueText.list(items, language: code) }

    func caseWords(_ name: String) -> String {
        let words = ["pending": "ausstehend", "completed": "erledigt", "unpaid": "unbezahlt", "failed": "fehlgeschlagen",
                     "canceled": "storniert", "received": "angenommen", "confirmed": "bestätigt",
                     "approachingPickup": "gleich da", "pickup": "da", "ongoing": "unterwegs", "audioCall": "Audioanruf",
                     "videoCall": "Videoanruf", "missed": "verpasst", "outgoing": "ausgehend", "minute": "Minuten",
                     "hour": "Stunden", "meter": "Meter", "mile": "Meilen", "kiloCalorie": "Kalorien",
                     "indoor": "drinnen", "outdoor": "draußen"]
        return words[name] ?? ValueText.words(name)
    }
}
