#!/usr/bin/env bash
# Runs the independent search on one question as 256 ranges of 4,096 cubes of 20 bits,
# JOBS at a time, and keeps the answers in FILE: one line `start end nodes answer
# seconds` per range, appended as each range ends. FILE is the run's state: run the
# same command again (on any machine) and it skips the ranges FILE already holds.
#
#   tools/independent-exhaust/run-ranges.sh <rook|bishop> <square> <bits> [--black] [--sample N:SEED] FILE [JOBS]
#
# --sample N:SEED searches N cubes of 20 bits drawn at random instead (each its own
# range A..A+1; Python's random.Random(SEED).sample(range(2**20), N), in increasing
# order): a check of a long run's "none" on a sample, where searching every cube again
# would cost the run again. A sample's FILE names N and SEED, so it is never mixed with
# a whole run's or another sample's.
#
# --black (anywhere among the arguments) asks the black question (`exhaust ... --black`);
# its FILE names `--black` in its question line, so a fancy run refuses it and back.
# Exit 0 when every range is in FILE, 1 when a range failed (named on stderr; FILE does
# not get a line for it), 2 on bad arguments.
set -euo pipefail

usage() {
    echo "usage: $0 <rook|bishop> <square> <bits> [--black] [--sample N:SEED] FILE [JOBS]" >&2
    exit 2
}
black="" sample="" rest=()
while [ $# -gt 0 ]; do
    case $1 in
    --black) black=--black ;;
    --sample)
        [ $# -ge 2 ] || usage
        sample=$2
        shift
        ;;
    *) rest+=("$1") ;;
    esac
    shift
done
set -- ${rest[@]+"${rest[@]}"}
[ $# -ge 4 ] && [ $# -le 5 ] || usage
piece=$1 square=$2 bits=$3 file=$4 jobs=${5:-2}
case $piece in rook | bishop) ;; *) echo "$0: piece \"$piece\" is not rook or bishop" >&2; exit 2 ;; esac
[[ $square =~ ^[a-h][1-8]$ ]] || { echo "$0: square \"$square\" is not a1 to h8" >&2; exit 2; }
[[ $bits =~ ^[0-9]+$ ]] || { echo "$0: bits \"$bits\" is not a whole number" >&2; exit 2; }
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "$0: JOBS \"$jobs\" is not a whole number from 1" >&2; exit 2; }
if [ -n "$sample" ]; then
    [[ $sample =~ ^([1-9][0-9]*):([0-9]+)$ ]] ||
        { echo "$0: --sample \"$sample\" is not N:SEED (whole numbers, N from 1)" >&2; exit 2; }
    [ "${BASH_REMATCH[1]}" -le 1048576 ] ||
        { echo "$0: --sample $sample asks for more than the 1048576 cubes of 20 bits" >&2; exit 2; }
fi

here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/exhaust" "$here/exhaust.c"

question="exhaust $piece $square $bits${black:+ $black} --cube-bits 20"
kind=fancy
[ -z "$black" ] || kind=black
# The ranges, one `A B` a line, and the header's words for them.
if [ -z "$sample" ]; then
    all=$(seq 0 255 | awk '{print 4096 * $1, 4096 * $1 + 4096}')
    which="for the 256 ranges A = 4096*i, B = A + 4096 (i = 0..255)"
else
    all=$(python3 -c 'import random, sys
n, seed = map(int, sys.argv[1].split(":"))
for a in sorted(random.Random(seed).sample(range(1 << 20), n)):
    print(a, a + 1)' "$sample")
    which="for the sample ${sample%%:*}:${sample##*:} (cubes A = random.Random(${sample##*:}).sample(range(2**20), ${sample%%:*}), B = A + 1)"
fi
total=$(echo "$all" | wc -l)
if [ ! -e "$file" ]; then
    model=$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)
    {
        echo "# ${piece^} $square, $bits index bits, $kind: the second exhaustive search, tools/independent-exhaust/exhaust.c"
        echo "# (gcc -O2), run by tools/independent-exhaust/run-ranges.sh as \`$question --cubes A B\`"
        echo "# $which, $jobs at a time; started $(date -u +%F)"
        echo "# on ${model:-an unknown CPU} ($(nproc) CPUs). Lines are in the order the ranges ended."
        echo "# start end nodes answer seconds (wall time of the range)"
    } >"$file"
elif ! grep -q -- "$question" "$file" || ! grep -q -F -- "# $which," "$file"; then
    echo "$0: $file is not the results of \`$question\` $which" >&2
    exit 2
fi

# The ranges FILE does not hold yet, in order.
todo=$(echo "$all" | while read -r a b; do
    grep -q "^$a " "$file" || echo "$a $b"
done)
[ -z "$todo" ] && { echo "every range is in $file"; exit 0; }
echo "$(echo "$todo" | wc -l) of $total ranges to run, $jobs at a time"

export work file piece square bits black
one_range() {
    local a=$1 b=$2 start out nodes answer
    start=$(date +%s)
    if ! out=$("$work/exhaust" "$piece" "$square" "$bits" $black --cube-bits 20 --cubes "$a" "$b"); then
        echo "range $a..$b failed: $out" >&2
        return 1
    fi
    nodes=$(echo "$out" | sed -n 's/^nodes //p')
    answer=$(echo "$out" | tail -1)
    if [[ ! $nodes =~ ^[0-9]+$ ]] || [[ ! $answer =~ ^(none|found\ 0x[0-9a-f]+)$ ]]; then
        echo "range $a..$b: unexpected output: $out" >&2
        return 1
    fi
    # One line per range, appended under a lock: the file stays whole if the run stops.
    flock "$file" sh -c 'echo "$1" >>"$2"' _ "$a $b $nodes ${answer// /_} $(($(date +%s) - start))" "$file"
}
export -f one_range
if ! echo "$todo" | xargs -P "$jobs" -L 1 bash -c 'one_range "$@"' _; then
    echo "$0: some ranges failed (above); run again to retry them" >&2
    exit 1
fi
echo "every range is in $file"
