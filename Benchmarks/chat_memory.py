#!/usr/bin/env python3
"""Resident memory of `parlance chat` with the sample apps and 10,000 user vocabulary entries.

Makes a home in .build/chat-memory (the sample apps, which chat installs on a home without apps, and 10,000
contact names spread over them), answers once so the model is trained and cached, then starts chat again,
sends a few requests and reads the process's resident memory (VmRSS) and its peak (VmHWM) from /proc.
Needs a release build (`Scripts/release.sh`). Usage: Benchmarks/chat_memory.py [ENTRIES]
"""
import os
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
PARLANCE = os.path.join(ROOT, ".build", "release", "parlance")
HOME = os.path.join(ROOT, ".build", "chat-memory")
REQUESTS = ["what's the weather", "show my photos from yesterday", "cancel", "where is my ride", "cancel"]


def names(count):
    first = ["Ada", "Bram", "Celia", "Dario", "Elske", "Farid", "Greta", "Hugo", "Ilse", "Jonah", "Kaito", "Liesel",
             "Mateo", "Noor", "Oskar", "Priya", "Quinn", "Rosa", "Stellan", "Tamsin", "Umar", "Vera", "Wim", "Yusuf"]
    last = ["Achterberg", "Bellamy", "Castellano", "Drummond", "Eklund", "Fairweather", "Grimaldi", "Hollis",
            "Ivers", "Jablonski", "Kovacs", "Lindqvist", "Marchetti", "Nakashima", "Oyelaran", "Pellegrino",
            "Quarles", "Rasmussen", "Sandoval", "Thorsen"]
    result = []
    middle = 0
    while len(result) < count:
        for f in first:
            for l in last:
                if len(result) < count:
                    result.append(f"{f} {chr(65 + middle)}. {l}" if middle else f"{f} {l}")
        middle += 1
    return result


def chat(requests):
    """Runs chat on the home with `requests`, each a second and a half apart; its VmRSS, VmHWM, RssAnon and RssFile in MB."""
    process = subprocess.Popen([PARLANCE, "chat", "--home", HOME, "--json"], stdin=subprocess.PIPE,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
    for text in requests:
        process.stdin.write(text + "\n")
        process.stdin.flush()
        time.sleep(1.5)
    status = dict(line.split(":", 1) for line in open(f"/proc/{process.pid}/status").read().splitlines() if ":" in line)
    process.stdin.write("quit\n")
    process.stdin.close()
    process.wait(timeout=60)
    megabytes = lambda key: int(status[key].split()[0]) / 1024
    return megabytes("VmRSS"), megabytes("VmHWM"), megabytes("RssAnon"), megabytes("RssFile")


def main():
    entries = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    if not os.path.exists(PARLANCE):
        raise SystemExit("build first: Scripts/release.sh")
    subprocess.run(["rm", "-rf", HOME], check=True)
    subprocess.run([PARLANCE, "chat", "--home", HOME], input="quit\n", capture_output=True, text=True, check=True)
    listing = subprocess.run([PARLANCE, "apps", "list", "--home", HOME], capture_output=True, text=True, check=True)
    apps = [line.split()[1] for line in listing.stdout.splitlines()[1:] if line.strip()]
    everyone = names(entries)
    share = (len(everyone) + len(apps) - 1) // len(apps)
    path = os.path.join(HOME, "names.txt")
    for index, app in enumerate(apps):
        with open(path, "w") as handle:
            handle.write("\n".join(everyone[index * share:(index + 1) * share]) + "\n")
        subprocess.run([PARLANCE, "vocab", "set", "--home", HOME, "--app", app, "--type", "contactName", path],
                       check=True, capture_output=True)
    chat(REQUESTS[:1])  # trains and caches the model
    rss, peak, anonymous, mapped = chat(REQUESTS)
    print(f"parlance chat, {len(apps)} sample apps, {entries} vocabulary entries, cached model: "
          f"resident {rss:.1f} MB (anonymous {anonymous:.1f}, files {mapped:.1f}), peak {peak:.1f} MB")


if __name__ == "__main__":
    main()
