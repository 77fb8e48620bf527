#!/bin/sh
# Checks the Swift sources against the repository's swift-format rules (.swift-format; Tests/.swift-format lets tests
# force-unwrap and `try!`). Only the rules are checked — no force-unwraps, `try!` or implicitly unwrapped optionals
# outside tests, `///` doc comments, shorthand type names, no parentheses around conditions, … — not the layout:
# the house layout (4 spaces, lines up to about 120–160 columns, breaks where they read best; docs/architecture.md
# › Code style) is not swift-format's printer's, so its line-break and indentation findings are left out.
#
#   Scripts/check_format.sh          # exits 1 and prints the findings when a rule is broken
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
layout='\[(AddLines|Indentation|LineLength|RemoveLine|Spacing|TrailingWhitespace|TrailingComma|EndOfLineComment)\]'
findings=$(swift format lint --parallel -r Sources Examples Tests 2>&1 | grep -E 'warning|error' | grep -Ev "$layout" || true)
if [ -n "$findings" ]; then
    printf '%s\n' "$findings"
    echo "check_format: $(printf '%s\n' "$findings" | wc -l) finding(s) against .swift-format's rules" >&2
    exit 1
fi
echo "check_format: the sources keep .swift-format's rules"
