#!/usr/bin/env python3
"""A bounded load test of `parlance serve` on loopback (docs/server.md › Load).

Starts the server in a fresh home with the sample apps, then runs CONVERSATIONS conversations at once
for SECONDS: each repeats whole conversations, alternately a MonkeyChat message ("MonkeyChat Kiki …",
one turn) and a MonkeyPay payment ("pay Kiki 0.01 dollars with MonkeyPay for order …", then "yes"),
each with words no other conversation uses, and checks that the app received exactly those words (no
conversation crossed into another). With --think S each conversation is a person: before each turn it waits
a pause drawn evenly from 0.5×S to 1.5×S (reading the answer, typing), so the conversations are open at once
but the turns come at people's pace; without it every conversation sends its next turn at once, which finds
the most turns the machine can answer (and queues every turn behind the others). Reports errors, turns per second (and per core), the assistant's
own time per turn from the server's Server-Timing header (extension time excluded) after a warm-up,
the client's round trip, and the server's resident memory. Stops by itself.

With --store postgres://… the servers keep their state in that PostgreSQL database; with --servers N,
N servers (each with its own home and port, one token) share it, and every conversation sends its
requests to them in turn (created on one, its first turn on the next, …), so each conversation moves
between servers. --postgres starts a throwaway PostgreSQL cluster of its own (Debian's, as .ci/run does)
instead of --store. --side-by-side runs SQLite with one server, then PostgreSQL with two, and prints
both in one table.

Usage: python3 Benchmarks/server_load.py [--conversations 200] [--seconds 60] [--binary .build/release/parlance]
                                         [--store URL | --postgres] [--servers 1] [--think 0]
       python3 Benchmarks/server_load.py --side-by-side [--conversations 1000] [--seconds 120] [--store URL]
"""
import argparse
import glob
import http.client
import json
import os
import random
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


TOKEN = "load-test-token-" + os.urandom(8).hex()


class Client:
    def __init__(self, port):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

    def call(self, method, path, body=None):
        headers = {"Authorization": f"Bearer {TOKEN}"}
        if body is not None:
            headers["Content-Type"] = "application/json"
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
                float(assistant.group(1)) if assistant else None, float(app.group(1)) if app else None, timing)


class Results:
    def __init__(self):
        self.lock = threading.Lock()
        self.turns = []          # (time since start, client ms, assistant ms, app ms, Server-Timing)
        self.errors = []
        self.crossed = []
        self.conversations = 0

    def turn(self, at, client, assistant, app, timing):
        with self.lock:
            self.turns.append((at, client, assistant, app, timing))

    def error(self, text):
        with self.lock:
            self.errors.append(text)


class Servers:
    """Clients to each server, used in turn: every request goes to the server after the last one's."""

    def __init__(self, ports, first):
        self.ports = ports
        self.clients = [Client(port) for port in ports]
        self.next = first % len(ports)

    def call(self, method, path, body=None):
        index = self.next
        self.next = (self.next + 1) % len(self.ports)
        try:
            return self.clients[index].call(method, path, body)
        except Exception:
            self.clients[index] = Client(self.ports[index])  # the next round reconnects
            raise


def worker(number, ports, deadline, start, results, think):
    servers = Servers(ports, number)
    pacing = random.Random(number)

    def pause():
        if think > 0:
            time.sleep(pacing.uniform(0.5 * think, 1.5 * think))

    pause()
    round_number = 0
    while time.monotonic() < deadline:
        round_number += 1
        tag = f"c{number}r{round_number}"
        try:
            status, body, *_ = servers.call("POST", "/v1/conversations", {"language": "en"})
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
                pause()
                status, body, client_ms, assistant_ms, app_ms, timing = servers.call(
                    "POST", f"/v1/conversations/{conversation}/turns", {"text": said})
                if status != 200:
                    results.error(f"turn '{said}': {status} {body}")
                    last = None
                    break
                results.turn(time.monotonic() - start, client_ms, assistant_ms, app_ms, timing)
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
            status, *_ = servers.call("DELETE", f"/v1/conversations/{conversation}")
            if status != 204:
                results.error(f"delete: {status}")
        except Exception as problem:  # a dropped connection is an error
            results.error(f"{tag}: {type(problem).__name__}: {problem}")


class Postgres:
    """A throwaway PostgreSQL cluster in a folder of its own on a port of its own, as .ci/run starts one."""

    def __init__(self, max_connections, port=54339):
        binaries = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda path: [
            int(part) if part.isdigit() else part for part in re.split(r"(\d+)", path)])
        if not binaries or not shutil.which("psql"):
            sys.exit("PostgreSQL is missing: install Debian's `postgresql`, or give --store")
        self.bin = binaries[-1]
        self.folder = tempfile.mkdtemp(prefix="parlance-load-postgres-")
        self.as_postgres = []
        if os.getuid() == 0:  # initdb refuses root
            shutil.chown(self.folder, "postgres")
            self.as_postgres = ["runuser", "-u", "postgres", "--"]
        self.data = f"{self.folder}/data"
        subprocess.run(self.as_postgres + [f"{self.bin}/initdb", "-D", self.data, "-A", "trust", "-U", "parlance"],
                       check=True, stdout=subprocess.DEVNULL)
        subprocess.run(self.as_postgres + [
            f"{self.bin}/pg_ctl", "-D", self.data, "-l", f"{self.folder}/log", "-w", "-o",
            f"-p {port} -k {self.folder} -c listen_addresses=127.0.0.1 -c max_connections={max_connections} "
            "-c shared_preload_libraries=pg_stat_statements",
            "start"], check=True, stdout=subprocess.DEVNULL)
        self.server = f"postgres://parlance@127.0.0.1:{port}"
        self.databases = 0
        subprocess.run(["psql", f"{self.server}/postgres", "-qXc", "CREATE EXTENSION pg_stat_statements"], check=True)

    def new_database(self):
        self.databases += 1
        name = f"parlance_load_{self.databases}"
        subprocess.run(["psql", f"{self.server}/postgres", "-qXc", f"CREATE DATABASE {name}"], check=True)
        return f"{self.server}/{name}"

    def statements(self, store, turns):
        """The store's PostgreSQL statements, most time first: how many per turn, and their mean time."""
        database = store.rsplit("/", 1)[1]
        answer = subprocess.run(["psql", f"{self.server}/postgres", "-tAXF", "\t", "-c",
                                 "SELECT calls, total_exec_time, mean_exec_time, regexp_replace(query, '\\s+', ' ', 'g') "
                                 "FROM pg_stat_statements JOIN pg_database d ON d.oid = dbid "
                                 f"WHERE d.datname = '{database}' ORDER BY total_exec_time DESC"],
                                capture_output=True, text=True)
        rows = [line.split("\t") for line in answer.stdout.splitlines() if line.count("\t") == 3]
        calls = sum(int(row[0]) for row in rows)
        lines = [f"PostgreSQL statements per turn (creating and deleting included) {calls / max(turns, 1):.1f}, "
                 f"their time per turn {sum(float(row[1]) for row in rows) / max(turns, 1):.2f} ms; most time:"]
        for row in rows[:16]:
            lines.append(f"  {int(row[0]) / max(turns, 1):5.2f}/turn, mean {float(row[2]):7.3f} ms: {row[3][:150]}")
        return lines

    def stop(self):
        subprocess.run(self.as_postgres + [f"{self.bin}/pg_ctl", "-D", self.data, "-m", "immediate", "stop"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(self.folder, ignore_errors=True)


def store_count(store, query):
    """A count psql reads from the store's database, less psql's own connection (None when psql cannot tell)."""
    try:
        answer = subprocess.run(["psql", store, "-tAXc", query], capture_output=True, text=True, timeout=10)
        return int(answer.stdout.strip()) - 1
    except (OSError, ValueError, subprocess.TimeoutExpired):
        return None


def connections_in_use(store):
    """How many connections the store's database has open now."""
    return store_count(store, "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()")


def sessions_opened(store):
    """How many connections to the store's database have been opened since its cluster started."""
    return store_count(store, "SELECT sessions FROM pg_stat_database WHERE datname = current_database()")


def start_server(binary, home, store, token_file):
    """Starts `parlance serve` with its output in `home`.log; returns the process and its port."""
    command = [binary, "serve", "--port", "0", "--home", home, "--token-file", token_file, "--no-speech"]
    if store:
        command += ["--store", store]
    log = open(home + ".log", "w")
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in server.stdout:
        log.write(line)
        found = re.search(r"http://127\.0\.0\.1:([0-9]+)", line)
        if found:
            def copy():
                for rest in server.stdout:
                    log.write(rest)
                    log.flush()
            threading.Thread(target=copy, daemon=True).start()
            return server, int(found.group(1))
    log.close()
    with open(home + ".log") as written:
        sys.exit("the server did not start:\n" + written.read()[-2000:])


def cpu_seconds(pid):
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return None


def run(label, binary, store, count, conversations, seconds, warmup, think):
    """Runs one load test on `count` servers (SQLite in each home when `store` is None) and measures it."""
    folder = tempfile.mkdtemp(prefix="parlance-load-")
    token_file = os.path.join(folder, "token")
    with open(token_file, "w") as file:
        file.write(TOKEN + "\n")
    os.chmod(token_file, 0o600)
    servers, ports = [], []
    # One after the other: the first makes the tables and installs the sample apps, the others find them.
    for number in range(count):
        home = os.path.join(folder, f"home{number}")
        os.makedirs(home)
        server, port = start_server(binary, home, store, token_file)
        servers.append(server)
        ports.append(port)
    for port in ports:  # shared in PostgreSQL; given on each server all the same
        for app in ("monkeychat", "monkeypay"):
            status, body, *_ = Client(port).call(
                "PUT", f"/v1/apps/org.parlance.examples.{app}/permission", {"permission": "allowed"})
            if status >= 300:
                sys.exit(f"{app} cannot be allowed on port {port}: {status} {body}")

    results = Results()
    memory = {server.pid: [] for server in servers}
    pool = []
    cpu_before = sum(cpu_seconds(server.pid) or 0 for server in servers)  # starting, apps installed
    start = time.monotonic()
    deadline = start + seconds
    threads = [threading.Thread(target=worker, args=(number, ports, deadline, start, results, think))
               for number in range(conversations)]
    for thread in threads:
        thread.start()
    opened_at_warmup, samples_after_warmup = None, 0
    while any(thread.is_alive() for thread in threads):
        for server in servers:
            memory[server.pid].append(rss_kb(server.pid))
        if store:
            if opened_at_warmup is None and time.monotonic() - start >= warmup:
                opened_at_warmup = sessions_opened(store)
            elif opened_at_warmup is not None:
                samples_after_warmup += 1
            pool.append(connections_in_use(store))
        time.sleep(2)
    opened_at_end = sessions_opened(store) if store else None
    elapsed = time.monotonic() - start
    cpu = sum(cpu_seconds(server.pid) or 0 for server in servers) - cpu_before
    for server in servers:
        server.terminate()
    for server in servers:
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
    said = []  # when something went wrong: where the servers' logs are kept, and how each ended
    if results.errors or results.crossed:
        kept = tempfile.mkdtemp(prefix="parlance-load-logs-")
        for number in range(count):
            log = shutil.copy(os.path.join(folder, f"home{number}.log"), kept)
            with open(log, errors="replace") as text:
                fatal = [line.strip() for line in text
                         if re.search(r"Fatal error|Assertion failed|Program crashed", line)][:3]
            said.append(f"server {number} exited {servers[number].returncode}, log {log}: {' / '.join(fatal)}")
    shutil.rmtree(folder, ignore_errors=True)

    measured = [turn for turn in results.turns if turn[0] >= warmup]
    assistant = [turn[2] for turn in measured if turn[2] is not None]
    slowest = sorted((turn for turn in measured if turn[2] is not None), key=lambda turn: turn[2])[-5:]
    return {
        "label": label, "think": think, "servers": count, "conversations": conversations, "seconds": seconds,
        "completed": results.conversations, "turns": len(results.turns),
        "errors": results.errors, "crossed": results.crossed,
        "turns_per_second": len(results.turns) / elapsed, "cpu": cpu,
        "assistant": assistant, "client": [turn[1] for turn in measured],
        "app": [turn[3] for turn in measured if turn[3] is not None],
        "store": [phase for turn in measured if (phase := timing_phase(turn[4], "store")) is not None],
        "lock": [phase for turn in measured if (phase := timing_phase(turn[4], "lock")) is not None],
        "slowest": [turn[4] for turn in reversed(slowest)],
        "peak_rss_mb": max((kb for values in memory.values() for kb in values if kb), default=0) / 1024,
        "said": said,
        "peak_connections": max((used for used in pool if used is not None), default=None),
        # less the benchmark's own psql sessions after warm-up (a sample each 2 s, and the readings; give or take one)
        "connections_opened": (opened_at_end - opened_at_warmup - samples_after_warmup - 2
                               if opened_at_end is not None and opened_at_warmup is not None else None),
    }


def timing_phase(timing, name):
    """A phase's milliseconds in a Server-Timing header, or None."""
    found = re.search(name + r";dur=([0-9.]+)", timing or "")
    return float(found.group(1)) if found else None


def report(row, warmup):
    cores = os.cpu_count() or 1
    assistant, app, client = row["assistant"], row["app"], row["client"]
    pace = (f"a turn every {row['think']:g} s on average each (people's pace)" if row["think"] > 0
            else "each turn sent as soon as the last was answered")
    print(f"{row['label']}: {row['conversations']} concurrent conversations for {row['seconds']:.0f} s "
          f"(warm-up {warmup:.0f} s), {pace}, {cores} cores")
    print(f"  conversations completed {row['completed']}, turns {row['turns']}, "
          f"errors {len(row['errors'])}, crossed {len(row['crossed'])}")
    print(f"  turns/s {row['turns_per_second']:.1f} ({row['turns_per_second'] / cores:.1f} per core)")
    if row["cpu"]:
        print(f"  servers' CPU {row['cpu']:.1f} s: {row['turns'] / row['cpu']:.0f} turns per CPU-second")
    print(f"  assistant time per turn (extension time excluded): p50 {percentile(assistant, .5):.2f} ms, "
          f"p99 {percentile(assistant, .99):.2f} ms, max {max(assistant, default=float('nan')):.2f} ms")
    for phase, meaning in (("store", "in the store"), ("lock", "waiting for the conversation's turn lock")):
        if row[phase]:
            print(f"    of which {meaning}: p50 {percentile(row[phase], .5):.2f} ms, "
                  f"p99 {percentile(row[phase], .99):.2f} ms")
    print(f"  app time per turn: p50 {percentile(app, .5):.2f} ms, p99 {percentile(app, .99):.2f} ms")
    print(f"  client round trip: p50 {percentile(client, .5):.2f} ms, p99 {percentile(client, .99):.2f} ms")
    print(f"  peak RSS of a server {row['peak_rss_mb']:.1f} MB")
    if row["peak_connections"] is not None:
        print(f"  peak PostgreSQL connections of all servers {row['peak_connections']}")
    if row.get("connections_opened") is not None:
        print(f"  PostgreSQL connections the servers opened after warm-up {row['connections_opened']}")
    for line in row.get("statements", []):
        print("  " + line)
    for timing in row["slowest"]:
        print(f"  slowest turns' Server-Timing: {timing}")
    for text in (row["errors"] + row["crossed"])[:10]:
        print(f"  ! {text}")
    for text in row["said"]:
        print(f"  {text}")


def table(rows):
    header = ("store", "servers", "conversations", "pause", "turns", "errors", "crossed", "turns/s",
              "assistant p50", "assistant p99", "round trip p50", "round trip p99", "peak RSS")
    lines = [header]
    for row in rows:
        lines.append((row["label"], str(row["servers"]), str(row["conversations"]),
                      f"{row['think']:g} s" if row["think"] > 0 else "none", str(row["turns"]),
                      str(len(row["errors"])), str(len(row["crossed"])), f"{row['turns_per_second']:.1f}",
                      f"{percentile(row['assistant'], .5):.2f} ms", f"{percentile(row['assistant'], .99):.2f} ms",
                      f"{percentile(row['client'], .5):.1f} ms", f"{percentile(row['client'], .99):.1f} ms",
                      f"{row['peak_rss_mb']:.0f} MB"))
    print("| " + " | ".join(lines[0]) + " |")
    print("|" + "|".join("---" for _ in header) + "|")
    for line in lines[1:]:
        print("| " + " | ".join(line) + " |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--conversations", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--warmup", type=float, default=10)
    parser.add_argument("--think", type=float, default=0,
                        help="mean seconds a conversation waits before each turn (0: none, the most the machine answers)")
    parser.add_argument("--binary", default=".build/release/parlance")
    parser.add_argument("--store", help="postgres://… : keep the servers' state in this (empty) database")
    parser.add_argument("--postgres", action="store_true", help="start a throwaway PostgreSQL cluster as the store")
    parser.add_argument("--servers", type=int, default=1, help="servers on the one store (PostgreSQL only if > 1)")
    parser.add_argument("--side-by-side", action="store_true",
                        help="SQLite with one server, then PostgreSQL with two, in one table")
    parser.add_argument("--max-connections", type=int,
                        help="the throwaway cluster's max_connections (default: PostgreSQL's own, 100; a "
                             "server needs one for its turn locks and a few for its statements)")
    arguments = parser.parse_args()
    if not os.path.exists(arguments.binary):
        sys.exit(f"{arguments.binary} is missing: build it with `Scripts/release.sh`")
    if arguments.servers > 1 and not (arguments.store or arguments.postgres):
        sys.exit("several servers share one PostgreSQL store: give --store URL or --postgres")

    plans = []  # (label, servers, on PostgreSQL)
    if arguments.side_by_side:
        plans = [("SQLite", 1, False), ("PostgreSQL", 2, True)]
    else:
        on_postgres = bool(arguments.store or arguments.postgres)
        plans = [("PostgreSQL" if on_postgres else "SQLite", arguments.servers, on_postgres)]
    cluster = None
    if any(on_postgres for *_, on_postgres in plans) and not arguments.store:
        cluster = Postgres(arguments.max_connections or 100)
    rows = []
    try:
        for label, servers, on_postgres in plans:
            store = (arguments.store or cluster.new_database()) if on_postgres else None
            row = run(label, arguments.binary, store, servers, arguments.conversations, arguments.seconds,
                      arguments.warmup, arguments.think)
            if cluster and on_postgres:
                row["statements"] = cluster.statements(store, row["turns"])
            report(row, arguments.warmup)
            rows.append(row)
    finally:
        if cluster:
            cluster.stop()
    if len(rows) > 1:
        print()
        table(rows)
    sys.exit(1 if any(row["errors"] or row["crossed"] for row in rows) else 0)


if __name__ == "__main__":
    main()
