#!/usr/bin/env python3
"""Write crates/sliders-movegen/tests/data/python-chess/fixtures.txt.gz (issue 11).

Plays seeded random games with python-chess 1.11.2 (standard chess, and Chess960 for
every third game), each to its end (`board.outcome()` is not None), and records for
every position python-chess's answers: FEN, Polyglot Zobrist hash, check, checkmate,
stalemate, insufficient material, outcome, threefold, fifty moves, and every legal
move with its UCI, SAN and the FEN after it. The format is in the README next to the
fixture. Same seed, same bytes (gzip -9, mtime 0).

Moves are chosen by a seeded random.Random with a bias so that the fixture holds every
ending and the special moves. Mates, stalemating moves, promotions (the piece uniform,
so mostly under-promotions), en passant, castling and double pawn pushes that allow an
en passant reply are each preferred, with some probability, when available. Then a
per-game style (cycled): "captures" prefers captures and checks (and, against three
pieces or fewer, the moves leaving the fewest replies); "shuffle" moves the last piece
back (fivefold repetition); "quiet" prefers captures until at most 12 pieces are left,
then avoids captures and pawn moves (seventy-five-move rule); "uniform" adds nothing.

    pip install chess==1.11.2
    python3 tools/python-chess-fixtures.py            # --seed 11 --min-positions 6000
"""
import argparse
import collections
import gzip
import random
import sys
from pathlib import Path

import chess
import chess.polyglot

PINNED = "1.11.2"
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "crates/sliders-movegen/tests/data/python-chess/fixtures.txt.gz"
STYLES = ["captures", "shuffle", "uniform", "quiet"]
MAX_POSITIONS = 12_000  # give up (assertion) if the required endings have not appeared by then


def b01(x):
    return "1" if x else "0"


def fen(board):
    return board.fen(shredder=board.chess960, en_passant="xfen")


def outcome_name(board):
    o = board.outcome()  # claim_draw=False
    return "none" if o is None else o.termination.name.lower()


def move_lines(board, stats, variant):
    """The M lines of this position (sorted by UCI) and each move's features for the policy."""
    rows = sorted((board.uci(move), move) for move in board.legal_moves)
    lines, feats = [], []
    for uci, move in rows:
        san = board.san(move)
        f = {
            "move": move,
            "capture": board.is_capture(move),
            "zeroing": board.is_zeroing(move),
            "ep": board.is_en_passant(move),
            "castle": board.is_castling(move),
            "promo": move.promotion is not None,
            "check": san.endswith("+"),
            "mate": san.endswith("#"),
        }
        board.push(move)
        f["replies"] = board.legal_moves.count()
        f["stalemate"] = f["replies"] == 0 and not f["mate"]
        f["gives_ep"] = board.has_pseudo_legal_en_passant()
        lines.append(f"M\t{uci}\t{san}\t{fen(board)}")
        board.pop()
        feats.append(f)
        if f["ep"]:
            stats["M en passant"] += 1
        if f["castle"]:
            side = "kingside" if board.is_kingside_castling(move) else "queenside"
            stats[f"M castling {variant} {side}"] += 1
        if f["promo"]:
            stats["M promotion" if move.promotion == chess.QUEEN else "M under-promotion"] += 1
    return lines, feats


def choose(board, feats, style, rng, ply):
    """The move to play: special moves first (each with some probability), then the style."""
    def pick(key, p):
        cands = [f for f in feats if f[key]]
        return rng.choice(cands)["move"] if cands and rng.random() < p else None

    mate = 0.3 if style == "captures" else 0.9  # captures games: more bare-king endings, stalemates
    for key, p in (("mate", mate), ("stalemate", 0.8), ("promo", 0.8), ("ep", 0.8), ("castle", 0.7),
                   ("gives_ep", 0.5)):
        move = pick(key, p)
        if move is not None:
            return move
    if style == "captures" and chess.popcount(board.occupied_co[not board.turn]) <= 3 and rng.random() < 0.5:
        fewest = min(f["replies"] for f in feats)  # squeeze the opponent's king
        return rng.choice([f for f in feats if f["replies"] == fewest])["move"]
    if style == "captures":
        cands = [f for f in feats if f["capture"] or f["check"]]
        if cands and rng.random() < 0.7:
            return rng.choice(cands)["move"]
    elif style == "shuffle" and ply >= 16 and len(board.move_stack) >= 2:
        last = board.move_stack[-2]  # our own previous move: play it backwards
        back = chess.Move(last.to_square, last.from_square)
        if board.is_legal(back) and rng.random() < 0.9:
            return back
    elif style == "quiet" and chess.popcount(board.occupied) <= 12:
        cands = [f for f in feats if not f["zeroing"]]
        if cands and rng.random() < 0.97:
            return rng.choice(cands)["move"]
    elif style == "quiet":
        cands = [f for f in feats if f["capture"]]
        if cands and rng.random() < 0.6:
            return rng.choice(cands)["move"]
    return rng.choice(feats)["move"]


def play_game(index, rng, stats):
    chess960 = index % 3 == 2
    board = chess.Board.from_chess960_pos(rng.randrange(960)) if chess960 else chess.Board()
    variant = "960" if chess960 else "standard"
    style = STYLES[index % len(STYLES)]
    out = [f"G\t{b01(chess960)}\t{fen(board)}"]
    ply = 0
    while True:
        mlines, feats = move_lines(board, stats, variant)
        outcome = outcome_name(board)
        played = None if outcome != "none" else choose(board, feats, style, rng, ply)
        out.append("\t".join([
            "P", fen(board), f"0x{chess.polyglot.zobrist_hash(board):016x}",
            b01(board.is_check()), b01(board.is_checkmate()), b01(board.is_stalemate()),
            b01(board.is_insufficient_material()), outcome,
            b01(board.is_repetition(3)), b01(board.is_fifty_moves()),
            "-" if played is None else board.uci(played)]))
        out.extend(mlines)
        stats["positions"] += 1
        stats["moves"] += len(mlines)
        for name, flag in (("check", board.is_check()), ("threefold", board.is_repetition(3)),
                           ("fifty", board.is_fifty_moves()),
                           ("insufficient", board.is_insufficient_material())):
            stats[f"P {name}"] += flag
        if played is None:
            stats[f"game end {outcome}"] += 1
            stats[f"games {variant}"] += 1
            return out, f"{variant} {style}: {ply} plies, {outcome}"
        if board.is_en_passant(played):
            stats["played en passant"] += 1
        if board.is_castling(played):
            side = "kingside" if board.is_kingside_castling(played) else "queenside"
            stats[f"played castling {variant} {side}"] += 1
        if played.promotion:
            stats["played promotion" if played.promotion == chess.QUEEN else "played under-promotion"] += 1
        board.push(played)
        ply += 1


REQUIRED = [
    "game end checkmate", "game end stalemate", "game end insufficient_material",
    "game end seventyfive_moves", "game end fivefold_repetition",
    "played en passant", "played under-promotion", "played promotion",
    "played castling standard kingside", "played castling standard queenside",
    "played castling 960 kingside", "played castling 960 queenside",
    "P threefold", "P fifty",
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--min-positions", type=int, default=6000)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    if chess.__version__ != PINNED:
        sys.exit(f"error: python-chess {PINNED} required (pip install chess=={PINNED}), found {chess.__version__}")

    rng = random.Random(args.seed)
    stats = collections.Counter()
    body, index = [], 0
    while stats["positions"] < args.min_positions or any(stats[k] == 0 for k in REQUIRED):
        assert stats["positions"] < MAX_POSITIONS, f"missing after {MAX_POSITIONS} positions: " + \
            ", ".join(k for k in REQUIRED if stats[k] == 0)
        lines, summary = play_game(index, rng, stats)
        print(f"game {index}: {summary}", file=sys.stderr)
        body.extend(lines)
        index += 1
    stats["games"] = index

    groups = collections.defaultdict(list)  # one comment line per kind of count
    for k, v in sorted(stats.items()):
        groups[k.split()[0]].append(f"{k} {v}")
    command = f"python3 tools/python-chess-fixtures.py --seed {args.seed} --min-positions {args.min_positions}"
    header = [
        "# python-chess fixture for sliders-movegen (format: README.md in this directory)",
        "# generator: tools/python-chess-fixtures.py",
        f"# python-chess {chess.__version__} (Niklas Fiekas, GPL-3.0); seed {args.seed}",
        f"# command: {command}",
    ] + [f"# counts: {', '.join(g)}" for g in groups.values()]
    data = "\n".join(header + body) + "\n"
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(gzip.compress(data.encode(), compresslevel=9, mtime=0))

    for k, v in sorted(stats.items()):
        print(f"{k:40} {v}", file=sys.stderr)
    missing = [k for k in REQUIRED if stats[k] == 0]
    assert not missing, f"fixture lacks: {missing}"
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes, {len(data)} uncompressed)", file=sys.stderr)


if __name__ == "__main__":
    main()
