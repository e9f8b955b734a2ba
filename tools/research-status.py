#!/usr/bin/env python3
"""Writes crates/sliders-cli/src/commands/serve/research.csv: the N-1 question (fancy key, one
index bit below the mask) of every square, as `sliders serve` colours its boards.

Derived from three files, so the page says what they say and nothing else (CI runs this
and compares the output with the committed file, byte for byte):
- tests/data/magics/niklasf_magics_square_status.csv: published magics and disproofs
  (niklasf/magics);
- tests/data/magics/caissa_86cb22f_rook_n_minus_1.csv: Witek902/Caissa 86cb22f
  (2026-06-01), the first magics for rook d1, g1, c2, d2, e2;
- tests/data/own/n_minus_1_results.csv: our finds and our proofs of "none".
"""
import csv
import importlib.util
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
# tools/n-minus-1-tables.py (its name is no module name): its `evidence` grades a "none".
_spec = importlib.util.spec_from_file_location(
    "n_minus_1_tables", os.path.join(os.path.dirname(os.path.abspath(__file__)), "n-minus-1-tables.py"))
TABLES = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(TABLES)
OUT = os.path.join(ROOT, "crates/sliders-cli/src/commands/serve/research.csv")


def rows(path):
    with open(os.path.join(ROOT, path)) as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def main():
    status = rows("tests/data/magics/niklasf_magics_square_status.csv")
    caissa = {(r["piece"], r["square"]): r["magic_hex"]
              for r in rows("tests/data/magics/caissa_86cb22f_rook_n_minus_1.csv")}
    ours = rows("tests/data/own/n_minus_1_results.csv")
    out = ["piece,square,bits,status,magic,evidence"]
    for r in status:
        piece, square = r["piece"], r["square"]
        bits = int(r["mask_bits"]) - 1
        if r["c_minus_1_status"] == "published":
            out.append(f"{piece},{square},{bits},found,{r['c_minus_1_magic']},published in niklasf/magics")
            continue
        if r["c_minus_1_status"] == "disproved":
            out.append(f"{piece},{square},{bits},none,,proved none in niklasf/magics")
            continue
        mine = [o for o in ours if o["piece"] == piece and o["square"] == square
                and o["scheme"] == "fancy" and o["bits"] == str(bits)]
        found = [o for o in mine if o["answer"] == "found"]
        nones = [o for o in mine if o["answer"] == "none"]
        if found:
            magic = found[0]["magic"]
            if (piece, square) in caissa:
                out.append(f"{piece},{square},{bits},found,{magic},first found by Witek902/Caissa 86cb22f "
                           f"(2026-06-01; {caissa[(piece, square)]}); this magic is ours (sliders; found later)")
            else:
                out.append(f"{piece},{square},{bits},found,{magic},found by sliders")
        elif nones:
            # How strong the "none" is, in the words of the guide's table (one place).
            how = TABLES.evidence(ours, piece, square, "fancy", bits).removeprefix("none: ")
            out.append(f"{piece},{square},{bits},none,,proved none by sliders ({how})")
        else:
            out.append(f"{piece},{square},{bits},open,,open: no magic and no proof of none yet")
    text = "\n".join(out) + "\n"
    if "--check" in sys.argv:
        with open(OUT) as f:
            if f.read() != text:
                print(f"{OUT} is not what tools/research-status.py derives; run it", file=sys.stderr)
                sys.exit(1)
        return
    with open(OUT, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
