#!/usr/bin/env python3
"""Does Parlance hear people? Spoken requests in six languages, several voices, a third with noise.

The requests are Benchmarks/spoken/<lang>.tsv, written for this benchmark and held out: never tune a recogniser
or the understanding to them. Each line is a request to the sample apps, the intent it asks for and its key
values (recipient, payee and amount, destination, workout…), or an out-of-domain request (alarms, weather,
music, jokes, chit-chat) that must be understood as no intent. Each language gets a fresh home with the sample
apps and, as user vocabulary (`parlance vocab set`), the contact names a user of that language would have.

Voices: English with flite (slt, rms, awb, kal16) and festival (us-slt-hts; a diphone English voice when one is
installed), Italian with festival (italp16k, itapc16k), German, French, Japanese and Chinese with espeak-ng
(two variants each). A third of the recordings, spread over voices and requests, get pink noise made here from
a fixed seed at 10 dB SNR against the speech's active level.

Each recording goes through `parlance listen --transcript-only --json --language LANG` with each recogniser:
`grammar` (the offline pocketsphinx grammar, English only) and `whisper` (the Wyoming service given by
--speech-to-text, or `--recognizer whisper` with --whisper-flag once the home has Whisper set up). A request is
right when the understood intent is the expected one and every key value matches (case, spaces, hyphens and a
leading article aside; katakana read as hiragana; amounts as numbers); out-of-domain speech is right when no
intent is understood. The written text itself is parsed too (the understanding's ceiling). The real-time
factor is the wall time of a whole `parlance listen` of one recording over its length (median, p90), over
--timed recordings per language and recogniser; the others are listened to in batches, whose recognition
time alone is reported as well.

Usage: python3 Benchmarks/spoken_requests.py [--quick] [--languages en,it] [--recognizers grammar,whisper]
       [--speech-to-text tcp://127.0.0.1:10399] [--out results.json] [--binary PATH] [--work DIR]
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import unicodedata
import wave
import zlib

import numpy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LANGUAGES = ["en", "it", "de", "fr", "ja", "zh"]
SNR_DB = 10.0

# (name, engine, argument): flite voice, festival voice function, espeak-ng voice and words a minute.
VOICES = {
    "en": [("flite-slt", "flite", "slt"), ("flite-rms", "flite", "rms"), ("flite-awb", "flite", "awb"),
           ("flite-kal16", "flite", "kal16"), ("festival-slt-hts", "festival", "voice_cmu_us_slt_arctic_hts"),
           ("festival-kal-diphone", "festival", "voice_kal_diphone")],
    "it": [("festival-italp16k", "festival", "voice_lp_diphone"), ("festival-itapc16k", "festival", "voice_pc_diphone")],
    "de": [("espeak-de", "espeak", ("de", 160)), ("espeak-de+f3", "espeak", ("de+f3", 140))],
    "fr": [("espeak-fr", "espeak", ("fr", 160)), ("espeak-fr+f3", "espeak", ("fr+f3", 140))],
    "ja": [("espeak-ja", "espeak", ("ja", 150)), ("espeak-ja+f3", "espeak", ("ja+f3", 130))],
    # The plain `cmn` voice reads the pinyin of Han characters as English words; this one reads them as Mandarin.
    "zh": [("espeak-cmn", "espeak", ("cmn-latn-pinyin", 160)), ("espeak-cmn+f3", "espeak", ("cmn-latn-pinyin+f3", 140))],
}
# The contacts a user of each language would have; the sample apps' own names (Bobo, Kiki…) are kept beside them.
CONTACTS = {
    "en": ["Anna", "Marco", "Priya", "Tom", "Sarah Miller", "Jake", "Olivia", "David", "Emma", "Luis", "Mom", "Dad"],
    "it": ["Giulia", "Luca", "Francesca", "Matteo", "Marco", "Nonna"],
    "de": ["Lukas", "Lena", "Sabine", "Jonas", "Oma"],
    "fr": ["Julien", "Camille", "Sophie", "Antoine", "Maman"],
    "ja": ["ゆき", "けんじ", "さくら", "はると", "おかあさん"],
    "zh": ["小明", "王芳", "李娜", "张伟", "妈妈"],
}
CONTACT_APPS = ["org.parlance.examples.monkeychat", "org.parlance.examples.monkeycall", "org.parlance.examples.monkeypay"]
# Where each intent keeps its key values; an intent not named here has none to check.
KEYS = {
    "INSendMessageIntent": ["recipients.displayName"],
    "INStartCallIntent": ["contacts.displayName"],
    "INSearchForMessagesIntent": ["senders.displayName"],
    "INSendPaymentIntent": ["payee.displayName", "currencyAmount.amount"],
    "INRequestPaymentIntent": ["payer.displayName", "currencyAmount.amount"],
    "INRequestRideIntent": ["dropOffLocation.name", "dropOffLocation.thoroughfare", "rideOptionName"],
    "INStartWorkoutIntent": ["workoutName.spokenPhrase", "workoutName.vocabularyIdentifier"],
    "INSearchForPhotosIntent": ["searchTerms", "albumName", "peopleInPhoto.displayName", "locationCreated.name"],
    "INStartPhotoPlaybackIntent": ["searchTerms", "albumName", "peopleInPhoto.displayName", "locationCreated.name"],
}
ARTICLES = {"en": ["the", "a", "an", "my"], "it": ["il", "lo", "la", "l", "i", "gli", "le", "al", "alla", "all"],
            "de": ["der", "die", "das", "den", "dem", "zum", "zur"], "fr": ["le", "la", "les", "l", "ma", "mon"],
            "ja": [], "zh": []}


def load_requests(language, folder):
    requests = []
    with open(os.path.join(folder, f"{language}.tsv"), encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip() or line.startswith("#"):
                continue
            text, intent, key = line.rstrip("\n").split("\t")
            keys = [] if key == "-" else [alternatives.split("|") for alternatives in key.split(";")]
            requests.append({"text": text, "intent": None if intent == "none" else intent, "keys": keys,
                             "line": number})
    return requests


def quick_selection(requests):
    """A few requests and out-of-domain lines, spread over the set."""
    inside = [r for r in requests if r["intent"]]
    outside = [r for r in requests if not r["intent"]]
    return inside[::max(1, len(inside) // 4)][:4] + outside[::max(1, len(outside) // 2)][:2]


def normalise(value, language):
    text = unicodedata.normalize("NFKC", str(value)).lower()
    text = "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" else c for c in text)  # katakana → hiragana
    text = re.sub(r"[\s\-_.,!?'’:;。、？！「」]+", " ", text).strip()
    words = text.split()
    while len(words) > 1 and words[0] in ARTICLES.get(language, []):
        words = words[1:]
    return "".join(words)


def as_number(value):
    try:
        return float(str(value).replace(",", "."))
    except ValueError:
        return None


def values_at(parameters, path):
    found = [parameters]
    for part in path.split("."):
        step = []
        for item in found:
            for element in (item if isinstance(item, list) else [item]):
                if isinstance(element, dict) and part in element:
                    step.append(element[part])
        found = step
    flat = []
    for item in found:
        flat.extend(item if isinstance(item, list) else [item])
    return [v for v in flat if isinstance(v, (str, int, float)) and not isinstance(v, bool)]


def judge(request, understood, language):
    """(right, why) for one understood object (None when nothing was heard)."""
    intent = (understood or {}).get("intent")
    if request["intent"] is None:
        return intent is None, None if intent is None else f"understood {intent}"
    if intent != request["intent"]:
        return False, f"intent {intent}"
    parameters = understood.get("parameters") or {}
    got = [v for path in KEYS.get(intent, []) for v in values_at(parameters, path)]
    for alternatives in request["keys"]:
        matched = False
        for expected in alternatives:
            number = as_number(expected)
            for value in got:
                if number is not None and as_number(value) == number:
                    matched = True
                elif number is None and normalise(value, language) == normalise(expected, language):
                    matched = True
        if not matched:
            return False, f"key {'|'.join(alternatives)} not in {got}"
    return True, None


# Audio ---------------------------------------------------------------------------------------------------------

def synthesise(voice, text, path):
    name, engine, argument = voice
    if engine == "flite":
        command = ["flite", "-voice", argument, "-t", text, "-o", path]
        subprocess.run(command, check=True, capture_output=True)
    elif engine == "festival":
        source = path + ".txt"
        with open(source, "w", encoding="latin-1", errors="replace") as handle:  # festival reads ISO-8859-1
            handle.write(text)
        subprocess.run(["text2wave", "-eval", f"({argument})", source, "-o", path], check=True, capture_output=True)
        os.remove(source)
    else:
        name, rate = argument
        subprocess.run(["espeak-ng", "-v", name, "-s", str(rate), "-w", path, text], check=True, capture_output=True)


def voice_available(voice):
    name, engine, argument = voice
    if engine == "flite":
        return shutil.which("flite") is not None
    if engine == "festival":
        if shutil.which("text2wave") is None:
            return False
        folder = argument.removeprefix("voice_")
        return any(os.path.isdir(os.path.join(base, folder)) for base in
                   [os.path.join("/usr/share/festival/voices", group) for group in
                    os.listdir("/usr/share/festival/voices")] if os.path.isdir(base))
    return shutil.which("espeak-ng") is not None


def read_wav(path):
    with wave.open(path, "rb") as recording:
        rate, width, channels = recording.getframerate(), recording.getsampwidth(), recording.getnchannels()
        data = numpy.frombuffer(recording.readframes(recording.getnframes()), dtype="<i2").astype(numpy.float64)
    if width != 2:
        raise SystemExit(f"{path}: expected 16-bit audio")
    return data.reshape(-1, channels).mean(axis=1), rate


def pink_noise(count, seed):
    spectrum = numpy.random.default_rng(seed).standard_normal(count // 2 + 1) \
        + 1j * numpy.random.default_rng(seed + 1).standard_normal(count // 2 + 1)
    spectrum /= numpy.sqrt(numpy.maximum(numpy.arange(len(spectrum)), 1.0))  # 1/f power
    noise = numpy.fft.irfft(spectrum, n=count)
    return noise / (numpy.sqrt(numpy.mean(noise ** 2)) or 1.0)


def add_noise(path, seed):
    """Mixes pink noise into the recording at SNR_DB against the speech's active level (20 ms frames within
    35 dB of the loudest)."""
    speech, rate = read_wav(path)
    frame = max(1, rate // 50)
    frames = speech[: len(speech) // frame * frame].reshape(-1, frame)
    power = numpy.mean(frames ** 2, axis=1)
    active = power[power > power.max() * 10 ** (-3.5)] if len(power) else numpy.array([1.0])
    level = numpy.sqrt(numpy.mean(active))
    mixed = speech + pink_noise(len(speech), seed) * level / 10 ** (SNR_DB / 20)
    peak = numpy.abs(mixed).max()
    if peak > 32767:
        mixed *= 32767 / peak
    with wave.open(path, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(mixed.round().astype("<i2").tobytes())


def duration(path):
    with wave.open(path, "rb") as recording:
        return recording.getnframes() / recording.getframerate()


# Parlance ------------------------------------------------------------------------------------------------------

def parlance(binary, home, args, stdin=None, check=True):
    result = subprocess.run([binary, *args, "--home", home], input=stdin, capture_output=True, text=True)
    if check and result.returncode != 0:
        sys.exit(f"parlance {' '.join(args[:2])} failed: {result.stderr.strip()}")
    return result


def make_home(binary, language, work):
    home = os.path.join(work, f"home-{language}")
    parlance(binary, home, ["chat", "--language", language], stdin="")  # installs the sample apps
    existing = {}
    for line in parlance(binary, home, ["vocab", "list"]).stdout.splitlines():
        parts = line.split("\t")
        if len(parts) == 4 and parts[1] == "contactName":
            existing.setdefault(parts[0], []).append(parts[3])
    for app in CONTACT_APPS:
        names = list(dict.fromkeys(CONTACTS[language] + existing.get(app, [])))
        parlance(binary, home, ["vocab", "set", "--app", app, "--type", "contactName", "-"], stdin="\n".join(names) + "\n")
    return home


def recogniser_flags(recogniser, options, has_flag):
    if recogniser == "grammar":
        return ["--recognizer", "grammar"] if has_flag else []
    if options.whisper_flag:
        return ["--recognizer", "whisper"]
    return ["--speech-to-text", options.speech_to_text]


def listen(binary, home, language, flags, paths):
    """{path: (heard record, understood object or None, error)} for a batch of recordings in one `listen`."""
    result = parlance(binary, home, ["listen", "--transcript-only", "--json", "--language", language, *flags, *paths],
                      check=False)
    outcome, lines = {}, [line for line in result.stdout.splitlines() if line.strip()]
    index = 0
    while index < len(lines):
        record = json.loads(lines[index])
        index += 1
        understood = None
        if record.get("heard") is not None and index < len(lines) and '"file"' not in lines[index][:12]:
            understood = json.loads(lines[index])
            index += 1
        outcome[record.get("file")] = (record, understood, None)
    for path in paths:
        if path not in outcome:
            outcome[path] = ({}, None, result.stderr.strip().splitlines()[-1] if result.stderr.strip() else
                             f"exit {result.returncode}")
    return outcome


def listen_all(binary, home, language, flags, paths, batch):
    results = {}
    for start in range(0, len(paths), batch):
        chunk = paths[start:start + batch]
        outcome = listen(binary, home, language, flags, chunk)
        if any(error for _, _, error in outcome.values()) and len(chunk) > 1:
            for path in chunk:  # a fault in one recording (a service timeout) must not cost the others
                outcome.update(listen(binary, home, language, flags, [path]))
        results.update(outcome)
        print(f"    {min(start + batch, len(paths))}/{len(paths)}", end="\r", file=sys.stderr, flush=True)
    return results


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))] if ordered else None


def share(results):
    return (sum(results) / len(results)) if results else None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    release = os.path.join(ROOT, ".build/release/parlance")
    parser.add_argument("--binary", default=release if os.path.exists(release) else os.path.join(ROOT, ".build/debug/parlance"))
    parser.add_argument("--languages", default=",".join(LANGUAGES))
    parser.add_argument("--recognizers", default="grammar,whisper")
    parser.add_argument("--speech-to-text", default="tcp://127.0.0.1:10399", help="the Whisper Wyoming service")
    parser.add_argument("--whisper-flag", action="store_true",
                        help="use `listen --recognizer whisper`, each home set up with `parlance speech setup --service` "
                             "naming --speech-to-text (or with --whisper-venv/--whisper-model: a service of its own)")
    parser.add_argument("--whisper-venv", help="with --whisper-flag: `speech setup --venv` (each home starts its own service)")
    parser.add_argument("--whisper-model", help="with --whisper-venv: `speech setup --model`")
    parser.add_argument("--grammar-all-languages", action="store_true", help="also run the grammar beyond English")
    parser.add_argument("--timed", type=int, default=12, help="recordings per language and recogniser timed alone")
    parser.add_argument("--batch", type=int, default=10)
    parser.add_argument("--voices-per-request", type=int, default=0,
                        help="speak each request in N of the language's voices, taken in turn (default: all)")
    parser.add_argument("--quick", action="store_true", help="a few requests per language, two voices, 2 timed")
    parser.add_argument("--out", help="write the results as JSON here")
    parser.add_argument("--requests", default=os.path.join(ROOT, "Benchmarks", "spoken"),
                        help="the folder of <lang>.tsv request sets (default: the held-out Benchmarks/spoken; "
                             "Benchmarks/spoken-dev is the set to tune on)")
    parser.add_argument("--work", help="keep homes and recordings in this folder (reused: recordings are cached)")
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    if options.quick:
        options.timed = min(options.timed, 2)
    work = os.path.abspath(options.work) if options.work else tempfile.mkdtemp(prefix="parlance-spoken-")
    os.makedirs(work, exist_ok=True)
    has_flag = "--recognizer" in parlance(binary, work, ["listen", "--help"], check=False).stdout
    recognisers = options.recognizers.split(",")
    report = {"binary": binary, "snrDb": SNR_DB, "recognizerFlag": has_flag, "speechToText": options.speech_to_text,
              "whisperVia": "--recognizer whisper" if options.whisper_flag else f"--speech-to-text {options.speech_to_text}",
              "quick": options.quick, "languages": {}}
    rows, homes_with_service = [], []
    for language in options.languages.split(","):
        requests = load_requests(language, options.requests)
        if options.quick:
            requests = quick_selection(requests)
        voices = [v for v in VOICES[language] if voice_available(v)]
        skipped = [v[0] for v in VOICES[language] if v not in voices]
        if options.quick:
            voices = voices[:2]
        print(f"{language}: {len(requests)} requests × {len(voices)} voices" +
              (f" (not installed: {', '.join(skipped)})" if skipped else ""), file=sys.stderr)
        home = make_home(binary, language, work)
        if options.whisper_flag and "whisper" in recognisers:
            setup = ["--venv", options.whisper_venv] + (["--model", options.whisper_model] if options.whisper_model else []) \
                if options.whisper_venv else ["--service", options.speech_to_text]
            parlance(binary, home, ["speech", "setup", *setup])
            homes_with_service.append(home)
        written = [json.loads(line) for line in parlance(binary, home, ["parse", "--json", "--language", language],
                                                         stdin="\n".join(r["text"] for r in requests) + "\n").stdout.splitlines()]
        text_right = [judge(r, w, language)[0] for r, w in zip(requests, written)]
        recordings = []
        each = min(options.voices_per_request or len(voices), len(voices))
        for index, request in enumerate(requests):
            for turn in range(each):
                number = (index * each + turn) % len(voices)
                voice = voices[number]
                noisy = (index * each + turn) % 3 == 0
                path = os.path.join(work, "audio", language, f"{request['line']:03}-{voice[0]}{'-noisy' if noisy else ''}.wav")
                if not os.path.exists(path):
                    os.makedirs(os.path.dirname(path), exist_ok=True)
                    synthesise(voice, request["text"], path + ".part.wav")
                    if noisy:
                        add_noise(path + ".part.wav", zlib.crc32(path.encode()) % 2 ** 31)
                    os.replace(path + ".part.wav", path)
                recordings.append({"path": path, "request": request, "voice": voice[0], "noisy": noisy,
                                   "seconds": duration(path)})
        entry = {"requests": len(requests), "voices": [v[0] for v in voices], "notInstalled": skipped,
                 "text": {"right": sum(text_right), "of": len(text_right),
                          "misses": [r["text"] for r, ok in zip(requests, text_right) if not ok]},
                 "recognizers": {}}
        report["languages"][language] = entry
        for recogniser in recognisers:
            if recogniser == "grammar" and language != "en" and not options.grammar_all_languages:
                continue
            flags = recogniser_flags(recogniser, options, has_flag)
            print(f"  {recogniser}: listening to {len(recordings)} recordings", file=sys.stderr)
            outcome = listen_all(binary, home, language, flags, [r["path"] for r in recordings], options.batch)
            # Whole `parlance listen` runs, one recording each, spread over the set, for the real-time factor.
            step = max(1, len(recordings) // max(options.timed, 1))
            timed = []
            for recording in recordings[::step][:options.timed]:
                begun = time.monotonic()
                parlance(binary, home, ["listen", "--transcript-only", "--json", "--language", language, *flags,
                                        recording["path"]], check=False)
                timed.append((time.monotonic() - begun) / recording["seconds"])
            results, misses = [], []
            for recording in recordings:
                record, understood, error = outcome[recording["path"]]
                right, why = judge(recording["request"], understood, language) if not error else (False, error)
                results.append({"file": os.path.basename(recording["path"]), "text": recording["request"]["text"],
                                "voice": recording["voice"], "noisy": recording["noisy"],
                                "inDomain": recording["request"]["intent"] is not None, "right": right,
                                "heard": record.get("heard"), "recognizer": record.get("recognizer"),
                                "intent": (understood or {}).get("intent"),
                                "parameters": (understood or {}).get("parameters"), "why": why,
                                "recognitionMs": record.get("recognitionMilliseconds"),
                                "audioMs": record.get("audioMilliseconds")})
            summary = {}
            for name, selection in [("clean", lambda r: r["inDomain"] and not r["noisy"]),
                                    ("noisy", lambda r: r["inDomain"] and r["noisy"]),
                                    ("all", lambda r: r["inDomain"]), ("outOfDomain", lambda r: not r["inDomain"])]:
                chosen = [r["right"] for r in results if selection(r)]
                summary[name] = {"right": sum(chosen), "of": len(chosen), "share": share(chosen)}
            recognition = [r["recognitionMs"] / r["audioMs"] for r in results if r["recognitionMs"] and r["audioMs"]]
            summary["byVoice"] = {v: share([r["right"] for r in results if r["voice"] == v and r["inDomain"]])
                                  for v in entry["voices"]}
            summary["realTimeFactor"] = {"wholeListen": {"median": percentile(timed, 0.5), "p90": percentile(timed, 0.9),
                                                         "runs": len(timed)},
                                         "recognitionOnly": {"median": percentile(recognition, 0.5),
                                                             "p90": percentile(recognition, 0.9)}}
            summary["errors"] = sum(1 for r in results if r["why"] and not r["heard"] and r["why"].startswith(("error", "exit")))
            summary["results"] = results
            entry["recognizers"][recogniser] = summary
            rows.append((language, recogniser, summary))
            if options.out:  # after each part, so that a long run stopped early keeps what it measured
                with open(options.out, "w", encoding="utf-8") as handle:
                    json.dump(report, handle, ensure_ascii=False, indent=1)
        if options.whisper_venv and home in homes_with_service:
            parlance(binary, home, ["speech", "stop"], check=False)  # one service at a time on this machine
    print_table(report, rows)
    if not options.work:
        shutil.rmtree(work, ignore_errors=True)


def print_table(report, rows):
    def cell(part):
        return f"{part['right']:>3}/{part['of']:<3} {100 * part['share']:5.1f} %" if part["of"] else "      –      "

    print(f"binary {report['binary']}; Whisper via {report['whisperVia']}; noise: pink, {report['snrDb']:.0f} dB SNR")
    print("lang  recogniser  text (ceiling)    clean             noisy             all               "
          "out-of-domain     RTF whole p50/p90   recognition p50")
    for language, recogniser, summary in rows:
        text = report["languages"][language]["text"]
        rtf = summary["realTimeFactor"]
        whole = rtf["wholeListen"]
        print(f"{language:<5} {recogniser:<10}  {text['right']:>3}/{text['of']:<3}"
              f" {100 * text['right'] / max(text['of'], 1):5.1f} %  {cell(summary['clean'])}  {cell(summary['noisy'])}  "
              f"{cell(summary['all'])}  {cell(summary['outOfDomain'])}  "
              + (f"{whole['median']:.2f} / {whole['p90']:.2f}" if whole["median"] is not None else "  –  ")
              + (f"         {rtf['recognitionOnly']['median']:.2f}" if rtf["recognitionOnly"]["median"] else "")
              + (f"  ({summary['errors']} failed)" if summary["errors"] else ""))


if __name__ == "__main__":
    main()
