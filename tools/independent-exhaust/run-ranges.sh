#!/usr/bin/env bash
# Runs the independent search on one question as 256 ranges of 4,096 cubes of 20 bits,
# JOBS at a time, and keeps the answers in FILE: one line `start end nodes answer
# seconds` per range, appended as each range ends. FILE is the run's state: run the
# same command again (on any machine) and it skips the ranges FILE already holds.
#
#   tools/independent-exhaust/run-ranges.sh <rook|bishop> <square> <bits> [--black] FILE [JOBS]
#
# --black (anywhere among the arguments) asks the black question (`exhaust ... --black`);
# its FILE names `--black` in its question line, so a fancy run refuses it and back.
# Exit 0 when every range is in FILE, 1 when a range failed (named on stderr; FILE does
# not get a line for it), 2 on bad arguments.
set -euo pipefail

usage() {
    echo "usage: $0 <rook|bishop> <square> <bits> [--black] FILE [JOBS]" >&2
    exit 2
}
black="" rest=()
for arg in "$@"; do
    if [ "$arg" = --black ]; then black=--black; else rest+=("$arg"); fi
done
set -- ${rest[@]+"${rest[@]}"}
[ $# -ge 4 ] && [ $# -le 5 ] || usage
piece=$1 square=$2 bits=$3 file=$4 jobs=${5:-2}
case $piece in rook | bishop) ;; *) echo "$0: piece \"$piece\" is not rook or bishop" >&2; exit 2 ;; esac
[[ $square =~ ^[a-h][1-8]$ ]] || { echo "$0: square \"$square\" is not a1 to h8" >&2; exit 2; }
[[ $bits =~ ^[0-9]+$ ]] || { echo "$0: bits \"$bits\" is not a whole number" >&2; exit 2; }
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "$0: JOBS \"$jobs\" is not a whole number from 1" >&2; exit 2; }

here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/exhaust" "$here/exhaust.c"

question="exhaust $piece $square $bits${black:+ $black} --cube-bits 20"
kind=fancy
[ -z "$black" ] || kind=black
if [ ! -e "$file" ]; then
    model=$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)
    {
        echo "# ${piece^} $square, $bits index bits, $kind: the second exhaustive search, tools/independent-exhaust/exhaust.c"
        echo "# (gcc -O2), run by tools/independent-exhaust/run-ranges.sh as \`$question --cubes A B\`"
        echo "# for the 256 ranges A = 4096*i, B = A + 4096 (i = 0..255), $jobs at a time; started $(date -u +%F)"
        echo "# on ${model:-an unknown CPU} ($(nproc) CPUs). Lines are in the order the ranges ended."
        echo "# start end nodes answer seconds (wall time of the range)"
    } >"$file"
elif ! grep -q -- "$question" "$file"; then
    echo "$0: $file is not the results of \`$question\`" >&2
    exit 2
fi

# The ranges FILE does not hold yet, in order.
todo=$(seq 0 255 | while read -r i; do
    grep -q "^$((4096 * i)) " "$file" || echo "$i"
done)
[ -z "$todo" ] && { echo "every range is in $file"; exit 0; }
echo "$(echo "$todo" | wc -l) of 256 ranges to run, $jobs at a time"

export work file piece square bits black
one_range() {
    local a=$((4096 * $1)) b=$((4096 * $1 + 4096)) start out nodes answer
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
if ! echo "$todo" | xargs -P "$jobs" -I{} bash -c 'one_range {}'; then
    echo "$0: some ranges failed (above); run again to retry them" >&2
    exit 1
fi
echo "every range is in $file"
