#!/usr/bin/env bash
# Kill test (issue 21): SIGKILLs `refine`, `find --resume` and `perft run` at random
# instants, KILLS times each, and checks after every kill that each output file is whole
# (sets verify with `sliders verify`, states parse as JSON) and that refine's --out
# never grows; then lets each finish and checks the results: the refined set verifies,
# the resumed find gives the set an uninterrupted run gives, and perft merge gives the
# known perft(7) = 3,195,901,860 (or perft(6) = 119,060,324) with every unit counted
# exactly once.
#
#   tools/kill-test.sh [KILLS] [PERFT_DEPTH]   (default 50 kills, perft(7); CI runs a
#                                             few kills and perft(6))
#
# SLIDERS names the binary (default target/release/sliders). Exit 1 on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
kills=${1:-50}
depth=${2:-7}
case $depth in
6) known=119060324 ;;
7) known=3195901860 ;;
*) echo "kill-test: perft depth 6 or 7" >&2; exit 2 ;;
esac
sliders=${SLIDERS:-$PWD/target/release/sliders}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
    echo "kill-test: $*" >&2
    exit 1
}
# A random delay of 0.05 s to $1 s.
delay() {
    awk -v seed="$RANDOM$RANDOM" -v max="$1" 'BEGIN { srand(seed); printf "%.3f", 0.05 + rand() * max }'
}
# Runs the command and SIGKILLs it after the delay $1 (if it is still running).
kill_after() {
    local wait_for=$1
    shift
    "$@" >/dev/null 2>&1 &
    local pid=$!
    sleep "$wait_for"
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}
entries() {
    "$sliders" verify "$1" 2>&1 | sed -n 's/^table: \([0-9]*\) entries.*/\1/p'
}
json_ok() {
    python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$1" 2>/dev/null
}
leftovers() {
    find "$work" -name '.*.tmp*' | wc -l
}

# refine: --out (written on every gain) and the state (every 10 s and at the end).
input=tests/data/magics/black_magics_87988_annuss_fiekas.csv
out="$work/refined.csv"
state="$work/refine-state.json"
best=87988
for i in $(seq "$kills"); do
    # Every fourth kill comes up to 12 s in, past the state's 10-second save.
    if [ $((i % 4)) = 0 ]; then most=12; else most=1.5; fi
    kill_after "$(delay $most)" "$sliders" refine "$input" --out "$out" --resume "$state" \
        --time 1h --threads 1 --candidates 256
    if [ -e "$out" ]; then
        size=$(entries "$out")
        [ -n "$size" ] || fail "refine: kill $i left $out that does not verify"
        [ "$size" -le "$best" ] || fail "refine: kill $i: --out grew from $best to $size entries"
        best=$size
    fi
    if [ -e "$state" ]; then
        json_ok "$state" || fail "refine: kill $i left a torn state $state"
    fi
done
visits=0
if [ -e "$state" ]; then
    visits=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["visits"])' "$state")
fi
"$sliders" refine "$input" --out "$out" --resume "$state" --visits $((visits + 5)) \
    --threads 1 --candidates 256 2>/dev/null || fail "refine: the run after the kills failed"
size=$(entries "$out")
[ -n "$size" ] && [ "$size" -le "$best" ] || fail "refine: the final set ($size) is not whole or grew past $best"
echo "kill-test refine: $kills kills, --out always verified and never grew: 87988 -> $size entries ($visits visits before the last run); $(leftovers) temporary files left by kills"
find "$work" -name '.*.tmp*' -delete

# find --resume: the state is saved every second; --out is written at the end.
"$sliders" find --scheme black --threads 1 --out "$work/reference.csv" 2>/dev/null
out="$work/found.csv"
state="$work/find-state.json"
for i in $(seq "$kills"); do
    kill_after "$(delay 2)" "$sliders" find --scheme black --threads 1 --resume "$state" --out "$out"
    if [ -e "$out" ]; then
        [ -n "$(entries "$out")" ] || fail "find: kill $i left $out that does not verify"
    fi
    if [ -e "$state" ]; then
        json_ok "$state" || fail "find: kill $i left a torn state $state"
    fi
done
"$sliders" find --scheme black --threads 1 --resume "$state" --out "$out" 2>/dev/null ||
    fail "find: the resumed run failed"
diff <(grep -v '^#' "$work/reference.csv") <(grep -v '^#' "$out") >/dev/null ||
    fail "find: the resumed set differs from an uninterrupted run's"
echo "kill-test find: $kills kills, the state always whole, the resumed set is the uninterrupted run's ($(entries "$out") entries); $(leftovers) temporary files left by kills"
find "$work" -name '.*.tmp*' -delete

# perft run: two shards of perft(depth) split at ply 2 (400 units), killed in turn.
units="$work/units.jsonl"
"$sliders" perft split "$depth" --at 2 --out "$units" 2>/dev/null
for i in $(seq "$kills"); do
    shard=$((i % 2))
    kill_after "$(delay 1)" "$sliders" perft run "$units" --shard "$shard/2" --hash 16 \
        --out "$work/r$shard.jsonl"
done
for shard in 0 1; do
    "$sliders" perft run "$units" --shard "$shard/2" --hash 16 --out "$work/r$shard.jsonl" \
        2>/dev/null || fail "perft: shard $shard failed after the kills"
done
lines=$(cat "$work/r0.jsonl" "$work/r1.jsonl" | wc -l)
ids=$(cat "$work/r0.jsonl" "$work/r1.jsonl" | sed 's/.*"id":\([0-9]*\).*/\1/' | sort -u | wc -l)
[ "$lines" = 400 ] && [ "$ids" = 400 ] || fail "perft: $lines result lines for $ids units (expected 400 each: one per unit)"
total=$("$sliders" perft merge "$units" "$work/r0.jsonl" "$work/r1.jsonl")
[ "$total" = "Nodes searched: $known" ] || fail "perft: merge says '$total', not $known"
echo "kill-test perft($depth): $kills kills, 400 units counted once each, $total"
