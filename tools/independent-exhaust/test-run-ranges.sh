#!/usr/bin/env bash
# Tests run-ranges.sh on bishop d8 (period 26: each of its 256 ranges takes milliseconds):
# the ranges together answer as the whole search does, a second run adds nothing, a run
# after lines were lost runs exactly those ranges again, and another question's file or a
# bad argument is refused with exit 2; the black 5-bit question (--black) the same way,
# its file refused by the fancy question and back; and a random sample of cubes (--sample). About 15 s in CI. Exit 0 when all hold.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run="$here/run-ranges.sh"
fail() {
    echo "test-run-ranges: $*" >&2
    exit 1
}
ranges() { grep -c '^[0-9]' "$1"; }

# The 4-bit question (disproved): 256 ranges, each none, each once.
"$run" bishop d8 4 "$work/d8-4.txt" 2 >/dev/null
[ "$(ranges "$work/d8-4.txt")" = 256 ] || fail "d8 4: $(ranges "$work/d8-4.txt") ranges, not 256"
[ "$(awk '/^[0-9]/ && $4 == "none"' "$work/d8-4.txt" | wc -l)" = 256 ] || fail "d8 4: a range is not none"
[ "$(awk '/^[0-9]/ {print $1}' "$work/d8-4.txt" | sort -u | wc -l)" = 256 ] || fail "d8 4: a range twice"

# Run again: nothing to do, nothing added.
out=$("$run" bishop d8 4 "$work/d8-4.txt")
[ "$out" = "every range is in $work/d8-4.txt" ] || fail "second run said: $out"
[ "$(ranges "$work/d8-4.txt")" = 256 ] || fail "the second run added lines"

# Lines lost (a run stopped early): exactly those ranges run again.
grep -v '^\(8192\|65536\|1044480\) ' "$work/d8-4.txt" >"$work/cut.txt"
out=$("$run" bishop d8 4 "$work/cut.txt" 1)
[ "${out%%$'\n'*}" = "3 of 256 ranges to run, 1 at a time" ] || fail "resume said: $out"
[ "$(ranges "$work/cut.txt")" = 256 ] || fail "the resumed file has $(ranges "$work/cut.txt") ranges"

# The 5-bit question (published): the smallest magic of all ranges is the whole search's.
"$run" bishop d8 5 "$work/d8-5.txt" 2 >/dev/null
gcc -O2 -o "$work/exhaust" "$here/exhaust.c"
whole=$("$work/exhaust" bishop d8 5 | tail -1)
first=$(awk '/^[0-9]/ && $4 ~ /^found_/ {print $1, $4}' "$work/d8-5.txt" | sort -n | sed -n 1p | cut -d' ' -f2)
[ "${first//_/ }" = "$whole" ] || fail "d8 5: the ranges' first magic $first, the whole search's $whole"

# The black 5-bit question: the smallest magic of all ranges is the whole black search's,
# which is not the fancy one (so a --black lost on the way would show); the file says black.
"$run" bishop d8 5 --black "$work/d8-5b.txt" 2 >/dev/null
[ "$(ranges "$work/d8-5b.txt")" = 256 ] || fail "d8 5 black: $(ranges "$work/d8-5b.txt") ranges, not 256"
grep -q '^# Bishop d8, 5 index bits, black: ' "$work/d8-5b.txt" || fail "d8 5 black: the header does not say black"
grep -q -- '`exhaust bishop d8 5 --black --cube-bits 20 --cubes A B`' "$work/d8-5b.txt" ||
    fail "d8 5 black: the header does not name the black question"
whole_black=$("$work/exhaust" bishop d8 5 --black | tail -1)
first=$(awk '/^[0-9]/ && $4 ~ /^found_/ {print $1, $4}' "$work/d8-5b.txt" | sort -n | sed -n 1p | cut -d' ' -f2)
[ "${first//_/ }" = "$whole_black" ] || fail "d8 5 black: the ranges' first magic $first, the whole search's $whole_black"
[ "$whole_black" != "$whole" ] || fail "d8 5: the black answer is the fancy one ($whole), the test shows nothing"

# A sample (--sample N:SEED): N single cubes, the ones Python draws, each none once; a
# second run adds nothing; the whole run and another seed refuse its file.
"$run" bishop d8 4 --sample 40:7 "$work/d8-4s.txt" 2 >/dev/null
want=$(python3 -c 'import random; print(*sorted(random.Random(7).sample(range(1 << 20), 40)))')
got=$(awk '/^[0-9]/ {print $1}' "$work/d8-4s.txt" | sort -n | tr '\n' ' ')
[ "$got" = "$want " ] || fail "sample 40:7: cubes $got, not $want"
[ "$(awk '/^[0-9]/ && $2 == $1 + 1 && $4 == "none"' "$work/d8-4s.txt" | wc -l)" = 40 ] ||
    fail "sample 40:7: a line is not one cube answered none"
out=$("$run" bishop d8 4 --sample 40:7 "$work/d8-4s.txt")
[ "$out" = "every range is in $work/d8-4s.txt" ] || fail "sample, second run said: $out"
set +e
"$run" bishop d8 4 "$work/d8-4s.txt" 2>/dev/null
[ $? = 2 ] || fail "the whole run did not refuse a sample's file with exit 2"
"$run" bishop d8 4 --sample 40:8 "$work/d8-4s.txt" 2>/dev/null
[ $? = 2 ] || fail "another sample did not refuse a sample's file with exit 2"
"$run" bishop d8 4 --sample 40 "$work/x.txt" 2>/dev/null
[ $? = 2 ] || fail "--sample without a seed was not refused with exit 2"
set -e

# Refusals: another question's file, bad arguments.
set +e
"$run" bishop d7 4 "$work/d8-4.txt" 2>/dev/null
[ $? = 2 ] || fail "another question's file was not refused with exit 2"
"$run" bishop d8 5 "$work/d8-5b.txt" 2>/dev/null
[ $? = 2 ] || fail "the black question's file was not refused by the fancy question with exit 2"
"$run" bishop d8 5 --black "$work/d8-5.txt" 2>/dev/null
[ $? = 2 ] || fail "the fancy question's file was not refused by the black question with exit 2"
"$run" queen d8 4 "$work/q.txt" 2>/dev/null
[ $? = 2 ] || fail "a bad piece was not refused with exit 2"
"$run" bishop d8 4 "$work/j.txt" 0 2>/dev/null
[ $? = 2 ] || fail "JOBS 0 was not refused with exit 2"
set -e
[ ! -e "$work/q.txt" ] && [ ! -e "$work/j.txt" ] || fail "a refused run wrote a file"
echo "test-run-ranges: ok"
