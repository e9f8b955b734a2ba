#!/usr/bin/env python3
"""Writes the N-1 research tables into the docs from the data files, so that no figure
of them is typed twice.

Each table sits in a Markdown file (README.md or any page under docs/) between two
marker comments:

    <!-- generated: NAME (tools/n-minus-1-tables.py) -->
    ...
    <!-- end generated: NAME -->

and is rewritten from the data:

- `unknown-squares`: the 18 squares niklasf/magics leaves unknown
  (tests/data/magics/niklasf_magics_square_status.csv), per square and scheme (fancy,
  black) the strongest evidence tests/data/own/n_minus_1_results.csv holds (a magic
  found, a "none" checked by certificate or DRAT proof, or open with how close we came);
- `g2-runs`: rook g2's exhaustive run, one row per run (tests/data/own/rook_g2_runs.csv);
- `g2-estimates`: its `--estimate` samples (tests/data/own/rook_g2_estimates.csv).

    python3 tools/n-minus-1-tables.py                  # rewrite the tables in place
    python3 tools/n-minus-1-tables.py --check          # exit 1 naming each doc that differs (CI)
    python3 tools/n-minus-1-tables.py --check FILE...  # the given Markdown files instead

Plain Python, no dependencies. The evidence words are those of
crates/sliders-search/tests/unknown_squares.rs, which checks the same file's answers.
"""

import csv
import glob
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
BEGIN = re.compile(r"^<!-- generated: ([a-z0-9-]+) \(tools/n-minus-1-tables\.py\) -->$")
END = "<!-- end generated: {} -->"


def rows(path):
    """The rows of a CSV file under ROOT, `#` comment lines skipped, as dicts."""
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def commas(n):
    """`1,234,567`; an empty cell (not measured) stays empty."""
    return f"{int(n):,}" if n != "" else ""


def evidence(results, piece, square, scheme, bits):
    """The strongest evidence the results file holds for one N-1 question."""
    mine = [r for r in results if r["piece"] == piece and r["square"] == square
            and r["scheme"] == scheme and r["bits"] == str(bits)]
    found = [r for r in mine if r["answer"] == "found"]
    nones = [r for r in mine if r["answer"] == "none"]
    if found and nones:
        sys.exit(f"{piece} {square} {scheme} {bits}: the results file says found and none")
    if found:
        by = found[0]["encoding"]
        how = "`sliders dense`" if by == "dense" else f"`prove --{by}`" if by.startswith("exhaust") \
            else "`prove` (SAT)"
        return f"found `{found[0]['magic']}` ({how})"
    if any(r["encoding"] == "exhaust certificate" for r in nones):
        return "none: checked certificate"
    if any("DRAT checker" in r["checked_by"] for r in nones):
        return "none: checked DRAT proof"
    # A second search of a random sample of the cubes checks the first, but is not a
    # search of the whole question.
    whole = [r for r in nones if r["encoding"] != "independent sample"]
    if len(whole) >= 2:
        return "none: two searches"
    if whole and len(whole) < len(nones):
        return "none: one search, a sample of its cubes searched again"
    if whole:
        return "none: one search"
    closest = [int(m.group(1)) for r in mine if r["encoding"] == "dense"
               for m in [re.search(r"best (\d+) collisions", r["answer"])] if m]
    return f"open (closest: {min(closest)} collisions)" if closest else "open"


def unknown_squares():
    status = [r for r in rows("tests/data/magics/niklasf_magics_square_status.csv")
              if r["c_minus_1_status"] == "unknown"]
    results = rows("tests/data/own/n_minus_1_results.csv")
    runs = rows("tests/data/own/rook_g2_runs.csv")
    out = ["| piece | square | N-1 bits | fancy | black |", "|---|---|---:|---|---|"]
    for r in status:
        piece, square, bits = r["piece"], r["square"], int(r["mask_bits"]) - 1
        cells = [evidence(results, piece, square, scheme, bits) for scheme in ("fancy", "black")]
        if (piece, square, bits) == ("rook", "g2", 9) and cells[0].startswith("open") and runs:
            last = runs[-1]
            cells[0] += (f"; exhaustive walk at {commas(last['to_cube'])} of "
                         f"{commas(last['cubes'])} cubes ([runs](journal/research-n-minus-1.md#rook-g2-the-runs))")
        out.append(f"| {piece} | {square} | {bits} | {cells[0]} | {cells[1]} |")
    return out


def g2_runs():
    out = ["| run | machine, date | cubes | seconds | threads | conditions | rate | nodes after |",
           "|---:|---|---|---:|---:|---|---|---:|"]
    for r in rows("tests/data/own/rook_g2_runs.csv"):
        seconds = commas(r["seconds"]) if r["seconds"] else ""
        nodes = commas(r["nodes_after"]) if r["nodes_after"] else ""
        out.append(f"| {r['run']} | {r['machine']}, {r['date']} | {commas(r['from_cube'])} to "
                   f"{commas(r['to_cube'])} | {seconds} | {r['threads']} | {r['conditions']} | "
                   f"{r['rate']} | {nodes} |")
    return out


def g2_estimates():
    out = ["| at cube | machine, date | conditions | sample nodes (heaviest cube) | thread-seconds | "
           "M nodes/s | nodes left (standard error) | thread-hours |",
           "|---:|---|---|---:|---:|---:|---|---:|"]
    for r in rows("tests/data/own/rook_g2_estimates.csv"):
        left, error = int(r["nodes_left"]), int(r["standard_error"])
        out.append(f"| {commas(r['from_cube'])} | {r['machine']}, {r['date']} | {r['conditions']} | "
                   f"{commas(r['sample_nodes'])} ({commas(r['heaviest_cube_nodes'])}) | "
                   f"{r['thread_seconds']} | {r['million_nodes_per_second']} | "
                   f"{left / 1e9:,.1f} G ({error / 1e9:,.1f} G, {100 * error / left:.1f} %) | "
                   f"{r['thread_hours']} |")
    return out


TABLES = {"unknown-squares": unknown_squares, "g2-runs": g2_runs, "g2-estimates": g2_estimates}


def rewrite(text, path):
    """`text` with every marked table rewritten; the names of the tables found."""
    lines = text.split("\n")
    out, names, i = [], [], 0
    while i < len(lines):
        out.append(lines[i])
        match = BEGIN.match(lines[i])
        i += 1
        if not match:
            continue
        name = match.group(1)
        if name not in TABLES:
            sys.exit(f"{path}: unknown table {name!r} (known: {', '.join(TABLES)})")
        end = END.format(name)
        try:
            stop = lines.index(end, i)
        except ValueError:
            sys.exit(f"{path}: table {name!r} has no line {end!r}")
        out.extend(TABLES[name]())
        out.append(end)
        names.append(name)
        i = stop + 1
    return "\n".join(out), names


def main(argv):
    check = "--check" in argv
    given = [a for a in argv if a != "--check"]
    differ = 0
    docs = given or [os.path.join(ROOT, "README.md")] + sorted(
        glob.glob(os.path.join(ROOT, "docs", "**", "*.md"), recursive=True))
    for path in docs:
        doc = os.path.relpath(path, ROOT) if not given else path
        with open(path, encoding="utf-8") as f:
            text = f.read()
        new, names = rewrite(text, doc)
        if new == text:
            continue
        if check:
            print(f"{doc}: the tables ({', '.join(names)}) differ from the data files; "
                  f"run python3 tools/n-minus-1-tables.py", file=sys.stderr)
            differ += 1
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write(new)
            print(f"{doc}: rewrote {', '.join(names)}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
