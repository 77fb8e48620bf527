#!/usr/bin/env python3
"""Measures offline speech understanding (issue 22): synthesized requests through `parlance listen`.

Every English example request of the sample apps and every opening request of the sample conversations
(Tests/Conversations/monkey*.conv) is spoken by espeak-ng in three voices and speeds, recognised by
`parlance listen --transcript-only --json`, and understood; a request counts when the frame understood from
what was heard (intent, app, parameters, compared without case) equals the frame understood from the
written text. Requests of other domains (alarms, weather, music… the null-intent lines of
Evaluation/en/{dev,heldout}.jsonl, and .build/outofscope/heldout/en-*.jsonl when built by
Scripts/outofscope_sets.py) count when nothing is understood from them. Prints accuracy (also by group: the
apps' examples, the seed's requests of MISSION.md M2 — together the set issue 22 names — and the other
conversation openings, the team's tests with misspelt names and nonsense amounts), word error rate,
rejection, the real-time factor and recognition time per request.

With --adapt, each voice is a user of its own: a home per voice, adapted to it (`parlance voice adapt`) from
that voice reading the enrolment sentences of `parlance voice prompts` (none of them a request), and its
requests heard in its home; other-domain requests are heard in the default voice's home.

Usage: python3 Benchmarks/speech_eval.py [--binary PATH] [--negatives N] [--adapt]
(build first: Scripts/release.sh; the debug binary is used when there is no release one)
"""
import argparse
import glob
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The seed's conversations' opening requests in English (MISSION.md M2); with the sample apps' example requests
# they are the set issue 22 names. The other openings of Tests/Conversations are the team's own tests of the
# text assistant: misspelt and unknown names, nonsense amounts, emoji.
SEED_REQUESTS = ["send a MonkeyChat message", "send a message to Bobo on MonkeyChat", "MonkeyChat Bobo send more bananas",
                 "could you launch the MonkeyChat app to send a text with the message send more bananas"]
VOICES = [("default", []), ("f3-slow", ["--variant", "f3", "--rate", "140", "--pitch", "40"]),
          ("m3-fast", ["--variant", "m3", "--rate", "195", "--pitch", "60"])]


def run(binary, home, args, stdin=None):
    result = subprocess.run([binary, *args, "--home", home], input=stdin, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{' '.join(args[:2])} failed: {result.stderr.strip()}")
    return result.stdout


def words(text):
    cleaned = "".join(c.lower() if c.isalnum() or c == "'" else " " for c in text)
    return cleaned.split()


def edit_distance(a, b):
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (x != y))
    return row[len(b)]


def frame(parsed):
    if not parsed or not parsed.get("intent"):
        return None
    return json.dumps({"intent": parsed.get("intent"), "app": parsed.get("app"),
                       "parameters": parsed.get("parameters", {})}, sort_keys=True).lower()


def main():
    parser = argparse.ArgumentParser()
    release = os.path.join(ROOT, ".build/release/parlance")
    parser.add_argument("--binary", default=release if os.path.exists(release) else os.path.join(ROOT, ".build/debug/parlance"))
    parser.add_argument("--negatives", type=int, default=60)
    parser.add_argument("--limit", type=int, default=0, help="only the first N requests (a quick look)")
    parser.add_argument("--adapt", action="store_true", help="adapt each voice's home to that voice first")
    options = parser.parse_args()
    home = tempfile.mkdtemp(prefix="parlance-speech-")
    work = tempfile.mkdtemp(prefix="parlance-speech-audio-")

    # A chat with no input installs the sample apps in the fresh home.
    run(options.binary, home, ["chat", "--language", "en"], stdin="")
    listing = run(options.binary, home, ["apps", "list", "--examples", "--language", "en"])
    requests = [line.strip() for line in listing.splitlines() if line.startswith("  ")]
    examples = set(requests)
    for path in sorted(glob.glob(os.path.join(ROOT, "Tests/Conversations/monkey*.conv"))):
        for line in open(path, encoding="utf-8"):
            if line.startswith("> "):
                requests.append(line[2:].strip())
    requests = list(dict.fromkeys(requests))
    parsed = [json.loads(line) for line in run(options.binary, home, ["parse", "--json", "--language", "en"],
                                              stdin="\n".join(requests) + "\n").splitlines()]
    # Openings only: replies ("Bobo", "yes") mean something only inside their conversation.
    positives = [(text, frame(p)) for text, p in zip(requests, parsed) if frame(p)]
    if options.limit:
        positives = positives[::max(1, len(positives) // options.limit)][:options.limit]

    negatives = []
    for path in [os.path.join(ROOT, "Evaluation/en/dev.jsonl"), os.path.join(ROOT, "Evaluation/en/heldout.jsonl")] \
            + sorted(glob.glob(os.path.join(ROOT, ".build/outofscope/heldout/en*.jsonl"))):
        for line in open(path, encoding="utf-8"):
            item = json.loads(line)
            if item.get("intent") is None:
                negatives.append(item["text"])
    negatives = list(dict.fromkeys(negatives))
    random.Random(22).shuffle(negatives)
    negatives = negatives[:options.negatives]

    files = []  # (path, text, expected frame or None, voice)
    for index, (text, expected) in enumerate(positives):
        for voice, flags in VOICES:
            files.append((os.path.join(work, f"p{index}-{voice}.wav"), text, expected, voice))
    for index, text in enumerate(negatives):
        files.append((os.path.join(work, f"n{index}.wav"), text, None, "default"))
    for path, text, _, voice in files:
        flags = dict(VOICES)[voice]
        subprocess.run([options.binary, "say", "--out", path, *flags, "--", text], check=True, capture_output=True)

    homes = {voice: home for voice, _ in VOICES}
    if options.adapt:
        prompts = [line.split("\t", 1)[1] for line in run(options.binary, home, ["voice", "prompts"]).splitlines()]
        for voice, flags in VOICES:
            homes[voice] = tempfile.mkdtemp(prefix=f"parlance-speech-{voice}-")
            run(options.binary, homes[voice], ["chat", "--language", "en"], stdin="")
            readings = []
            for index, text in enumerate(prompts):
                readings.append(os.path.join(work, f"enrol-{voice}-{index:03d}.wav"))
                subprocess.run([options.binary, "say", "--out", readings[-1], *flags, "--", text], check=True,
                               capture_output=True)
            print(f"{voice}: " + run(options.binary, homes[voice], ["voice", "adapt", *readings]).strip().splitlines()[0])
    output = []
    for voice, _ in VOICES:
        listened = [f[0] for f in files if f[3] == voice]
        output += run(options.binary, homes[voice], ["listen", "--transcript-only", "--json", "--language", "en",
                                                     *listened]).splitlines()
    heard, understood, index = {}, {}, 0
    while index < len(output):
        record = json.loads(output[index])
        index += 1
        heard[record["file"]] = record
        if record.get("heard") is not None and index < len(output) and '"file"' not in output[index][:12]:
            understood[record["file"]] = json.loads(output[index])
            index += 1

    right, errors, total_words, recognition, audio, by_voice, by_group = 0, 0, 0, [], 0.0, {}, {}
    rejected, failures = 0, []
    for path, text, expected, voice in files:
        record = heard.get(path, {})
        recognition.append(record.get("recognitionMilliseconds", 0))
        audio += record.get("audioMilliseconds", 0)
        got = frame(understood.get(path))
        if expected is None:
            rejected += got is None
            if got is not None:
                failures.append(f"  not rejected: {text!r} heard as {record.get('heard')!r}")
            continue
        errors += edit_distance(words(text), words(record.get("heard") or ""))
        total_words += len(words(text))
        ok = got == expected
        right += ok
        by_voice.setdefault(voice, []).append(ok)
        group = "the apps' examples" if text in examples else "the seed's requests" if text in SEED_REQUESTS \
            else "other conversation openings"
        by_group.setdefault(group, []).append(ok)
        if not ok:
            failures.append(f"  [{voice}] {text!r} heard as {record.get('heard')!r}")
    spoken = len(files) - len(negatives)
    print(f"binary: {options.binary}")
    print(f"requests: {len(positives)} × {len(VOICES)} voices = {spoken}; other-domain requests: {len(negatives)}")
    print(f"right intent and frame: {right}/{spoken} = {100 * right / max(spoken, 1):.1f} %  "
          + "  ".join(f"{v}: {100 * sum(r) / len(r):.1f} %" for v, r in by_voice.items()))
    for group in ["the apps' examples", "the seed's requests", "other conversation openings"]:
        results = by_group.get(group, [])
        print(f"  {group}: {sum(results)}/{len(results)} = {100 * sum(results) / max(len(results), 1):.1f} %")
    named = by_group.get("the apps' examples", []) + by_group.get("the seed's requests", [])
    print(f"  issue 22's set (the apps' examples and the seed's requests): {sum(named)}/{len(named)} = "
          f"{100 * sum(named) / max(len(named), 1):.1f} %")
    print(f"word error rate: {100 * errors / max(total_words, 1):.1f} %")
    print(f"other domains rejected: {rejected}/{len(negatives)} = {100 * rejected / max(len(negatives), 1):.1f} %")
    print(f"real-time factor: {sum(recognition) / max(audio, 1):.3f}; recognition per request p50 "
          f"{statistics.median(recognition):.0f} ms, p95 {sorted(recognition)[int(0.95 * (len(recognition) - 1))]:.0f} ms")
    print("misses:")
    print("\n".join(failures) or "  none")


if __name__ == "__main__":
    main()
