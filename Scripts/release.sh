#!/bin/sh
# Builds Parlance for release, linked for a small resident footprint (docs/architecture.md, "How the release
# `parlance` is linked"): the Swift runtime and Foundation linked in, by lld with compact relative relocations,
# no symbol table for other programs, and the functions a conversation runs laid out together
# (Linking/parlance.order, written by Scripts/link_order.py).
#
#   Scripts/release.sh                                   # .build/release/parlance
#   Scripts/release.sh --product parlance-bench --product parlance-test-extension
#   Scripts/release.sh --scratch-path /tmp/parlance-release --product parlance
#
# Every argument goes to `swift build -c release`; without a --product it builds parlance. These flags live
# here, not in Package.swift: SwiftPM refuses a dependency whose manifest has unsafe flags, and a package that
# depends on Parlance (an app's extension on Intents and ExtensionRuntime) has no use for them.
# Every program the build links gets them (the sample apps too, then without the Swift runtime's shared
# libraries); the order file names parlance's functions, and other programs ignore the names they lack.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
order="$root/Linking/parlance.order"
if [ ! -f "$order" ]; then
    echo "release.sh: $order is missing; python3 Scripts/link_order.py writes it" >&2
    exit 1
fi

product=--product
for argument in "$@"; do
    case "$argument" in --product|--product=*|--target|--target=*) product= ;; esac
done

set -- -c release --package-path "$root" ${product:+--product parlance} "$@" \
    --static-swift-stdlib \
    -Xswiftc -use-ld=lld \
    -Xlinker --no-export-dynamic \
    -Xlinker -z -Xlinker pack-relative-relocs \
    -Xlinker "--symbol-ordering-file=$order" -Xlinker --no-warn-symbol-ordering
# Foundation's own parts, which a static link must name (the shared library carries them).
for library in CoreFoundation _FoundationICU _FoundationCShims _FoundationCollections; do
    set -- "$@" -Xlinker "-l$library"
done
exec swift build "$@"
