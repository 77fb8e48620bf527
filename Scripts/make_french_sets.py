#!/usr/bin/env python3
"""Writes the French labelled sets (Evaluation/fr/dev.jsonl, heldout.jsonl) from the lists below.
Dates are written for 2026-11-21T12:00Z, like the English sets."""
import json, os

C, W, R, K, H, P, X = ("org.example.chatterly", "org.example.whisper", "org.example.ringo", "org.example.coinly",
                       "org.example.hopp", "org.example.pacer", "org.example.pixbox")
NP, NH = "net.sample.parley", "net.sample.tillpay"

def person(*names): return [{"displayName": n} for n in names]
def eur(a, c="EUR"): return {"amount": a, "currencyCode": c}
def place(n): return {"name": n}
def day(y, m, d): return {"startDateComponents": {"day": d, "month": m, "year": y}, "endDateComponents": {"day": d, "month": m, "year": y}}
def month(y, m, last): return {"startDateComponents": {"day": 1, "month": m, "year": y}, "endDateComponents": {"day": last, "month": m, "year": y}}
def year(y): return {"startDateComponents": {"day": 1, "month": 1, "year": y}, "endDateComponents": {"day": 31, "month": 12, "year": y}}
def w(name): return {"spokenPhrase": name}

SEND, SEARCH, MARK = "INSendMessageIntent", "INSearchForMessagesIntent", "INSetMessageAttributeIntent"
CALL, HIST = "INStartCallIntent", "INSearchCallHistoryIntent"
PAY, REQ = "INSendPaymentIntent", "INRequestPaymentIntent"
RIDE, OPTS, STATUS, CANCEL = "INRequestRideIntent", "INListRideOptionsIntent", "INGetRideStatusIntent", "INCancelRideIntent"
START, PAUSE, RESUME, END, STOP = ("INStartWorkoutIntent", "INPauseWorkoutIntent", "INResumeWorkoutIntent",
                                   "INEndWorkoutIntent", "INCancelWorkoutIntent")
PHOTOS, SHOW = "INSearchForPhotosIntent", "INStartPhotoPlaybackIntent"

dev = [
    ("envoie un message à Bobo pour lui dire plus de bananes", None, SEND, {"recipients": person("Bobo"), "content": "plus de bananes"}),
    ("envoie un message à Kiki sur Chatterly disant on arrive", C, SEND, {"recipients": person("Kiki"), "content": "on arrive"}),
    ("Whisper, envoie un message à Zoë disant le match commence à 7 heures", W, SEND, {"recipients": person("Zoë"), "content": "le match commence à 7 heures"}),
    ("dis à Bobo que je suis en retard", None, SEND, {"recipients": person("Bobo"), "content": "je suis en retard"}),
    ("dis à Zazu sur Chatterly que le dîner est prêt", C, SEND, {"recipients": person("Zazu"), "content": "le dîner est prêt"}),
    ("écris à Kiki : joyeux anniversaire", None, SEND, {"recipients": person("Kiki"), "content": "joyeux anniversaire"}),
    ("envoie un texto à Søren sur Chatterly", C, SEND, {"recipients": person("Søren")}),
    ("envoie un message sur Chatterly", C, SEND, {}),
    ("Chatterly Bobo on se voit demain", C, SEND, {"recipients": person("Bobo"), "content": "on se voit demain"}),
    ("préviens Kiki que j'arrive dans 10 minutes", None, SEND, {"recipients": person("Kiki"), "content": "j'arrive dans 10 minutes"}),
    ("envoie un sms à Bobo the Great sur Chatterly pour lui dire merci", C, SEND, {"recipients": person("Bobo the Great"), "content": "merci"}),
    ("envoie un message à Tamsin O'Hara avec Chatterly : tu es où", C, SEND, {"recipients": person("Tamsin O'Hara"), "content": "tu es où"}),
    ("je veux envoyer un message à Kiki sur Whisper", W, SEND, {"recipients": person("Kiki")}),
    ("envoie un message au groupe Banana Club sur Chatterly : réunion ce soir", C, SEND, {"speakableGroupName": {"spokenPhrase": "Banana Club"}, "content": "réunion ce soir"}),
    ("réponds à Zoë que c'est d'accord", None, SEND, {"recipients": person("Zoë"), "content": "c'est d'accord"}),
    ("lis mes nouveaux messages", C, SEARCH, {"attributes": ["unread"]}),
    ("montre-moi les messages de Bobo", C, SEARCH, {"senders": person("Bobo")}),
    ("montre les messages de Kiki sur Chatterly", C, SEARCH, {"senders": person("Kiki")}),
    ("est-ce que Zazu m'a écrit", C, SEARCH, {"senders": person("Zazu")}),
    ("cherche les messages à propos de la fête", C, SEARCH, {"searchTerms": ["la fête"]}),
    ("affiche mes messages non lus sur Chatterly", C, SEARCH, {"attributes": ["unread"]}),
    ("marque mes messages comme lus", C, MARK, {"attribute": "read"}),
    ("marque ce message comme non lu sur Chatterly", C, MARK, {"attribute": "unread"}),
    ("appelle Bobo", None, CALL, {"contacts": person("Bobo"), "callCapability": "audioCall"}),
    ("appelle Maman avec Ringo", R, CALL, {"contacts": person("Mum") if False else person("Maman"), "callCapability": "audioCall"}),
    ("appelle Kiki en vidéo sur Ringo", R, CALL, {"contacts": person("Kiki"), "callCapability": "videoCall"}),
    ("lance un appel vidéo avec Bobo sur Whisper", W, CALL, {"contacts": person("Bobo"), "callCapability": "videoCall"}),
    ("téléphone à Zoë avec Ringo", R, CALL, {"contacts": person("Zoë"), "callCapability": "audioCall"}),
    ("Ringo Kiki", R, CALL, {"contacts": person("Kiki"), "callCapability": "audioCall"}),
    ("je veux parler à Bobo sur Ringo", R, CALL, {"contacts": person("Bobo"), "callCapability": "audioCall"}),
    ("montre mes appels manqués", R, HIST, {"callTypes": ["missed"]}),
    ("qui m'a appelé aujourd'hui", R, HIST, {"dateCreated": day(2026, 11, 21)}),
    ("est-ce que Bobo m'a appelé hier", R, HIST, {"recipient": {"displayName": "Bobo"}, "dateCreated": day(2026, 11, 20)}),
    ("affiche mes appels manqués sur Ringo", R, HIST, {"callTypes": ["missed"]}),
    ("paie Bobo 20 euros", K, PAY, {"payee": {"displayName": "Bobo"}, "currencyAmount": eur(20)}),
    ("envoie 15 euros à Kiki pour le dîner", K, PAY, {"payee": {"displayName": "Kiki"}, "currencyAmount": eur(15), "note": "le dîner"}),
    ("paie Tamsin O'Hara 30 dollars avec Coinly", K, PAY, {"payee": {"displayName": "Tamsin O'Hara"}, "currencyAmount": eur(30, "USD")}),
    ("vire 12,50 € à Bobo pour le taxi", K, PAY, {"payee": {"displayName": "Bobo"}, "currencyAmount": eur(12.5), "note": "le taxi"}),
    ("rembourse Kiki", K, PAY, {"payee": {"displayName": "Kiki"}}),
    ("fais un virement de cent euros à Bobo", K, PAY, {"payee": {"displayName": "Bobo"}, "currencyAmount": eur(100)}),
    ("Coinly 8 euros à Kiki", K, PAY, {"payee": {"displayName": "Kiki"}, "currencyAmount": eur(8)}),
    ("donne vingt euros à Bobo sur Coinly", K, PAY, {"payee": {"displayName": "Bobo"}, "currencyAmount": eur(20)}),
    ("envoie 5 livres à Kiki", K, PAY, {"payee": {"displayName": "Kiki"}, "currencyAmount": eur(5, "GBP")}),
    ("demande 10 euros à Kiki", K, REQ, {"payer": {"displayName": "Kiki"}, "currencyAmount": eur(10)}),
    ("demande 25 euros à Bobo pour le cinéma", K, REQ, {"payer": {"displayName": "Bobo"}, "currencyAmount": eur(25), "note": "le cinéma"}),
    ("Kiki me doit 40 euros", K, REQ, {"payer": {"displayName": "Kiki"}, "currencyAmount": eur(40)}),
    ("réclame 7 euros à Tamsin O'Hara sur Coinly", K, REQ, {"payer": {"displayName": "Tamsin O'Hara"}, "currencyAmount": eur(7)}),
    ("commande-moi un taxi pour l'aéroport", H, RIDE, {"dropOffLocation": place("l'aéroport")}),
    ("réserve une voiture pour la gare", H, RIDE, {"dropOffLocation": place("la gare")}),
    ("emmène-moi au Louvre avec Hopp", H, RIDE, {"dropOffLocation": place("Louvre")}),
    ("emmène-moi de l'hôtel à la gare", H, RIDE, {"pickupLocation": place("l'hôtel"), "dropOffLocation": place("la gare")}),
    ("j'ai besoin d'un taxi pour le centre-ville", H, RIDE, {"dropOffLocation": place("le centre-ville")}),
    ("réserve une XL pour l'aéroport", H, RIDE, {"rideOptionName": {"spokenPhrase": "XL"}, "dropOffLocation": place("l'aéroport")}),
    ("commande une course sur Hopp", H, RIDE, {}),
    ("réserve un taxi pour la plage pour 4 personnes", H, RIDE, {"dropOffLocation": place("la plage"), "partySize": 4}),
    ("quelles options de course y a-t-il", H, OPTS, {}),
    ("combien coûte une course pour l'aéroport", H, OPTS, {"dropOffLocation": place("l'aéroport")}),
    ("où est ma voiture", H, STATUS, {}),
    ("quand arrive mon chauffeur", H, STATUS, {}),
    ("annule ma course", H, CANCEL, {}),
    ("annule ma course Hopp", H, CANCEL, {}),
    ("commence une course", P, START, {"workoutName": w("course")}),
    ("lance une séance de yoga", P, START, {"workoutName": w("yoga")}),
    ("démarre un footing de 5 kilomètres", P, START, {"workoutName": w("footing"), "goalValue": 5000, "workoutGoalUnitType": "meter"}),
    ("commence une séance de vélo de 30 minutes avec Pacer", P, START, {"workoutName": w("vélo"), "goalValue": 30, "workoutGoalUnitType": "minute"}),
    ("lance un entraînement", P, START, {}),
    ("commence mon Lunch Laps", P, START, {"workoutName": w("Lunch Laps")}),
    ("commence une course en extérieur", P, START, {"workoutName": w("course"), "workoutLocationType": "outdoor"}),
    ("mets ma séance en pause", P, PAUSE, {}),
    ("pause mon entraînement sur Pacer", P, PAUSE, {}),
    ("reprends mon entraînement", P, RESUME, {}),
    ("reprends ma séance", P, RESUME, {}),
    ("termine mon entraînement", P, END, {}),
    ("arrête ma séance", P, END, {}),
    ("annule mon entraînement", P, STOP, {}),
    ("montre-moi les photos de Bobo", X, PHOTOS, {"peopleInPhoto": person("Bobo")}),
    ("montre mes photos de l'album Summer in Rome", X, PHOTOS, {"albumName": "Summer in Rome"}),
    ("affiche mes photos Kitten Pics", X, PHOTOS, {"albumName": "Kitten Pics"}),
    ("montre mes photos prises à Paris", X, PHOTOS, {"locationCreated": place("Paris")}),
    ("montre mes photos d'hier", X, PHOTOS, {"dateCreated": day(2026, 11, 20)}),
    ("trouve mes photos de sunset", X, PHOTOS, {"searchTerms": ["sunset"]}),
    ("montre mes photos de l'année dernière", X, PHOTOS, {"dateCreated": year(2025)}),
    ("montre mes selfies", X, PHOTOS, {"includedAttributes": ["selfie"]}),
    ("lance un diaporama de Summer in Rome", X, SHOW, {"albumName": "Summer in Rome"}),
    ("fais un diaporama des photos de Kiki", X, SHOW, {"peopleInPhoto": person("Kiki")}),
    ("quel temps fait-il demain", None, None, {}),
    ("mets une alarme à 7h", None, None, {}),
    ("joue de la musique", None, None, {}),
    ("bonjour", None, None, {}),
    ("raconte-moi une blague", None, None, {}),
    ("allume la lumière", None, None, {}),
]

heldout = [
    ("envoie un message à Nadia sur Parley pour lui dire à tout à l'heure", NP, SEND, {"recipients": person("Nadia"), "content": "à tout à l'heure"}),
    ("dis à Omar sur Parley que la réunion est annulée", NP, SEND, {"recipients": person("Omar"), "content": "la réunion est annulée"}),
    ("Parley Nadia bien arrivée", NP, SEND, {"recipients": person("Nadia"), "content": "bien arrivée"}),
    ("écris un message sur Parley", NP, SEND, {}),
    ("envoie un message à Omar", NP, SEND, {"recipients": person("Omar")}),
    ("paie Nadia 18 euros avec Tillpay", NH, PAY, {"payee": {"displayName": "Nadia"}, "currencyAmount": eur(18)}),
    ("envoie 60 euros à Omar pour le loyer", NH, PAY, {"payee": {"displayName": "Omar"}, "currencyAmount": eur(60), "note": "le loyer"}),
    ("demande 9 euros à Nadia sur Tillpay", NH, REQ, {"payer": {"displayName": "Nadia"}, "currencyAmount": eur(9)}),
    ("Omar me doit 35 dollars", NH, REQ, {"payer": {"displayName": "Omar"}, "currencyAmount": eur(35, "USD")}),
    ("commande un taxi pour le stade avec Cabbie", "net.sample.cabbie", RIDE, {"dropOffLocation": place("le stade")}),
    ("emmène-moi à la gare avec Cabbie", "net.sample.cabbie", RIDE, {"dropOffLocation": place("la gare")}),
    ("où est mon taxi Cabbie", "net.sample.cabbie", STATUS, {}),
    ("annule ma course Cabbie", "net.sample.cabbie", CANCEL, {}),
    ("commence une séance de natation avec Gymbo", "net.sample.gymbo", START, {"workoutName": w("natation")}),
    ("lance une marche de 3 kilomètres sur Gymbo", "net.sample.gymbo", START, {"workoutName": w("marche"), "goalValue": 3000, "workoutGoalUnitType": "meter"}),
    ("mets ma séance Gymbo en pause", "net.sample.gymbo", PAUSE, {}),
    ("termine ma séance Gymbo", "net.sample.gymbo", END, {}),
    ("montre-moi les photos de Nadia dans Lenscap", "net.sample.lenscap", PHOTOS, {"peopleInPhoto": person("Nadia")}),
    ("montre mes photos de juin dans Lenscap", "net.sample.lenscap", PHOTOS, {"dateCreated": month(2026, 6, 30)}),
    ("lance un diaporama dans Lenscap", "net.sample.lenscap", SHOW, {}),
    ("appelle Omar avec OldDial", "net.sample.olddial", "INStartAudioCallIntent", {"contacts": person("Omar")}),
    ("appelle Nadia en vidéo sur OldDial", "net.sample.olddial", "INStartVideoCallIntent", {"contacts": person("Nadia")}),
    ("montre mes appels manqués sur OldDial", "net.sample.olddial", None, {}),
    ("OldDial Ingrid", "net.sample.olddial", "INStartAudioCallIntent", {"contacts": person("Ingrid")}),
    ("téléphone à Ingrid avec OldDial", "net.sample.olddial", "INStartAudioCallIntent", {"contacts": person("Ingrid")}),
    ("écris à Anouk sur Parley : je passe te prendre", NP, SEND, {"recipients": person("Anouk"), "content": "je passe te prendre"}),
    ("préviens Rafferty sur Parley que le train a du retard", NP, SEND, {"recipients": person("Rafferty"), "content": "le train a du retard"}),
    ("lis mes nouveaux messages sur Parley", NP, SEARCH, {"attributes": ["unread"]}),
    ("montre les messages d'Anouk sur Parley", NP, SEARCH, {"senders": person("Anouk")}),
    ("rembourse Rafferty 22 euros sur Tillpay", NH, PAY, {"payee": {"displayName": "Rafferty"}, "currencyAmount": eur(22)}),
    ("envoie deux cents euros à Anouk avec Tillpay", NH, PAY, {"payee": {"displayName": "Anouk"}, "currencyAmount": eur(200)}),
    ("demande 15 euros à Rafferty pour les billets sur Tillpay", NH, REQ, {"payer": {"displayName": "Rafferty"}, "currencyAmount": eur(15), "note": "les billets"}),
    ("réserve une voiture pour l'hôpital avec Cabbie", "net.sample.cabbie", RIDE, {"dropOffLocation": place("l'hôpital")}),
    ("j'ai besoin d'un taxi pour la plage sur Cabbie", "net.sample.cabbie", RIDE, {"dropOffLocation": place("la plage")}),
    ("quand arrive mon chauffeur Cabbie", "net.sample.cabbie", STATUS, {}),
    ("commence mon Sunset Spin sur Gymbo", "net.sample.gymbo", START, {"workoutName": w("Sunset Spin")}),
    ("reprends ma séance Gymbo", "net.sample.gymbo", RESUME, {}),
    ("annule ma séance Gymbo", "net.sample.gymbo", STOP, {}),
    ("montre mes photos Lisbon Weekend dans Lenscap", "net.sample.lenscap", PHOTOS, {"albumName": "Lisbon Weekend"}),
    ("trouve mes photos de fireworks dans Lenscap", "net.sample.lenscap", PHOTOS, {"searchTerms": ["fireworks"]}),
    ("montre mes photos d'hier dans Lenscap", "net.sample.lenscap", PHOTOS, {"dateCreated": day(2026, 11, 20)}),
    ("lance un diaporama de Lisbon Weekend dans Lenscap", "net.sample.lenscap", SHOW, {"albumName": "Lisbon Weekend"}),
    ("éteins la télé", None, None, {}),
    ("qui a gagné le match hier", None, None, {}),
    ("quelle est la météo à Lyon", None, None, {}),
    ("mets un minuteur de 10 minutes", None, None, {}),
]

def write(name, rows):
    with open(os.path.join(os.path.dirname(__file__), "..", "Evaluation", "fr", name), "w", encoding="utf-8") as f:
        for text, app, intent, parameters in rows:
            f.write(json.dumps({"app": app, "intent": intent, "language": "fr", "parameters": parameters, "text": text},
                               ensure_ascii=False, sort_keys=True) + "\n")

write("dev.jsonl", dev)
write("heldout.jsonl", heldout)
