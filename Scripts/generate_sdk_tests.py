#!/usr/bin/env python3
"""Generates the SDK's exhaustive tests and JSON examples from Scripts/intents_spec.py:

- Tests/IntentsTests/Generated/SpellingHandlers.swift: for every intent, one handler class per
  spelling (completion, async, iOS 10 names, deprecated result types) and one implementing nothing;
- Tests/IntentsTests/Golden/*.json: a sample of every intent and response in its JSON form
  (the tests check that decoding and re-encoding reproduces each file byte for byte);
- docs/intents-json.md's per-intent examples (between the EXAMPLES markers).

    python3 Scripts/generate_sdk_tests.py [--check]
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import intents_spec as spec  # noqa: E402
from generate_intents import base_type, upper_first, resolvable, sync_files  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
TESTS = os.path.join(ROOT, "Tests", "IntentsTests")
OUT = {}

SAMPLES = {
    "String": "send more bananas",
    "Int": 2,
    "Double": 5.5,
    "Bool": True,
    "Date": "2026-11-21T09:30:00.000Z",
    "INPerson": {"displayName": "Bobo", "customIdentifier": "bobo-1"},
    "INSpeakableString": {"spokenPhrase": "Bananarific", "vocabularyIdentifier": "bananarific",
                          "pronunciationHint": "ba nana ri fic"},
    "INCurrencyAmount": {"amount": 15.5, "currencyCode": "USD"},
    "INDateComponentsRange": {"startDateComponents": {"year": 2026, "month": 11, "day": 20},
                              "endDateComponents": {"year": 2026, "month": 11, "day": 21}},
    "CLPlacemark": {"name": "Central Station", "location": {"latitude": 52.525, "longitude": 13.369}},
    "INPaymentMethod": {"type": "credit", "name": "Banana Card", "identificationHint": "4242"},
    "INCallRecord": {"identifier": "call-7", "callRecordType": "missed", "caller": {"displayName": "Kiki"}},
    "INCallRecordFilter": {"callTypes": ["missed"], "callCapability": "audioCall"},
    "INMessage": {"identifier": "m-1", "content": "send more bananas", "recipients": [{"displayName": "Bobo"}],
                  "messageType": "text"},
    "INPaymentRecord": {"payee": {"displayName": "Bobo"}, "currencyAmount": {"amount": 15.5, "currencyCode": "USD"},
                        "status": "completed", "note": "bananas"},
    "INRideStatus": {"rideIdentifier": "ride-1", "phase": "confirmed",
                     "driver": {"displayName": "Zazu", "phoneNumber": "+1 555 0100", "rating": "4.9",
                                "personHandle": {"value": "+1 555 0100", "type": "phoneNumber"}},
                     "vehicle": {"model": "Banana Cab", "registrationPlate": "MNKY 1"},
                     "estimatedPickupDate": "2026-11-21T09:35:00.000Z",
                     "pickupLocation": {"name": "Home"}, "dropOffLocation": {"name": "Stadium"}},
    "INRideOption": {"name": "MonkeyPool", "estimatedPickupDate": "2026-11-21T09:35:00.000Z",
                     "priceRange": {"minimumPrice": 8, "maximumPrice": 12, "currencyCode": "USD"}},
    "INPaymentAccount": {"nickname": {"spokenPhrase": "Banana Savings"}, "accountNumber": "1234",
                         "accountType": "saving", "organizationName": {"spokenPhrase": "Bank of Bananas"},
                         "balance": {"amount": 120.5, "balanceType": "money", "currencyCode": "USD"},
                         "secondaryBalance": {"amount": 300, "balanceType": "points"}},
    "NSNumber": 4,
    "INRestaurant": {"name": "Banana Bistro", "location": {"latitude": 52.52, "longitude": 13.405},
                     "vendorIdentifier": "org.parlance.examples.monkeydine", "restaurantIdentifier": "banana-bistro"},
    "INRestaurantGuest": {"displayName": "Bobo", "phoneNumber": "+1 555 0100", "emailAddress": "bobo@example.org",
                          "personHandle": {"value": "+1 555 0100", "type": "phoneNumber"}},
    "INRestaurantOffer": {"offerTitleText": "Banana brunch", "offerDetailText": "20 % off before noon",
                          "offerIdentifier": "brunch"},
    "INRestaurantReservationBooking": {"restaurant": {"name": "Banana Bistro", "location": {"latitude": 52.52, "longitude": 13.405},
                                                      "vendorIdentifier": "org.parlance.examples.monkeydine",
                                                      "restaurantIdentifier": "banana-bistro"},
                                       "bookingDate": "2026-11-21T19:30:00.000Z", "partySize": 2,
                                       "bookingIdentifier": "table-7", "requiresName": True},
    "INRestaurantReservationUserBooking": {"restaurant": {"name": "Banana Bistro", "location": {"latitude": 52.52, "longitude": 13.405},
                                                          "vendorIdentifier": "org.parlance.examples.monkeydine",
                                                          "restaurantIdentifier": "banana-bistro"},
                                           "bookingDate": "2026-11-21T19:30:00.000Z", "partySize": 2,
                                           "bookingIdentifier": "table-7", "guest": {"displayName": "Bobo"},
                                           "status": "confirmed", "dateStatusModified": "2026-11-21T09:30:00.000Z"},
    "INTermsAndConditions": {"localizedTermsAndConditionsText": "Tables are kept for 15 minutes."},
    "INRestaurantGuestDisplayPreferences": {"nameFieldShouldBeDisplayed": True, "phoneNumberFieldShouldBeDisplayed": True},
    "INImage": {"imageName": "MonkeyDineIcon"},
    "DateComponents": {"minute": 5},
    "INMessageAttributeOptions": ["unread"],
    "INCallRecordTypeOptions": ["missed"],
    "INCallCapabilityOptions": ["audioCall"],
    "INPhotoAttributeOptions": ["favorite"],
}
ENUM_SAMPLES = {name: (cases[1][0] if len(cases) > 1 else cases[0][0]) for name, _doc, cases in spec.ENUMS}


def sample(t):
    base, is_list, _ = base_type(t)
    if base in ENUM_SAMPLES:
        value = ENUM_SAMPLES[base]
    elif base in SAMPLES:
        value = SAMPLES[base]
    else:
        raise KeyError(base)
    if is_list and not isinstance(value, list):
        return [value]
    return value


def sample_intent(intent):
    params = {}
    for p in intent["params"]:
        if p["computed"]:
            continue
        params[p["name"]] = sample(p["type"])
    return {"intent": intent["name"], "identifier": "req-1", "parameters": params}


def sample_response(intent):
    codes = [c if isinstance(c, str) else c[0] for c in intent["codes"]]
    code = "success" if "success" in codes else "continueInApp"
    props = {name: sample(t) for name, t, _ in intent["response_props"]}
    result = {"response": intent["name"] + "Response", "code": code,
              "userActivity": {"activityType": intent["name"], "userInfo": {"screen": "result"}}}
    if props:
        result["properties"] = props
    return result


def canonical(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).replace("\\/", "/")


# ---------------------------------------------------------------- handlers

def result_type(p, legacy=False):
    _, is_list, _ = base_type(p["type"])
    t = p["results"][-1] if legacy else p["results"][0]
    return (f"[{t}]", f"[{t}.notRequired()]") if is_list else (t, f"{t}.notRequired()")


def handler_class(intent, spelling):
    """spelling: completion | async | swift3 | legacy | asyncLegacy | none"""
    name = intent["name"]
    verb = intent["verb"]
    response = name + "Response"
    codes = [c if isinstance(c, str) else c[0] for c in intent["codes"]]
    handled = "success" if "success" in codes else "continueInApp"
    confirmed = "ready" if "ready" in codes else "success"
    make = response_maker(intent)
    with_label = "completion" if intent.get("resolve_label") == "completion" else "with completion"
    renamed = intent.get("renamed", True)
    cls = f"{name[2:-6]}{upper_first(spelling)}Handler"
    lines = [f"final class {cls}: NSObject, {name}Handling, @unchecked Sendable {{\n"]
    if spelling == "none":
        lines.append("}\n")
        return cls, "".join(lines)
    label = "intent" if renamed else verb
    if spelling == "swift3" and renamed:
        label = verb
    if spelling == "async":
        lines.append(f"    func handle({label}: {name}) async -> {response} {{ {make(handled)} }}\n")
        lines.append(f"    func confirm({label}: {name}) async -> {response} {{ {make(confirmed)} }}\n")
    else:
        first = "intent" if label == "intent" else f"{label} intent"
        lines.append(f"    func handle({first}: {name}, completion: @escaping ({response}) -> Void) {{\n"
                     f"        completion({make(handled)})\n    }}\n")
        lines.append(f"    func confirm({first}: {name}, completion: @escaping ({response}) -> Void) {{\n"
                     f"        completion({make(confirmed)})\n    }}\n")
    for p in resolvable(intent):
        method = "resolve" + upper_first(p["name"])
        two_types = len(p["results"]) > 1
        if spelling == "async" or (spelling == "asyncLegacy" and not two_types):
            t, value = result_type(p)
            lines.append(f"    func {method}(for intent: {name}) async -> {t} {{ {value} }}\n")
        elif spelling == "asyncLegacy":
            t, value = result_type(p, legacy=True)
            lines.append(f"    func {method}(for intent: {name}) async -> {t} {{ {value} }}\n")
        elif spelling == "swift3" and p["swift3"]:
            t, value = result_type(p, legacy=True)
            lines.append(f"    func {method}(for{upper_first(verb)} intent: {name}, with completion: @escaping ({t}) -> Void) {{\n"
                         f"        completion({value})\n    }}\n")
        elif spelling == "legacy" and two_types:
            t, value = result_type(p, legacy=True)
            lines.append(f"    func {method}(for intent: {name}, {with_label}: @escaping ({t}) -> Void) {{\n"
                         f"        completion({value})\n    }}\n")
        else:
            t, value = result_type(p)
            lines.append(f"    func {method}(for intent: {name}, {with_label}: @escaping ({t}) -> Void) {{\n"
                         f"        completion({value})\n    }}\n")
    if intent.get("ride_status_updates"):
        prefix = "forGetRideStatus" if spelling == "swift3" else "for"
        lines.append(f"    func startSendingUpdates({prefix} intent: INGetRideStatusIntent, to observer: any INGetRideStatusIntentResponseObserver) {{\n"
                     f"        observer.didUpdate(getRideStatus: INGetRideStatusIntentResponse(code: .inProgress, userActivity: nil))\n    }}\n")
        lines.append(f"    func stopSendingUpdates({prefix} intent: INGetRideStatusIntent) {{}}\n")
    lines.append("}\n")
    return cls, "".join(lines)


def response_maker(intent):
    """Swift that makes the intent's response with a code, filling the values its initializer requires."""
    response = intent["name"] + "Response"
    types = {n: t for n, t, _ in intent["response_props"]}
    empty = {"Int": "0", "Date": "Date(timeIntervalSince1970: 0)"}
    head = "".join(f"{label}: {'[]' if types[prop].startswith('[') else empty[types[prop]]}, "
                   for label, prop in intent.get("response_init", []))
    return lambda code: f"{response}({head}code: .{code}, userActivity: nil)"


def spellings_for(intent):
    out = ["completion", "async"]
    if intent.get("swift3", True) and intent.get("renamed", True):
        out.append("swift3")
    if any(len(p["results"]) > 1 for p in intent["params"]):
        out += ["legacy", "asyncLegacy"]
    return out


def gen_handlers():
    classes = []
    cases = []
    for intent in spec.INTENTS:
        codes = [c if isinstance(c, str) else c[0] for c in intent["codes"]]
        handled = "success" if "success" in codes else "continueInApp"
        confirmed = "ready" if "ready" in codes else "success"
        for s in spellings_for(intent) + ["none"]:
            cls, text = handler_class(intent, s)
            classes.append(text)
            params = ", ".join(f'"{p["name"]}"' for p in resolvable(intent))
            cases.append(f'    SpellingCase(intent: "{intent["name"]}", spelling: "{s}", handler: {{ {cls}() }}, '
                         f'resolvable: [{params}], handledCode: "{handled}", confirmedCode: "{confirmed}"),\n')
    text = ("// Generated by Scripts/generate_sdk_tests.py from Scripts/intents_spec.py. Do not edit.\n\n"
            "import Foundation\nimport Intents\n\n"
            "/// Every intent with a handler written in each spelling SiriKit code uses, and one implementing nothing.\n"
            "let spellingCases: [SpellingCase] = [\n" + "".join(cases) + "]\n\n" + "\n".join(classes))
    OUT[os.path.join(TESTS, "Generated", "SpellingHandlers.swift")] = text


def gen_golden():
    for intent in spec.INTENTS:
        OUT[os.path.join(TESTS, "Golden", f"{intent['name']}.json")] = canonical(sample_intent(intent)) + "\n"
        OUT[os.path.join(TESTS, "Golden", f"{intent['name']}Response.json")] = canonical(sample_response(intent)) + "\n"


def gen_doc_examples():
    path = os.path.join(ROOT, "docs", "intents-json.md")
    with open(path) as f:
        text = f.read()
    start, end = "<!-- EXAMPLES:BEGIN (generated by Scripts/generate_sdk_tests.py) -->", "<!-- EXAMPLES:END -->"
    parts = []
    for domain in ["messaging", "calls", "payments", "rides", "workouts", "photos"]:
        parts.append(f"\n### {domain.capitalize()}\n")
        for intent in [i for i in spec.INTENTS if i["domain"] == domain]:
            parts.append(f"\n#### {intent['name']}\n\n{intent['doc']}\n\n```json\n"
                         + json.dumps(sample_intent(intent), indent=2, ensure_ascii=False)
                         + "\n```\n\nA response:\n\n```json\n"
                         + json.dumps(sample_response(intent), indent=2, ensure_ascii=False) + "\n```\n")
    before, _, rest = text.partition(start)
    _, _, after = rest.partition(end)
    OUT[path] = before + start + "\n" + "".join(parts) + "\n" + end + after


def main():
    gen_handlers()
    gen_golden()
    gen_doc_examples()
    sync_files(OUT, prune_dir=os.path.join(TESTS, "Golden"))

if __name__ == "__main__":
    main()
