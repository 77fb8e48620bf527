#!/usr/bin/env python3
"""A bounded load test of `parlance serve` on loopback (issue 20; docs/server.md › Load).

Starts the server in a fresh home with the sample apps, then runs CONVERSATIONS conversations at once
for SECONDS: each repeats whole conversations, alternately a MonkeyChat message ("MonkeyChat Kiki …",
one turn) and a MonkeyPay payment ("pay Kiki 0.01 dollars with MonkeyPay for order …", then "yes"),
each with words no other conversation uses, and checks that the app received exactly those words (no
conversation crossed into another). Reports errors, turns per second (and per core), the assistant's
own time per turn from the server's Server-Timing header (extension time excluded) after a warm-up,
the client's round trip, and the server's resident memory over time. Stops by itself.

Usage: python3 Benchmarks/server_load.py [--conversations 200] [--seconds 60] [--binary .build/release/parlance]
"""
import argparse
import http.client
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time


def percentile(values, fraction):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


class Client:
    def __init__(self, port):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

    def call(self, method, path, body=None):
        headers = {"Content-Type": "application/json"} if body is not None else {}
        data = json.dumps(body).encode() if body is not None else None
        started = time.perf_counter()
        try:
            self.connection.request(method, path, body=data, headers=headers)
            response = self.connection.getresponse()
            raw = response.read()
        except (http.client.HTTPException, OSError):
            self.connection.close()
            raise
        elapsed = time.perf_counter() - started
        timing = response.getheader("Server-Timing") or ""
        assistant = re.search(r"assistant;dur=([0-9.]+)", timing)
        app = re.search(r"app;dur=([0-9.]+)", timing)
        return (response.status, json.loads(raw) if raw else None, elapsed * 1000,
                float(assistant.group(1)) if assistant else None, float(app.group(1)) if app else None)


class Results:
    def __init__(self):
        self.lock = threading.Lock()
        self.turns = []          # (time since start, client ms, assistant ms, app ms)
        self.errors = []
        self.crossed = []
        self.conversations = 0

    def turn(self, at, client, assistant, app):
        with self.lock:
            self.turns.append((at, client, assistant, app))

    def error(self, text):
        with self.lock:
            self.errors.append(text)


def worker(number, port, deadline, start, results):
    client = Client(port)
    round_number = 0
    while time.monotonic() < deadline:
        round_number += 1
        tag = f"c{number}r{round_number}"
        try:
            status, body, *_ = client.call("POST", "/v1/conversations", {"language": "en"})
            if status != 201:
                results.error(f"create: {status} {body}")
                continue
            conversation = body["id"]
            if round_number % 2:
                steps = [f"MonkeyChat Kiki bring bananas for {tag}"]
                expect = ("INSendMessageIntent", "content", f"bring bananas for {tag}")
            else:
                steps = [f"pay Kiki 0.01 dollars with MonkeyPay for order {tag}", "yes"]
                expect = ("INSendPaymentIntent", "note", f"order {tag}")
            last = None
            for said in steps:
                status, body, client_ms, assistant_ms, app_ms = client.call(
                    "POST", f"/v1/conversations/{conversation}/turns", {"text": said})
                if status != 200:
                    results.error(f"turn '{said}': {status} {body}")
                    last = None
                    break
                results.turn(time.monotonic() - start, client_ms, assistant_ms, app_ms)
                last = body["turns"][-1]
            if last is not None:
                parameters = last.get("parameters") or {}
                if last.get("step") != "handled" or last.get("intent") != expect[0]:
                    results.error(f"{tag}: ended at {last.get('step')}: {last.get('speech')}")
                elif parameters.get(expect[1]) != expect[2]:
                    with results.lock:
                        results.crossed.append(f"{tag}: {expect[1]} {parameters.get(expect[1])!r}")
                else:
                    with results.lock:
                        results.conversations += 1
            status, _, *_ = client.call("DELETE", f"/v1/conversations/{conversation}")
            if status != 204:
                results.error(f"delete: {status}")
        except Exception as problem:  # a dropped connection is an error, and the next round reconnects
            results.error(f"{tag}: {type(problem).__name__}: {problem}")
            client = Client(port)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--conversations", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--warmup", type=float, default=10)
    parser.add_argument("--binary", default=".build/release/parlance")
    arguments = parser.parse_args()
    if not os.path.exists(arguments.binary):
        sys.exit(f"{arguments.binary} is missing: build it with `Scripts/release.sh`")

    home = tempfile.mkdtemp(prefix="parlance-load-")
    server = subprocess.Popen([arguments.binary, "serve", "--port", "0", "--home", home],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    port = None
    for line in server.stdout:
        found = re.search(r"http://127\.0\.0\.1:([0-9]+)", line)
        if found:
            port = int(found.group(1))
            break
    if port is None:
        sys.exit("the server did not start")
    threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
    setup = Client(port)
    for app in ("monkeychat", "monkeypay"):
        setup.call("PUT", f"/v1/apps/org.parlance.examples.{app}/permission", {"permission": "allowed"})

    results = Results()
    memory = []
    start = time.monotonic()
    deadline = start + arguments.seconds
    threads = [threading.Thread(target=worker, args=(number, port, deadline, start, results))
               for number in range(arguments.conversations)]
    for thread in threads:
        thread.start()
    while any(thread.is_alive() for thread in threads):
        memory.append((time.monotonic() - start, rss_kb(server.pid)))
        time.sleep(2)
    cpu = None
    try:
        with open(f"/proc/{server.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
            cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        pass
    server.terminate()
    try:
        server.wait(timeout=60)
    except subprocess.TimeoutExpired:
        server.kill()
    shutil.rmtree(home, ignore_errors=True)

    elapsed = time.monotonic() - start
    measured = [turn for turn in results.turns if turn[0] >= arguments.warmup]
    assistant = [turn[2] for turn in measured if turn[2] is not None]
    client = [turn[1] for turn in measured]
    app = [turn[3] for turn in measured if turn[3] is not None]
    warm_memory = [kb for at, kb in memory if kb and at >= arguments.warmup]
    cores = os.cpu_count() or 1
    print(f"server_load: {arguments.conversations} concurrent conversations for {arguments.seconds:.0f} s "
          f"(warm-up {arguments.warmup:.0f} s), {cores} cores")
    print(f"  conversations completed {results.conversations}, turns {len(results.turns)}, "
          f"errors {len(results.errors)}, crossed {len(results.crossed)}")
    print(f"  turns/s {len(results.turns) / elapsed:.1f} ({len(results.turns) / elapsed / cores:.1f} per core; "
          "bounded by the sample apps' extensions, one process each, which answer one call at a time)")
    if cpu:
        print(f"  server CPU {cpu:.1f} s: {len(results.turns) / cpu:.0f} turns per CPU-second of the assistant")
    print(f"  assistant time per turn (extension time excluded): p50 {percentile(assistant, .5):.2f} ms, "
          f"p99 {percentile(assistant, .99):.2f} ms, max {max(assistant, default=float('nan')):.2f} ms")
    print(f"  app time per turn: p50 {percentile(app, .5):.2f} ms, p99 {percentile(app, .99):.2f} ms")
    print(f"  client round trip: p50 {percentile(client, .5):.2f} ms, p99 {percentile(client, .99):.2f} ms")
    if warm_memory:
        print(f"  server RSS after warm-up: first {warm_memory[0] / 1024:.1f} MB, last {warm_memory[-1] / 1024:.1f} MB, "
              f"max {max(warm_memory) / 1024:.1f} MB")
    for text in (results.errors + results.crossed)[:10]:
        print(f"  ! {text}")
    sys.exit(1 if results.errors or results.crossed else 0)


if __name__ == "__main__":
    main()
