#!/usr/bin/env bash
# Submits a sliders job array and its merge, the merge running only after every task of
# the array succeeded (--dependency=afterok).
#
#   submit.sh perft DIR DEPTH AT SHARDS [split options: --fen FEN --moves ...]
#   submit.sh find  DIR SHARDS FIND_ARGS...        (e.g. --scheme fancy --bits 11 --time 2h)
#   submit.sh prove DIR SHARDS PROVE_ARGS...       (e.g. bishop d6 --bits 6 --cubes 10,
#                                                   or rook f2 --bits 9 --exhaust)
#   submit.sh dense DIR SHARDS DENSE_ARGS...       (e.g. rook g1 --bits 10 --time 3600)
#
# DIR holds the units file, the results and the logs. Environment: SLIDERS (the binary,
# default `sliders` on PATH; give an absolute path the compute nodes can reach), HASH_MB
# and THREADS (perft), SBATCH_ARGS (more sbatch options for every job, such as
# "--partition=long --time=2-00:00:00"). Prints the job ids.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
sliders=${SLIDERS:-sliders}
usage() { sed -n '5,9p' "$0" | sed 's/^# *//' >&2; exit 2; }
[ $# -ge 1 ] || usage
mode=$1
shift
# shellcheck disable=SC2206 # SBATCH_ARGS is a list of options
extra=(${SBATCH_ARGS:-})

# Submits $1-array.sbatch as $shards tasks and $1-merge.sbatch after all of them
# succeeded, logging to $dir/logs; sets $array and $merge to their job ids.
submit_pair() {
    array=$(sbatch --parsable --export=ALL "${extra[@]}" --array="0-$((shards - 1))" \
        --output="$dir/logs/%x-%A_%a.out" "$here/$1-array.sbatch")
    merge=$(sbatch --parsable --export=ALL "${extra[@]}" --dependency="afterok:$array" \
        --output="$dir/logs/%x-%j.out" "$here/$1-merge.sbatch")
}

case $mode in
perft)
    [ $# -ge 4 ] || usage
    dir=$1 depth=$2 at=$3 shards=$4
    shift 4
    mkdir -p "$dir/results" "$dir/logs"
    dir=$(cd "$dir" && pwd)
    "$sliders" perft split "$depth" --at "$at" "$@" --out "$dir/units.jsonl"
    export SLIDERS=$sliders UNITS=$dir/units.jsonl RESULTS_DIR=$dir/results SHARDS=$shards
    submit_pair perft
    ;;
find | prove | dense)
    [ $# -ge 3 ] || usage
    dir=$1 shards=$2
    shift 2
    mkdir -p "$dir/results" "$dir/logs"
    dir=$(cd "$dir" && pwd)
    export SLIDERS=$sliders RESULTS_DIR=$dir/results SHARDS=$shards
    case $mode in
    find) export FIND_ARGS="$*" ;;
    prove) export PROVE_ARGS="$*" ;;
    dense) export DENSE_ARGS="$*" ;;
    esac
    submit_pair "$mode"
    ;;
*)
    usage
    ;;
esac
echo "array job $array, merge job $merge; results in $dir/results"
