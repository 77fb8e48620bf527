#!/usr/bin/env python3
"""Type-checks SiriKit handler files, unchanged, against Parlance's Intents module and grades them.

Usage: python3 Scripts/typecheck_handlers.py FOLDER   (after `swift build --target Intents`)

The files are public handler code (never committed here); each is graded:
  pass      it type-checks unchanged;
  platform  it fails only on what Linux lacks (UIKit, CoreLocation, LocalAuthentication, ...);
  app       it fails only on its own app's types or modules (files not given);
  intents   an error names the Intents API: a gap in our SDK, listed in full.
The second and third grades come from a second pass with the missing imports removed: the errors left
are sorted by what they name.
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULES = os.path.join(ROOT, ".build", "debug", "Modules")
PLATFORM_MODULES = {"UIKit", "CoreLocation", "LocalAuthentication", "SwiftUI", "AVKit", "AVFoundation", "MapKit",
                    "Contacts", "CoreData", "Combine", "IntentsUI", "CoreSpotlight", "MobileCoreServices",
                    "UserNotifications", "HealthKit", "CallKit", "PassKit", "Photos", "WatchKit", "os", "OSLog",
                    "StoreKit", "WidgetKit", "AppIntents", "CoreGraphics", "QuartzCore", "Security"}
PLATFORM_NAMES = re.compile(r"'(UI[A-Z]\w*|CL[A-Z]\w*|LA[A-Z]\w*|MK[A-Z]\w*|CN[A-Z]\w*|NS(?:Managed|Fetch|Persistent)\w*|"
                            r"AV\w*|CG\w*|os_log|OSLog|Logger|PK\w*|PH\w*|HK\w*|CX\w*|UN\w*|Color|View|Image|"
                            r"AnyCancellable|URLSession|NSKeyedArchiver|autoreleasepool)'")
INTENTS_NAME = re.compile(r"'(IN[A-Z]\w*)'|type '(IN[A-Z]\w*)'|in INIntent|'IN[A-Z]\w*'|IN[A-Z]\w*(Handling|Response|Intent|Result)\b")


def errors(source: str, path: str) -> list[str]:
    with tempfile.TemporaryDirectory() as scratch:
        copy = os.path.join(scratch, os.path.basename(path))
        with open(copy, "w") as handle:
            handle.write(source)
        result = subprocess.run(["swiftc", "-typecheck", "-swift-version", "5", "-I", MODULES, copy],
                                capture_output=True, text=True)
    return [line.split("error: ", 1)[1] for line in result.stderr.splitlines()
            if re.match(r"^/.*:\d+:\d+: error: ", line)]


def grade(path: str) -> tuple[str, list[str]]:
    source = open(path, encoding="utf-8").read()
    first = errors(source, path)
    if not first:
        return "pass", []
    missing = {m for e in first for m in re.findall(r"no such module '(\w+)'", e)}
    stripped = "\n".join("" if re.match(rf"^\s*(@\w+\s+)*import\s+({'|'.join(missing)})\s*$", line) else line
                         for line in source.splitlines()) if missing else source
    second = errors(stripped, path) if missing else first
    ours = [e for e in second if INTENTS_NAME.search(e) and not PLATFORM_NAMES.search(e)]
    if ours:
        return "intents", ours
    if missing - PLATFORM_MODULES or any(not PLATFORM_NAMES.search(e) for e in second):
        return "app", sorted(missing - PLATFORM_MODULES) + [e for e in second if not PLATFORM_NAMES.search(e)][:3]
    return "platform", sorted(missing) + second[:3]


def main() -> int:
    folder = sys.argv[1] if len(sys.argv) > 1 else "."
    files = sorted(f for f in os.listdir(folder) if f.endswith(".swift"))
    counts: dict[str, int] = {}
    for name in files:
        verdict, detail = grade(os.path.join(folder, name))
        counts[verdict] = counts.get(verdict, 0) + 1
        print(f"{verdict:9} {name}")
        for line in detail:
            print(f"          {line}")
    print(f"\n{counts.get('pass', 0)} of {len(files)} type-check unchanged; " +
          ", ".join(f"{k} {v}" for k, v in sorted(counts.items()) if k != "pass"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
