#!/usr/bin/env bash
# The certificates of `sliders prove --exhaust --certificate`, checked by check.c (run by
# CI): the checker's own selftest; certificates of known "none" questions accepted,
# whole and in shards (run-shards.sh); a certificate with a magic in it, and corrupted
# ones, refused; and a short run of fuzz.c, mutated certificates under the sanitizers.
# Usage: test-certificates.sh SLIDERS (the sliders binary, built in release).
set -euo pipefail

sliders=${1:?usage: $0 SLIDERS}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
check=$work/check
gcc -O2 -Wall -Wextra -Werror -o "$check" "$here/check.c"
"$check" selftest

fail() {
    echo "test-certificates: $*" >&2
    exit 1
}

# Known "none" questions: the open bishops settled by SAT proofs (c1, d1; d1 black too),
# the status file's disproved 5-bit bishops with the smallest periods, bishop e1's black
# question (none by SAT and by the search), and rook b2's first cubes, fancy and black.
for question in "bishop d1 4 fancy" "bishop c1 4 fancy" "bishop d8 4 fancy" \
    "bishop e8 4 fancy" "bishop c8 4 fancy" "bishop d7 4 fancy" "bishop d1 4 black" \
    "bishop e1 4 black" "rook b2 9 fancy --shard 0/4000" "rook b2 9 black --shard 0/4000"; do
    read -r piece square bits scheme rest <<< "$question"
    # shellcheck disable=SC2086
    "$sliders" prove "$piece" "$square" --bits "$bits" --scheme "$scheme" --exhaust \
        --threads 2 $rest --certificate "$work/cert" > "$work/out"
    case $(tail -n 1 "$work/out") in
        none | "none in shard"*) ;;
        *) fail "$question: $(tail -n 1 "$work/out")" ;;
    esac
    "$check" "$work/cert" > "$work/ok" || fail "$question: the checker refused the certificate"
    word=$([ "$scheme" = black ] && echo " black" || true)
    grep -q "^ok $piece $square $bits$word depth " "$work/ok" || fail "$question: $(cat "$work/ok")"
    echo "test-certificates: $question: $(cat "$work/ok")"
done

# A black question in shards through the pipe, tiled by --cover.
"$here/run-shards.sh" "$sliders" "$check" bishop d1 4 3 "$work/black" 1 black 2> /dev/null |
    tee "$work/none"
grep -q "^none bishop d1 4 black" "$work/none" || fail "run-shards black: $(cat "$work/none")"

# Shards through the pipe, resumed, then tiled by --cover.
"$here/run-shards.sh" "$sliders" "$check" bishop c1 4 3 "$work/progress" 1 2> /dev/null |
    tee "$work/none"
grep -q "^none bishop c1 4" "$work/none" || fail "run-shards: $(cat "$work/none")"
[ "$(grep -Ec '^shard [0-2]/3 sha256 [0-9a-f]{64} bytes [0-9]+ seconds [0-9.]+ ok bishop c1 4 ' \
    "$work/progress")" = 3 ] || fail "run-shards: $(cat "$work/progress")"
sed -i 2d "$work/progress"
"$here/run-shards.sh" "$sliders" "$check" bishop c1 4 3 "$work/progress" 1 2> /dev/null > /dev/null
[ "$(wc -l < "$work/progress")" = 3 ] || fail "run-shards did not add back the shard it lacked"
sed 's/^.* ok /ok /' "$work/progress" > "$work/oklines" # three shards that tile, for fuzz.c
sed -i 1d "$work/progress"
if "$check" --cover <(sed 's/^.* ok /ok /' "$work/progress") > /dev/null 2>&1; then
    fail "--cover accepted two shards of three"
fi

# A question with a magic: the search stops at it, and its certificate is refused.
for scheme in fancy black; do
    "$sliders" prove bishop b1 --bits 4 --scheme $scheme --exhaust --threads 1 \
        --certificate "$work/cert" > "$work/out"
    grep -q '^found 0x' "$work/out" || fail "bishop b1 4 $scheme: $(tail -n 1 "$work/out")"
    if "$check" "$work/cert" > /dev/null 2>&1; then
        fail "the checker accepted the certificate of a $scheme question with a magic"
    fi
done

# Corruptions of a good certificate, each refused.
"$sliders" prove bishop d1 --bits 4 --exhaust --threads 1 --certificate "$work/good" > /dev/null
python3 - "$work/good" "$work" << 'EOF'
import sys
good, work = open(sys.argv[1], "rb").read(), sys.argv[2]
header_end = good.index(b"\n") + 1
header = good[:header_end].decode()
first_refute = good.index(b"\x01", header_end)  # the first node cut: REFUTE, r, witnesses
assert good[first_refute + 1] >= 1
w0 = good[first_refute + 2 : first_refute + 4]
cases = {
    "truncated": good[:-1],
    "trailing": good + b"\x00",
    "total": header.replace(" of ", " of 1").encode() + good[header_end:],
    "witness-same-occupancy": good[: first_refute + 4] + w0 + good[first_refute + 6 :],
    "r-too-big": good[: first_refute + 1] + bytes([good[first_refute + 1] + 1]) + good[first_refute + 2 :],
    "unknown-tag": good[:first_refute] + b"\x07" + good[first_refute + 1 :],
    "split-for-refute": good[:first_refute] + b"\x00" + good[first_refute + 1 :],
}
for name, data in cases.items():
    open(f"{work}/bad-{name}", "wb").write(data)
EOF
for bad in "$work"/bad-*; do
    if "$check" "$bad" > /dev/null 2> "$work/err"; then
        fail "the checker accepted ${bad##*/}"
    fi
    echo "test-certificates: ${bad##*/} refused: $(cat "$work/err")"
done
# fuzz.c: mutations of valid certificates (a whole one, a fancy shard, a black shard) read
# in process under AddressSanitizer and UBSan; a short run with a fixed seed (docs/robustness.md,
# "Fuzzing"). It fails on a sanitizer error, unbounded work, a verdict that differs
# between memory and file reading, or an accepted mutation with another claim.
"$sliders" prove bishop d1 --bits 4 --exhaust --threads 1 --shard 7/300 \
    --certificate "$work/fuzz-fancy-shard" > /dev/null
"$sliders" prove bishop d1 --bits 4 --scheme black --exhaust --threads 1 --shard 2/500 \
    --certificate "$work/fuzz-black-shard" > /dev/null
gcc -O1 -g -Wall -Wextra -Werror -fsanitize=address,undefined -fno-sanitize-recover=all \
    -o "$work/fuzz" "$here/fuzz.c"
(cd "$work" && ./fuzz -s 9 3000 1 good fuzz-fancy-shard fuzz-black-shard) > "$work/fuzz.out" 2>&1 ||
    fail "fuzz: $(cat "$work/fuzz.out")"
echo "test-certificates: $(cat "$work/fuzz.out")"
(cd "$work" && ./fuzz --cover -s 3 30000 1 oklines) > "$work/fuzz.out" 2>&1 ||
    fail "fuzz --cover: $(cat "$work/fuzz.out")"
echo "test-certificates: $(cat "$work/fuzz.out")"
echo "test-certificates: all passed"
