#!/usr/bin/env bash
# Fuzzes what Parlance reads from others (docs/security.md › Fuzzing): builds the libFuzzer harness
# (Fuzz/ParlanceFuzz, with AddressSanitizer for memory errors and leaks) in .build-fuzz and runs each
# target for RUNS executions (default 100000) from its committed seed corpus, Fuzz/corpus/TARGET.
# A crash, a hang (over FUZZ_TIMEOUT seconds per input, default 10), an out-of-memory or a leak fails the
# script; the input that caused it is left in .build-fuzz/artifacts/. Long runs at `nice -n 19` beside
# builds and tests can be starved for seconds: give them FUZZ_TIMEOUT=60 and replay what they report. FUZZ_QUICK=1 builds without AddressSanitizer (in
# .build-fuzzquick, about twice as fast, no leak or memory-error checks): CI's smoke run. FUZZ_RELEASE=1
# builds optimised, with AddressSanitizer (in .build-fuzzrelease, several times faster than debug): the
# long runs (10^7 executions per target). Leaks are looked for when each run ends (LeakSanitizer:
# memory no longer reachable), not after every input, which would cost ten times the time; known
# leaks in swift-corelibs-foundation are listed in Fuzz/lsan-suppressions.txt. FUZZ_WORKER=NAME lets several
# runs of one target go side by side (one per core): each keeps its own logs and artifacts, all share the
# grown corpus. Usage: Scripts/fuzz.sh [RUNS] [TARGET…]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-100000}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(wire bundle understanding)

if [ "${FUZZ_QUICK:-0}" = 1 ]; then
    build=(swift build --build-path .build-fuzzquick --sanitize fuzzer)
elif [ "${FUZZ_RELEASE:-0}" = 1 ]; then
    build=(swift build -c release --build-path .build-fuzzrelease --sanitize fuzzer --sanitize address)
else
    build=(swift build --build-path .build-fuzz --sanitize fuzzer --sanitize address)
fi
# SwiftPM instruments only the product's own module for coverage; every module is, this way.
build+=(-Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp -Xswiftc -DFUZZING --product parlance-fuzz)
"${build[@]}"
built="$("${build[@]}" --show-bin-path)/parlance-fuzz"
mkdir -p .build-fuzz/artifacts .build-fuzz/bin
# Each run uses its own copy: another run's build must not replace the program under a running fuzzer,
# whose leak report at exit is symbolised from the file (a replaced file gives wrong stack traces).
binary=$(mktemp .build-fuzz/bin/parlance-fuzz.XXXXXX)
cp "$built" "$binary"
chmod 700 "$binary"
trap 'rm -f "$binary"' EXIT
# Runs are made in pieces of at most FUZZ_PIECE executions (default: all at once), each a fresh process
# resuming from the corpus the pieces before grew: the plist reader in swift-corelibs-foundation leaks
# about 2 KB per input, so ten million bundle inputs in one process would outgrow any memory limit.
piece=${FUZZ_PIECE:-$runs}
worker=${FUZZ_WORKER:+-$FUZZ_WORKER}
for target in "${targets[@]}"; do
    work=.build-fuzz/corpus/$target
    mkdir -p "$work"
    echo "== $target: $runs runs"
    run=$target$worker
    : > ".build-fuzz/$run.log"
    done_runs=0
    while [ "$done_runs" -lt "$runs" ]; do
        this=$(( runs - done_runs < piece ? runs - done_runs : piece ))
        touch ".build-fuzz/$run.started"
        status=0
        ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=Fuzz/lsan-suppressions.txt PARLANCE_FUZZ_TARGET=$target "$binary" -runs="$this" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=4096 -max_len=4096 \
            -detect_leaks=0 -print_final_stats=1 -artifact_prefix=".build-fuzz/artifacts/$run-" \
            "$work" "Fuzz/corpus/$target" > ".build-fuzz/$run.piece.log" 2>&1 || status=$?
        cat ".build-fuzz/$run.piece.log" >> ".build-fuzz/$run.log"
        grep -E "^(stat::|#[0-9]+.*DONE|==[0-9]+==|SUMMARY|Done)" ".build-fuzz/$run.piece.log" || true
        if grep -q "LeakSanitizer: detected memory leaks" ".build-fuzz/$run.piece.log"; then
            echo "FINDING in $target: a leak (.build-fuzz/$run.log)" >&2
            exit 1
        fi
        # Only this piece's artifacts count: an earlier finding's input may still lie there. A "slow unit" (an
        # input over 10 s, under the timeout) is no hang: on a loaded machine a nice-19 fuzzer writes them for
        # inputs that take milliseconds; it is named for replaying, not counted as a finding.
        slow=$(find .build-fuzz/artifacts -name "$run-slow-unit-*" -newer ".build-fuzz/$run.started" 2>/dev/null)
        [ -z "$slow" ] || echo "note: slow units in $target (no hang; replay each to check): $slow"
        found=$(find .build-fuzz/artifacts -name "$run-*" ! -name "*-slow-unit-*" -newer ".build-fuzz/$run.started" 2>/dev/null)
        if [ "$status" -ne 0 ] || [ -n "$found" ]; then
            echo "FINDING in $target (exit $status): $found .build-fuzz/$run.log" >&2
            exit 1
        fi
        done_runs=$(( done_runs + this ))
        echo "== $target: $done_runs of $runs runs, no findings"
    done
done
