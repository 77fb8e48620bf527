#!/usr/bin/env python3
"""Recall of genuine ride, message and call requests, and false accepts, per language, in one table.

Runs `parlance eval --quiet` (figures only: no failure is printed, so a held-out set is measured without being
looked at) on the sets Scripts/recall_sets.py and Scripts/outofscope_sets.py write, against the held-out apps and
contacts. Recall is the intent accuracy on a recall set; false accepts are 1 − the intent accuracy on an
out-of-scope set.

Usage: python3 Scripts/recall_report.py [--binary .build/debug/parlance] [--held-out]
       (--held-out adds the held-out sets: measure them at the start and the end of a change, never in between)
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LANGUAGES = ["en", "de", "fr", "it", "ja", "zh"]


def accuracy(binary, path, language):
    """Intent accuracy in percent of `parlance eval` on one set, or None when the set is missing."""
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        return None
    result = subprocess.run(
        [binary, "eval", path, "--apps", os.path.join(ROOT, "Evaluation", "apps-heldout"),
         "--vocabulary", os.path.join(ROOT, "Evaluation", "en", "vocabulary-heldout.json"), "--language", language,
         "--now", "2026-11-21T12:00:00Z", "--currency", "USD", "--quiet"],
        capture_output=True, text=True, env=dict(os.environ, TZ="UTC"))
    found = re.search(r"intent accuracy:\s+([\d.]+) %", result.stdout + result.stderr)
    if not found:
        sys.exit(f"parlance eval {path} failed:\n{result.stderr}")
    return float(found.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "parlance"))
    parser.add_argument("--held-out", action="store_true")
    args = parser.parse_args()
    recall = os.path.join(ROOT, ".build", "recall")
    outofscope = os.path.join(ROOT, ".build", "outofscope")
    columns = [("blind-dev", recall, "{l}-blind-dev.jsonl"), ("written-dev", recall, "{l}-written-dev.jsonl"),
               ("massive-dev", recall, "massive-dev.jsonl"), ("false accepts dev", outofscope, "{l}-dev.jsonl")]
    if args.held_out:
        columns += [("blind", recall, "{l}-blind.jsonl"), ("written-heldout", recall, "{l}-written-heldout.jsonl"),
                    ("massive-heldout", recall, "massive-heldout.jsonl"),
                    ("false accepts held-out", outofscope, "{l}-heldout.jsonl")]
    print("| lang | " + " | ".join(name for name, _, _ in columns) + " |")
    print("| --- " * (len(columns) + 1) + "|")
    for language in LANGUAGES:
        cells = []
        for name, folder, pattern in columns:
            if pattern.startswith("massive") and language != "en":
                cells.append("")
                continue
            value = accuracy(args.binary, os.path.join(folder, pattern.format(l=language)), language)
            if value is None:
                cells.append("–")
            elif name.startswith("false accepts"):
                cells.append(f"{100 - value:.1f} %")
            else:
                cells.append(f"{value:.1f} %")
        print(f"| {language} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
