#!/usr/bin/env python3
"""Writes one sample app's bundle folder (Info.plist, the .appex and its launcher, localized
AppIntentVocabulary.plist) from a JSON description: Scripts/write_sample_bundle.py Examples/X/app.json.
The bundle is committed; rerun after editing the description. With --check, writes into a scratch
folder and fails when a committed bundle differs (CI runs this)."""
import filecmp, json, os, plistlib, stat, sys, tempfile

def main(path, root=None):
    spec = json.load(open(path))
    root = root or os.path.dirname(path)
    app = os.path.join(root, spec["name"] + ".app")
    os.makedirs(app, exist_ok=True)
    info = {
        "CFBundleIdentifier": spec["identifier"],
        "CFBundleDisplayName": spec["name"],
        "CFBundleName": spec["name"],
        "NSSiriUsageDescription": spec["usage"],
        "INAlternativeAppNames": [dict(INAlternativeAppName=n["name"], **({"INAlternativeAppNamePronunciationHint": n["hint"]} if n.get("hint") else {}))
                                  for n in spec.get("alternativeNames", [])],
        "NSUserActivityTypes": spec["intents"],
        "ParlanceLaunchCommand": ["Contents/" + spec["program"], "open"],
    }
    with open(os.path.join(app, "Info.plist"), "wb") as f:
        plistlib.dump(info, f)
    contents = os.path.join(app, "Contents")
    os.makedirs(contents, exist_ok=True)
    launcher(os.path.join(contents, spec["program"]), spec["program"], None, 4)
    appex = os.path.join(app, "PlugIns", spec["name"] + "Intents.appex")
    os.makedirs(appex, exist_ok=True)
    ext = {
        "CFBundleIdentifier": spec["identifier"] + ".intents",
        "CFBundleExecutable": spec["name"] + "Intents",
        "NSExtension": {
            "NSExtensionPointIdentifier": "com.apple.intents-service",
            "NSExtensionAttributes": {"IntentsSupported": spec["intents"],
                                      "IntentsRestrictedWhileLocked": spec.get("restricted", []),
                                      **({"ParlanceHandleIsIdempotent": True} if spec.get("idempotentHandle") else {})},
        },
    }
    with open(os.path.join(appex, "Info.plist"), "wb") as f:
        plistlib.dump(ext, f)
    launcher(os.path.join(appex, spec["name"] + "Intents"), spec["program"], "intents", 5)
    if spec.get("uiIntents"):
        ui = os.path.join(app, "PlugIns", spec["name"] + "IntentsUI.appex")
        os.makedirs(ui, exist_ok=True)
        with open(os.path.join(ui, "Info.plist"), "wb") as f:
            plistlib.dump({
                "CFBundleIdentifier": spec["identifier"] + ".intents-ui",
                "CFBundleExecutable": spec["name"] + "IntentsUI",
                "NSExtension": {"NSExtensionPointIdentifier": "com.apple.intents-ui-service",
                                "NSExtensionAttributes": {"IntentsSupported": spec["uiIntents"]}},
            }, f)
        launcher(os.path.join(ui, spec["name"] + "IntentsUI"), spec["program"], "ui", 5)
    for language, vocabulary in spec["vocabulary"].items():
        folder = os.path.join(app, language + ".lproj")
        os.makedirs(folder, exist_ok=True)
        body = {"IntentPhrases": [{"IntentName": i, "IntentExamples": ex} for i, ex in vocabulary.get("phrases", {}).items()]}
        if vocabulary.get("parameters"):
            body["ParameterVocabularies"] = [{
                "ParameterNames": p["names"],
                "ParameterVocabulary": [{
                    "VocabularyItemIdentifier": item["id"],
                    "VocabularyItemSynonyms": [dict(VocabularyItemPhrase=item["phrase"],
                                                    **({"VocabularyItemPronunciation": item["pronunciation"]} if item.get("pronunciation") else {}),
                                                    VocabularyItemExamples=item.get("examples", []))]
                                              + [dict(VocabularyItemPhrase=s) for s in item.get("synonyms", [])],
                } for item in p["items"]],
            } for p in vocabulary["parameters"]]
        with open(os.path.join(folder, "AppIntentVocabulary.plist"), "wb") as f:
            plistlib.dump(body, f)
        if vocabulary.get("usage"):
            with open(os.path.join(folder, "InfoPlist.strings"), "w", encoding="utf-8") as f:
                escaped = vocabulary["usage"].replace("\\", "\\\\").replace('"', '\\"')
                f.write(f'"NSSiriUsageDescription" = "{escaped}";\n')

def launcher(path, program, mode, depth):
    up = "/".join([".."] * depth)
    args = f" {mode}" if mode else ""
    text = f"""#!/bin/sh
# Starts the sample app's program, built by SwiftPM beside `parlance`: the assistant tells where with
# PARLANCE_EXAMPLES_BIN; otherwise the repository's own debug build is used.
here=$(cd "$(dirname "$0")" && pwd)
bin="${{PARLANCE_EXAMPLES_BIN:-$here/{up}/.build/debug}}"
exec "$bin/{program}"{args} "$@"
"""
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)

def differences(a, b):
    comparison = filecmp.dircmp(a, b)
    found = [os.path.join(a, n) for n in comparison.left_only + comparison.right_only + comparison.diff_files]
    for sub in comparison.subdirs.values():
        found += differences(sub.left, sub.right)
    return found

if __name__ == "__main__":
    arguments = sys.argv[1:]
    check = "--check" in arguments
    stale = []
    for p in [a for a in arguments if a != "--check"]:
        if not check:
            main(p)
            continue
        with tempfile.TemporaryDirectory() as scratch:
            main(p, scratch)
            name = json.load(open(p))["name"] + ".app"
            stale += differences(os.path.join(os.path.dirname(p), name), os.path.join(scratch, name))
    if stale:
        print("sample bundles out of date (run Scripts/write_sample_bundle.py Examples/*/app.json):\n  "
              + "\n  ".join(stale))
        sys.exit(1)
