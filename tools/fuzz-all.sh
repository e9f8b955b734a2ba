#!/usr/bin/env bash
# Runs every cargo-fuzz target in fuzz/ for SECONDS each, one at a time, and prints one
# line per target: `fuzz <target>: <executions> executions in <s> s, <findings>
# findings`. Exit status 1 when any target finds a crash (its input is left in
# fuzz/artifacts/<target>/). New corpus entries go to a temporary directory, so the
# committed seeds in fuzz/corpus/<target>/ stay as they are.
#
#   tools/fuzz-all.sh [SECONDS] [TARGET...]     (default: 30 s, every target)
#
# FUZZ_JOBS targets run at once (default 1; each libFuzzer process uses one core, so CI
# runs two on its two cores). The lines are printed in the targets' order either way.
# FUZZ_BUILD_FLAGS are passed to `cargo fuzz build` and `run` (e.g. `--dev -s none`, an
# unoptimised build without AddressSanitizer whose debug assertions catch integer
# overflow; it compiled slower here than the default, cargo-fuzz's optimised build with
# AddressSanitizer, which CI uses).
# Works on a stable toolchain: cargo-fuzz needs nightly flags, which RUSTC_BOOTSTRAP=1
# allows (no nightly is downloaded). Needs `cargo fuzz` (cargo install cargo-fuzz).
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=($(sed -n 's/^name = "\(.*\)"$/\1/p' fuzz/Cargo.toml | grep -v '^sliders-fuzz$'))
fi
if ! [[ $seconds =~ ^[1-9][0-9]{0,6}$ ]]; then
    echo "SECONDS must be a whole number of seconds from 1 to 9999999, not '$seconds'" >&2
    exit 2
fi
jobs=${FUZZ_JOBS:-1}
if ! [[ $jobs =~ ^[1-9][0-9]{0,2}$ ]]; then
    echo "FUZZ_JOBS must be a whole number from 1 to 999, not '$jobs'" >&2
    exit 2
fi
export RUSTC_BOOTSTRAP=1
read -r -a flags <<<"${FUZZ_BUILD_FLAGS:-}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# One build of every target first, so the timed runs time fuzzing only.
cargo fuzz build "${flags[@]}" --fuzz-dir fuzz >"$work/build.log" 2>&1 || {
    cat "$work/build.log" >&2
    exit 1
}
fuzz_one() { # target: its log in $work/<target>.log, its exit status in .status
    local target=$1 status=0
    mkdir -p "$work/$target"
    # -rss_limit_mb: the default 2 GB is kept; -timeout: a single input slower than
    # 10 s is a finding too (a hang).
    cargo fuzz run "${flags[@]}" --fuzz-dir fuzz "$target" "$work/$target" "fuzz/corpus/$target" -- \
        -max_total_time="$seconds" -timeout=10 -print_final_stats=1 >"$work/$target.log" 2>&1 || status=$?
    echo "$status" >"$work/$target.status"
}
running=0
for target in "${targets[@]}"; do
    fuzz_one "$target" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then
        wait -n
        running=$((running - 1))
    fi
done
wait
failed=0
for target in "${targets[@]}"; do
    log="$work/$target.log"
    status=$(cat "$work/$target.status" 2>/dev/null || echo "?")
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    findings=$(ls "fuzz/artifacts/$target" 2>/dev/null | wc -l)
    echo "fuzz $target: ${runs:-?} executions in ${took:-?} s, exit $status, $findings findings in fuzz/artifacts/$target"
    if [ "$status" != 0 ]; then
        failed=1
        grep -E "panicked|ERROR|SUMMARY" "$log" | head -5 >&2
    fi
done
exit $failed
