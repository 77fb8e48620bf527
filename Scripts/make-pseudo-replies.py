#!/usr/bin/env python3
"""Writes the pseudo-language "qps" from the English replies file: every message of en.txt with the letters of its
text accented and, for the replies themselves, wrapped in ⟦ ⟧, so that a test can tell a reply came from the
pseudo-language's data. Placeholders, selects, plurals and formatters are kept as they are.

    Scripts/make-pseudo-replies.py > Tests/PresentationTests/Fixtures/PseudoLanguage/qps.txt
"""
import pathlib
import sys

ACCENTS = str.maketrans("aeiouycnAEIOUYCN", "åëîøüÿçñÅËÎØÜŸÇÑ")
# Values the code reads rather than says, and the patterns that build values or parts of replies (an empty
# repair.alternative means "no short name"): kept, or accented but not wrapped.
KEPT = ("language.plurals", "date.locale", "date.pattern", "number.decimal")
UNWRAPPED = ("date.", "list.", "money", "value.", "number.", "-", "repair.alternative")
NAME = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-|=@")


def accent_message(text, start=0, nested=False):
    """Accents the literal text of a message from `start`; returns (new text, index after it)."""
    out, i = [], start
    while i < len(text):
        c = text[i]
        if c == "\\":
            out.append(text[i:i + 2])
            i += 2
        elif c == "{":
            placeholder, i = accent_placeholder(text, i + 1)
            out.append("{" + placeholder)
        elif c == "}" and nested:
            return "".join(out), i + 1
        else:
            out.append(c.translate(ACCENTS))
            i += 1
    return "".join(out), i


def read_name(text, i):
    j = i
    while j < len(text) and text[j] in NAME:
        j += 1
    return text[i:j], j


def skip_spaces(text, i):
    while i < len(text) and text[i].isspace():
        i += 1
    return i


def accent_placeholder(text, i):
    """After "{": the placeholder up to and including its "}", with only its texts accented."""
    start = i
    i = skip_spaces(text, i)
    _, i = read_name(text, i)
    i = skip_spaces(text, i)
    if text.startswith("??", i):
        end = text.index("}", i)
        return text[start:i + 2] + text[i + 2:end].translate(ACCENTS) + "}", end + 1
    if text[i] == "}":
        return text[start:i + 1], i + 1
    i = skip_spaces(text, i + 1)  # after ","
    kind, i = read_name(text, i)
    if kind not in ("select", "plural"):
        end = text.index("}", i)
        return text[start:end + 1], end + 1
    out = [text[start:i]]
    while True:
        j = skip_spaces(text, i)
        out.append(text[i:j])
        i = j
        if text[i] == "}":
            out.append("}")
            return "".join(out), i + 1
        if text[i] == ",":
            out.append(",")
            i += 1
            continue
        case, i = read_name(text, i)
        j = skip_spaces(text, i)
        out.append(case + text[i:j] + "{")
        body, i = accent_message(text, j + 1, nested=True)
        out.append(body + "}")


def main():
    english = pathlib.Path(__file__).resolve().parent.parent / "Sources/ParlancePresentation/Resources/Replies/en.txt"
    lines = ["# The pseudo-language “qps”: en.txt with its letters accented and its replies in ⟦ ⟧, written by",
             "# Scripts/make-pseudo-replies.py. Data only: the test loads it from this folder, as a new language would be.", ""]
    entries = []
    for line in english.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line[0].isspace():
            entries[-1][1] += " " + line.strip()
        else:
            key, _, message = line.partition("=")
            entries.append([key.strip(), message.strip()])
    for key, message in entries:
        if key not in KEPT:
            message, _ = accent_message(message)
            if not key.startswith(UNWRAPPED):
                message = "⟦" + message + "⟧"
        lines.append(f"{key} = {message}")
    sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
