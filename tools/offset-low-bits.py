#!/usr/bin/env python3
"""How much a fixed-shift set's magics owe to their low 16 bits (issue 14's argument
about offset-in-magic tables).

offset-in-magic stores each square's table offset in the low 16 bits of its magic, so
those bits are no longer free. This takes a fixed-shift set (docs/magic-search.md uses the record,
tests/data/magics/fixed_shift_magics_88772_annuss.csv),
replaces each magic's low 16 bits by `--draws` random values below `--limit` (where the
offset must lie for the table to stay under a given size), and reports how many of the
resulting magics are still valid (no two attack sets at one index) and how many entries
the valid ones use, against the original. It also prints the used entries of any
offset-in-magic or fixed-shift set given with `--used`, by piece.

Plain Python on tools/verify-magic-set.py's masks and ray walk; shares no code with
the crates.
"""
import argparse
import importlib.util
import os
import random

# The masks, ray walk and CSV reading of the independent verifier beside this file.
_spec = importlib.util.spec_from_file_location(
    "verify_magic_set", os.path.join(os.path.dirname(__file__), "verify-magic-set.py"))
vms = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(vms)

MASK64 = vms.FULL


def used_entries(magic, shift, pairs):
    """Distinct indices used, or None when two attack sets meet at one index."""
    seen = {}
    for occ, att in pairs:
        index = ((occ * magic) & MASK64) >> shift
        if seen.setdefault(index, att) != att:
            return None
    return len(seen)


def pairs_of(piece, square):
    dirs = vms.ROOK_DIRS if piece == "rook" else vms.BISHOP_DIRS
    return [(occ, vms.ray_walk(square, dirs, occ))
            for occ in vms.subsets(vms.relevant_mask(square, dirs))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", help="a fixed-shift set (CSV)")
    ap.add_argument("--draws", type=int, default=64)
    ap.add_argument("--limit", type=int, default=26912,
                    help="low-16 values are drawn below this (26,912 units of 4 entries "
                         "= 107,648, fancy's table)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--used", action="store_true",
                    help="only print the set's used entries by piece")
    args = ap.parse_args()
    if not 1 <= args.limit <= 0x10000:
        ap.error("--limit must be 1 to 65536: the values replace 16 bits")
    rng = random.Random(args.seed)
    total_used = {"rook": 0, "bishop": 0}
    valid = draws = 0
    none_valid = {"rook": 0, "bishop": 0}
    orig_of_valid = best_of_valid = 0
    rows, _ = vms.read_rows(args.file)
    for _, piece, square, magic, shift, _ in rows:
        pairs = pairs_of(piece, square)
        original = used_entries(magic, shift, pairs)
        if original is None:
            raise SystemExit(f"{piece} {square}: the magic is not valid")
        total_used[piece] += original
        if args.used:
            continue
        best = None
        for _ in range(args.draws):
            low = rng.randrange(args.limit)
            u = used_entries((magic & ~0xFFFF) | low, shift, pairs)
            draws += 1
            if u is not None:
                valid += 1
                best = u if best is None else min(best, u)
        if best is None:
            none_valid[piece] += 1
        else:
            orig_of_valid += original
            best_of_valid += best
    print(f"used entries: rook {total_used['rook']}, bishop {total_used['bishop']}, "
          f"total {sum(total_used.values())}")
    if args.used:
        return
    print(f"low 16 bits replaced by {args.draws} draws below {args.limit}: "
          f"{valid} of {draws} magics valid")
    print(f"squares with no valid draw: rook {none_valid['rook']} of 64, "
          f"bishop {none_valid['bishop']} of 64")
    print(f"squares with a valid draw: {128 - sum(none_valid.values())}, using "
          f"{orig_of_valid} entries with their own magics, {best_of_valid} at best with a draw")


if __name__ == "__main__":
    main()
