import Foundation
import ParlanceCore

/// The assistant's French words for the conversation (tutoiement, as the assistant speaks to its user).
struct FrenchConversationPhrases: ConversationPhrases {
    var code: String { "fr" }

    func text(_ parameters: Parameters, _ name: String) -> String? {
        parameters[name].map { ValueText.describe($0, language: code) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The parameter's name with its article ("le destinataire", "la destination").
    func label(_ parameter: String) -> String {
        let labels = ["recipients": "destinataire", "content": "message", "payee": "bénéficiaire", "payer": "payeur",
                      "currencyAmount": "montant", "note": "note", "pickupLocation": "lieu de prise en charge",
                      "dropOffLocation": "destination", "rideOptionName": "type de course", "partySize": "nombre de personnes",
                      "scheduledPickupTime": "heure de prise en charge", "paymentMethod": "moyen de paiement",
                      "workoutName": "séance", "goalValue": "objectif", "workoutGoalUnitType": "unité",
                      "workoutLocationType": "lieu", "contacts": "contact", "callCapability": "type d'appel",
                      "albumName": "album", "peopleInPhoto": "personne", "searchTerms": "mot-clé",
                      "locationCreated": "lieu", "dateCreated": "date", "senders": "expéditeur",
                      "speakableGroupName": "groupe", "attribute": "état", "recipient": "contact"]
        return labels[parameter] ?? ValueText.words(parameter)
    }

    private static let feminine: Set<String> = ["destination", "note", "séance", "personne", "date", "unité",
                                                "heure de prise en charge"]

    private func quel(_ parameter: String) -> String {
        let word = label(parameter)
        return (Self.feminine.contains(word) ? "Quelle " : "Quel ") + word
    }

    func chooseApp(_ options: [String]) -> String { "Quelle appli : \(orList(options)) ?" }
    func useApp(_ app: String) -> String { "Avec \(app) ?" }

    func rideUpdatesInterrupted(app: String) -> String { "\(app) n'envoie plus de nouvelles de ta course ; je me reconnecte." }
    func rideUpdatesLost(app: String) -> String { "Je ne peux plus suivre ta course \(app) ; regarde son état dans \(app)." }

    func runsOutsideCode(app: String, programs: String) -> String {
        "Attention : \(app) lance des programmes hors de son paquet (\(programs))."
    }

    func permission(app: String, usage: String?) -> String {
        guard let usage, !usage.isEmpty else { return "\(app) veut travailler avec Parlance. Tu l'autorises ?" }
        return "\(app) veut travailler avec Parlance : « \(usage) » Tu l'autorises ?"
    }

    func unlock() -> String {
        "Ta session est verrouillée. Déverrouille-la (parlance unlock), puis dis « continue », ou dis « annule »."
    }

    func askValue(_ asked: AskedValue) -> String {
        switch asked {
        case .messageRecipient: return "À qui ?"
        case .messageContent(let who):
            if let who { return "Que veux-tu dire à \(who) ?" }
            return "Que veux-tu dire ?"
        case .payee: return "Qui dois-je payer ?"
        case .payer: return "À qui dois-je demander l'argent ?"
        case .parameter("currencyAmount"): return "Combien ?"
        case .parameter("dropOffLocation"): return "Où veux-tu aller ?"
        case .parameter("pickupLocation"): return "Où doit-on venir te chercher ?"
        case .parameter("workoutName"): return "Quelle séance ?"
        case .parameter("contacts"): return "Qui veux-tu appeler ?"
        case .parameter("goalValue"): return "Quel est ton objectif ?"
        case .parameter("albumName"): return "Quel album ?"
        case .parameter(let parameter): return quel(parameter) + " ?"
        }
    }

    func askMoreDetails(_ parameter: String, value: String?) -> String {
        if let value { return "« \(value) » correspond à trop de résultats. \(quel(parameter)) exactement ?" }
        return "Peux-tu préciser : \(label(parameter)) ?"
    }

    func askAfterRefusal(_ parameter: String) -> String { "D'accord. \(quel(parameter)) alors ?" }

    func askChoice(_ parameter: String, options: [String]) -> String { "\(quel(parameter)) : \(orList(options)) ?" }

    func askConfirmValue(_ asked: AskedValue, value: String) -> String {
        if asked == .messageRecipient { return "Un message à \(value) ?" }
        if asked == .parameter("contacts") { return "Appeler \(value) ?" }
        return "Tu veux dire \(value) ?"
    }

    func unsupported(_ parameter: String, value: String?, reason: String?, app: String) -> String {
        let who = value ?? "Ce choix"
        let because: String
        switch reason {
        case "noAccount": because = "\(who) n'a pas de compte \(app)"
        case "offline": because = "\(who) est hors ligne"
        case "messagingServiceNotEnabledForRecipient": because = "\(who) ne peut pas recevoir de messages \(app)"
        case "noValidHandle", "requestedHandleInvalid", "noHandleForLabel", "invalidHandle", "noUsableHandleForRedial":
            because = "\(app) ne sait pas comment joindre \(who)"
        case "noContactFound": because = "\(app) ne connaît pas \(who)"
        case "videoCallUnsupported": because = "\(app) ne peut pas passer cet appel vidéo"
        case "microphoneNotAccessible": because = "\(app) n'a pas accès au micro"
        case "cameraNotAccessible": because = "\(app) n'a pas accès à la caméra"
        case "multipleContactsUnsupported": because = "\(app) n'appelle qu'une personne à la fois"
        case "credentialsUnverified": because = "\(app) doit d'abord vérifier ton compte"
        case "insufficientFunds": because = "il n'y a pas assez d'argent"
        case "paymentsAmountBelowMinimum", "amountBelowMinimum": because = "\(who) est en dessous du minimum de \(app)"
        case "paymentsAmountAboveMaximum", "amountAboveMaximum": because = "\(who) dépasse la limite de \(app)"
        case "paymentsCurrencyUnsupported", "currencyUnsupported": because = "\(app) ne gère pas cette devise"
        case let reason?: because = "\(app) ne peut pas utiliser \(value ?? "ça") (\(ValueText.words(reason)))"
        case nil where parameter == "partySize": because = "\(app) n'a pas de voiture pour \(value ?? "autant de") personnes"
        case nil: because = "\(app) ne peut pas utiliser \(value ?? "ça")"
        }
        let other = Self.feminine.contains(label(parameter)) ? "Quelle autre" : "Quel autre"
        return "\(because.prefix(1).uppercased())\(because.dropFirst()). \(other) \(label(parameter)) ?"
    }

    func orList(_ options: [String]) -> String {
        switch options.count {
        case 0: return ""
        case 1: return options[0]
        default: return options.dropLast().joined(separator: ", ") + " ou " + (options.last ?? "")
        }
    }

    func plan(_ summary: RequestSummary) -> String {
        switch summary {
        case let .sendMessage(content, recipients): return "envoyer « \(content ?? "") » à \(recipients ?? "ce contact")"
        case let .sendPayment(amount, payee): return "envoyer \(amount ?? "l'argent") à \(payee ?? "ce contact")"
        case let .requestPayment(amount, payer): return "demander \(amount ?? "de l'argent") à \(payer ?? "ce contact")"
        case let .requestRide(option, destination):
            var plan = "réserver \(option.map { "une \($0)" } ?? "une course")"
            if let destination { plan += " pour \(destination)" }
            return plan
        case .call(let contacts): return "appeler \(contacts ?? "ce contact")"
        default: return "continuer"
        }
    }

    func confirmIntent(_ summary: RequestSummary, intent: String, app: String, details: [String]) -> String {
        let plan = plan(summary)
        var question = plan.prefix(1).uppercased() + plan.dropFirst() + " avec \(app) ?"
        if !details.isEmpty { question = details.joined(separator: " ; ") + ". " + question }
        return question
    }

    func again(_ question: String) -> String { "Pardon, je n'ai pas compris. " + question }
    func confirmFooter() -> String { "Dis oui pour continuer, ou non." }

    func done(_ summary: RequestSummary) -> String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n > 1 ? "s" : "")" }
        switch summary {
        case let .sendMessage(content, recipients): return "« \(content ?? "") » envoyé à \(recipients ?? "ton contact")."
        case .searchMessages(let n): return n == 0 ? "Aucun message." : "\(plural(n, "message")) trouvé\(n > 1 ? "s" : "")."
        case .setMessageAttribute(let attribute): return attribute == "unread" ? "Marqués comme non lus." : "Marqués comme lus."
        case let .sendPayment(amount, payee): return "\(amount ?? "L'argent") envoyé à \(payee ?? "ton contact")."
        case let .requestPayment(amount, payer): return "\(amount ?? "L'argent") demandé à \(payer ?? "ton contact")."
        case .requestRide: return "Ta course est réservée."
        case .listRideOptions(let n): return "\(plural(n, "option")) disponible\(n > 1 ? "s" : "")."
        case .rideStatus(let phase): return ridePhase(phase)
        case .cancelRide: return "Ta course est annulée."
        case let .workout(step, name):
            switch step {
            case .start: return "Séance \(name.map { "« \($0) »" } ?? "ta séance") commencée."
            case .pause: return "Séance mise en pause."
            case .resume: return "Séance reprise."
            case .end: return "Séance terminée."
            case .cancel: return "Séance annulée."
            }
        case .call(let contacts): return "J'appelle \(contacts ?? "ton contact")."
        case .searchCallHistory(let n): return n == 0 ? "Aucun appel." : "\(plural(n, "appel")) trouvé\(n > 1 ? "s" : "")."
        case let .photos(n, playing):
            if n == 0 { return "Aucune photo trouvée." }
            return playing ? "Diaporama de \(plural(n, "photo"))." : "\(plural(n, "photo")) trouvée\(n > 1 ? "s" : "")."
        case .other: return "C'est fait."
        }
    }

    func doneWithApp(_ done: String, app: String) -> String { done.dropLast() + " avec \(app)." }

    func failure(_ code: String, app: String) -> String {
        let reasons = [
            "failureInsufficientFunds": "il n'y a pas assez d'argent sur ton compte \(app)",
            "failurePaymentsAmountBelowMinimum": "le montant est en dessous du minimum de \(app)",
            "failurePaymentsAmountAboveMaximum": "le montant dépasse la limite de \(app)",
            "failurePaymentsCurrencyUnsupported": "\(app) ne gère pas cette devise",
            "failureCredentialsUnverified": "\(app) doit vérifier ton compte",
            "failureNoBankAccount": "tu n'as pas de compte bancaire dans \(app)",
            "failureMessageServiceNotAvailable": "\(app) ne peut pas envoyer de messages pour le moment",
            "failureRequiringInAppAuthentication": "\(app) te demande de te connecter",
            "failureMessageNotFound": "\(app) n'a pas trouvé ces messages",
            "failureNoMatchingWorkout": "\(app) n'a pas de séance en cours",
            "failureOngoingWorkout": "une autre séance est déjà en cours",
            "failureCallingServiceNotAvailable": "\(app) ne peut pas appeler pour le moment",
            "failureAppConfigurationRequired": "\(app) doit d'abord être configurée",
        ]
        let reason = reasons[code] ?? "\(app) a signalé un échec (\(ValueText.words(code)))"
        return "Je n'ai pas pu le faire : \(reason). Rien n'a été fait."
    }

    func inProgress(app: String) -> String { "\(app) s'en occupe ; ça continue en arrière-plan et je te préviens à la fin." }

    func ridePhase(_ phase: String) -> String {
        switch phase {
        case "received": return "Ta course est réservée ; on cherche un chauffeur."
        case "confirmed": return "Ta course est confirmée."
        case "approachingPickup": return "Ta voiture arrive bientôt."
        case "pickup": return "Ta voiture est là."
        case "ongoing": return "Tu es en route."
        case "completed": return "Ta course est terminée."
        default: return "Voici ta course."
        }
    }

    func rideUpdate(app: String, phase: String) -> String {
        let sentence = ridePhase(phase)
        return "\(app) : " + sentence.prefix(1).lowercased() + sentence.dropFirst()
    }

    func handedOff(done: String?, app: String) -> String { (done.map { $0 + " " } ?? "") + "La suite dans \(app)." }
    func handOffFailed(app: String, reason: String) -> String { "\(app) doit terminer, mais je n'ai pas pu l'ouvrir : \(reason)" }
    func openApp(app: String, done: String?) -> String { (done.map { $0 + " " } ?? "") + "Ouvrir \(app) pour terminer ?" }
    func openAppOptions() -> [String] { ["Oui", "Non", "Toujours"] }
    func notOpened(app: String) -> String { "D'accord, je n'ouvre pas \(app)." }
    func cancelled() -> String { "D'accord, c'est annulé. Rien n'a été fait." }
    func declined() -> String { "D'accord, je ne le fais pas. Rien n'a été fait." }

    func permissionDenied(app: String, identifier: String) -> String {
        "\(app) n'est pas autorisée à travailler avec Parlance, je ne l'ai donc pas utilisée. "
            + "Pour l'autoriser : parlance apps allow \(identifier)"
    }

    func stayedLocked() -> String { "La session est toujours verrouillée, j'arrête. Rien n'a été fait." }

    func gaveUp(step: String, app: String) -> String {
        let what = ["app": "quelle appli utiliser", "confirmation": "ta confirmation", "unlock": "le déverrouillage",
                    "permission": "ta réponse pour \(app)"][step]
            ?? "de \(label(step)) que \(app) puisse utiliser"
        return "Je n'ai toujours pas \(what), j'arrête. Rien n'a été fait."
    }

    func resumed(_ question: String) -> String { "On reprend où on en était. " + question }
    func beforeRestart(_ result: String) -> String { "Avant le redémarrage : " + result }

    func interrupted(app: String) -> String {
        "L'assistant s'est arrêté pendant que \(app) traitait ta demande : je ne sais pas si elle a abouti. "
            + "Je ne la refais pas ; vérifie dans \(app)."
    }

    func notUnderstood() -> String { "Désolé, je ne peux pas t'aider pour ça. Dis « que sais-tu faire ? » pour voir ce que je sais faire." }
    func cannotHelp(domains: [String]) -> String {
        let activities: [String: String] = ["messaging": "envoyer des messages", "calls": "passer des appels", "payments": "envoyer et demander de l'argent", "rides": "réserver des courses", "workouts": "suivre tes séances", "photos": "trouver des photos"]
        let things = domains.compactMap { activities[$0] }
        guard !things.isEmpty else { return notUnderstood() }
        return "Désolé, je ne peux pas t'aider pour ça. Avec tes applis, je peux \(list(things)). Dis « que sais-tu faire ? » pour des exemples."
    }
    func appCannot(app: String) -> String { "\(app) ne sait pas faire ça. Dis « que sais-tu faire ? » pour voir ce qu'elle sait faire." }
    func waiting(app: String) -> String { "J'attends \(app)…" }
    func alreadyHandled(app: String) -> String { "J'ai déjà envoyé cette demande à \(app) ; je ne l'envoie pas deux fois. Vérifiez dans \(app) ce qui a été fait." }
    func notRecorded(reason: String) -> String { "Je n'ai pas pu enregistrer la demande, je ne l'ai donc pas envoyée : \(reason)" }

    func handleFailed(app: String, reason: String) -> String {
        "\(app) a échoué pendant la demande (\(reason)). Je ne sais pas si elle a abouti et je ne la refais pas ; vérifie dans \(app)."
    }

    func noRideToCancel(app: String) -> String { "Tu n'as pas de course \(app) à annuler." }
    func appMissing(app: String) -> String { "\(app) n'est plus installée, j'arrête." }
    func extensionFailed(app: String, reason: String) -> String { "\(app) n'a pas pu prendre la demande (\(reason)). Rien n'a été fait." }
    func notSaved(reason: String) -> String { "Je n'ai pas pu enregistrer cette conversation (\(reason)) ; après un redémarrage, je risque de l'avoir oubliée." }
    func valueRefused(said: String, reason: RefusedValue.Reason) -> String {
        switch reason {
        case .notPositive: "« \(said) » ne convient pas : il faut plus que zéro."
        case .tooLarge: "« \(said) » dépasse tout montant réel ; je ne le transmets pas."
        case .unreadable: "Je ne peux pas lire « \(said) » comme un nombre."
        }
    }
    func unnamedApp() -> String { "l'appli" }
    func noApps() -> String { "Aucune appli n'est installée. Installe-en une avec parlance apps install CHEMIN." }
    func discovery(_ examples: [String]) -> String { "Tu peux demander par exemple " + list(examples.map { "« \($0) »" }) + "." }
    func discoveryTitle() -> String { "Ce que tu peux demander" }
    func welcome() -> String { "Parlance — dis ce que tu veux (« que sais-tu faire ? » pour des idées, Ctrl-D pour quitter)." }
    func installedSamples(_ names: [String]) -> String {
        "Aucune appli n'était installée : j'ai installé les applis d'exemple \(ValueText.list(names, language: code)). Chacune demande ton autorisation la première fois."
    }

    func cardLabel(_ english: String) -> String {
        let labels = ["To": "À", "From": "De", "Amount": "Montant", "Fee": "Frais", "Note": "Note", "Status": "État",
                      "Ride": "Course", "Pickup": "Prise en charge", "pickup": "prise en charge", "Price": "Prix",
                      "Driver": "Chauffeur", "Vehicle": "Véhicule", "Cancellation fee": "Frais d'annulation",
                      "Workout": "Séance", "Goal": "Objectif", "Where": "Où", "Call": "Appel", "Type": "Type",
                      "Album": "Album", "People": "Personnes", "Tags": "Mots-clés", "Place": "Lieu", "Date": "Date",
                      "Photos": "Photos", "Unknown": "Inconnu", "You": "Toi"]
        return labels[english] ?? english
    }

    func list(_ items: [String]) -> String { ValueText.list(items, language: code) }

    func caseWords(_ name: String) -> String {
        let words = ["pending": "en attente", "completed": "effectué", "unpaid": "non payé", "failed": "échoué",
                     "canceled": "annulé", "received": "reçue", "confirmed": "confirmée", "approachingPickup": "arrive",
                     "pickup": "sur place", "ongoing": "en route", "audioCall": "appel audio", "videoCall": "appel vidéo",
                     "missed": "manqué", "outgoing": "sortant", "minute": "minutes", "hour": "heures",
                     "meter": "mètres", "mile": "miles", "kiloCalorie": "calories", "indoor": "en salle",
                     "outdoor": "en extérieur"]
        return words[name] ?? ValueText.words(name)
    }
}
