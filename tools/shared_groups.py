#!/usr/bin/env python3
"""Groups for the `shared` scheme (crates/sliders-core/src/schemes/shared.rs).

Squares a and b may share a region under the post-mask when every square both attack on
an empty board is next to both of them. A region costs 2^max(bits) entries, bits taken
from tests/data/magics/fancy_best_known_92864.csv. Prints the rook pairs (greedy; with
networkx installed also the exact minimum-cost matching) and the bishop groups of up to
four (best of 3,000 randomised greedy restarts, seed 7), as the Rust arrays use them.

    python3 tools/shared_groups.py
"""
import csv
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAMES = [f + r for r in "12345678" for f in "abcdefgh"]


def rays(piece, s):
    f, r = s % 8, s // 8
    dirs = [(1, 0), (-1, 0), (0, 1), (0, -1)] if piece == "rook" else [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    out = set()
    for df, dr in dirs:
        x, y = f + df, r + dr
        while 0 <= x < 8 and 0 <= y < 8:
            out.add(y * 8 + x)
            x, y = x + df, y + dr
    return out


def neighbours(s):
    f, r = s % 8, s // 8
    return {y * 8 + x for x in range(f - 1, f + 2) for y in range(r - 1, r + 2)
            if 0 <= x < 8 and 0 <= y < 8 and (x, y) != (f, r)}


def main():
    rows = list(csv.DictReader(open(ROOT / "tests/data/magics/fancy_best_known_92864.csv")))
    random.seed(7)
    total = 0
    for piece, size, trials in [("rook", 2, 1), ("bishop", 4, 3000)]:
        bits = {int(r["square_index"]): int(r["bits_used"]) for r in rows if r["piece"] == piece}
        empty = {s: rays(piece, s) for s in range(64)}
        ok = {(a, b): (empty[a] & empty[b]) <= (neighbours(a) & neighbours(b))
              for a in range(64) for b in range(64) if a != b}
        best = None
        for _ in range(trials):
            order = sorted(range(64), key=lambda s: (-bits[s], random.random() if trials > 1 else s))
            used, groups = set(), []
            for s in order:
                if s in used:
                    continue
                group = [s]
                used.add(s)
                while len(group) < size:
                    cands = [t for t in order if t not in used and all(ok[(t, u)] for u in group)]
                    if not cands:
                        break
                    if trials > 1:
                        random.shuffle(cands)
                    cands.sort(key=lambda t: -bits[t])
                    group.append(cands[0])
                    used.add(cands[0])
                groups.append(group)
            cost = sum(2 ** max(bits[x] for x in g) for g in groups)
            if best is None or cost < best[0]:
                best = (cost, groups)
        total += best[0]
        print(f"{piece}: {best[0]} entries in {len(best[1])} regions")
        for g in best[1]:
            print("    [" + ", ".join(NAMES[s].upper() for s in sorted(g)) + "],")
        if piece == "rook":
            try:
                import networkx as nx
            except ImportError:
                print("(networkx not installed: exact matching skipped)", file=sys.stderr)
                continue
            graph = nx.Graph()
            for s in range(64):
                graph.add_edge(("r", s), ("d", s), weight=-(2 ** bits[s]))  # unpaired
                for t in range(64):
                    if t != s and ok[(s, t)] and ok[(t, s)]:
                        graph.add_edge(("r", s), ("r", t), weight=-max(2 ** bits[s], 2 ** bits[t]))
                        graph.add_edge(("d", s), ("d", t), weight=0)
            matching = nx.max_weight_matching(graph, maxcardinality=True)
            exact = sum(-graph[a][b]["weight"] for a, b in matching)
            print(f"rook: exact minimum-cost matching {exact} entries")
    print(f"total: {total} entries")


if __name__ == "__main__":
    main()
