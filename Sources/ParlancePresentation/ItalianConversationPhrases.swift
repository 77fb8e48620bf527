import Foundation
import ParlanceCore

/// The assistant's Italian words for the conversation (it says "tu" to its user).
struct ItalianConversationPhrases: ConversationPhrases {
    var code: String { "it" }

    func text(_ parameters: Parameters, _ name: String) -> String? {
        parameters[name].map { ValueText.describe($0, language: code) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    private static let labels: [String: (word: String, feminine: Bool)] = [
        "recipients": ("destinatario", false), "content": ("messaggio", false), "payee": ("beneficiario", false),
        "payer": ("pagatore", false), "currencyAmount": ("importo", false), "note": ("nota", true),
        "pickupLocation": ("luogo di partenza", false), "dropOffLocation": ("destinazione", true),
        "rideOptionName": ("tipo di corsa", false), "partySize": ("numero di persone", false),
        "workoutName": ("allenamento", false), "goalValue": ("obiettivo", false), "contacts": ("contatto", false),
        "callCapability": ("tipo di chiamata", false), "albumName": ("album", false), "peopleInPhoto": ("persona", true),
        "searchTerms": ("parola chiave", true), "locationCreated": ("luogo", false), "dateCreated": ("data", true),
        "senders": ("mittente", false), "speakableGroupName": ("gruppo", false), "recipient": ("contatto", false),
    ]

    func label(_ parameter: String) -> String { Self.labels[parameter]?.word ?? ValueText.words(parameter) }
    private func which(_ parameter: String) -> String { "Quale \(label(parameter))" }

    private func other(_ parameter: String) -> String {
        (Self.labels[parameter]?.feminine ?? false) ? "Quale altra \(label(parameter))" : "Quale altro \(label(parameter))"
    }

    func chooseApp(_ options: [String]) -> String { "Quale app: \(orList(options))?" }
    func useApp(_ app: String) -> String { "Con \(app)?" }

    func rideUpdatesInterrupted(app: String) -> String { "\(app) non manda più aggiornamenti sulla tua corsa; mi ricollego." }
    func rideUpdatesLost(app: String) -> String { "Non riesco più a seguire la tua corsa con \(app); controlla lo stato in \(app)." }

    func runsOutsideCode(app: String, programs: String) -> String {
        "Attenzione: \(app) avvia programmi fuori dal suo pacchetto (\(programs))."
    }

    func permission(app: String, usage: String?) -> String {
        guard let usage, !usage.isEmpty else { return "\(app) vuole lavorare con Parlance. Lo consenti?" }
        return "\(app) vuole lavorare con Parlance: «\(usage)» Lo consenti?"
    }

    func unlock() -> String { "La sessione è bloccata. Sbloccala (parlance unlock), poi di' «continua», oppure «annulla»." }

    func askValue(_ asked: AskedValue) -> String {
        switch asked {
        case .messageRecipient: return "A chi?"
        case .messageContent(let who):
            if let who { return "Cosa vuoi dire a \(who)?" }
            return "Cosa vuoi dire?"
        case .payee: return "Chi devo pagare?"
        case .payer: return "A chi devo chiedere i soldi?"
        case .parameter("currencyAmount"): return "Quanto?"
        case .parameter("dropOffLocation"): return "Dove vuoi andare?"
        case .parameter("pickupLocation"): return "Dove devono venire a prenderti?"
        case .parameter("contacts"): return "Chi vuoi chiamare?"
        case .parameter("goalValue"): return "Qual è il tuo obiettivo?"
        case .parameter(let parameter): return which(parameter) + "?"
        }
    }

    func askMoreDetails(_ parameter: String, value: String?) -> String {
        if let value { return "«\(value)» corrisponde a troppi risultati. \(which(parameter)) esattamente?" }
        return "Puoi essere più preciso sul \(label(parameter))?"
    }

    func askAfterRefusal(_ parameter: String) -> String { "Va bene. \(which(parameter)) allora?" }
    func askChoice(_ parameter: String, options: [String]) -> String { "\(which(parameter)): \(orList(options))?" }

    func askConfirmValue(_ asked: AskedValue, value: String) -> String {
        if asked == .messageRecipient { return "Un messaggio a \(value)?" }
        if asked == .parameter("contacts") { return "Chiamo \(value)?" }
        return "Intendi \(value)?"
    }

    func unsupported(_ parameter: String, value: String?, reason: String?, app: String) -> String {
        let who = value ?? "Questo"
        let because: String
        switch reason {
        case "noAccount": because = "\(who) non ha un account \(app)"
        case "offline": because = "\(who) è offline"
        case "noValidHandle", "requestedHandleInvalid", "noHandleForLabel", "invalidHandle", "noUsableHandleForRedial":
            because = "\(app) non sa come raggiungere \(who)"
        case "noContactFound": because = "\(app) non conosce \(who)"
        case "videoCallUnsupported": because = "\(app) non può fare questa videochiamata"
        case "multipleContactsUnsupported": because = "\(app) chiama una persona alla volta"
        case "insufficientFunds": because = "non ci sono abbastanza soldi"
        case "paymentsAmountBelowMinimum", "amountBelowMinimum": because = "\(who) è sotto il minimo di \(app)"
        case "paymentsAmountAboveMaximum", "amountAboveMaximum": because = "\(who) supera il limite di \(app)"
        case "paymentsCurrencyUnsupported", "currencyUnsupported": because = "\(app) non gestisce questa valuta"
        case let reason?: because = "\(app) non può usare \(value ?? "questo") (\(ValueText.words(reason)))"
        case nil where parameter == "partySize": because = "\(app) non ha un'auto per \(value ?? "tante") persone"
        case nil: because = "\(app) non può usare \(value ?? "questo")"
        }
        return "\(because.prefix(1).uppercased())\(because.dropFirst()). \(other(parameter))?"
    }

    func orList(_ options: [String]) -> String {
        switch options.count {
        case 0: return ""
        case 1: return options[0]
        default: return options.dropLast().joined(separator: ", ") + " o " + (options.last ?? "")
        }
    }

    func confirmIntent(_ summary: RequestSummary, intent: String, app: String, details: [String]) -> String {
        var question: String
        switch summary {
        case let .sendMessage(content, recipients): question = "Invio «\(content ?? "")» a \(recipients ?? "questo contatto") con \(app)?"
        case let .sendPayment(amount, payee): question = "Invio \(amount ?? "i soldi") a \(payee ?? "questo contatto") con \(app)?"
        case let .requestPayment(amount, payer): question = "Chiedo \(amount ?? "i soldi") a \(payer ?? "questo contatto") con \(app)?"
        case let .requestRide(option, destination):
            question = "Prenoto \(option.map { "una \($0)" } ?? "una corsa")" + (destination.map { " per \($0)" } ?? "") + " con \(app)?"
        default: question = "Procedo con \(app)?"
        }
        if !details.isEmpty { question = details.joined(separator: "; ") + ". " + question }
        return question
    }

    func again(_ question: String) -> String { "Scusa, non ho capito. " + question }
    func confirmFooter() -> String { "Di' sì per procedere, o no." }

    func done(_ summary: RequestSummary) -> String {
        switch summary {
        case let .sendMessage(content, recipients): return "«\(content ?? "")» inviato a \(recipients ?? "questo contatto")."
        case .searchMessages(let n): return n == 0 ? "Nessun messaggio." : "\(n) \(n == 1 ? "messaggio trovato" : "messaggi trovati")."
        case .setMessageAttribute(let attribute): return attribute == "unread" ? "Segnati come non letti." : "Segnati come letti."
        case let .sendPayment(amount, payee): return "\(amount ?? "Soldi") inviati a \(payee ?? "questo contatto")."
        case let .requestPayment(amount, payer): return "\(amount ?? "Soldi") chiesti a \(payer ?? "questo contatto")."
        case .requestRide: return "La tua corsa è prenotata."
        case .listRideOptions(let n): return "\(n) \(n == 1 ? "opzione disponibile" : "opzioni disponibili")."
        case .rideStatus(let phase): return ridePhase(phase)
        case .cancelRide: return "La tua corsa è annullata."
        case let .workout(step, name):
            switch step {
            case .start: return "\(name ?? "Allenamento") iniziato."
            case .pause: return "Allenamento in pausa."
            case .resume: return "Allenamento ripreso."
            case .end: return "Allenamento terminato."
            case .cancel: return "Allenamento annullato."
            }
        case .call(let contacts): return "Chiamo \(contacts ?? "questo contatto")."
        case .searchCallHistory(let n): return n == 0 ? "Nessuna chiamata." : "\(n) \(n == 1 ? "chiamata trovata" : "chiamate trovate")."
        case let .photos(n, playing):
            if n == 0 { return "Nessuna foto trovata." }
            return playing ? "Presentazione di \(n) foto." : "\(n) foto \(n == 1 ? "trovata" : "trovate")."
        case .other: return "Fatto."
        }
    }

    func doneWithApp(_ done: String, app: String) -> String { done.dropLast() + " con \(app)." }

    func failure(_ code: String, app: String) -> String {
        let reasons = [
            "failureInsufficientFunds": "non ci sono abbastanza soldi sul tuo conto \(app)",
            "failurePaymentsAmountBelowMinimum": "l'importo è sotto il minimo di \(app)",
            "failurePaymentsAmountAboveMaximum": "l'importo supera il limite di \(app)",
            "failurePaymentsCurrencyUnsupported": "\(app) non gestisce questa valuta",
            "failureMessageNotFound": "\(app) non ha trovato quei messaggi",
            "failureNoMatchingWorkout": "\(app) non ha un allenamento in corso",
            "failureOngoingWorkout": "c'è già un altro allenamento in corso",
        ]
        let reason = reasons[code] ?? "\(app) ha segnalato un errore (\(ValueText.words(code)))"
        return "Non ci sono riuscito: \(reason). Non è stato fatto nulla."
    }

    func inProgress(app: String) -> String { "\(app) se ne occupa; continua in background e ti avviso quando ha finito." }

    func ridePhase(_ phase: String) -> String {
        switch phase {
        case "received": return "La tua corsa è prenotata; si cerca un autista."
        case "confirmed": return "La tua corsa è confermata."
        case "approachingPickup": return "La tua auto sta arrivando."
        case "pickup": return "La tua auto è arrivata."
        case "ongoing": return "Sei in viaggio."
        case "completed": return "La tua corsa è terminata."
        default: return "Ecco la tua corsa."
        }
    }

    func rideUpdate(app: String, phase: String) -> String { "\(app): " + ridePhase(phase) }
    func handedOff(done: String?, app: String) -> String { (done.map { $0 + " " } ?? "") + "Si continua in \(app)." }
    func handOffFailed(app: String, reason: String) -> String { "\(app) deve finire, ma non sono riuscito ad aprirla: \(reason)" }
    func openApp(app: String, done: String?) -> String { (done.map { $0 + " " } ?? "") + "Apro \(app) per finire?" }
    func openAppOptions() -> [String] { ["Sì", "No", "Sempre"] }
    func notOpened(app: String) -> String { "Va bene, non apro \(app)." }
    func cancelled() -> String { "Va bene, annullato. Non è stato fatto nulla." }
    func declined() -> String { "Va bene, non lo faccio. Non è stato fatto nulla." }

    func permissionDenied(app: String, identifier: String) -> String {
        "\(app) non è autorizzata a lavorare con Parlance, quindi non l'ho usata. Per autorizzarla: parlance apps allow \(identifier)"
    }

    func stayedLocked() -> String { "La sessione è ancora bloccata, quindi mi fermo. Non è stato fatto nulla." }

    func gaveUp(step: String, app: String) -> String {
        let what = ["app": "quale app usare", "confirmation": "la tua conferma", "unlock": "lo sblocco",
                    "permission": "la tua risposta su \(app)"][step]
            ?? "un \(label(step)) che \(app) possa usare"
        return "Non ho ancora \(what), quindi mi fermo. Non è stato fatto nulla."
    }

    func resumed(_ question: String) -> String { "Riprendiamo da dove eravamo. " + question }
    func beforeRestart(_ result: String) -> String { "Prima del riavvio: " + result }

    func interrupted(app: String) -> String {
        "L'assistente si è fermato mentre \(app) gestiva la tua richiesta: non so se è andata a buon fine. "
            + "Non la ripeto; controlla in \(app)."
    }

    func notUnderstood() -> String { "Mi dispiace, non posso aiutarti con questo. Di' «cosa sai fare?» per sapere cosa so fare." }
    func cannotHelp(domains: [String]) -> String {
        let activities: [String: String] = ["messaging": "mandare messaggi", "calls": "fare chiamate", "payments": "inviare e chiedere soldi", "rides": "prenotare corse", "workouts": "seguire gli allenamenti", "photos": "trovare foto"]
        let things = domains.compactMap { activities[$0] }
        guard !things.isEmpty else { return notUnderstood() }
        return "Mi dispiace, non posso aiutarti con questo. Con le tue app posso \(list(things)). Di' «cosa sai fare?» per degli esempi."
    }
    func appCannot(app: String) -> String { "\(app) non sa farlo. Di' «cosa sai fare?» per sapere cosa sa fare." }
    func waiting(app: String) -> String { "Aspetto \(app)…" }
    func alreadyHandled(app: String) -> String { "Ho già inviato questa richiesta a \(app); non la invio due volte. Controlla in \(app) cosa è stato fatto." }
    func notRecorded(reason: String) -> String { "Non sono riuscito a registrare la richiesta, quindi non l'ho inviata: \(reason)" }

    func handleFailed(app: String, reason: String) -> String {
        "\(app) non è riuscita a gestire la richiesta (\(reason)). Non so se è andata a buon fine e non la ripeto; controlla in \(app)."
    }

    func noRideToCancel(app: String) -> String { "Non hai corse \(app) da annullare." }
    func appMissing(app: String) -> String { "\(app) non è più installata, quindi mi fermo." }
    func extensionFailed(app: String, reason: String) -> String { "\(app) non ha potuto accettare la richiesta (\(reason)). Non è stato fatto nulla." }
    func notSaved(reason: String) -> String { "Non ho potuto salvare questa conversazione (\(reason)); dopo un riavvio potrei non ricordarla." }
    func valueRefused(said: String, reason: RefusedValue.Reason) -> String {
        switch reason {
        case .notPositive: "«\(said)» non va bene: deve essere più di zero."
        case .tooLarge: "«\(said)» è più di qualsiasi importo reale; non lo inoltro."
        case .unreadable: "Non riesco a leggere «\(said)» come numero."
        }
    }
    func unnamedApp() -> String { "l'app" }
    func noApps() -> String { "Non ci sono app installate. Installane una con parlance apps install PERCORSO." }
    func discovery(_ examples: [String]) -> String { "Puoi chiedere per esempio " + list(examples.map { "«\($0)»" }) + "." }
    func discoveryTitle() -> String { "Cosa puoi chiedere" }
    func welcome() -> String { "Parlance — di' cosa vuoi («cosa sai fare?» per qualche idea, Ctrl-D per uscire)." }
    func installedSamples(_ names: [String]) -> String {
        "Non c'erano app installate, quindi ho installato le app di esempio: \(ValueText.list(names, language: code)). Ognuna chiede il tuo permesso al primo uso."
    }

    func cardLabel(_ english: String) -> String {
        let labels = ["To": "A", "From": "Da", "Amount": "Importo", "Fee": "Commissione", "Note": "Nota", "Status": "Stato",
                      "Ride": "Corsa", "Pickup": "Partenza", "pickup": "partenza", "Price": "Prezzo", "Driver": "Autista",
                      "Vehicle": "Veicolo", "Cancellation fee": "Penale", "Workout": "Allenamento", "Goal": "Obiettivo",
                      "Where": "Dove", "Call": "Chiamata", "Type": "Tipo", "Album": "Album", "People": "Persone",
                      "Tags": "Parole chiave", "Place": "Luogo", "Date": "Data", "Photos": "Foto", "Unknown": "Sconosciuto",
                      "You": "Tu"]
        return labels[english] ?? english
    }

    func list(_ items: [String]) -> String { ValueText.list(items, language: code) }

    func caseWords(_ name: String) -> String {
        let words = ["pending": "in attesa", "completed": "completato", "unpaid": "non pagato", "failed": "fallito",
                     "canceled": "annullato", "received": "ricevuta", "confirmed": "confermata",
                     "approachingPickup": "in arrivo", "pickup": "arrivata", "ongoing": "in viaggio",
                     "audioCall": "chiamata vocale", "videoCall": "videochiamata", "missed": "persa",
                     "outgoing": "effettuata", "minute": "minuti", "hour": "ore", "meter": "metri", "mile": "miglia",
                     "kiloCalorie": "calorie", "indoor": "al chiuso", "outdoor": "all'aperto"]
        return words[name] ?? ValueText.words(name)
    }
}
