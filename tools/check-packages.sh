#!/usr/bin/env bash
# The four publishable crates package, and build from their packages: each .crate file
# is unpacked into a scratch workspace whose members are the unpacked crates (each
# other's dependencies through [patch.crates-io], as crates.io would give them), and
# that workspace is checked with the repository's lock file and target directory.
#
# Why not `cargo package`'s own verification: it builds every dependency anew in a
# target directory of its own (a shared one would take a registry crate of the same
# version as unchanged: seen here, a new function "missing" from sliders-movegen 0.1.0),
# two minutes of a CI run. Path dependencies are fingerprinted by their files, so the
# unpacked crates are always compiled afresh, while clap, rayon and serde are the ones
# the workspace's own check already built.
#
#   tools/check-packages.sh        (from anywhere; exit 1 when a package does not build)
set -euo pipefail
cd "$(dirname "$0")/.."
crates=(sliders-core sliders-movegen sliders-search sliders-cli)
cargo package --no-verify --allow-dirty --quiet $(printf -- '-p %s ' "${crates[@]}")
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
{
    echo '[workspace]'
    echo 'resolver = "2"'
    printf 'members = ['
    printf '"%s", ' "${crates[@]}"
    echo ']'
    echo '[patch.crates-io]'
    for crate in "${crates[@]}"; do
        tar -xzf "target/package/$crate-$version.crate" -C "$scratch"
        mv "$scratch/$crate-$version" "$scratch/$crate"
        echo "$crate = { path = \"$crate\" }"
    done
} >"$scratch/Cargo.toml"
cp Cargo.lock "$scratch/"
# Nothing of the repository is reachable from the scratch workspace but the packages.
cargo check --quiet --manifest-path "$scratch/Cargo.toml" --workspace \
    --target-dir "$PWD/target"
echo "packages: ${crates[*]} $version build from their .crate files"
