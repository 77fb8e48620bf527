#!/usr/bin/env python3
"""End of speech to answer text through `parlance wyoming`, as a Home Assistant voice pipeline sees it.

Starts `parlance wyoming` (release build) on a fresh home with the sample apps installed and allowed, speaks every
English example request of the sample apps with espeak-ng (voice f3, 140 words a minute), and for each, with the
`wyoming` package's client: `transcribe`, `audio-start`, the speech in chunks of 1,024 samples paced as a
microphone sends them, `audio-stop` — then times `audio-stop` → `transcript` (the end of speech is when the
satellite stops streaming; a first request, not counted, warms the service up) and `transcript` → `handled`/`not-handled` (the answer's text), and their sum. Prints
p50/p95 over all requests and over the requests 2.5–3.5 s long (issue 22 asks ≤ 300 ms for a 3-second request),
and how many transcripts were the request word for word and how many were answered.

Needs `Scripts/release.sh` (a release parlance), espeak-ng, pocketsphinx, and the wyoming package in
.build/wyoming-venv (`.ci/run` makes it). Not part of `swift test`. Usage: Benchmarks/speech_latency.py [--limit N]
[--unpaced] (send the audio as fast as possible instead of in real time)
"""
import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
PARLANCE = os.path.join(ROOT, ".build", "release", "parlance")
PYTHON = os.path.join(ROOT, ".build", "wyoming-venv", "bin", "python")

CLIENT = r'''
import asyncio, json, sys, time, wave
from wyoming.asr import Transcribe, Transcript
from wyoming.audio import AudioChunk, AudioStart, AudioStop
from wyoming.client import AsyncTcpClient
from wyoming.handle import Handled, NotHandled

async def one(port, path, paced):
    with wave.open(path, "rb") as recording:
        rate, width, channels = recording.getframerate(), recording.getsampwidth(), recording.getnchannels()
        audio = recording.readframes(recording.getnframes())
    async with AsyncTcpClient("127.0.0.1", port) as client:
        await client.write_event(Transcribe(language="en").event())
        await client.write_event(AudioStart(rate=rate, width=width, channels=channels).event())
        step = 1024 * width * channels
        begun = time.monotonic()
        for offset in range(0, len(audio), step):
            await client.write_event(AudioChunk(rate=rate, width=width, channels=channels,
                                                audio=audio[offset:offset + step]).event())
            if paced:
                due = begun + (offset + step) / (rate * width * channels)
                await asyncio.sleep(max(0, due - time.monotonic()))
        stopped = time.monotonic()
        await client.write_event(AudioStop().event())
        event = await asyncio.wait_for(client.read_event(), timeout=60)
        heard = time.monotonic()
        text = Transcript.from_event(event).text if Transcript.is_type(event.type) else None
    answered, kind = heard, None
    if text:
        async with AsyncTcpClient("127.0.0.1", port) as client:
            await client.write_event(Transcript(text=text, language="en").event())
            event = await asyncio.wait_for(client.read_event(), timeout=60)
            answered, kind = time.monotonic(), event.type
    return {"seconds": len(audio) / (rate * width * channels), "heard": text, "answer": kind,
            "recognition_ms": (heard - stopped) * 1000, "answer_ms": (answered - heard) * 1000,
            "total_ms": (answered - stopped) * 1000}

async def main(port, paced, paths):
    await one(port, paths[0], False)  # the service's first request loads what it lazily needs: not counted
    for path in paths:
        print(json.dumps(await one(port, path, paced)), flush=True)

asyncio.run(main(int(sys.argv[1]), sys.argv[2] == "paced", sys.argv[3:]))
'''


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] if ordered else float("nan")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--unpaced", action="store_true")
    options = parser.parse_args()
    for needed in (PARLANCE, PYTHON):
        if not os.path.exists(needed):
            raise SystemExit(f"missing {needed}: build first (Scripts/release.sh; .ci/run makes the venv)")
    work = tempfile.mkdtemp(prefix="parlance-latency-")
    home = os.path.join(work, "home")
    subprocess.run([PARLANCE, "chat", "--home", home, "--language", "en"], input="", capture_output=True, text=True, check=True)
    listing = subprocess.run([PARLANCE, "apps", "list", "--home", home, "--examples", "--language", "en"],
                             capture_output=True, text=True, check=True).stdout
    identifiers = subprocess.run([PARLANCE, "apps", "list", "--home", home, "--json"], capture_output=True, text=True,
                                 check=True).stdout
    for app in map(json.loads, identifiers.splitlines()):
        subprocess.run([PARLANCE, "apps", "allow", "--home", home, app["identifier"]], capture_output=True, check=True)
    requests = [line.strip() for line in listing.splitlines() if line.startswith("  ") and line.strip()]
    if options.limit:
        requests = requests[:options.limit]
    paths = []
    for index, text in enumerate(requests):
        path = os.path.join(work, f"request-{index:03}.wav")
        subprocess.run([PARLANCE, "say", "--out", path, "--variant", "f3", "--rate", "140", "--", text],
                       capture_output=True, check=True)
        paths.append(path)
    port = free_port()
    log = open(os.path.join(work, "wyoming.log"), "w+")  # a file, not a pipe: a full pipe would stall the service
    server = subprocess.Popen([PARLANCE, "wyoming", "--home", home, "--language", "en", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=log, text=True)
    try:
        for _ in range(600):
            if server.poll() is not None:
                log.seek(0)
                raise SystemExit("parlance wyoming stopped: " + log.read()[-2000:])
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise SystemExit("parlance wyoming did not accept connections within 60 s")
        client = os.path.join(work, "client.py")
        with open(client, "w") as handle:
            handle.write(CLIENT)
        output = subprocess.run([PYTHON, client, str(port), "unpaced" if options.unpaced else "paced", *paths],
                                capture_output=True, text=True)
        if output.returncode != 0:
            raise SystemExit(output.stderr[-2000:])
        results = [json.loads(line) for line in output.stdout.splitlines()]
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()
        shutil.rmtree(work, ignore_errors=True)
    print(f"{len(results)} spoken requests (espeak-ng f3, 140 wpm) through parlance wyoming, "
          + ("sent as fast as possible" if options.unpaced else "paced as a microphone sends them"))
    unheard = sum(1 for r in results if not r["heard"])
    if unheard:
        print(f"  heard nothing in {unheard} (their answer time is 0)")

    def words(text):
        return "".join(c.lower() if c.isalnum() else " " for c in text or "").split()

    exact = sum(1 for text, r in zip(requests, results) if words(text) == words(r["heard"]))
    handled = sum(1 for r in results if r["answer"] == "handled")
    print(f"  heard word for word {exact}/{len(results)}; answered (handled) {handled}/{len(results)}")
    groups = [("all", results), ("2.5–3.5 s", [r for r in results if 2.5 <= r["seconds"] <= 3.5])]
    for name, group in groups:
        if not group:
            continue
        line = [f"{name} ({len(group)}, audio p50 {percentile([r['seconds'] for r in group], 0.5):.1f} s):"]
        for key, label in (("recognition_ms", "stop → transcript"), ("answer_ms", "transcript → answer"),
                           ("total_ms", "stop → answer text")):
            values = [r[key] for r in group]
            line.append(f"{label} p50 {percentile(values, 0.5):.0f} ms, p95 {percentile(values, 0.95):.0f} ms")
        print("  " + line[0] + "\n    " + "\n    ".join(line[1:]))


if __name__ == "__main__":
    sys.exit(main())
