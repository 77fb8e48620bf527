#!/usr/bin/env python3
"""Parlance and hassil (Home Assistant's template matcher) side by side, in one run, on the same requests.

Both get the same eight messaging apps, the same contact list and the same requests; both read the same
English templates (hassil gets Parlance's send-message and search-messages templates of
Sources/ParlanceUnderstanding/Resources/Languages/en/phrasing.txt, converted to its syntax, with the app
named before or after them as Parlance's phrasebook allows). The requests are of four kinds:

- template: send-message requests in the templates' own shapes;
- paraphrase: send-message requests in shapes no template has;
- other: search-messages requests (another intent of the same apps);
- outofscope: requests no app serves (weather, alarms, lights…): right when nothing is recognised.

It prints, for each: time per request (p50, p99; in process, after loading), whole-process time to the first
answer (a fresh process understanding one request; Parlance with its home's models cached, hassil loading its
templates), peak resident memory of the process that answered all requests, and accuracy per kind (intent,
app, person and message all right), with Parlance's ratio to hassil.

Needs a release build (built here) and hassil from PyPI in a virtual environment (made here, in
.build/hassil-venv). Not part of `swift test`. Usage: Benchmarks/side_by_side.py [--requests N] [--contacts N] [--rounds N]
(hassil and Parlance alternate for N rounds, 3 by default; the medians are compared)
"""
import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
WORK = os.path.join(ROOT, ".build", "side-by-side")
VENV = os.path.join(ROOT, ".build", "hassil-venv")
PARLANCE = os.path.join(ROOT, ".build", "release", "parlance")
HASSIL_VERSION = "hassil>=3,<4"
NOW = "2026-11-21T12:00:00Z"

sys.path.insert(0, os.path.join(ROOT, "Scripts"))
import make_eval_apps  # noqa: E402  (writes app bundles)

APPS = ["Natter", "Chirrup", "Quill", "Semaphore", "Pigeonhole", "Murmur", "Yodel", "Blurt"]
FIRST = ["Ada", "Bram", "Celia", "Dario", "Elske", "Farid", "Greta", "Hugo", "Ilse", "Jonah", "Kaito", "Liesel",
         "Mateo", "Noor", "Oskar", "Priya", "Quinn", "Rosa", "Stellan", "Tamsin", "Umar", "Vera", "Wim", "Ximena",
         "Yusuf", "Zelda", "Anouk", "Bastian", "Clio", "Desmond", "Edda", "Florin", "Gwen", "Hamid", "Ines", "Jasper"]
LAST = ["Achterberg", "Bellamy", "Castellano", "Drummond", "Eklund", "Fairweather", "Grimaldi", "Hollis", "Ivers",
        "Jablonski", "Kovacs", "Lindqvist", "Marchetti", "Nakashima", "Oyelaran", "Pellegrino", "Quarles", "Rasmussen",
        "Sandoval", "Thorsen", "Underhill", "Valdivia", "Whitcombe", "Yamaguchi", "Zeller", "Abernathy", "Brennan",
        "Corrigan", "Dalgaard", "Esposito"]
MESSAGES = [
    "more bananas", "I'll be there in ten minutes", "can we move lunch to Thursday at noon", "the keys are under the mat",
    "happy birthday!", "where are you", "don't forget the charger", "running late, start without me",
    "call me when you land", "thanks for dinner last night", "see you at the station at 6", "the meeting moved to 3pm",
    "bring two bottles of water", "good luck with the exam tomorrow", "did you feed the cat", "I love the photos 😍",
    "we need milk eggs and bread", "the train is delayed again", "let's watch the match on Saturday",
    "pick up the kids at 4:30", "how was the concert", "my flight lands at 21:40", "I'm outside", "sounds good to me",
    "can you send me the address", "the invoice is paid", "dinner is ready", "I found your umbrella",
    "are we still on for tennis", "the plumber comes Monday morning",
]
TEMPLATE_SHAPES = [
    "send a message to {name} on {app} saying {message}", "text {name} on {app} {message}",
    "tell {name} on {app} that {message}", "{app} {name} {message}", "message {name} with {app} saying {message}",
    "on {app} tell {name} {message}", "send a text to {name} that says {message} using {app}",
    "ask {app} to tell {name} {message}", "let {name} know that {message} on {app}",
    "send {name} on {app} a message saying {message}",
]
PARAPHRASE_SHAPES = [
    "could you drop {name} a note over {app}: {message}", "{app}: tell {name} {message}",
    "I want {name} to get this on {app}: {message}", "please ping {name} on {app} and say {message}",
    "use {app} and write {name} {message}", "{name} needs to hear this via {app}: {message}",
    "let {name} know on {app} that {message}", "shoot {name} a message on {app} saying {message}",
]
OTHER_SHAPES = [
    "show me the messages from {name} on {app}", "read my new messages from {name} in {app}",
    "did {name} text me on {app}", "any new from {name} on {app}", "what did {name} say on {app}",
]
OUT_OF_SCOPE = [
    "what's the weather like tomorrow", "set an alarm for 6:30", "turn off the kitchen lights", "play some jazz",
    "how tall is the eiffel tower", "remind me to call my sister", "stop the alarm", "what time is it in Tokyo",
    "add eggs to my shopping list", "how many calories in an apple", "tell me a joke", "volume up",
    "what's on my calendar today", "book a flight to Lisbon", "how do I get to the station", "translate hello into French",
]
KINDS = [("template", 0.5), ("paraphrase", 0.2), ("other", 0.15), ("outofscope", 0.15)]


def contacts(count):
    names = [f"{first} {last}" for last in LAST for first in FIRST]
    random.Random("contacts").shuffle(names)
    return names[:count]


def requests(count, names):
    rng = random.Random("side-by-side")
    rows = []
    for kind, share in KINDS:
        for _ in range(round(count * share)):
            app = rng.randrange(len(APPS))
            name = rng.choice(names)
            row = {"kind": kind, "language": "en"}
            if kind == "outofscope":
                row.update(text=rng.choice(OUT_OF_SCOPE), app=None, intent=None)
            elif kind == "other":
                row.update(text=rng.choice(OTHER_SHAPES).format(name=name, app=APPS[app]), app=identifier(app),
                           intent="INSearchForMessagesIntent", parameters={"senders": [{"displayName": name}]})
            else:
                message = rng.choice(MESSAGES)
                shapes = TEMPLATE_SHAPES if kind == "template" else PARAPHRASE_SHAPES
                row.update(text=rng.choice(shapes).format(name=name, app=APPS[app], message=message),
                           app=identifier(app), intent="INSendMessageIntent",
                           parameters={"recipients": [{"displayName": name}], "content": message})
            rows.append(row)
    rng.shuffle(rows)
    return rows


def identifier(index):
    return "org.benchmark." + APPS[index].lower()


def write_setup(names, rows):
    shutil.rmtree(WORK, ignore_errors=True)
    apps = os.path.join(WORK, "apps")
    os.makedirs(apps)
    for index, app in enumerate(APPS):
        make_eval_apps.write(apps, (app, identifier(index), [], ["INSendMessageIntent", "INSearchForMessagesIntent"],
                                    [], []))
    vocabulary = {identifier(index): {"contactName": names} for index in range(len(APPS))}
    with open(os.path.join(WORK, "vocabulary.json"), "w") as handle:
        json.dump(vocabulary, handle)
    with open(os.path.join(WORK, "requests.jsonl"), "w") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    with open(os.path.join(WORK, "contacts.txt"), "w") as handle:
        handle.write("\n".join(names) + "\n")
    with open(os.path.join(WORK, "hassil.json"), "w") as handle:
        json.dump(hassil_intents(names), handle)


def phrasebook(intent):
    """The English templates of one intent and the @words lists Parlance wraps them in."""
    path = os.path.join(ROOT, "Sources/ParlanceUnderstanding/Resources/Languages/en/phrasing.txt")
    sections, current = {}, None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("@"):
            current = line
            sections[current] = []
        elif current and line.strip() and not line.startswith("#"):
            sections[current].append(line.strip())
    return sections[f"@intent {intent}"], sections


def hassil_template(template):
    """Parlance's template syntax is hassil's: slots are renamed to hassil lists, punctuation is dropped, and
    the app may be named right after a person, as Parlance's matcher allows ("tell Ada on Natter that…")."""
    renamed = {"recipients": "name", "senders": "name", "content": "message", "app": "app"}
    slots = re.findall(r"\{(\w+)\}", template)
    if len(slots) != len(set(renamed.get(s, s) for s in slots)):
        return None  # a list named twice ("{recipients} and {recipients}")

    def slot(match):
        name = match.group(1)
        if renamed.get(name) == "name" and "{app}" not in template:
            return "{name} [<after>]"
        return "{" + renamed.get(name, "other_" + name.lstrip("_")) + "}"
    text = re.sub(r"\{(\w+)\}", slot, template)
    return text.replace("|:", "").replace(":|", "").replace("[:]", "").replace(",", "")


def hassil_intents(names):
    lists = {"name": {"values": names}, "app": {"values": APPS}, "message": {"wildcard": True}}
    _, sections = phrasebook("INSendMessageIntent")
    rules = {}
    for rule, key in (("before", "@words app-prefixes"), ("after", "@words app-suffixes"),
                      ("polite", "@words polite-prefixes")):
        alternatives = [a.replace(",", "") for a in sections[key]]
        rules[rule] = "(" + "|".join(alternatives) + ")"
    intents = {}
    for intent in ("INSendMessageIntent", "INSearchForMessagesIntent"):
        templates, _ = phrasebook(intent)
        sentences = []
        for template in templates:
            converted = hassil_template(template)
            if not converted:
                continue
            for slot in re.findall(r"\{(other_\w+)\}", converted):
                lists[slot] = {"wildcard": True}
            # Those that name the app first: hassil answers with the first sentence that matches.
            if "{app}" in converted:
                sentences.append("[<polite>] " + converted)
            else:
                sentences += ["[<polite>] <before> " + converted, "[<polite>] " + converted + " <after>",
                              "[<polite>] " + converted]
        intents[intent] = {"data": [{"sentences": sentences}]}
    return {"language": "en", "intents": intents, "lists": lists, "expansion_rules": rules}


def prepare():
    print("building Parlance (release)…", file=sys.stderr)
    subprocess.run(["swift", "build", "-c", "release", "--product", "parlance"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python):
        print("making the hassil virtual environment…", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    subprocess.run([python, "-m", "pip", "install", "--quiet", HASSIL_VERSION], check=True)
    return python


def peak_rss(command):
    """Wall time, peak resident memory (MB) and stdout of a process run to its end."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    chunks = process.stdout.read()
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(command[:3])}… failed ({process.returncode}): {errors[-2000:]}")
    return elapsed, usage.ru_maxrss / 1024, chunks


def peak_rss_with_input(command, path):
    """Peak resident memory (MB) of a process that reads a file on its standard input."""
    with open(path) as source:
        process = subprocess.Popen(command, stdin=source, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(command[:3])}… failed: {process.stderr.read()[-2000:]}")
    return usage.ru_maxrss / 1024


def parlance_home():
    home = os.path.join(WORK, "home")
    for app in sorted(os.listdir(os.path.join(WORK, "apps"))):
        subprocess.run([PARLANCE, "apps", "install", "--home", home, os.path.join(WORK, "apps", app)], check=True,
                       stdout=subprocess.DEVNULL)
    for index in range(len(APPS)):
        subprocess.run([PARLANCE, "vocab", "set", "--home", home, "--app", identifier(index), "--type", "contactName",
                        os.path.join(WORK, "contacts.txt")], check=True, stdout=subprocess.DEVNULL)
    return home


def first_answer(command, runs=5):
    times = []
    for _ in range(runs):
        elapsed, _, _ = peak_rss(command)
        times.append(elapsed)
    return statistics.median(times)


def per_kind(rows, wrong_lines):
    result = {}
    for line, row in enumerate(rows, start=1):
        figures = result.setdefault(row["kind"], [0, 0])
        figures[0] += 1
        figures[1] += line not in wrong_lines
    return {kind: right / count for kind, (count, right) in result.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--contacts", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3,
                        help="hassil and Parlance run alternately this many times; the medians are compared "
                             "(this VM's speed drifts within minutes, so one block of each could compare two speeds)")
    args = parser.parse_args()
    python = prepare()
    names = contacts(args.contacts)
    rows = requests(args.requests, names)
    write_setup(names, rows)
    request_file = os.path.join(WORK, "requests.jsonl")
    runner = os.path.join(ROOT, "Benchmarks", "hassil_runner.py")
    hassil_data = os.path.join(WORK, "hassil.json")

    hassil_rounds, parlance_rounds = [], []
    for _ in range(max(1, args.rounds)):
        elapsed, hassil_rss, output = peak_rss([python, runner, "--intents", hassil_data, "--requests", request_file])
        hassil_rounds.append(json.loads(output))
        elapsed, _, output = peak_rss([PARLANCE, "eval", "--language", "en", "--now", NOW, "--json",
                                                  "--apps", os.path.join(WORK, "apps"),
                                                  "--vocabulary", os.path.join(WORK, "vocabulary.json"), request_file])
        parlance_rounds.append(json.loads(output))
    hassil = dict(hassil_rounds[0])
    hassil["p50"] = statistics.median(round_["p50"] for round_ in hassil_rounds)
    hassil["p99"] = statistics.median(round_["p99"] for round_ in hassil_rounds)
    report = parlance_rounds[0]
    # Judged as hassil is: intent, app, the person and the message (other parameters, such as "new" read as
    # unread messages, hassil does not give).
    judged = {"error", "intent", "app", "parameters.recipients", "parameters.senders", "parameters.content"}
    wrong = {failure["line"] for failure in report["failures"] if judged.intersection(failure["differences"])}
    parlance = {"p50": statistics.median(r["latency"]["p50Microseconds"] for r in parlance_rounds),
                "p99": statistics.median(r["latency"]["p99Microseconds"] for r in parlance_rounds),
                "accuracy": per_kind(rows, wrong), "overall": 1 - len(wrong) / max(len(rows), 1)}

    home = parlance_home()
    probe = "send a message to " + names[0] + " on " + APPS[0] + " saying more bananas"
    subprocess.run([PARLANCE, "parse", "--home", home, probe], check=True, stdout=subprocess.DEVNULL)  # warms the cache
    parlance_first, hassil_first = [], []
    for _ in range(5):  # alternately, as above
        parlance_first.append(first_answer([PARLANCE, "parse", "--home", home, "--now", NOW, probe], runs=1))
        hassil_first.append(first_answer([python, runner, "--intents", hassil_data, "--first", probe], runs=1))
    parlance["first"] = statistics.median(parlance_first)
    hassil["first"] = statistics.median(hassil_first)
    # Memory as a user's process has it: the home's apps and contacts, the cached model, every request once
    # (`eval` above trains in its own process, which leaves training's garbage behind).
    texts = os.path.join(WORK, "texts.txt")
    with open(texts, "w") as handle:
        handle.write("".join(row["text"] + "\n" for row in rows))
    parlance_rss = peak_rss_with_input([PARLANCE, "parse", "--home", home, "--now", NOW], texts)

    print(f"{len(rows)} requests, {len(APPS)} messaging apps, {len(names)} contacts; release build, one run of "
          f"{len(hassil_rounds)} alternating rounds (medians)")
    print("per request p50 by round (Parlance / hassil): " + ", ".join(
        f"{ours['latency']['p50Microseconds']:.1f} / {theirs['p50']:.1f} µs"
        for ours, theirs in zip(parlance_rounds, hassil_rounds)))
    print(f"{'':40}{'Parlance':>12}{'hassil':>12}{'ratio':>10}")

    def line(label, ours, theirs, unit, better_low=True):
        ratio = theirs / ours if better_low else ours / theirs
        print(f"{label:40}{ours:>10.1f}{unit:2}{theirs:>10.1f}{unit:2}{ratio:>9.2f}×")
    line("per request p50", parlance["p50"], hassil["p50"], "µs")
    line("per request p99", parlance["p99"], hassil["p99"], "µs")
    line("first answer, whole process", parlance["first"] * 1000, hassil["first"] * 1000, "ms")
    line("peak memory (all requests, one process)", parlance_rss, hassil_rss, "MB")
    print("accuracy (intent, app, person, message)  (ratio: Parlance − hassil, points)")
    for kind, _ in KINDS + [("overall", 0)]:
        ours = parlance["overall"] if kind == "overall" else parlance["accuracy"].get(kind, 0)
        theirs = hassil["overall"] if kind == "overall" else hassil["accuracy"].get(kind, 0)
        print(f"  {kind:38}{ours * 100:>10.1f} %{theirs * 100:>10.1f} %{(ours - theirs) * 100:>+9.1f}")


if __name__ == "__main__":
    main()
