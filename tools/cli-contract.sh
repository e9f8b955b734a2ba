#!/usr/bin/env bash
# The CLI's contract, run: every subcommand's help, the README's and docs/cli.md's
# examples, and the usual mistakes, each with its stdout, stderr and exit code written
# under OUT_DIR. Run it with two binaries and `diff -r` the two folders to show that a
# change kept every output byte and exit code (or to see exactly which ones it changed).
#
#   tools/cli-contract.sh BINARY OUT_DIR
#
# Commands whose stderr carries timings or rates keep their stdout and exit code only
# (marked `time` below); everything else keeps all three. Deterministic inputs only:
# fixed seeds, one thread where the order of work shows in the output.
set -uo pipefail
if [ $# != 2 ]; then
    echo "usage: tools/cli-contract.sh BINARY OUT_DIR" >&2
    exit 2
fi
bin=$(realpath "$1")
out=$(realpath -m "$2")
cd "$(dirname "$0")/.."
root=$PWD
rm -rf "$out"
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# clap's usage lines name the program as it was called: always `sliders`.
mkdir "$work/bin"
ln -s "$bin" "$work/bin/sliders"
bin="$work/bin/sliders"
# The tests' rule: nothing in the caller's environment changes what runs.
while IFS='=' read -r name _; do
    case "$name" in SLIDERS_* | SLURM_*) unset "$name" ;; esac
done < <(env)

n=0
# run KIND STDIN ARGS...: KIND is `all` or `time`; STDIN a string fed on standard input.
run() {
    local kind=$1 input=$2
    shift 2
    n=$((n + 1))
    local base
    base=$(printf '%s/%03d' "$out" "$n")
    printf '%s\n' "$*" >"$base.cmd"
    (cd "$work" && printf '%s' "$input" | "$bin" "$@" >"$base.out" 2>"$base.err")
    echo "exit $?" >>"$base.cmd"
    if [ "$kind" = time ]; then
        rm -f "$base.err"
    fi
    # Paths of the scratch folder would differ between runs, and so do times and rates.
    sed -i -E "s#$work#WORK#g; s#$root#ROOT#g; s/[0-9]+(\.[0-9]+)? (s|Mnps)\b/T \2/g;
        s/\"(seconds|mnps)\":[0-9.e-]+/\"\1\":T/g" "$base".* 2>/dev/null
}

kiwipete="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
set_black="$root/tests/data/magics/black_magics_87988_annuss_fiekas.csv"
set_fancy="$root/tests/data/own/fancy_best_89280.csv"
set_fixed="$root/tests/data/magics/fixed_shift_magics_88772_annuss.csv"

# Help and version.
run all "" --help
run all "" --version
for command in schemes attacks show bench perft analyze find verify pack refine export \
    merge-sets prove dense serve; do
    run all "" "$command" --help
done
for command in split run merge; do
    run all "" perft "$command" --help
done

# Attacks and show (README, cli.md).
run all "" schemes
run all "rook e4 0x0010000002000000
bishop c1 0x0000000000000000
queen d4 0xffffffffffffffff
" attacks
for scheme in auto fancy black pext kogge-stone hyperbola; do
    run all "rook a1 0x0000000000000100
" attacks --scheme "$scheme"
done
run all "" show 0x0010000002000000
run all "" show 0x0010000002000000 --square e4 --piece rook
for scheme in fancy black fixed-shift plain pext pext-pdep kogge-stone hyperbola byte-lookup shared offset-in-magic shift-in-magic fancy32 fancy-best; do
    run all "" show 0x0010000002000000 --square e4 --piece rook --scheme "$scheme" --explain
    run all "" show 0x0010000002000000 --square e4 --piece bishop --scheme "$scheme" --explain
done

# Perft (README, cli.md, docs/perft.md).
run all "" perft 4
run all "" perft 3 --fen "$kiwipete"
run all "" perft 3 --fen "$kiwipete" --json
run all "" perft 2 --moves e2e4 e7e5
run all "" perft 3 --stats
run all "" perft --perftree 3 "$kiwipete"
run all "" perft --perftree 2 "$kiwipete" "e1g1 a6e2"
run time "" perft --epd "$root/tests/data/perft/standard.epd" --max-nodes 100000
run time "" perft --epd "$root/tests/data/perft/tricky.epd" --max-nodes 20000
run all "" perft split 4 --at 1 --out units.jsonl
run all "" perft run units.jsonl --shard 0/1 --threads 1 --out results.jsonl
run all "" perft merge units.jsonl results.jsonl
run all "" perft merge units.jsonl results.jsonl --json

# Analyze.
run all "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
$kiwipete
7k/5Q2/6K1/8/8/8/8/8 b - - 0 1
" analyze

# Magic files: verify, pack, export, merge-sets (README, cli.md, docs/magic-search.md).
run all "" verify "$set_black"
run all "" verify "$set_fancy"
run all "" verify "$set_fixed" --scheme fixed-shift
run all "" pack "$set_black"
for format in rust csv json c cpp; do
    run all "" export "$set_black" --format "$format"
done
run all "" export "$set_fancy" --format c
run all "" merge-sets "$set_fancy" "$root/tests/data/magics/fancy_best_known_92864.csv"
run time "" find --scheme fancy --squares a1,h8 --seed 1 --threads 1
run time "" find --scheme black --squares b2 --seed 3 --threads 1
run time "" find --scheme fancy --piece bishop --squares c1 --bits 6 --seed tuned --threads 1

# The searches, small and seeded.
run time "" prove bishop a1 --bits 6 --exhaust --ascending --threads 1
run time "" prove bishop b2 --bits 5 --exhaust --low-first --threads 1
run time "" dense rook a1 --bits 12 --seed 1 --threads 1 --rounds 2

# The usual mistakes: each a clear message and its exit code.
run all "" perft 99
run all "" perft 3 --fen "not a fen"
run all "" perft -1
run all "rook z9 0x0
" attacks
run all "rook e4 0xnothex
" attacks
run all "" attacks --scheme nonesuch
run all "" show 0x10 --square e9 --piece rook
run all "" show 0x10 --square e4 --piece king
run all "" verify /nonexistent/set.csv
run all "" export "$set_black" --format pascal
run all "" find --scheme nonesuch
run all "" find --scheme fancy --time 3x
run all "" refine "$set_black"
run all "" prove rook z1 --bits 9 --exhaust
run all "" prove rook g2 --bits 99 --exhaust
run time "" dense rook a1 --bits 12 --time 60s --rounds 1 --seed 1 --threads 1
run all "" dense rook a1 --bits 12 --order sideways
run all "" perft merge /nonexistent/units.jsonl
run all "not a fen
" analyze
echo "$n commands run into $out"
