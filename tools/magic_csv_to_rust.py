#!/usr/bin/env python3
"""Prints a magic CSV (tests/data/magics format) as the Rust `MagicData` arrays the core
crate's scheme modules hold. Usage: magic_csv_to_rust.py FILE.csv [--bishop-base N]
--bishop-base adds N to every bishop offset (fancy CSVs number rook and bishop tables
separately; our schemes keep both in one table)."""
import csv, sys

path = sys.argv[1]
base = int(sys.argv[sys.argv.index("--bishop-base") + 1]) if "--bishop-base" in sys.argv else 0
rows = {"rook": [], "bishop": []}
with open(path) as f:
    # Our own sets start with `# scheme:` and provenance comments.
    for r in csv.DictReader(line for line in f if not line.startswith("#")):
        rows[r["piece"]].append(r)
for piece, name in (("rook", "ROOK"), ("bishop", "BISHOP")):
    rs = sorted(rows[piece], key=lambda r: int(r["square_index"]))
    assert [int(r["square_index"]) for r in rs] == list(range(64)), piece
    print("#[rustfmt::skip]")
    print(f"const {name}: MagicData = [")
    for r in rs:
        off = int(r["offset"]) + (base if piece == "bishop" else 0)
        print(f"    (0x{int(r['magic_hex'], 16):016x}, {r['shift']}, {off}), // {r['square']}")
    print("];")
