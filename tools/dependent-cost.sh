#!/usr/bin/env bash
# What depending on our crates costs a new user, next to the peers: builds throwaway
# binary crates, each in a fresh target directory, and prints clean `cargo check`, clean
# `cargo build --release` and the release binary's size.
#
#   tools/dependent-cost.sh            # every row below
#   tools/dependent-cost.sh OTHER_REPO # the same for another checkout (an older commit, say)
#
# Rows: the core (one rook lookup) with default features and with all-schemes, next to
# cozy-chess doing the same; then the board crate (a program printing perft(5) of the
# start position) next to cozy-chess 0.3.4 (generate_moves + play_unchecked) and
# shakmaty 0.30.1 (its perft), and the board crate with its counting engine (the
# `perft-engine` feature, off by default: what only perft users pay). Needs the Rust toolchain and crates.io. Timings are wall
# clock on a machine that may be shared: compare the rows of one run.
set -euo pipefail
repo=$(cd "${1:-$(dirname "$0")/..}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The core's package: sliders-core since it was renamed (crates.io's `sliders` is another
# crate); older checkouts call it sliders.
if [ -d "$repo/crates/sliders-core" ]; then
    core_pkg=sliders-core core_dir="$repo/crates/sliders-core"
else
    core_pkg=sliders core_dir="$repo/crates/sliders"
fi
core_lib=${core_pkg//-/_}

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

core_main="fn main() {
    let occupied = $core_lib::Bitboard(std::env::args().count() as u64);
    println!(\"{:?}\", $core_lib::rook_attacks($core_lib::Square::E4, occupied));
}"
cozy_main='fn main() {
    let occupied = cozy_chess::BitBoard(std::env::args().count() as u64);
    println!("{:?}", cozy_chess::get_rook_moves(cozy_chess::Square::E4, occupied));
}'
board_main='fn main() {
    let board = sliders_movegen::Board::startpos();
    println!("{}", sliders_movegen::perft(&board, 5));
}'
cozy_board_main='fn perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            if depth == 1 {
                nodes += 1;
            } else {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += perft(&child, depth - 1);
            }
        }
        false
    });
    nodes
}
fn main() {
    println!("{}", perft(&cozy_chess::Board::default(), 5));
}'
shakmaty_main='fn main() {
    println!("{}", shakmaty::perft(&shakmaty::Chess::default(), 5));
}'
make_crate dep-core "$core_pkg = { path = \"$core_dir\" }" "$core_main"
make_crate dep-core-all "$core_pkg = { path = \"$core_dir\", features = [\"all-schemes\"] }" "$core_main"
make_crate dep-cozy 'cozy-chess = "=0.3.4"' "$cozy_main"
make_crate dep-board "sliders-movegen = { path = \"$repo/crates/sliders-movegen\" }" "$board_main"
make_crate dep-board-engine "sliders-movegen = { path = \"$repo/crates/sliders-movegen\", features = [\"perft-engine\"] }" "$board_main"
make_crate dep-cozy-board 'cozy-chess = "=0.3.4"' "$cozy_board_main"
make_crate dep-shakmaty-board 'shakmaty = "=0.30.1"' "$shakmaty_main"

# Fetch first, so no row pays for the download.
for c in dep-cozy dep-shakmaty-board; do
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
rows=("dep-core:$core_pkg, one lookup (default features)")
# A checkout from before the per-scheme features has no `all-schemes`.
if grep -q '^all-schemes' "$core_dir/Cargo.toml"; then
    rows+=("dep-core-all:$core_pkg, one lookup (all-schemes)")
fi
rows+=("dep-cozy:cozy-chess 0.3.4, one lookup"
    "dep-board:sliders-movegen, perft(5) (default features)")
# A checkout from before the counting engine has no `perft-engine`.
if grep -q '^perft-engine' "$repo/crates/sliders-movegen/Cargo.toml"; then
    rows+=("dep-board-engine:sliders-movegen with perft-engine, perft(5)")
fi
rows+=("dep-cozy-board:cozy-chess 0.3.4, perft(5)"
    "dep-shakmaty-board:shakmaty 0.30.1, perft(5)")
for row in "${rows[@]}"; do
    c=${row%%:*}
    label=${row#*:}
    dir="$work/$c"
    check=$(cd "$dir" && seconds cargo check --target-dir "$work/t-$c-check")
    release=$(cd "$dir" && seconds cargo build --release --target-dir "$work/t-$c-release")
    bin="$work/t-$c-release/release/$c"
    if [ ! -x "$bin" ]; then
        echo "$label: the release build failed" >&2
        exit 1
    fi
    mib=$(awk -v b="$(stat -c %s "$bin")" 'BEGIN { printf "%.2f", b / 1048576 }')
    printf '| %s | %s | %s | %s |\n' "$label" "$check" "$release" "$mib"
done
