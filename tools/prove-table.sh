#!/usr/bin/env bash
# Runs `sliders prove` on the squares given as `piece square bits scheme` lines on stdin
# and appends one CSV row per run to the file named by $OUT (tests/data/own/
# n_minus_1_results.csv's columns). ENCODING (slots|pairwise) and TIME (seconds per
# solver run) are passed on; SLIDERS names the binary (default target/release/sliders).
# Example: echo "bishop d1 4 fancy" | OUT=results.csv tools/prove-table.sh
set -uo pipefail
sliders=${SLIDERS:-target/release/sliders}
encoding=${ENCODING:-slots}
time_limit=${TIME:-600}
out=${OUT:?set OUT to the CSV file to append to}
[ -s "$out" ] || echo "piece,square,scheme,bits,encoding,answer,magic,variables,clauses,solver_seconds,proof_bytes,check_seconds,solver,checked_by" >"$out"
while read -r piece square bits scheme; do
    [ -z "$piece" ] && continue
    text=$("$sliders" prove "$piece" "$square" --bits "$bits" --scheme "$scheme" \
        --encoding "$encoding" --time "$time_limit" 2>&1)
    status=$?
    vars=$(sed -n 's/^formula: \([0-9]*\) variables, \([0-9]*\) clauses.*/\1/p' <<<"$text")
    clauses=$(sed -n 's/^formula: \([0-9]*\) variables, \([0-9]*\) clauses.*/\2/p' <<<"$text")
    seconds=$(sed -n 's/^solver: .* in \([0-9.]*\) s$/\1/p' <<<"$text")
    last=$(tail -n 1 <<<"$text")
    magic="" proof="" check="" checked_by=""
    case "$last" in
        "found 0x"*) answer=found magic=${last#found }; checked_by="verify_square" ;;
        none)
            answer=none
            proof=$(sed -n 's/^proof: .*, \([0-9]*\) bytes, .*/\1/p' <<<"$text")
            check=$(sed -n 's/.*checked by .* in \([0-9.]*\) s .*/\1/p' <<<"$text")
            checked_by="sliders DRAT checker" ;;
        *) answer="unknown (exit $status)" ;;
    esac
    echo "$piece,$square,$scheme,$bits,$encoding,$answer,$magic,$vars,$clauses,$seconds,$proof,$check,CaDiCaL 1.5.3,$checked_by" | tee -a "$out"
done
