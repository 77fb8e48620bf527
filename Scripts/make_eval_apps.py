#!/usr/bin/env python3
"""Writes the app bundles understanding is evaluated against (Evaluation/apps*/), from APPS below.

They are real bundles (Info.plist, an Intents extension's Info.plist, AppIntentVocabulary.plist per
language) whose extension executable only explains that it is not a real extension: understanding
never launches extensions. Run `python3 Scripts/make_eval_apps.py` after editing, and commit the result.
"""
import os, plistlib, stat, shutil

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Evaluation")

WORKOUTS = ["INStartWorkoutIntent", "INPauseWorkoutIntent", "INResumeWorkoutIntent", "INEndWorkoutIntent",
            "INCancelWorkoutIntent"]
RIDES = ["INRequestRideIntent", "INListRideOptionsIntent", "INGetRideStatusIntent", "INCancelRideIntent"]

# (folder, identifier, display name, alternative names, intents, parameter vocabulary, examples)
APPS = {
    "apps-dev": [
        ("Chatterly", "org.example.chatterly", ["Chatter"], ["INSendMessageIntent", "INSearchForMessagesIntent",
                                                              "INSetMessageAttributeIntent"], [], [
            ("INSendMessageIntent", ["Send a message to Anna saying hi with Chatterly"])]),
        ("Whisper", "org.example.whisper", [], ["INSendMessageIntent", "INStartCallIntent"], [], []),
        ("Ringo", "org.example.ringo", ["Ringo Phone"], ["INStartCallIntent", "INSearchCallHistoryIntent"], [], [
            ("INStartCallIntent", ["Call Mum with Ringo"])]),
        ("Coinly", "org.example.coinly", [], ["INSendPaymentIntent", "INRequestPaymentIntent"], [], [
            ("INSendPaymentIntent", ["Pay Sam 10 dollars with Coinly"])]),
        ("Hopp", "org.example.hopp", [], RIDES, [
            (["INRequestRideIntent.rideOptionName"], [("hopp-pool", "Hopp Pool", None), ("hopp-xl", "Hopp XL", None),
                                                      ("hopp-black", "Hopp Black", None)])], [
            ("INRequestRideIntent", ["Get me a Hopp Pool to the airport"])]),
        ("Pacer", "org.example.pacer", [], WORKOUTS, [
            ([w + ".workoutName" for w in WORKOUTS], [("tempo", "Tempo Run", "tempo run"),
                                                       ("burpees", "Burpee Blast", "bur pee blast")])], [
            ("INStartWorkoutIntent", ["Start a Tempo Run in Pacer"])]),
        ("Pixbox", "org.example.pixbox", [], ["INSearchForPhotosIntent", "INStartPhotoPlaybackIntent"], [], [
            ("INSearchForPhotosIntent", ["Show my beach photos in Pixbox"])]),
    ],
    "apps-heldout": [
        ("Parley", "net.sample.parley", ["Parley Chat"], ["INSendMessageIntent", "INSearchForMessagesIntent",
                                                           "INSetMessageAttributeIntent", "INStartCallIntent",
                                                           "INSearchCallHistoryIntent"], [], []),
        ("Tillpay", "net.sample.tillpay", [], ["INSendPaymentIntent", "INRequestPaymentIntent"], [], []),
        ("Cabbie", "net.sample.cabbie", [], RIDES, [
            (["INRequestRideIntent.rideOptionName"], [("cabbie-share", "Cabbie Share", None),
                                                      ("cabbie-max", "Cabbie Max", None)])], []),
        ("Gymbo", "net.sample.gymbo", [], WORKOUTS, [
            ([w + ".workoutName" for w in WORKOUTS], [("zumba", "Zumba Blast", None),
                                                       ("ladder", "Ladder Sprints", None)])], []),
        ("Lenscap", "net.sample.lenscap", [], ["INSearchForPhotosIntent", "INStartPhotoPlaybackIntent"], [], []),
        ("OldDial", "net.sample.olddial", [], ["INStartAudioCallIntent", "INStartVideoCallIntent"], [], []),
    ],
}

STUB = "#!/bin/sh\necho 'evaluation bundle: this app has no real extension' >&2\nexit 1\n"


def write(parent, app):
    """Writes one app of the APPS shape as NAME.app in the folder `parent`."""
    name, identifier, alternatives, intents, vocabulary, examples = app
    bundle = os.path.join(parent, name + ".app")
    shutil.rmtree(bundle, ignore_errors=True)
    appex = os.path.join(bundle, "PlugIns", name + "Intents.appex")
    os.makedirs(appex)
    os.makedirs(os.path.join(bundle, "en.lproj"))
    info = {"CFBundleIdentifier": identifier, "CFBundleDisplayName": name, "CFBundleName": name,
            "CFBundleExecutable": name, "NSSiriUsageDescription": name + " uses Parlance to do what you ask."}
    if alternatives:
        info["INAlternativeAppNames"] = [{"INAlternativeAppName": a} for a in alternatives]
    with open(os.path.join(bundle, "Info.plist"), "wb") as f:
        plistlib.dump(info, f)
    extension = {"CFBundleIdentifier": identifier + ".intents", "CFBundleExecutable": name + "Intents",
                 "NSExtension": {"NSExtensionPointIdentifier": "com.apple.intents-service",
                                 "NSExtensionPrincipalClass": "IntentHandler",
                                 "NSExtensionAttributes": {"IntentsSupported": intents,
                                                           "IntentsRestrictedWhileLocked": []}}}
    with open(os.path.join(appex, "Info.plist"), "wb") as f:
        plistlib.dump(extension, f)
    executable = os.path.join(appex, name + "Intents")
    with open(executable, "w") as f:
        f.write(STUB)
    os.chmod(executable, 0o755)
    vocab = {"ParameterVocabularies": [
        {"ParameterNames": names, "ParameterVocabulary": [
            {"VocabularyItemIdentifier": ident,
             "VocabularyItemSynonyms": [dict({"VocabularyItemPhrase": phrase},
                                             **({"VocabularyItemPronunciation": hint} if hint else {}))]}
            for ident, phrase, hint in items]}
        for names, items in vocabulary],
        "IntentPhrases": [{"IntentName": intent, "IntentExamples": ex} for intent, ex in examples]}
    with open(os.path.join(bundle, "en.lproj", "AppIntentVocabulary.plist"), "wb") as f:
        plistlib.dump(vocab, f)


if __name__ == "__main__":
    for folder, apps in APPS.items():
        for app in apps:
            write(os.path.join(ROOT, folder), app)
