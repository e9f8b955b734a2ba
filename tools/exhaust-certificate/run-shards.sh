#!/usr/bin/env bash
# Certifies a "none" (fancy, or black with SCHEME black) shard by shard: for each shard I of N, `sliders prove ...
# --exhaust --certificate` writes the certificate into a pipe, and the checker (check.c)
# reads it as it comes while sha256sum hashes it, so the tens of gigabytes of a rook's
# certificate are never stored. Each shard the checker accepts adds one line to
# PROGRESS (`shard I/N sha256 <hash> bytes <B> seconds <S> ok ...`); a shard already
# there is skipped, so an interrupted run resumes. When every shard is in,
# `check --cover` confirms the ranges tile all the cubes and prints `none ...`. A shard
# whose search finds a magic stops the run with exit 3 and the search's `found` line.
#
# Usage: run-shards.sh SLIDERS CHECK PIECE SQUARE BITS SHARDS PROGRESS [THREADS [SCHEME]]
# (SLIDERS: the sliders binary; CHECK: the compiled check.c; SCHEME: fancy, the default,
# or black.)
set -euo pipefail

if [ $# -lt 7 ] || [ $# -gt 9 ]; then
    echo "usage: $0 SLIDERS CHECK PIECE SQUARE BITS SHARDS PROGRESS [THREADS [SCHEME]]" >&2
    exit 2
fi
sliders=$1 check=$2 piece=$3 square=$4 bits=$5 shards=$6 progress=$7 threads=${8:-0} scheme=${9:-fancy}
case $scheme in fancy | black) ;; *) echo "$0: SCHEME must be fancy or black, not '$scheme'" >&2; exit 2 ;; esac
case $shards in '' | *[!0-9]* | 0) echo "$0: SHARDS must be a positive number, not '$shards'" >&2; exit 2 ;; esac
touch "$progress"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkfifo "$work/hash-in"

for ((i = 0; i < shards; i++)); do
    if grep -q "^shard $i/$shards sha256 " "$progress"; then
        continue
    fi
    # sliders writes the certificate on fd 3 into the pipe (its own lines to a file);
    # tee gives it to the checker and, through a fifo, to the hash.
    started=$(date +%s.%N)
    sha256sum < "$work/hash-in" > "$work/hash" &
    hasher=$!
    set +e
    "$sliders" prove "$piece" "$square" --bits "$bits" --scheme "$scheme" --exhaust --threads "$threads" \
        --shard "$i/$shards" --certificate /dev/fd/3 3>&1 > "$work/sliders.out" |
        tee "$work/hash-in" | "$check" - > "$work/ok"
    status=("${PIPESTATUS[@]}")
    set -e
    wait "$hasher"
    last=$(tail -n 1 "$work/sliders.out")
    # A magic found ends the certificate there, so the checker refuses it: the answer is
    # the search's, which verified it (exit 3: not a failure, but no "none" either).
    if [ "${status[0]}" = 0 ] && [ "${last#found }" != "$last" ]; then
        cat "$work/sliders.out" >&2
        echo "$0: shard $i/$shards: the search found a magic: $last" >&2
        exit 3
    fi
    # A checker that stops reading ends the search with a write error: name it first.
    if [ "${status[2]}" != 0 ] && [ "${status[0]}" = 0 ]; then
        echo "$0: shard $i/$shards: the checker refused the certificate" >&2
        exit 1
    fi
    if [ "${status[0]}" != 0 ] || [ "${status[1]}" != 0 ] || [ "${status[2]}" != 0 ]; then
        cat "$work/sliders.out" >&2
        echo "$0: shard $i/$shards: the search did not finish (exit ${status[0]}; tee ${status[1]}, checker ${status[2]}: see above)" >&2
        exit 1
    fi
    if [ "$last" != "none in shard $i/$shards" ]; then
        echo "$0: shard $i/$shards: the search answered '$last'" >&2
        exit 1
    fi
    bytes=$(sed -n 's/^certificate: .*, \([0-9]*\) bytes: .*/\1/p' "$work/sliders.out")
    seconds=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    echo "shard $i/$shards sha256 $(cut -d' ' -f1 "$work/hash") bytes $bytes seconds $seconds $(cat "$work/ok")" >> "$progress"
    echo "shard $i/$shards: $(cat "$work/ok")" >&2
done

# The checker's own lines, tiled (rook b2's lines, written before bytes and seconds
# were kept, lack those two fields).
sed 's/^.* ok /ok /' "$progress" > "$work/lines"
"$check" --cover "$work/lines"
