#!/usr/bin/env python3
"""Builds recall sets: genuine message, call and ride requests that Parlance must recognise.

Nothing from the corpora is committed: the sets are written to a build folder (default .build/recall/) as
labelled requests, one JSON object per line, for `parlance eval` (intent accuracy = recall).

  massive-{dev,heldout}   real English requests from MASSIVE (../shared/data), split by id parity (even: dev,
                          may be looked at; odd: held out, only ever measured):
                          - rides: transport_taxi requests that ask for a car (not "open lyft", "google uber",
                            "what's the closest taxi"), labelled INRequestRideIntent with Cabbie, the held-out
                            apps' only ride app;
                          - messages: the parts of social_post and email_sendemail that send a message to a
                            person ("tell sean i appreciate …", "reply to patrick that …"): a message verb first,
                            a person, relation or business named, and no word of e-mail or social media;
                          - calls: requests of any MASSIVE intent that are only a call verb and whom to call
                            ("call mom", "call peking garden": labelled otherwise in MASSIVE).
  LANG-written-{dev,heldout} ride, message and call requests written for Parlance, lower case as speech writes them
                          (Scripts/recall_written/LANG.txt), split by a stable hash of the text: the held-out
                          half is only ever measured.
  LANG-blind-dev          the same kinds of requests by another writer blind to the templates
                          (Scripts/recall_dev/LANG.txt), 105 per language (about 315 in German, Japanese and Chinese, from three
                          writers): a development set, looked at and tuned on.
  LANG-blind              ride, message and call requests written by someone who never saw the templates, word
                          lists or the sets above (Scripts/recall_blind/LANG.txt), 90 per language: all held out.
  LANG-lower-{dev,heldout} the labelled sets Evaluation/LANG/{dev,heldout}.jsonl (in-scope lines) lower-cased
                          and without punctuation, as speech recognisers write requests; names nobody taught the
                          assistant stay names. The held-out ones are only ever measured.

Usage: Scripts/recall_sets.py [--data ../shared/data] [--out .build/recall]
Then:  .build/debug/parlance eval .build/recall/massive-heldout.jsonl --apps Evaluation/apps-heldout \\
           --vocabulary Evaluation/en/vocabulary-heldout.json
"""
import argparse
import hashlib
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LANGUAGES = ["en", "fr", "de", "it", "ja", "zh"]
RIDE_APP = "net.sample.cabbie"
MESSAGE_APP = "net.sample.parley"

# Words people say to wake an assistant or to be polite before the request itself.
WAKE = r"(?:(?:hey|hi|hello|ok|okay)\s+)?(?:olly|alexa|siri|google)?\s*(?:please\s+)?"
# transport_taxi requests that are no request for a car: opening or searching an app, asking where one is.
NOT_A_RIDE = re.compile(r"^(?:open|google|using|call the phone|what|which|where|how|is|are|find the nearest"
                        r"|find a taxi service|tell taxi)\b|\b(?:company|number)$")
RIDE_WORDS = re.compile(r"\b(?:taxi|cab|uber|lyft|ola|ride|car|lift|transportation)\b")
MESSAGE_VERBS = re.compile(r"^" + WAKE + r"(?:(?:can|could|would|will) you\s+)?(?:please\s+)?"
                           r"(?:tell|text|message|let|reply|respond|send|write|drop|shoot|get in touch)\b")
NOT_MESSAGING = re.compile(r"\b(?:e-?mails?|mails?|tweets?|tweeting|twitter|facebook|instagram|pinterest|youtube"
                           r"|post|posts|status|complaints?|complain|review|feed|gmail|outlook|social|voicemail"
                           r"|tweeters|newsfeed|profile|refund|request|reminder)\b")
NAMED = re.compile(r"\[(?:person|relation|business_name) : ")
CALL_ONLY = re.compile(r"^" + WAKE + r"(?:call|ring|phone|dial|facetime)\s+(?:my\s+)?"
                       r"\[(?:person|relation|business_name) : [^\]]+\](?:\s+(?:please|now|for me))?$")


def label(row):
    """(intent, app) of a MASSIVE row that is a genuine message, call or ride request; else None."""
    utt, annot, scenario_intent = row["utt"].strip(), row["annot_utt"].strip(), row["intent"]
    plain = re.sub(r"\s+", " ", utt.lower())
    if scenario_intent == "transport_taxi":
        request = re.sub("^" + WAKE, "", plain) if not plain.startswith("google ") else plain
        if RIDE_WORDS.search(plain) and len(request.split()) > 1 and not NOT_A_RIDE.search(request):
            return ("INRequestRideIntent", RIDE_APP)
    elif scenario_intent in ("social_post", "email_sendemail"):
        if MESSAGE_VERBS.search(plain) and NAMED.search(annot) and not NOT_MESSAGING.search(plain):
            return ("INSendMessageIntent", MESSAGE_APP)
    if CALL_ONLY.search(annot.lower()):
        # Two held-out apps make calls: the request names none, so the user is asked (no one app).
        return ("INStartCallIntent", None)
    return None


def massive(path):
    """(id, text, intent, app) for every genuine message, call and ride request."""
    rows = []
    for line in open(path, encoding="utf-8"):
        row = json.loads(line)
        found = label(row)
        if found:
            rows.append((int(row["id"]), row["utt"].strip(), found[0], found[1]))
    return rows


PUNCTUATION = re.compile(r"[,.;:!?\"“”„‟«»‹›「」『』()\[\]。、，！？：；…—–]")
BETWEEN_DIGITS = re.compile(r"(?<=\d)[.,:](?=\d)")


def unpunctuated(text):
    """Lower case without punctuation, as a speech recogniser writes: "don't" and "7:30", "15.50" keep theirs."""
    kept = {}

    def keep(match):
        kept[f"\u0000{len(kept)}\u0000"] = match.group(0)
        return f"\u0000{len(kept) - 1}\u0000"

    text = BETWEEN_DIGITS.sub(keep, text)
    text = PUNCTUATION.sub(" ", text)
    for key, value in kept.items():
        text = text.replace(key, value)
    return re.sub(r"\s+", " ", text).strip().lower()


def lowered(value):
    if isinstance(value, str):
        return unpunctuated(value)
    if isinstance(value, list):
        return [lowered(item) for item in value]
    if isinstance(value, dict):
        return {key: (lowered(item) if key in ("displayName", "spokenPhrase") else item) for key, item in value.items()}
    return value


# Free text keeps its words but not its punctuation; names lose their capitals; other values are the same.
TEXT_PROPERTIES = {"content", "note", "searchTerms", "recipients", "contacts", "senders", "payee", "payer",
                   "peopleInPhoto", "recipient"}


def lower_variants(path, language):
    rows = []
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        row = json.loads(line)
        if row.get("intent") is None:
            continue
        text = unpunctuated(row["text"])
        if text == row["text"]:
            continue  # already as speech writes it: counted in the original set
        parameters = {key: (lowered(value) if key in TEXT_PROPERTIES else value)
                      for key, value in (row.get("parameters") or {}).items()}
        rows.append({"text": text, "language": row.get("language", language), "app": row.get("app"),
                     "intent": row["intent"], "parameters": parameters})
    return rows


WRITTEN_INTENTS = {"R": ("INRequestRideIntent", RIDE_APP), "M": ("INSendMessageIntent", MESSAGE_APP),
                   "C": ("INStartCallIntent", None)}


def written(language, folder="recall_written"):
    """(part, row) for each request in Scripts/FOLDER/LANG.txt: dev or heldout by a stable hash."""
    path = os.path.join(ROOT, "Scripts", folder, f"{language}.txt")
    if not os.path.exists(path):
        return []
    rows = []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        kind, text = line.split("\t", 1)
        intent, app = WRITTEN_INTENTS[kind]
        part = "dev" if hashlib.sha256(text.encode("utf-8")).digest()[0] % 2 == 0 else "heldout"
        rows.append((part, {"text": text, "language": language, "app": app, "intent": intent}))
    return rows


def write(path, rows):
    with open(path, "w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    print(f"{path}: {len(rows)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=os.path.join(ROOT, "..", "shared", "data"))
    parser.add_argument("--out", default=os.path.join(ROOT, ".build", "recall"))
    args = parser.parse_args()
    if not os.path.isdir(args.data):
        sys.exit(f"no shared data at {args.data}")
    os.makedirs(args.out, exist_ok=True)
    found = massive(os.path.join(args.data, "massive-en-US", "train.jsonl"))
    for name, parity in (("dev", 0), ("heldout", 1)):
        rows = [{"text": text, "language": "en", "app": app, "intent": intent, "source": f"massive {ident}"}
                for ident, text, intent, app in found if ident % 2 == parity]
        write(os.path.join(args.out, f"massive-{name}.jsonl"), rows)
        counts = {}
        for row in rows:
            counts[row["intent"]] = counts.get(row["intent"], 0) + 1
        print("   ", ", ".join(f"{key} {value}" for key, value in sorted(counts.items())))
    for language in LANGUAGES:
        found = written(language)
        for name in ("dev", "heldout") if found else ():
            write(os.path.join(args.out, f"{language}-written-{name}.jsonl"), [row for part, row in found if part == name])
        looked_at = written(language, "recall_dev")
        if looked_at:
            write(os.path.join(args.out, f"{language}-blind-dev.jsonl"), [row for _, row in looked_at])
        blind = written(language, "recall_blind")
        if blind:
            write(os.path.join(args.out, f"{language}-blind.jsonl"), [row for _, row in blind])
        for name in ("dev", "heldout"):
            source = os.path.join(ROOT, "Evaluation", language, f"{name}.jsonl")
            if os.path.exists(source):
                write(os.path.join(args.out, f"{language}-lower-{name}.jsonl"), lower_variants(source, language))


if __name__ == "__main__":
    main()
