#!/usr/bin/env python3
"""Writes Linking/parlance.order: the functions `parlance` runs in a conversation, hottest first.

The release `parlance` is linked with this file as lld's symbol ordering file (`Scripts/release.sh`),
so the code a conversation runs sits together in the binary instead of spread over its 30 MB of code: the
kernel maps a binary's pages around every page touched, so scattered functions make many pages resident.

How: builds the release `parlance`, copies it without debug information (valgrind cannot read it), makes a home
with the sample apps and 1,000 contact names, then runs under `valgrind --tool=callgrind` what a user does —
`chat` (in the terminal and as JSON) through every conversation of docs/transcripts.md, requests in other
languages and requests no app serves, then `parse` — and lists every function of the binary that ran, by instructions run, most first
(the first `chat` only trains the model, unmeasured). A function added later is simply not in the list and is
placed after the listed ones: a stale file costs memory, never correctness. Takes a few minutes; needs valgrind.
Usage: Scripts/link_order.py
"""
import collections
import os
import shutil
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
WORK = os.path.join(ROOT, ".build", "link-order")
OUTPUT = os.path.join(ROOT, "Linking", "parlance.order")

# Every request of docs/transcripts.md (a conversation per sample app), then some in other languages and
# some no app serves.
MORE = ["schick Bobo eine Nachricht mit MonkeyChat", "bis gleich", "envoie 10 euros à Kiki avec MonkeyPay", "oui",
        "MonkeyChatでBoboにメッセージを送って", "キャンセル", "用MonkeyChat给Bobo发消息说你好", "what's the weather",
        "set an alarm for 7", "what can you do?", "show my photos from yesterday", "cancel"]
PARSE = ["MonkeyChat Bobo send more bananas", "send 5 euros to Kiki with MonkeyPay for lunch",
         "envoie un message à Bobo avec MonkeyChat", "用MonkeyChat给Bobo发消息", "turn on the lights"]


def run(command, **options):
    return subprocess.run(command, cwd=ROOT, check=True, **options)


def callgrind(binary, arguments, output, stdin=None, measured=True):
    command = ["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no",
               "--callgrind-out-file=" + output]
    if not measured:
        command.append("--instr-atstart=no")
    result = run(command + [binary] + arguments, input=stdin, capture_output=True, text=True)
    with open(output + ".txt", "w") as handle:  # what the program answered, to check the scenario ran
        handle.write(result.stdout)


def functions(profile, binary_name):
    """The binary's functions in a callgrind profile with the instructions each ran itself."""
    cost = collections.Counter()
    current_object = None
    current = None
    skip_next = False
    with open(profile, errors="replace") as handle:
        for line in handle:
            if skip_next:  # the line after `calls=` is the callee's inclusive cost
                skip_next = False
                continue
            if line.startswith("ob="):
                current_object = line[3:].strip()
            elif line.startswith("fn="):
                # callgrind marks a recursive function's deeper levels with 'N; the symbol is the same.
                name = line[3:].strip().split("'")[0]
                current = name if current_object and current_object.endswith("/" + binary_name) else None
                if current:
                    cost[current] += 0
            elif line.startswith("calls="):
                skip_next = True
            elif current and line[:1] and (line[0].isdigit() or line[0] in "+-*"):
                parts = line.split()
                if len(parts) >= 2 and parts[1].isdigit():
                    cost[current] += int(parts[1])
    return cost


def main():
    if not shutil.which("valgrind"):
        raise SystemExit("needs valgrind (apt-get install valgrind)")
    run([os.path.join(ROOT, "Scripts", "release.sh"), "--product", "parlance"], stdout=subprocess.DEVNULL)
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    release = os.path.join(ROOT, ".build", "release")
    binary = os.path.join(WORK, "parlance")
    run(["objcopy", "--strip-debug", os.path.join(release, "parlance"), binary])
    os.environ["PARLANCE_EXAMPLES_BIN"] = release  # the sample apps' programs, built beside the original
    home = os.path.join(WORK, "home")
    run([binary, "chat", "--home", home], input="quit\n", capture_output=True, text=True)  # installs the sample apps
    names = os.path.join(WORK, "names.txt")
    with open(names, "w") as handle:
        handle.write("".join(f"Contact{index} Person{index % 97}\n" for index in range(1000)))
    run([binary, "vocab", "set", "--home", home, "--app", "org.parlance.examples.monkeychat", "--type", "contactName", names],
        capture_output=True)
    with open(os.path.join(ROOT, "docs", "transcripts.md")) as handle:
        said = [line[2:].strip() for line in handle if line.startswith("› ")]
    script = "".join(text + "\n" for text in said + MORE + ["quit"])
    callgrind(binary, ["chat", "--home", home], os.path.join(WORK, "warm.out"), "quit\n", measured=False)
    profiles = [os.path.join(WORK, name) for name in ("chat.out", "chat-json.out", "parse.out")]
    callgrind(binary, ["chat", "--home", home], profiles[0], script)
    callgrind(binary, ["chat", "--home", home, "--json", "--session", "json"], profiles[1], script)
    callgrind(binary, ["parse", "--home", home], profiles[2], "".join(text + "\n" for text in PARSE))
    # A scenario whose extensions could not start would order the wrong code: the conversations must have run.
    with open(profiles[0] + ".txt") as handle:
        answers = handle.read()
    if "Sent “send more bananas” to Bobo." not in answers:
        raise SystemExit(f"the conversations did not run as in docs/transcripts.md (see {profiles[0]}.txt); "
                         "Linking/parlance.order is unchanged")
    listed = []
    seen = set()
    for profile in profiles:
        for name, _ in sorted(functions(profile, "parlance").items(), key=lambda item: -item[1]):
            if name not in seen and not name.startswith("0x"):
                seen.add(name)
                listed.append(name)
    os.makedirs(os.path.dirname(OUTPUT), exist_ok=True)
    with open(OUTPUT, "w") as handle:
        handle.write("".join(name + "\n" for name in listed))
    print(f"{len(listed)} functions → {os.path.relpath(OUTPUT, ROOT)}")


if __name__ == "__main__":
    sys.exit(main())
