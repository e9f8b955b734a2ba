#!/usr/bin/env bash
# Tests `sliders perft --compare` against two real move generators:
#
# 1. Stockfish (Debian's `stockfish` package, installed when missing; needs root then),
#    through contrib/perftree/stockfish.sh: no difference at depth 3 on every tricky
#    position, every 10th standard position and every 5th Chess960 position of
#    tests/data/perft (the unreachable positions are left out: an engine may refuse
#    impossible positions);
# 2. a deliberately broken generator, sliders-movegen's `broken_perftree` example (no
#    under-promotions anywhere): `--compare` must walk down to the exact position and
#    name the missing moves, with exit status 1.
#
#   contrib/perftree/test-compare.sh     # builds the binary and the example first
#
# Prints `N passed, M failed`; exits non-zero when anything failed.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo"

if ! command -v stockfish >/dev/null && [ ! -x /usr/games/stockfish ]; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y stockfish
fi
# The workspace's features, as .ci/run and the README's test command build them.
cargo build --release --workspace --bins --examples
sliders=$repo/target/release/sliders
broken=$repo/target/release/examples/broken_perftree
stockfish=$repo/contrib/perftree/stockfish.sh

passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAILED: $*" >&2; }

# 1. Stockfish agrees with us on the suites' positions. Two positions at a time: each
# comparison runs one Stockfish at a time, so two of them use both cores (in CI this
# step took 84 s one at a time).
compare_one() { # "line<TAB>fen": prints `ok`, or `differs` with the difference on stderr
    local line=${1%%$'\t'*} fen=${1#*$'\t'} out
    if out=$("$sliders" perft --compare "$stockfish" 3 --fen "$fen" 2>&1); then
        echo ok
    else
        echo differs
        printf '%s line %s: %s\n%s\n' "$file" "$line" "$fen" "$out" >&2
    fi
}
export -f compare_one
export sliders stockfish
compare_suite() { # file, keep every Nth line
    local file=$1 every=$2 positions checked agreed
    export file
    # The FEN of every Nth line (what precedes its first `;`), but for comments and blanks.
    positions=$(awk -v every="$every" '(NR - 1) % every == 0 {
        fen = $0; sub(/;.*/, "", fen); sub(/[ \t\r]+$/, "", fen)
        if (fen != "" && substr(fen, 1, 1) != "#") print NR "\t" fen }' "$file")
    checked=$(grep -c . <<<"$positions" || true)
    agreed=$(xargs -d '\n' -P 2 -n 1 bash -c 'compare_one "$0"' <<<"$positions" | grep -cx ok || true)
    if [ "$agreed" -eq "$checked" ] && [ "$checked" -gt 0 ]; then
        pass
        echo "stockfish agrees on $checked positions of $(basename "$file") at depth 3"
    else
        fail "stockfish differs on $((checked - agreed)) of $checked positions of $(basename "$file")"
    fi
}
compare_suite tests/data/perft/tricky.epd 1
compare_suite tests/data/perft/standard.epd 10
compare_suite tests/data/perft/chess960.epd 5

# 2. The broken generator: the exact position and the missing moves.
expect() { # name, expected output, command...
    local name=$1 expected=$2 status=0 out
    shift 2
    out=$("$@" 2>/dev/null) || status=$?
    if [ $status -eq 1 ] && [ "$out" = "$expected" ]; then
        pass
        echo "broken generator: $name found"
    else
        fail "broken generator, $name: exit $status, output:
$out
expected:
$expected"
    fi
}
expect "an under-promotion three plies down" "count a6a7 ours 208 theirs 122
count e8d7 ours 47 theirs 28
path a6a7 e8d7
fen 8/P2k4/8/8/8/8/8/K7 w - - 1 2
missing a7a8b
missing a7a8n
missing a7a8r" \
    "$sliders" perft --compare "$broken" 4 --fen "4k3/8/P7/8/8/8/8/K7 w - - 0 1"
expect "under-promotions at the root" "path (the root)
fen 8/P7/8/8/8/8/7p/K6k w - - 0 1
missing a7a8b
missing a7a8n
missing a7a8r" \
    "$sliders" perft --compare "$broken" 2 --fen "8/P7/8/8/8/8/7p/K6k w - - 0 1"
# Where the generators agree (no promotion within reach), --compare says so: exit 0.
if out=$("$sliders" perft --compare "$broken" 4); then
    pass
    echo "broken generator agrees where no promotion is in reach: $out"
else
    fail "broken generator on the start position: $out"
fi

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
