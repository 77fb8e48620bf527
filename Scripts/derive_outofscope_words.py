#!/usr/bin/env python3
"""Derives the out-of-scope word tables understanding ships, from the shared real-request corpora.

For each language, how many out-of-scope requests use each word: MASSIVE's English train set (the
development half, even ids, without transport_taxi and social_post) and Home Assistant's intent
templates (sampled with Scripts/outofscope_sets.py's sampler), and the out-of-scope requests written for
Parlance in Scripts/outofscope_written/LANG.txt (where the corpora are thin: Japanese, Chinese), expanded
so that every alternative is used. Only counts of words used in at least
three requests are written, never a sentence. The names people call an assistant by ("olly", "alexa")
are left out at a request's edges: real requests in scope use them as much. xSID is not used here (share-alike: evaluation only).

Written to Sources/ParlanceUnderstanding/Resources/Languages/<language>/outofscope-words.tsv: a first line
"#requests<TAB>N", then "word<TAB>count" lines, most used first. Understanding folds the words as it
folds requests and treats words out-of-scope requests use far more than its own phrasing as markers
of a request it cannot serve (docs/understanding.md).

Usage: Scripts/derive_outofscope_words.py [--data ../shared/data] [--check]
"""
import argparse
import collections
import os
import random
import re
import sys
import unicodedata

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import outofscope_sets as sets  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Sources", "ParlanceUnderstanding", "Resources", "Languages")


def is_cjk(ch):
    code = ord(ch)
    return 0x3040 <= code <= 0x30FF or 0x3400 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF


def words(text):
    text = unicodedata.normalize("NFKC", text).lower()
    result, current = [], ""
    for ch in text:
        if is_cjk(ch):
            if current:
                result.append(current)
                current = ""
            result.append(ch)
        elif ch.isalpha() or ch in "'-":
            current += ch
            if ch == "'":
                result.append(current)
                current = ""
        else:
            if current:
                result.append(current)
            current = ""
    if current:
        result.append(current)
    return [w.strip("-") for w in result if w.strip("-'")]


def written(language):
    """Sentences from the out-of-scope requests written for Parlance (Scripts/outofscope_written/): each
    template gives as many sentences as its longest choice has alternatives (at least three), the k-th
    sentence taking the k-th alternative of every choice, so that every alternative is used and the result
    does not depend on chance. Templates hold (a|b) choices and [a|b] optional parts, not nested."""
    path = os.path.join(ROOT, "Scripts", "outofscope_written", language + ".txt")
    if not os.path.exists(path):
        return []
    sentences = set()
    for number, line in enumerate(open(path, encoding="utf-8"), start=1):
        template = line.strip()
        if not template or template.startswith("#"):
            continue
        parts = []  # literal strings and lists of alternatives
        for piece in re.split(r"(\([^()\[\]]*\)|\[[^()\[\]]*\])", template):
            if not piece.startswith(("(", "[")) and any(c in piece for c in "()[]{}"):
                sys.exit(f"{path}:{number}: unbalanced, nested or {{slot}} brackets: {template}")
            if piece.startswith("("):
                parts.append(piece[1:-1].split("|"))
            elif piece.startswith("["):
                parts.append(piece[1:-1].split("|") + [""])
            elif piece:
                parts.append([piece])
        count = max([3] + [len(part) for part in parts])
        for k in range(count):
            text = "".join(part[k % len(part)] for part in parts)
            sentences.add(re.sub(r"\s+", " ", text).strip())
    return sorted(sentences)


# The names people call an assistant by, before or after a request ("olly, set an alarm", "… alexa"): MASSIVE's
# requests use them whether they are in scope or not, so they say nothing of scope ("olly book me a taxi").
WAKE_WORDS = re.compile(r"^(?:(?:hey|hi|hello|ok|okay)\s+)?(?:olly|alexa|siri)\b\s*|"
                        r"^(?:hey|ok|okay)\s+google\b\s*|\s*\b(?:olly|alexa|siri)$")


def without_wake_words(request):
    return WAKE_WORDS.sub("", request).strip() or request


def tables(data):
    rng = random.Random(20261124)
    massive_dev, _ = sets.massive(os.path.join(data, "massive-en-US", "train.jsonl"))
    result = {}
    for language in sets.LANGUAGES:
        folder = os.path.join(data, "ha-intents-sentences", sets.HA_FOLDER.get(language, language))
        requests = sets.ha_sentences(folder, language, 3, rng)
        if language == "en":
            requests += [without_wake_words(request) for request in massive_dev]
        requests += written(language)
        counts = collections.Counter()
        for request in requests:
            counts.update(set(words(request)))
        lines = [f"#requests\t{len(requests)}"]
        for word, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
            if count >= 3 and not re.fullmatch(r"[\d'-]+", word):
                lines.append(f"{word}\t{count}")
        result[language] = "\n".join(lines) + "\n"
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=os.path.join(ROOT, "..", "shared", "data"))
    parser.add_argument("--check", action="store_true", help="fail when the committed tables are not current")
    args = parser.parse_args()
    if not os.path.isdir(args.data):
        sys.exit(f"no shared data at {args.data}")
    os.makedirs(OUT, exist_ok=True)
    stale = []
    for language, text in tables(args.data).items():
        path = os.path.join(OUT, language, "outofscope-words.tsv")
        current = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if args.check:
            if current != text:
                stale.append(path)
        elif current != text:
            open(path, "w", encoding="utf-8").write(text)
            print(f"wrote {path}")
    if stale:
        sys.exit("stale (run Scripts/derive_outofscope_words.py): " + ", ".join(stale))
    if args.check:
        print("out-of-scope word tables are current")


if __name__ == "__main__":
    main()
