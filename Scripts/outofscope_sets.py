#!/usr/bin/env python3
"""Builds out-of-scope evaluation sets from the shared real-request corpora (../shared/data).

Nothing from the corpora is committed: the sets are written to a build folder (default
.build/outofscope/) as labelled requests with "intent": null, one JSON object per line.

  dev      - tuning allowed: MASSIVE (en, even ids), Home Assistant's templates (all six languages,
             expanded by a small hassil-syntax sampler)
  heldout  - never tuned on: xSID validation sets (en, de, it, ja, zh), MASSIVE (en, odd ids)

MASSIVE's transport_taxi (rides) and social_post are left out: they hold requests Parlance serves or
that are too close to messaging to label without reading each; so are the genuine message and call
requests of other intents (Scripts/recall_sets.py's rule: "reply to john that …", "call mom"). E-mail
(email_*) is out of scope: a SiriKit messaging app is not an e-mail client (docs/understanding.md).

Usage: Scripts/outofscope_sets.py [--data ../shared/data] [--out .build/outofscope] [--per-template 3] [--only LANG] [--massive-every N]
"""
import argparse
import json
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import recall_sets  # noqa: E402

try:
    import yaml
except ImportError:  # PyYAML is on the machine image; without it the HA part is skipped
    yaml = None

LANGUAGES = ["en", "fr", "de", "it", "zh", "ja"]
HA_FOLDER = {"zh": "zh-cn"}
IN_SCOPE_MASSIVE = {"transport_taxi", "social_post"}

# Stand-ins for Home Assistant's wildcard lists (names of the user's devices, rooms, timers…).
FILLERS = {
    "en": ["kitchen", "living room", "bedroom lamp", "garage door", "heater", "the porch", "pasta", "laundry"],
    "fr": ["cuisine", "salon", "lampe de chevet", "porte du garage", "chauffage", "terrasse", "pâtes", "lessive"],
    "de": ["Küche", "Wohnzimmer", "Nachttischlampe", "Garagentor", "Heizung", "Terrasse", "Nudeln", "Wäsche"],
    "it": ["cucina", "soggiorno", "lampada", "porta del garage", "riscaldamento", "terrazzo", "pasta", "bucato"],
    "zh": ["厨房", "客厅", "台灯", "车库门", "暖气", "阳台", "面条", "洗衣"],
    "ja": ["キッチン", "リビング", "ランプ", "ガレージ", "ヒーター", "ベランダ", "パスタ", "洗濯"],
}


class Sampler:
    """Samples sentences from hassil-style templates: (a|b), [optional], {list}, <rule>."""

    def __init__(self, lists, rules, language, rng):
        self.lists, self.rules, self.language, self.rng = lists, rules, language, rng

    def sample(self, template, depth=0):
        if depth > 12:
            return ""
        out, i = [], 0
        while i < len(template):
            c = template[i]
            if c in "([":
                j = self._close(template, i)
                alternatives = self._split(template[i + 1:j])
                if c == "[" and self.rng.random() < 0.5:
                    pass
                else:
                    out.append(self.sample(self.rng.choice(alternatives), depth + 1))
                i = j + 1
            elif c == "{":
                j = template.index("}", i)
                out.append(self._list(template[i + 1:j].split(":")[0], depth))
                i = j + 1
            elif c == "<":
                j = template.index(">", i)
                rule = self.rules.get(template[i + 1:j])
                out.append(self.sample(rule, depth + 1) if rule else "")
                i = j + 1
            else:
                out.append(c)
                i += 1
        return "".join(out)

    @staticmethod
    def _close(text, start):
        depth = 0
        for k in range(start, len(text)):
            if text[k] in "([":
                depth += 1
            elif text[k] in ")]":
                depth -= 1
                if depth == 0:
                    return k
        return len(text) - 1

    @staticmethod
    def _split(text):
        parts, depth, current = [], 0, ""
        for ch in text:
            if ch in "([":
                depth += 1
            elif ch in ")]":
                depth -= 1
            if ch == "|" and depth == 0:
                parts.append(current)
                current = ""
            else:
                current += ch
        parts.append(current)
        return parts

    def _list(self, name, depth):
        spec = self.lists.get(name) or {}
        values = spec.get("values")
        if values:
            value = self.rng.choice(values)
            text = value.get("in") if isinstance(value, dict) else str(value)
            return self.sample(str(text), depth + 1)
        if "range" in spec:
            low, high = spec["range"].get("from", 0), spec["range"].get("to", 100)
            return str(self.rng.randint(int(low), int(high)))
        return self.rng.choice(FILLERS[self.language])


def ha_sentences(folder, language, per_template, rng):
    if yaml is None or not os.path.isdir(folder):
        return []
    common = yaml.safe_load(open(os.path.join(folder, "_common.yaml"), encoding="utf-8")) or {}
    sampler = Sampler(common.get("lists") or {}, common.get("expansion_rules") or {}, language, rng)
    sentences = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".yaml") or name.startswith("_"):
            continue
        data = yaml.safe_load(open(os.path.join(folder, name), encoding="utf-8")) or {}
        for intent in (data.get("intents") or {}).values():
            for block in intent.get("data") or []:
                for template in block.get("sentences") or []:
                    for _ in range(per_template):
                        text = re.sub(r"\s+", " ", sampler.sample(str(template))).strip()
                        if text:
                            sentences.append(text)
    return sorted(set(sentences))


def xsid(path):
    texts = []
    for line in open(path, encoding="utf-8"):
        if line.startswith("# text = "):
            texts.append(line[len("# text = "):].strip())
    return texts


def massive(path):
    dev, heldout = [], []
    for line in open(path, encoding="utf-8"):
        row = json.loads(line)
        # Genuine message and call requests MASSIVE files elsewhere ("reply to john that …" under e-mail,
        # "call mom" under contacts): Scripts/recall_sets.py measures those.
        if row["intent"] in IN_SCOPE_MASSIVE or recall_sets.label(row):
            continue
        (dev if int(row["id"]) % 2 == 0 else heldout).append(row["utt"])
    return dev, heldout


def write(path, texts, language, source):
    with open(path, "w", encoding="utf-8") as handle:
        for text in texts:
            handle.write(json.dumps({"text": text, "language": language, "app": None, "intent": None,
                                     "source": source}, ensure_ascii=False) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--data", default=os.path.join(root, "..", "shared", "data"))
    parser.add_argument("--out", default=os.path.join(root, ".build", "outofscope"))
    parser.add_argument("--per-template", type=int, default=3)
    parser.add_argument("--only", help="one language")
    parser.add_argument("--massive-every", type=int, default=1,
                        help="keep every Nth MASSIVE request (a lighter set for the CI gate)")
    args = parser.parse_args()
    if not os.path.isdir(args.data):
        sys.exit(f"no shared data at {args.data}")
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(20261124)
    massive_dev, massive_heldout = massive(os.path.join(args.data, "massive-en-US", "train.jsonl"))
    for language in LANGUAGES:
        if args.only and language != args.only:
            continue
        ha = ha_sentences(os.path.join(args.data, "ha-intents-sentences", HA_FOLDER.get(language, language)),
                          language, args.per_template, rng)
        dev = [(t, "ha") for t in ha] + ([(t, "massive") for t in massive_dev] if language == "en" else [])
        heldout = []
        xsid_path = os.path.join(args.data, "xsid-valid", f"{language}.valid.conll")
        if os.path.exists(xsid_path):
            heldout += [(t, "xsid") for t in xsid(xsid_path)]
        if language == "en":
            heldout += [(t, "massive") for t in massive_heldout[::max(args.massive_every, 1)]]
        for name, rows in (("dev", dev), ("heldout", heldout)):
            path = os.path.join(args.out, f"{language}-{name}.jsonl")
            with open(path, "w", encoding="utf-8") as handle:
                for text, source in rows:
                    handle.write(json.dumps({"text": text, "language": language, "app": None, "intent": None,
                                             "source": source}, ensure_ascii=False) + "\n")
            print(f"{path}: {len(rows)}")


if __name__ == "__main__":
    main()
