#!/usr/bin/env python3
"""hassil's side of Benchmarks/side_by_side.py, run in the virtual environment that has hassil.

--requests FILE: recognises every request of a JSON Lines file (text, kind, app, intent, parameters), timing
each `recognize` call, and prints JSON: p50 and p99 in microseconds, accuracy per kind and overall.
--first TEXT: loads the templates and recognises one request (the whole process is what is timed).
"""
import argparse
import json
import time

from hassil import Intents, recognize
from hassil.intents import TextSlotList, WildcardSlotList


def load(path):
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    lists = data.pop("lists")
    slot_lists = {name: WildcardSlotList(name=name) if spec.get("wildcard") else TextSlotList.from_strings(spec["values"], name=name)
                  for name, spec in lists.items()}
    return Intents.from_dict(data), slot_lists


def fold(text):
    """Case and punctuation ignored: hassil drops punctuation from what it matches."""
    return " ".join("".join(c for c in text.lower() if c.isalnum() or c.isspace() or c == "'").split())


def right(row, result, app_names):
    if row["intent"] is None:
        return result is None
    if result is None or result.intent.name != row["intent"]:
        return False
    entities = {name: entity.value for name, entity in result.entities.items()}
    app = entities.get("app")
    if app is None or "org.benchmark." + str(app).lower() != row["app"]:
        return False
    parameters = row["parameters"]
    people = parameters.get("recipients") or parameters.get("senders") or []
    if people and fold(str(entities.get("name", ""))) != fold(people[0]["displayName"]):
        return False
    if "content" in parameters and fold(str(entities.get("message", ""))) != fold(parameters["content"]):
        return False
    return True


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--intents", required=True)
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--requests")
    group.add_argument("--first")
    args = parser.parse_args()
    intents, slot_lists = load(args.intents)
    if args.first:
        result = recognize(args.first, intents, slot_lists=slot_lists)
        print(result.intent.name if result else "(none)")
        return
    with open(args.requests, encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle if line.strip()]
    durations, kinds = [], {}
    for row in rows:
        started = time.perf_counter_ns()
        result = recognize(row["text"], intents, slot_lists=slot_lists)
        durations.append((time.perf_counter_ns() - started) / 1000)
        figures = kinds.setdefault(row["kind"], [0, 0])
        figures[0] += 1
        figures[1] += right(row, result, None)
    rest = sorted(durations[1:]) or durations
    percentile = lambda fraction: rest[min(len(rest) - 1, int(len(rest) * fraction))]
    print(json.dumps({"p50": percentile(0.5), "p99": percentile(0.99),
                      "accuracy": {kind: hits / count for kind, (count, hits) in kinds.items()},
                      "overall": sum(hits for _, hits in kinds.values()) / max(len(rows), 1)}))


if __name__ == "__main__":
    main()
