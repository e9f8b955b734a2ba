#!/usr/bin/env python3
"""An independent check of a magic set (fixed-shift, black, offset-in-magic, fancy, no-offset).

It shares no code with the Rust finder, packer or verifier: masks, attacks and indices
are computed here from the definitions, in plain Python.

For every square of every piece, every subset of the square's relevant-occupancy mask
is indexed with the file's magic, shift and offset:

    fixed-shift: offset + (((occ & mask) * magic) mod 2^64 >> shift)
    black:       offset + (((occ | ~mask) * magic) mod 2^64 >> shift)
    offset-in-magic: ((magic & 0xFFFF) << N) + (((occ & mask) * magic) mod 2^64 >> shift),
                 N from the file's `# offset_shift: N` comment; the offset column must
                 equal that decoded offset
    fancy:       offset + (((occ & mask) * magic) mod 2^64 >> shift), with one table per
                 piece (rook and bishop offsets both start at 0) and a shift per square
    no-offset:   (((occ & mask | square) * magic) mod 2^64 >> shift): the slider's own
                 square in the key, one shift and one table per piece, every offset 0
                 (docs/research-wishing-dream.md); the file may hold one piece only

Two occupancies that reach the same entry (of the same square or of two squares) must
have the same attack set (a ray walk that stops at the first blocker). The table size
is the highest entry used + 1; for fancy, each piece's highest `offset + 2^bits` (its
last square's whole slice, used or not), rook and bishop added.

The shared-table schemes use one shift per piece (the file's `shift` column: 52 and 55
for 12- and 9-bit windows); such a file with two shifts for one piece is refused.

Usage: verify-magic-set.py FILE --scheme black|fixed-shift|offset-in-magic|fancy|no-offset
                           [--expect ENTRIES] [--expect-used USED]
Prints `FILE: <scheme> <entries> entries, <used> used`; exit 1 on a collision or a
size other than expected, 2 on a malformed file.
"""

import argparse
import sys

FULL = (1 << 64) - 1
ROOK_DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP_DIRS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
FILES = "abcdefgh"


def ray_walk(square, dirs, occupied):
    """Attacks of a slider on `square`: each ray up to and including its first blocker."""
    f0, r0 = square % 8, square // 8
    attacks = 0
    for df, dr in dirs:
        f, r = f0 + df, r0 + dr
        while 0 <= f < 8 and 0 <= r < 8:
            bit = 1 << (r * 8 + f)
            attacks |= bit
            if occupied & bit:
                break
            f, r = f + df, r + dr
    return attacks


def relevant_mask(square, dirs):
    """The squares whose occupancy matters: each ray without its last square."""
    f0, r0 = square % 8, square // 8
    mask = 0
    for df, dr in dirs:
        f, r = f0 + df, r0 + dr
        while 0 <= f + df < 8 and 0 <= r + dr < 8:
            mask |= 1 << (r * 8 + f)
            f, r = f + df, r + dr
    return mask


def subsets(mask):
    """Every subset of `mask` (the carry-rippler enumeration)."""
    sub = 0
    while True:
        yield sub
        sub = (sub - mask) & mask
        if sub == 0:
            return


def read_rows(path, one_piece_allowed=False):
    """The 128 rows (or 64 of one piece, if allowed), and the `# offset_shift: N`
    comment's N (None without one)."""
    rows = []
    header = None
    offset_shift = None
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if line.startswith("# offset_shift:"):
                try:
                    offset_shift = int(line.split(":", 1)[1])
                except ValueError:
                    raise ValueError(f"{path}:{number}: bad offset_shift comment") from None
                continue
            if not line or line.startswith("#"):
                continue
            cells = [c.strip() for c in line.split(",")]
            if header is None:
                header = cells
                for need in ("piece", "square", "magic_hex", "shift", "offset"):
                    if need not in header:
                        raise ValueError(f"{path}:{number}: no '{need}' column")
                continue
            if len(cells) != len(header):
                raise ValueError(f"{path}:{number}: {len(cells)} cells, header has {len(header)}")
            row = dict(zip(header, cells))
            try:
                piece = row["piece"]
                if piece not in ("rook", "bishop"):
                    raise ValueError(f"piece '{piece}'")
                name = row["square"]
                if len(name) != 2 or name[0] not in FILES or name[1] not in "12345678":
                    raise ValueError(f"square '{name}'")
                square = FILES.index(name[0]) + 8 * (int(name[1]) - 1)
                rows.append((number, piece, square, int(row["magic_hex"], 16),
                             int(row["shift"]), int(row["offset"])))
            except ValueError as e:
                raise ValueError(f"{path}:{number}: {e}") from None
    distinct = {(p, s) for _, p, s, _, _, _ in rows}
    one_piece = len({p for _, p, _, _, _, _ in rows}) == 1
    if one_piece_allowed and len(rows) == 64 and len(distinct) == 64 and one_piece:
        return rows, offset_shift
    if len(rows) != 128 or len(distinct) != 128:
        raise ValueError(f"{path}: expected one row for each of 64 rook and 64 bishop squares")
    return rows, offset_shift


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file")
    parser.add_argument("--scheme", required=True, choices=["black", "fixed-shift", "offset-in-magic", "fancy", "no-offset"])
    parser.add_argument("--expect", type=int, help="the exact table size required")
    parser.add_argument("--expect-used", type=int, help="the exact count of used entries")
    args = parser.parse_args()
    try:
        rows, offset_shift = read_rows(args.file, one_piece_allowed=args.scheme == "no-offset")
    except (OSError, ValueError) as e:
        print(e, file=sys.stderr)
        return 2
    if args.scheme == "offset-in-magic" and offset_shift not in (0, 1, 2, 3):
        print(f"{args.file}: offset-in-magic needs a '# offset_shift: 0-3' comment",
              file=sys.stderr)
        return 2
    for piece in sorted({p for _, p, _, _, _, _ in rows}):
        shifts = {shift for _, p, _, _, shift, _ in rows if p == piece}
        fixed = {"rook": 52, "bishop": 55}[piece]
        if args.scheme == "offset-in-magic" and shifts != {fixed}:
            print(f"{args.file}: {piece} shifts {sorted(shifts)}: offset-in-magic uses {fixed}",
                  file=sys.stderr)
            return 2
        if len(shifts) != 1 and args.scheme != "fancy":
            print(f"{args.file}: {piece} shifts {sorted(shifts)}: {args.scheme} has one per piece",
                  file=sys.stderr)
            return 2
    table = {}
    # fancy: the end of each piece's table, the highest offset + 2^bits.
    ends = {"rook": 0, "bishop": 0}
    for number, piece, square, magic, shift, offset in rows:
        if not 40 <= shift <= 63:
            print(f"{args.file}:{number}: shift {shift} outside 40-63", file=sys.stderr)
            return 2
        ends[piece] = max(ends[piece], offset + (1 << (64 - shift)))
        dirs = ROOK_DIRS if piece == "rook" else BISHOP_DIRS
        mask = relevant_mask(square, dirs)
        if args.scheme == "no-offset" and offset != 0:
            print(f"{args.file}:{number}: offset {offset}: no-offset has none", file=sys.stderr)
            return 2
        if args.scheme == "offset-in-magic" and offset != (magic & 0xFFFF) << offset_shift:
            print(f"{args.file}:{number}: {piece} {FILES[square % 8]}{square // 8 + 1}: "
                  f"offset {offset} is not the magic's {(magic & 0xFFFF) << offset_shift}",
                  file=sys.stderr)
            return 1
        for occ in subsets(mask):
            key = (occ | (~mask & FULL)) if args.scheme == "black" else occ
            if args.scheme == "no-offset":
                key |= 1 << square
            index = offset + (((key * magic) & FULL) >> shift)
            # fancy: one table per piece, so the key names the piece's table too.
            slot = (piece, index) if args.scheme in ("fancy", "no-offset") else index
            attacks = ray_walk(square, dirs, occ)
            seen = table.setdefault(slot, attacks)
            if seen != attacks:
                print(f"{args.file}:{number}: {piece} {FILES[square % 8]}{square // 8 + 1}: "
                      f"entry {index} holds two attack sets", file=sys.stderr)
                return 1
    if args.scheme == "fancy":
        entries = ends["rook"] + ends["bishop"]
    elif args.scheme == "no-offset":
        # Each piece's table ends after its highest entry used.
        entries = sum(max(i for p, i in table if p == piece) + 1 for piece in {p for p, _ in table})
    else:
        entries = max(table) + 1  # plain indices when the table is shared
    print(f"{args.file}: {args.scheme} {entries} entries, {len(table)} used")
    if args.expect is not None and entries != args.expect:
        print(f"{args.file}: expected {args.expect} entries, found {entries}", file=sys.stderr)
        return 1
    if args.expect_used is not None and len(table) != args.expect_used:
        print(f"{args.file}: expected {args.expect_used} used entries, found {len(table)}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
