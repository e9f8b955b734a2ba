#!/usr/bin/env python3
"""An independent check of every magic tests/data/own/n_minus_1_results.csv calls found.

Each `found` row's magic is checked on its own square at its own bit count with the
masks, ray walk and index of tools/verify-magic-set.py (plain Python that shares no code
with the Rust finders): every relevant occupancy indexed as

    fancy: ((occ & mask) * magic) mod 2^64 >> (64 - bits)
    black: ((occ | ~mask) * magic) mod 2^64 >> (64 - bits)

and two occupancies in one entry must have the same attack set.

Usage: verify-found-magics.py [RESULTS]
Prints `<piece> <square> <bits> <scheme> <magic>: <used> of <2^bits> entries` per row;
exit 1 naming the first row whose magic collides, 2 on a malformed file.
"""

import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("verify_magic_set", os.path.join(HERE, "verify-magic-set.py"))
vms = importlib.util.module_from_spec(spec)
spec.loader.exec_module(vms)


def check(piece, square, bits, scheme, magic):
    """The entries `magic` uses, or None when two attack sets share one."""
    dirs = vms.ROOK_DIRS if piece == "rook" else vms.BISHOP_DIRS
    mask = vms.relevant_mask(square, dirs)
    table = {}
    for occ in vms.subsets(mask):
        key = (occ | (~mask & vms.FULL)) if scheme == "black" else occ
        index = ((key * magic) & vms.FULL) >> (64 - bits)
        if table.setdefault(index, vms.ray_walk(square, dirs, occ)) != vms.ray_walk(square, dirs, occ):
            return None
    return len(table)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "tests", "data", "own", "n_minus_1_results.csv")
    checked = 0
    with open(path) as f:
        header = f.readline().rstrip("\n").split(",")
        for number, line in enumerate(f, start=2):
            row = dict(zip(header, line.rstrip("\n").split(",")))
            if row.get("answer") != "found":
                continue
            try:
                piece, name, scheme = row["piece"], row["square"], row["scheme"]
                bits, magic = int(row["bits"]), int(row["magic"], 16)
                square = vms.FILES.index(name[0]) + 8 * (int(name[1]) - 1)
                if piece not in ("rook", "bishop") or scheme not in ("fancy", "black") or not 1 <= bits <= 12:
                    raise ValueError
            except (KeyError, ValueError, IndexError):
                print(f"{path}:{number}: malformed found row", file=sys.stderr)
                return 2
            used = check(piece, square, bits, scheme, magic)
            if used is None:
                print(f"{path}:{number}: {piece} {name} {bits} {scheme} {magic:#018x}: two attack sets share an entry",
                      file=sys.stderr)
                return 1
            print(f"{piece} {name} {bits} {scheme} {magic:#018x}: {used} of {1 << bits} entries")
            checked += 1
    print(f"{checked} found magics checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
