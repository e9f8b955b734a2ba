#!/usr/bin/env bash
# Runs every cargo-fuzz target in fuzz/ for SECONDS each, one at a time, and prints one
# line per target: `fuzz <target>: <executions> executions in <s> s, <findings>
# findings`. Exit status 1 when any target finds a crash (its input is left in
# fuzz/artifacts/<target>/). New corpus entries go to a temporary directory, so the
# committed seeds in fuzz/corpus/<target>/ stay as they are.
#
#   tools/fuzz-all.sh [SECONDS] [TARGET...]     (default: 30 s, every target)
#
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
export RUSTC_BOOTSTRAP=1
read -r -a flags <<<"${FUZZ_BUILD_FLAGS:-}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# One build of every target first, so the timed runs time fuzzing only.
cargo fuzz build "${flags[@]}" --fuzz-dir fuzz >"$work/build.log" 2>&1 || {
    cat "$work/build.log" >&2
    exit 1
}
failed=0
for target in "${targets[@]}"; do
    mkdir -p "$work/$target"
    log="$work/$target.log"
    status=0
    # -rss_limit_mb: the default 2 GB is kept; -timeout: a single input slower than
    # 10 s is a finding too (a hang).
    cargo fuzz run "${flags[@]}" --fuzz-dir fuzz "$target" "$work/$target" "fuzz/corpus/$target" -- \
        -max_total_time="$seconds" -timeout=10 -print_final_stats=1 >"$log" 2>&1 || status=$?
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
