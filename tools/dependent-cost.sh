#!/usr/bin/env bash
# What depending on `sliders` costs a new user, next to cozy-chess: builds throwaway
# binary crates that call one rook lookup, each in a fresh target directory, and prints
# clean `cargo check`, clean `cargo build --release` and the release binary's size.
#
#   tools/dependent-cost.sh            # sliders (default features), sliders (all-schemes), cozy-chess 0.3.4
#   tools/dependent-cost.sh OTHER_REPO # the same for another checkout of sliders (an older commit, say)
#
# Needs the Rust toolchain and crates.io (for cozy-chess). Timings are wall clock on a
# machine that may be shared: compare the rows of one run.
set -euo pipefail
repo=$(cd "${1:-$(dirname "$0")/..}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

make_crate() { # name, dependency line, main body
    mkdir -p "$work/$1/src"
    cat > "$work/$1/Cargo.toml" <<TOML
[package]
name = "$1"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
$2

[workspace]
TOML
    printf '%s\n' "$3" > "$work/$1/src/main.rs"
}

sliders_main='fn main() {
    let occupied = sliders::Bitboard(std::env::args().count() as u64);
    println!("{:?}", sliders::rook_attacks(sliders::Square::E4, occupied));
}'
cozy_main='fn main() {
    let occupied = cozy_chess::BitBoard(std::env::args().count() as u64);
    println!("{:?}", cozy_chess::get_rook_moves(cozy_chess::Square::E4, occupied));
}'
make_crate dep-sliders "sliders = { path = \"$repo/crates/sliders\" }" "$sliders_main"
make_crate dep-sliders-all "sliders = { path = \"$repo/crates/sliders\", features = [\"all-schemes\"] }" "$sliders_main"
make_crate dep-cozy 'cozy-chess = "=0.3.4"' "$cozy_main"

# Fetch first, so no row pays for the download.
for c in dep-sliders dep-cozy; do
    (cd "$work/$c" && cargo fetch --quiet)
done

seconds() { # command...: wall seconds of one run
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s%N)
    awk -v ns=$((end - start)) 'BEGIN { printf "%.1f", ns / 1e9 }'
}

printf '| dependent | clean `cargo check` (s) | clean `cargo build --release` (s) | release binary (MiB) |\n'
printf '|---|---:|---:|---:|\n'
rows=("dep-sliders:sliders (default features)" "dep-cozy:cozy-chess 0.3.4")
# A checkout from before the per-scheme features has no `all-schemes`.
if grep -q '^all-schemes' "$repo/crates/sliders/Cargo.toml"; then
    rows=("${rows[0]}" "dep-sliders-all:sliders (all-schemes)" "${rows[1]}")
fi
for row in "${rows[@]}"; do
    c=${row%%:*}
    label=${row#*:}
    dir="$work/$c"
    check=$(cd "$dir" && seconds cargo check --target-dir "$work/t-$c-check")
    release=$(cd "$dir" && seconds cargo build --release --target-dir "$work/t-$c-release")
    bytes=$(stat -c %s "$work/t-$c-release/release/$c")
    mib=$(awk -v b="$bytes" 'BEGIN { printf "%.2f", b / 1048576 }')
    printf '| %s | %s | %s | %s |\n' "$label" "$check" "$release" "$mib"
done
